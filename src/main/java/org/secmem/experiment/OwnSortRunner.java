package org.secmem.experiment;

import java.io.IOException;
import java.nio.file.Path;
import org.secmem.data.Arrivals;
import org.secmem.fs.Ownership;
import org.secmem.fs.TempRegistry;
import org.secmem.sort.ExternalSorter;
import org.secmem.sort.SortSpec;
import org.secmem.stream.Streams;
import org.secmem.stream.WriteStream;

/**
 * secmem's merge sort or its in-memory baseline: an {@link ExternalSorter} that needs every key
 * before it starts. Sorting online, the arriving keys are first written to a file of their own,
 * through the method's write stream and a block of B at a time; the sort begins after the last.
 *
 * @param method what sorts, and how
 * @param sorter the sorter it runs on
 * @param data what is sorted
 * @param output where the sorted file goes
 * @param temps told of the online input, so that an interrupt removes it
 */
record OwnSortRunner(
    OwnSort method, ExternalSorter sorter, SortData data, Path output, TempRegistry temps)
    implements SortRunner {

  @Override
  public TrialOutcome run() throws IOException {
    Path input = data.online() ? onlineInput() : data.inputFile();
    SortSpec spec = method.sortSpec(input, output, data);
    long generateNanos = -1;
    if (data.online()) {
      Arrivals arrivals = new Arrivals(data.shape(), data.n(), data.seed(), data.arrivalNanos());
      writeArriving(arrivals, input);
      generateNanos = arrivals.elapsedNanos();
    }
    return SortOutcomes.merge(sorter.sort(spec), generateNanos, method);
  }

  /** Where an online sort's arriving keys are written for a sort that needs them all first. */
  private Path onlineInput() {
    return SortRunner.scratch(data, "sort-online-input");
  }

  /** Writes the arriving keys, a block of B at a time, through the write stream. */
  private void writeArriving(Arrivals arrivals, Path file) throws IOException {
    int[] block = new int[Math.max(1, method.bufferBytes() / Integer.BYTES)];
    temps.register(file);
    try (WriteStream w =
        Streams.createWriter(method.writeType(), file, method.options(data.sync()))) {
      int got;
      while ((got = arrivals.next(block, block.length)) > 0) {
        w.write(block, 0, got);
      }
    }
  }

  @Override
  public void finish() throws IOException {
    if (data.online()) {
      Ownership.discardTemporary(onlineInput());
      temps.release(onlineInput());
    }
  }
}
