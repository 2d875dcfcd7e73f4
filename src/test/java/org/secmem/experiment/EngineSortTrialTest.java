package org.secmem.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.data.DataFiles;
import org.secmem.data.Shape;
import org.secmem.data.SortOrder;
import org.secmem.engine.EngineJob;
import org.secmem.engine.EngineProblem;
import org.secmem.engine.EngineSettings;
import org.secmem.engine.EngineStats;
import org.secmem.engine.SortEngine;
import org.secmem.fs.TempRegistry;
import org.secmem.results.ResultColumn;
import org.secmem.results.ResultRow;

/**
 * Another engine as one more configuration of the sort experiment, with a stand-in engine: started
 * outside the clock before each run and stopped once when the batch is over, its output checked
 * against the input like secmem's own, and its row blank where secmem's parts did not run.
 */
class EngineSortTrialTest {

  @TempDir Path dir;

  /** Sorts with Arrays.sort, and says what it was asked and when. */
  private static final class StandIn implements SortEngine {
    final List<String> calls = new ArrayList<>();
    boolean scramble;

    @Override
    public String name() {
      return "spark";
    }

    @Override
    public List<EngineProblem> problems(EngineSettings settings) {
      return List.of();
    }

    @Override
    public long start(EngineSettings settings) {
      calls.add(
          "start "
              + settings.master().orElse("-")
              + " M="
              + settings.memoryInts()
              + " work="
              + settings.workDirs());
      return calls.stream().filter(c -> c.startsWith("start")).count() == 1 ? 123_456 : 0;
    }

    @Override
    public EngineStats sort(EngineJob job) throws IOException {
      calls.add("sort " + job.order());
      int[] v;
      try (DataInputStream in = new DataInputStream(Files.newInputStream(job.input()))) {
        v = new int[(int) (Files.size(job.input()) / 4)];
        for (int i = 0; i < v.length; i++) {
          v[i] = in.readInt();
        }
      }
      Arrays.sort(v);
      if (scramble && v.length > 1) {
        v[0] += 1; // a wrong output: the check must see it
      }
      try (DataOutputStream out = new DataOutputStream(Files.newOutputStream(job.output()))) {
        for (int i = 0; i < v.length; i++) {
          out.writeInt(job.order() == SortOrder.ASCENDING ? v[i] : v[v.length - 1 - i]);
        }
      }
      return new EngineStats(
          v.length, "9.9.9", "local[2]", 2, 1, 1L << 30, 3, 4, 10, 20, 30, 40, 5000, 5000, -1, 7);
    }

    @Override
    public void close() {
      calls.add("close");
    }
  }

  private SortTrialSpec spec(Optional<String> master, OptionalLong m) {
    return new SortTrialSpec(
        new SortData(
            Optional.empty(),
            Optional.empty(),
            5000,
            Shape.UNIFORM,
            7,
            SortOrder.DESCENDING,
            false,
            dir,
            List.of(),
            0),
        new EngineMethod(
            "spark",
            new EngineSettings(master, m, OptionalInt.of(4), Map.of("spark.a", "1"), List.of())));
  }

  private List<ResultRow> run(SortTrial trial, int reps) throws IOException {
    List<ResultRow> rows = new ArrayList<>();
    RunListener quiet = new RunListener() {};
    new ExperimentRunner(rows::add, quiet, new CacheController(() -> {}, quiet))
        .run(trial, new RunSettings(reps, 0, CacheMode.AS_IS, false, 7));
    return rows;
  }

