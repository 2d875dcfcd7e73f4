package org.secmem.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.data.Checksum;
import org.secmem.results.ResultColumn;
import org.secmem.results.ResultRow;
import org.secmem.results.RowKind;
import org.secmem.stream.DirectSupport;
import org.secmem.stream.StreamOptions;
import org.secmem.stream.StreamType;

class ExperimentRunnerTest {

  @TempDir Path dir;

  private final List<ResultRow> rows = new ArrayList<>();
  private final List<String> warnings = new ArrayList<>();
  private final RunListener listener =
      new RunListener() {
        @Override
        public void warning(String message) {
          warnings.add(message);
        }
      };

  private ExperimentRunner runner(PageCache cache) {
    return new ExperimentRunner(rows::add, listener, new CacheController(cache, listener));
  }

  private StreamTrialSpec spec(StreamType type, long n, int k, int b) {
    return new StreamTrialSpec(type, n, k, StreamOptions.ofBuffer(b), dir, List.of(), 42, false);
  }

  @Test
  void warmupsThenReps_eachOneRow_flaggedAndNumbered() throws IOException {
    runner(() -> {})
        .run(
            new WriteTrial(spec(StreamType.USER_BUFFER, 1000, 2, 64)),
            new RunSettings(3, 2, CacheMode.AS_IS, false, 42));
    assertEquals(5, rows.size());
    assertEquals(
        List.of("true", "true", "false", "false", "false"),
        rows.stream().map(r -> r.get(ResultColumn.WARMUP)).toList());
    assertEquals(
        List.of("1", "2", "1", "2", "3"), rows.stream().map(r -> r.get(ResultColumn.REP)).toList());
    ResultRow r = rows.get(2);
    assertEquals("write", r.get(ResultColumn.EXPERIMENT));
    assertEquals("8000", r.get(ResultColumn.BYTES));
    assertEquals("64", r.get(ResultColumn.B));
    assertEquals("2", r.get(ResultColumn.K));
    assertTrue(Long.parseLong(r.get(ResultColumn.ELAPSED_NS)) > 0);
    // The whole process's CPU time: at least a little, at most the wall time on every core. A
    // row may leave it blank, as documented, when a JVM thread (a compiler thread the JVM
    // retires) ended during its run and the coarse clock saw under 100 ms; most rows have it.
    int withCpu = 0;
    for (ResultRow row : rows) {
      String cell = row.get(ResultColumn.CPU_NS);
      if (cell.isEmpty()) {
        continue;
      }
      withCpu++;
      long cpu = Long.parseLong(cell);
      long wall = Long.parseLong(row.get(ResultColumn.ELAPSED_NS));
      assertTrue(
          cpu >= 0 && cpu <= wall * Runtime.getRuntime().availableProcessors() + 20_000_000L,
          cpu + " ns CPU in " + wall + " ns");
    }
    assertTrue(withCpu >= 3, withCpu + " of 5 rows have cpu_ns");
  }

  @Test
  void everyTypeReadsBackTheWriteChecksum_andBIsBlankWhereUnused() throws IOException {
    RunSettings once = new RunSettings(1, 0, CacheMode.AS_IS, false, 42);
    runner(() -> {}).run(new WriteTrial(spec(StreamType.MAPPED, 5000, 3, 6)), once);
    String written = rows.get(0).get(ResultColumn.CHECKSUM);
    for (StreamType t : StreamType.values()) {
      if (t == StreamType.DIRECT && !DirectSupport.available()) {
        continue;
      }
      int b = t == StreamType.DIRECT ? 8192 : 6;
      runner(() -> {}).run(new ReadTrial(spec(t, 5000, 3, b)), once);
      ResultRow read = rows.get(rows.size() - 1);
      assertEquals(written, read.get(ResultColumn.CHECKSUM), t.cliName());
      assertEquals(t.usesBufferSize() ? Integer.toString(b) : "", read.get(ResultColumn.B));
    }
  }

