package org.secmem.admission;

import java.util.Optional;
import org.secmem.buffertree.TreeMemory;
import org.secmem.sort.SortMemory;

/**
 * An admitted sort: its memory plan (the merge sort's or the buffer tree's; neither for the
 * in-memory sort), the files it holds open at once, the disk it takes at its peak and a lower bound
 * on its seconds.
 *
 * @param request what was admitted
 * @param merge the merge sort's memory plan
 * @param tree the buffer tree's memory plan
 * @param openFiles files held open at once
 * @param diskBytes bytes on disk at the peak (runs and output; not a generated input)
 * @param seconds a lower bound on one run's seconds (the cost model's passes at nominal rates, plus
 *     the arrival of the keys)
 */
public record SortPlan(
    SortRequest request,
    Optional<SortMemory> merge,
    Optional<TreeMemory> tree,
    long openFiles,
    long diskBytes,
    double seconds) {}