  @Test
  void rowsSayWhatRan_andTheEngineStartsOutsideTheClockAndStopsOnce() throws IOException {
    StandIn engine = new StandIn();
    List<ResultRow> rows =
        run(
            new SortTrial(
                spec(Optional.of("local[2]"), OptionalLong.of(4096)), engine, TempRegistry.none()),
            2);
    assertEquals(
        List.of(
            "start local[2] M=OptionalLong[4096] work=[]",
            "sort descending",
            "start local[2] M=OptionalLong[4096] work=[]",
            "sort descending",
            "close"),
        engine.calls);
    assertEquals(2, rows.size());
    ResultRow r = rows.get(0);
    assertEquals("true", r.get(ResultColumn.VERIFIED));
    assertEquals("spark", r.get(ResultColumn.ENGINE));
    assertEquals("local[2]", r.get(ResultColumn.MASTER));
    assertEquals("4096", r.get(ResultColumn.M));
    assertEquals("4", r.get(ResultColumn.PARTITIONS));
    assertEquals("spark.a=1", r.get(ResultColumn.ENGINE_CONF));
    assertEquals("9.9.9", r.get(ResultColumn.ENGINE_VERSION));
    assertEquals("2", r.get(ResultColumn.THREADS));
    assertEquals("123456", r.get(ResultColumn.ENGINE_START_NS));
    assertEquals("0", rows.get(1).get(ResultColumn.ENGINE_START_NS), "reused: no start");
    assertEquals("3", r.get(ResultColumn.MAP_TASKS));
    assertEquals("4", r.get(ResultColumn.REDUCE_TASKS));
    assertEquals("5000", r.get(ResultColumn.SHUFFLE_WRITE_BYTES));
    assertEquals("", r.get(ResultColumn.SPILL_BYTES), "not reported: blank, not -1");
    assertEquals("20000", r.get(ResultColumn.BYTES));
    for (ResultColumn blank :
        List.of(
            ResultColumn.READ_STREAM,
            ResultColumn.WRITE_STREAM,
            ResultColumn.B,
            ResultColumn.D,
            ResultColumn.PRESET,
            ResultColumn.MERGER,
            ResultColumn.RUN_SORT,
            ResultColumn.ALGORITHM,
            ResultColumn.PREDICTED_IOS,
            ResultColumn.PASSES,
            ResultColumn.RUNS)) {
      assertEquals("", r.get(blank), blank + " did not run");
    }
    try (var files = Files.list(dir)) {
      assertEquals(
          List.of(),
          files.filter(p -> p.getFileName().toString().startsWith("sort-out")).toList(),
          "the scratch output is removed after each run");
    }
  }

  @Test
  void aWrongOutput_isNotVerified() throws IOException {
    StandIn engine = new StandIn();
    engine.scramble = true;
    List<ResultRow> rows =
        run(
            new SortTrial(
                spec(Optional.empty(), OptionalLong.empty()), engine, TempRegistry.none()),
            1);
    assertEquals("false", rows.get(0).get(ResultColumn.VERIFIED));
    assertEquals("", rows.get(0).get(ResultColumn.M), "M not given: Spark's default memory");
    assertTrue(rows.get(0).get(ResultColumn.MASTER).startsWith("local["), "default master");
  }

  @Test
  void theInputChecksum_isTakenOnceWhileTheInputStaysTheSame() throws IOException {
    Path in = dir.resolve("in.bin");
    DataFiles.generate(in, Shape.UNIFORM, 3000, 1);
    StandIn engine = new StandIn();
    SortTrialSpec s = spec(Optional.of("local[1]"), OptionalLong.empty());
    SortTrialSpec given =
        new SortTrialSpec(
            new SortData(
                Optional.of(in),
                Optional.of(dir.resolve("o.bin")),
                0,
                s.data().shape(),
                s.data().seed(),
                SortOrder.ASCENDING,
                false,
                dir,
                List.of(),
                0),
            s.method());
    SortTrial trial = new SortTrial(given, engine, TempRegistry.none());
    List<ResultRow> rows = run(trial, 1);
    assertEquals("true", rows.get(0).get(ResultColumn.VERIFIED));
    assertEquals(in.toString(), rows.get(0).get(ResultColumn.INPUT));
    // A different file under the same name: its own checksum, not the old one.
    DataFiles.generate(in, Shape.UNIFORM, 3001, 2);
    Files.setLastModifiedTime(in, FileTime.fromMillis(System.currentTimeMillis() + 5000));
    Files.delete(dir.resolve("o.bin"));
    assertEquals("true", run(trial, 1).get(0).get(ResultColumn.VERIFIED));
  }
}
