package org.secmem.admission;

import org.secmem.buffertree.FanoutRule;
import org.secmem.stream.StreamType;

/**
 * The buffer-tree priority queue of {@code secmem pq}.
 *
 * @param n the most keys it holds
 * @param memoryInts M
 * @param bufferBytes B
 * @param fanout the (a, b) rule; {@link FanoutRule#DEFAULT} when none was chosen
 * @param read stream type of its reads
 * @param write stream type of its writes
 */
public record QueueRequest(
    long n,
    long memoryInts,
    int bufferBytes,
    FanoutRule fanout,
    StreamType read,
    StreamType write) {}
