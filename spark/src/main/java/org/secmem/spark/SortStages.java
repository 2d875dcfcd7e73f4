package org.secmem.spark;

/**
 * What the stages of one sort's Spark jobs did, summed by the part of the sort they belong to.
 * Times are nanoseconds (Spark records milliseconds); a figure not seen is 0.
 *
 * @param sampleNanos stages that read the input without a shuffle: the range partitioner's sample
 * @param mapNanos stages that write the shuffle: reading the input, partitioning it by range
 * @param reduceNanos stages that read the shuffle: sorting each range and writing its part
 * @param inputPartitions tasks of the map stage
 * @param partitions tasks of the reduce stage
 * @param executors executors that ran the sort's tasks
 * @param complete whether every job of the sort was seen to end
 */
record SortStages(
    long sampleNanos,
    long mapNanos,
    long reduceNanos,
    int inputPartitions,
    int partitions,
    long shuffleWriteBytes,
    long shuffleReadBytes,
    long spillBytes,
    long gcNanos,
    int executors,
    boolean complete) {}