  @Test
  void bulkReads_giveTheSameChecksumAsOneIntPerCall_forEveryType() throws IOException {
    RunSettings once = new RunSettings(1, 0, CacheMode.AS_IS, false, 42);
    runner(() -> {}).run(new WriteTrial(spec(StreamType.USER_BUFFER, 7001, 3, 64)), once);
    String written = rows.get(0).get(ResultColumn.CHECKSUM);
    for (StreamType t : StreamType.values()) {
      if (t == StreamType.DIRECT && !DirectSupport.available()) {
        continue;
      }
      int b = t == StreamType.DIRECT ? 8192 : 4100;
      runner(() -> {})
          .run(
              new ReadTrial(
                  new StreamTrialSpec(
                      t, 7001, 3, StreamOptions.ofBuffer(b), dir, List.of(), 42, true)),
              once);
      ResultRow read = rows.get(rows.size() - 1);
      assertEquals(written, read.get(ResultColumn.CHECKSUM), t.cliName());
      assertEquals("block", read.get(ResultColumn.ACCESS));
      assertEquals(Long.toString(7001L * 3 * 4), read.get(ResultColumn.BYTES));
    }
  }

  @Test
  void coldRefused_isRecordedAsIs_andSaidOnce() throws IOException {
    PageCache refusing =
        () -> {
          throw new IOException("not permitted");
        };
    runner(refusing)
        .run(
            new ReadTrial(spec(StreamType.BUFFERED, 100, 1, 64)),
            new RunSettings(3, 0, CacheMode.COLD, false, 42));
    assertEquals(1, warnings.size());
    assertTrue(warnings.get(0).contains("not permitted"));
    rows.forEach(r -> assertEquals("as-is", r.get(ResultColumn.CACHE)));
  }

  @Test
  void coldDone_isRecordedCold() throws IOException {
    int[] drops = {0};
    runner(() -> drops[0]++)
        .run(
            new ReadTrial(spec(StreamType.BUFFERED, 100, 1, 64)),
            new RunSettings(2, 1, CacheMode.COLD, false, 42));
    assertEquals(3, drops[0]);
    rows.forEach(r -> assertEquals("cold", r.get(ResultColumn.CACHE)));
  }

  /** The cost model must predict the system calls the types really make (Linux only). */
  @Test
  void measuredSyscalls_matchTheCostModel() throws IOException {
    assumeTrue(IoCounters.read().isPresent(), "no /proc/self/io here");
    RunSettings once = new RunSettings(1, 0, CacheMode.AS_IS, false, 42);
    long n = 200_000;
    for (StreamType t :
        new StreamType[] {StreamType.SIMPLE, StreamType.BUFFERED, StreamType.USER_BUFFER}) {
      rows.clear();
      runner(() -> {}).run(new WriteTrial(spec(t, n, 1, 65536)), once);
      runner(() -> {}).run(new ReadTrial(spec(t, n, 1, 65536)), once);
      long predictedWrite = Long.parseLong(rows.get(0).get(ResultColumn.PREDICTED_IOS));
      long writes = Long.parseLong(rows.get(0).get(ResultColumn.WRITE_SYSCALLS));
      long predictedRead = Long.parseLong(rows.get(1).get(ResultColumn.PREDICTED_IOS));
      long reads = Long.parseLong(rows.get(1).get(ResultColumn.READ_SYSCALLS));
      // Other JVM threads make a few calls of their own: allow a small slack.
      assertTrue(
          writes >= predictedWrite && writes <= predictedWrite + 50,
          t + " writes " + writes + " vs predicted " + predictedWrite);
      assertTrue(
          reads >= predictedRead && reads <= predictedRead + 50,
          t + " reads " + reads + " vs predicted " + predictedRead);
    }
  }

  /** A trial that only counts: which run is which, and how often it was cleaned up. */
  private static final class Counting implements Trial {
    final String name;
    int prepared;
    int finished;
    final List<String> log;

    Counting(String name, List<String> log) {
      this.name = name;
      this.log = log;
    }

    @Override
    public String describe() {
      return name;
    }

