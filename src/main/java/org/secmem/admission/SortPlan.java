package org.secmem.admission;

import java.util.Optional;
import org.secmem.buffertree.TreeMemory;
import org.secmem.sort.SortMemory;

/**
 * An admitted sort: its memory plan (the merge sort's or the buffer tree's; neither for the
 * in-memory sort) and the files it holds open at once. What it takes of disk and time follows from
 * the request alone ({@link SortRequest#diskBytes}, {@link SortRequest#seconds}).
 *
 * @param request what was admitted
 * @param merge the merge sort's memory plan
 * @param tree the buffer tree's memory plan
 * @param openFiles files held open at once
 */
public record SortPlan(
    SortRequest request, Optional<SortMemory> merge, Optional<TreeMemory> tree, long openFiles) {}
