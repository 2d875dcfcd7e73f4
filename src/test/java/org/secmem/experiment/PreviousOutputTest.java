package org.secmem.experiment;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.data.DataFiles;
import org.secmem.data.Shape;
import org.secmem.data.SortOrder;
import org.secmem.fs.Ownership;
import org.secmem.fs.TempRegistry;
import org.secmem.results.ResultColumn;
import org.secmem.results.ResultRow;
import org.secmem.sort.ExternalSorter;
import org.secmem.sort.MergeSort;
import org.secmem.sort.SortPreset;
import org.secmem.sort.SortSettings;
import org.secmem.sort.SortSpec;
import org.secmem.sort.SortStats;

/**
 * A timed sort must not pay for freeing the file it replaces: every repetition after the first
 * replaces its predecessor's output, and on ext4 dropping the last name of a cached 1 GiB file took
 * 0.7–1.1 s inside the rename. The old output keeps a second name through the run, which is removed
 * after the clock stops; a failed run leaves the output as it was.
 */
class PreviousOutputTest {

  @TempDir Path dir;

  private SortTrialSpec spec(Path in, Path out) {
    SortSettings st = SortSettings.builder(SortPreset.FAST).build();
    return new SortTrialSpec(
        new SortData(
            Optional.of(in),
            Optional.of(out),
            0,
            Shape.UNIFORM,
            1,
            SortOrder.ASCENDING,
            false,
            dir,
            List.of(),
            0),
        new MergeMethod(
            1 << 14,
            st.fanIn(),
            st.readType(),
            st.writeType(),
            st.mergeReadType(),
            4096,
            st.tuning(),
            st.label()));
  }

  /** Links the output has as the sort begins (1: none besides its own name; 0: no output yet). */
  private static final class Watching implements ExternalSorter {
    final ExternalSorter sorter;
    final List<Integer> linksAtStart = new ArrayList<>();
    boolean fail;

    Watching(ExternalSorter sorter) {
      this.sorter = sorter;
    }

    @Override
    public SortStats sort(SortSpec s) throws IOException {
      linksAtStart.add(
          Files.exists(s.output()) ? (Integer) Files.getAttribute(s.output(), "unix:nlink") : 0);
      if (fail) {
        throw new IOException("disk on fire");
      }
      return sorter.sort(s);
    }
  }

  private List<Path> hidden() throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(p -> p.getFileName().toString().startsWith(".")).toList();
    }
  }

  @Test
  void everyRepetition_replacesAnOutputThatStillHasASecondName() throws IOException {
    Path in = dir.resolve("in.bin");
    Path out = dir.resolve("out.bin");
    DataFiles.generate(in, Shape.UNIFORM, 50_000, 3);
    Files.write(out, new byte[] {1, 2, 3, 4}); // a file the user named, from an earlier sort
    Ownership.mark(out, Ownership.Made.INT_FILE);
    Watching sorter = new Watching(new MergeSort(((MergeMethod) spec(in, out).method()).tuning()));
    List<ResultRow> rows = new ArrayList<>();
    RunListener quiet = new RunListener() {};
    new ExperimentRunner(rows::add, quiet, new CacheController(() -> {}, quiet))
        .run(
            new SortTrial(spec(in, out), sorter), new RunSettings(3, 1, CacheMode.AS_IS, false, 7));
    assertEquals(
        List.of(2, 2, 2, 2),
        sorter.linksAtStart,
        "the file each run replaces has a second name while the run is timed");
    assertEquals(4, rows.size(), "a warm-up and three repetitions");
    for (ResultRow r : rows) {
      assertEquals("true", r.get(ResultColumn.VERIFIED));
    }
    assertEquals(List.of(), hidden(), "no second name is left once the runs are over");
    assertEquals(1, (Integer) Files.getAttribute(out, "unix:nlink"));
    assertEquals(200_000, Files.size(out));
  }

  @Test
  void aFailedRun_leavesTheOutputAsItWas() throws IOException {
    Path in = dir.resolve("in.bin");
    Path out = dir.resolve("out.bin");
    DataFiles.generate(in, Shape.UNIFORM, 1000, 3);
    byte[] before = {9, 8, 7, 6, 5, 4, 3, 2};
    Files.write(out, before);
    Ownership.mark(out, Ownership.Made.INT_FILE);
    Watching sorter = new Watching(new MergeSort(((MergeMethod) spec(in, out).method()).tuning()));
    sorter.fail = true;
    SortTrial trial = new SortTrial(spec(in, out), sorter);
    trial.prepare();
    assertEquals(1, hidden().size(), "the old output's second name");
    assertTrue(Files.isSameFile(hidden().get(0), out));
    assertThrows(IOException.class, trial::run);
    trial.finish();
    assertArrayEquals(before, Files.readAllBytes(out));
    assertEquals(List.of(), hidden());
  }

  @Test
  void noOutputYet_needsNoSecondName() throws IOException {
    PreviousOutput held = new PreviousOutput(TempRegistry.none());
    held.hold(dir.resolve("absent.bin"));
    assertEquals(null, held.link());
    held.release();
    assertEquals(List.of(), hidden());
  }
}