    @Override
    public ResultRow.Builder configuration() {
      return ResultRow.builder(RowKind.WRITE).set(ResultColumn.STREAM, name);
    }

    @Override
    public List<Path> inputs() {
      return List.of();
    }

    @Override
    public void prepare() {
      prepared++;
    }

    @Override
    public TrialOutcome run() {
      log.add(name);
      return new TrialOutcome(1, 4, new Checksum(), Optional.empty(), Map.of());
    }

    @Override
    public OptionalLong predictedIos() {
      return OptionalLong.empty();
    }

    @Override
    public void finish() {
      finished++;
    }
  }

  @Test
  void interleavedBatch_roundByRound_withPositionRoundAndDirtyPagesRecorded_cleanedAfterEachRun()
      throws IOException {
    List<String> ran = new ArrayList<>();
    List<Counting> trials = new ArrayList<>();
    List<BatchStep> steps = new ArrayList<>();
    RunSettings settings = new RunSettings(3, 1, CacheMode.AS_IS, false, 42);
    for (String name : List.of("a", "b", "c", "d")) {
      Counting t = new Counting(name, ran);
      trials.add(t);
      steps.add(BatchStep.all(steps.size(), new PlannedTrial(t, settings)));
    }
    int[] flushes = {0};
    PageCache cache =
        new PageCache() {
          @Override
          public void dropAll() {}

          @Override
          public void flush() {
            flushes[0]++;
          }

          @Override
          public OptionalLong dirtyBytes() {
            return OptionalLong.of(4096L * flushes[0]);
          }
        };
    runner(cache).run(steps, new BatchOptions(RunOrder.INTERLEAVED, 42, true));

    assertEquals(16, ran.size());
    for (int round = 0; round < 4; round++) {
      assertEquals(
          Set.of("a", "b", "c", "d"),
          Set.copyOf(ran.subList(round * 4, round * 4 + 4)),
          "round " + (round + 1));
    }
    assertTrue(
        !ran.subList(0, 4).equals(ran.subList(4, 8))
            || !ran.subList(4, 8).equals(ran.subList(8, 12)),
        "rounds shuffled anew: " + ran);
    assertEquals(16, rows.size());
    for (int i = 0; i < 16; i++) {
      ResultRow r = rows.get(i);
      assertEquals(Integer.toString(i + 1), r.get(ResultColumn.ORDER_INDEX));
      assertEquals(Integer.toString(i / 4 + 1), r.get(ResultColumn.ROUND));
      assertEquals(i < 4 ? "true" : "false", r.get(ResultColumn.WARMUP));
      assertEquals(Integer.toString(i < 4 ? 1 : i / 4), r.get(ResultColumn.REP));
      // Flushed before each run, the dirty count read after the flush.
      assertEquals(Long.toString(4096L * (i + 1)), r.get(ResultColumn.DIRTY_BYTES));
    }
    assertEquals(16, flushes[0]);
    for (Counting t : trials) {
      assertEquals(4, t.prepared);
      assertEquals(4, t.finished, "cleaned up after every run, not only the last");
    }
  }

  @Test
  void noFlush_leavesDirtyPagesAlone_butStillRecordsThem() throws IOException {
    List<String> ran = new ArrayList<>();
    int[] flushes = {0};
    PageCache cache =
        new PageCache() {
          @Override
          public void dropAll() {}

          @Override
          public void flush() {
            flushes[0]++;
          }

          @Override
          public OptionalLong dirtyBytes() {
            return OptionalLong.of(123);
          }
        };
    runner(cache)
        .run(
            List.of(
                BatchStep.all(
                    0,
                    new PlannedTrial(
                        new Counting("a", ran), new RunSettings(2, 0, CacheMode.AS_IS, false, 1)))),
            new BatchOptions(RunOrder.SEQUENTIAL, 1, false));
    assertEquals(0, flushes[0]);
    assertEquals(
        List.of("123", "123"), rows.stream().map(r -> r.get(ResultColumn.DIRTY_BYTES)).toList());
  }
}
