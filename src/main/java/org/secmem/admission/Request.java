package org.secmem.admission;

/**
 * A configuration {@link Admission#admit} judges: a sort by secmem's own engine, or the streams of
 * the write and read experiments.
 */
public sealed interface Request permits SortRequest, StreamsRequest {}
