package org.secmem.experiment;

import java.io.IOException;
import java.nio.file.Path;
import org.secmem.buffertree.BufferTreeSort;
import org.secmem.data.Arrivals;
import org.secmem.sort.SortSpec;

/**
 * The buffer-tree sort: every key inserted into the tree, then the tree emptied into the output.
 * Online, the keys go into the tree as they arrive (the tree needs no input file); its counters and
 * time by activity fill the row.
 */
record TreeSortRunner(BufferTreeMethod method, BufferTreeSort sorter, SortData data, Path output)
    implements SortRunner {

  @Override
  public TrialOutcome run() throws IOException {
    if (!data.online()) {
      SortSpec spec = method.sortSpec(data.inputFile(), output, data);
      return SortOutcomes.tree(sorter.sortCounted(spec), -1);
    }
    // The tree reads no input file: the spec's input is never opened.
    SortSpec spec = method.sortSpec(SortRunner.scratch(data, "sort-online-input"), output, data);
    Arrivals arrivals = new Arrivals(data.shape(), data.n(), data.seed(), data.arrivalNanos());
    return SortOutcomes.tree(sorter.sortArriving(spec, arrivals), arrivals.elapsedNanos());
  }
}
