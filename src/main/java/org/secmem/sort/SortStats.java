package org.secmem.sort;

import org.secmem.data.Checksum;

/**
 * What a sort did.
 *
 * @param ints N, the ints sorted
 * @param runs runs formed: ⌈N / run length⌉, at least 1
 * @param passes run formation plus merge passes: 1 + ⌈log_d runs⌉
 * @param runFormationNanos time reading, sorting and writing the runs
 * @param mergeNanos time of all merge passes, to the output moved into place
 * @param totalNanos from the first read to the output moved into place
 * @param inputChecksum checksum of every int read from the input
 * @param bytesRead bytes the streams read over all passes
 * @param bytesWritten bytes the streams wrote over all passes
 * @param runFormationCpuNanos CPU time of the process during run formation, -1 if unknown
 * @param mergeCpuNanos CPU time of the process during the merge passes, -1 if unknown
 * @param memory the memory plan it ran under: workers, run length, merge threads and B; null for
 *     the in-memory sort, which has none (its memory is the array of N ints)
 * @param peakHeapBytes the most heap the JVM held during the sort (garbage included), -1 if unknown
 * @param workTally the work folders and the bytes their files took and gave; null when unknown
 */
public record SortStats(
    long ints,
    long runs,
    int passes,
    long runFormationNanos,
    long mergeNanos,
    long totalNanos,
    Checksum inputChecksum,
    long bytesRead,
    long bytesWritten,
    long runFormationCpuNanos,
    long mergeCpuNanos,
    SortMemory memory,
    long peakHeapBytes,
    WorkDirectory.Tally workTally) {}
