package org.secmem.spark;

import java.util.Locale;
import java.util.Optional;

/**
 * How M (the sort's memory budget in ints) becomes Spark's memory settings. Spark's unified memory
 * (execution and storage) is (heap - 300 MiB) x {@code spark.memory.fraction}; in local mode the
 * heap is this JVM's, so the fraction is chosen to make the unified memory 4·M bytes; on a cluster
 * the executors' heap is chosen instead, with the default fraction 0.6.
 */
final class SparkMemory {

  static final long MIB = 1L << 20;

  /** The heap Spark keeps for itself before the fraction applies. */
  static final long RESERVED_BYTES = 300 * MIB;

  /** Spark refuses to start on a smaller heap (1.5 x the reserved memory). */
  static final long MINIMUM_HEAP_BYTES = RESERVED_BYTES * 3 / 2;

  /** The largest fraction allowed here: the rest of the heap is for everything else. */
  static final double MAX_FRACTION = 0.9;

  /** Spark's default {@code spark.memory.fraction}, assumed for executors on a cluster. */
  static final double DEFAULT_FRACTION = 0.6;

  private SparkMemory() {}

  /** {@code spark.memory.fraction} that gives a unified memory of 4·M bytes on this heap. */
  static double localFraction(long memoryInts, long maxHeapBytes) {
    long usable = maxHeapBytes - RESERVED_BYTES;
    return usable <= 0 ? Double.POSITIVE_INFINITY : 4.0 * memoryInts / usable;
  }

  /** The smallest heap on which M ints fit in local mode, in bytes. */
  static long minimumLocalHeapBytes(long memoryInts) {
    return (long) Math.ceil(4.0 * memoryInts / MAX_FRACTION) + RESERVED_BYTES;
  }

  /** What is wrong with M on this heap in local mode, if anything. */
  static Optional<String> localProblem(long memoryInts, long maxHeapBytes) {
    if (localFraction(memoryInts, maxHeapBytes) <= MAX_FRACTION
        && maxHeapBytes >= MINIMUM_HEAP_BYTES) {
      return Optional.empty();
    }
    long needed = Math.max(minimumLocalHeapBytes(memoryInts), MINIMUM_HEAP_BYTES);
    return Optional.of(
        String.format(
            Locale.ROOT,
            "M = %d ints (%d MiB) needs a heap of at least %d MiB for Spark in local mode;"
                + " this JVM has %d MiB (SECMEM_HEAP sets it)",
            memoryInts,
            ceilMib(4 * memoryInts),
            ceilMib(needed),
            maxHeapBytes / MIB));
  }

  /**
   * The least execution memory per task slot: each running task's sorter takes pages of memory (1
   * MiB and more) and a pointer array; with less, tasks fail with SparkOutOfMemoryError (measured:
   * M = 20,000 ints on local[2] failed to get a 64 KiB page).
   */
  static final long MIN_BYTES_PER_CORE = 8 * MIB;

  /** What is wrong with M for {@code cores} task slots, if anything. */
  static Optional<String> perCoreProblem(long memoryInts, int cores) {
    if (cores < 1 || 4 * memoryInts >= cores * MIN_BYTES_PER_CORE) {
      return Optional.empty();
    }
    return Optional.of(
        String.format(
            Locale.ROOT,
            "M = %d ints is too little for Spark on %d cores: each running task needs at least"
                + " %d MiB, so M >= %d ints",
            memoryInts,
            cores,
            MIN_BYTES_PER_CORE / MIB,
            cores * MIN_BYTES_PER_CORE / 4));
  }

  /** Spark refuses heaps under 450 MiB whatever M is: the problem, if this heap is one. */
  static Optional<String> heapProblem(long maxHeapBytes) {
    if (maxHeapBytes >= MINIMUM_HEAP_BYTES) {
      return Optional.empty();
    }
    return Optional.of(
        "Spark in local mode needs a heap of at least "
            + ceilMib(MINIMUM_HEAP_BYTES)
            + " MiB; this JVM has "
            + maxHeapBytes / MIB
            + " MiB (SECMEM_HEAP sets it)");
  }

  /** {@code spark.memory.fraction} as Spark reads it. */
  static String fractionSetting(double fraction) {
    return String.format(Locale.ROOT, "%.6f", fraction);
  }

  /**
   * {@code spark.executor.memory} for M on a cluster: a heap whose unified memory at the default
   * fraction is 4·M bytes, {@code 4·M/0.6 + 300 MiB}, rounded up to a MiB, e.g. {@code 1154m}.
   */
  static String executorMemory(long memoryInts) {
    return ceilMib((long) Math.ceil(4.0 * memoryInts / DEFAULT_FRACTION) + RESERVED_BYTES) + "m";
  }

  static long ceilMib(long bytes) {
    return (bytes + MIB - 1) / MIB;
  }
}
