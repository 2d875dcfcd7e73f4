package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.buffertree.FanoutRule;
import org.secmem.data.Shape;
import org.secmem.data.SortOrder;
import org.secmem.experiment.BatchStep;
import org.secmem.experiment.CacheMode;
import org.secmem.experiment.PlannedTrial;
import org.secmem.experiment.RunSettings;
import org.secmem.experiment.SortData;
import org.secmem.experiment.SortMethod;
import org.secmem.experiment.SortTrial;
import org.secmem.experiment.SortTrialSpec;
import org.secmem.fs.TempRegistry;
import org.secmem.results.RawResults;
import org.secmem.results.ResultColumn;
import org.secmem.results.ResultRow;
import org.secmem.runner.Resume;
import org.secmem.sort.SortAlgorithm;
import org.secmem.sort.SortPreset;
import org.secmem.sort.SortSettings;
import org.secmem.sort.SortTuning;
import org.secmem.stream.StreamType;

/** {@code --resume} over a results file written before the algorithm column: its rows are merge. */
class ResumeAlgorithmTest {

  @TempDir Path dir;

  private PlannedTrial planned(SortAlgorithm algorithm, RunSettings s) {
    SortTrialSpec spec =
        new SortTrialSpec(
            new SortData(
                Optional.empty(),
                Optional.empty(),
                1000,
                Shape.UNIFORM,
                s.seed(),
                SortOrder.ASCENDING,
                false,
                dir,
                List.of(),
                0),
            SortMethod.of(
                new SortSettings(
                    SortPreset.CLASSIC,
                    "classic",
                    StreamType.CHANNEL,
                    StreamType.CHANNEL,
                    StreamType.CHANNEL,
                    4096,
                    4,
                    true,
                    100,
                    SortTuning.classic()),
                algorithm,
                FanoutRule.DEFAULT));
    return new PlannedTrial(new SortTrial(spec, TempRegistry.none()), s);
  }

  /** The rows of {@code p}'s reps 1..reps, as a file without the algorithm column has them. */
  private static String oldFile(PlannedTrial p, int reps) {
    List<ResultColumn> cols = new ArrayList<>(List.of(ResultColumn.values()));
    cols.remove(ResultColumn.ALGORITHM);
    StringBuilder sb =
        new StringBuilder(String.join(",", cols.stream().map(ResultColumn::header).toList()))
            .append('\n');
    for (int rep = 1; rep <= reps; rep++) {
      ResultRow row =
          p.trial()
              .configuration()
              .set(ResultColumn.SYNC, p.settings().sync())
              .set(ResultColumn.CACHE, p.settings().cache().cliName())
              .set(ResultColumn.SEED, Long.toString(p.settings().seed()))
              .set(ResultColumn.REP, rep)
              .set(ResultColumn.WARMUP, false)
              .build();
      sb.append(String.join(",", cols.stream().map(row::get).toList())).append('\n');
    }
    return sb.toString();
  }

  @Test
  void oldSortRows_countAsMerge_notAsTheInMemoryBaseline() throws IOException {
    RunSettings s = new RunSettings(2, 0, CacheMode.AS_IS, false, 7);
    PlannedTrial merge = planned(SortAlgorithm.MERGE, s);
    PlannedTrial inMemory = planned(SortAlgorithm.IN_MEMORY, s);
    RawResults raw = RawResults.parse("old.csv", new StringReader(oldFile(merge, 1)));
    List<BatchStep> left = Resume.remaining(List.of(merge, inMemory), raw);
    assertEquals(2, left.size());
    assertEquals(List.of(2), List.copyOf(left.get(0).runs().reps()), "merge: rep 1 was measured");
    assertEquals(List.of(1, 2), List.copyOf(left.get(1).runs().reps()), "in-memory: none was");
  }
}
