package org.secmem.admission;

import org.secmem.stream.StreamType;

/**
 * The streams of a write or read experiment, held open at once.
 *
 * @param type their stream type
 * @param k how many
 * @param bufferBytes B
 * @param bulk whether they read in bulk (a read of whole files)
 */
public record StreamsRequest(StreamType type, long k, long bufferBytes, boolean bulk)
    implements Request {}
