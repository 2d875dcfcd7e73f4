package org.secmem.engine;

/**
 * What an engine reports about one sort, for the result row. Times are wall-clock nanoseconds; a
 * figure the engine cannot report is -1.
 *
 * @param ints ints sorted
 * @param version the engine's version, e.g. {@code 4.1.3}
 * @param master where it ran, resolved: e.g. {@code local[2]} or a cluster's URL
 * @param cores the cores the sort's tasks ran on, over every executor
 * @param executors the executors that ran tasks (local mode: 1, the driver itself)
 * @param executorMemoryBytes the memory each executor has for execution and storage
 * @param inputPartitions the parts the input was read in
 * @param partitions the parts the sorted output was cut into
 * @param sampleNanos the sample of the input that range partitioning cuts its ranges from
 * @param mapNanos reading the input and writing it to the shuffle, partitioned by range
 * @param reduceNanos reading the shuffle, sorting each range and writing it
 * @param concatNanos joining the ranges' files into the one output file, in order
 * @param shuffleWriteBytes bytes written to the shuffle
 * @param shuffleReadBytes bytes read from the shuffle
 * @param spillBytes bytes the sort spilled to disk for want of memory
 * @param gcNanos time the executors spent collecting garbage, summed over tasks
 */
public record EngineStats(
    long ints,
    String version,
    String master,
    int cores,
    int executors,
    long executorMemoryBytes,
    int inputPartitions,
    int partitions,
    long sampleNanos,
    long mapNanos,
    long reduceNanos,
    long concatNanos,
    long shuffleWriteBytes,
    long shuffleReadBytes,
    long spillBytes,
    long gcNanos) {

  public EngineStats {
    if (ints < 0 || version == null || master == null) {
      throw new IllegalArgumentException("ints, version and master must be given");
    }
  }
}
