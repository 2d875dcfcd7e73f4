package org.secmem.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.report.ResultColumn;
import org.secmem.report.ResultRow;
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
    return new StreamTrialSpec(type, n, k, StreamOptions.ofBuffer(b), dir, List.of(), 42);
  }

  @Test
  void warmupsThenReps_eachOneRow_flaggedAndNumbered() throws IOException {
    runner(() -> {}).run(new WriteTrial(spec(StreamType.USER_BUFFER, 1000, 2, 64)), 
        new RunSettings(3, 2, CacheMode.AS_IS, false, 42), 1, 1);
    assertEquals(5, rows.size());
    assertEquals(List.of("true", "true", "false", "false", "false"),
        rows.stream().map(r -> r.get(ResultColumn.WARMUP)).toList());
    assertEquals(List.of("1", "2", "1", "2", "3"),
        rows.stream().map(r -> r.get(ResultColumn.REP)).toList());
    ResultRow r = rows.get(2);
    assertEquals("write", r.get(ResultColumn.EXPERIMENT));
    assertEquals("8000", r.get(ResultColumn.BYTES));
    assertEquals("64", r.get(ResultColumn.B));
    assertEquals("2", r.get(ResultColumn.K));
    assertTrue(Long.parseLong(r.get(ResultColumn.ELAPSED_NS)) > 0);
    // The whole process's CPU time: at least a little, at most the wall time on every core.
    long cpu = Long.parseLong(r.get(ResultColumn.CPU_NS));
    long wall = Long.parseLong(r.get(ResultColumn.ELAPSED_NS));
    assertTrue(cpu >= 0 && cpu <= wall * Runtime.getRuntime().availableProcessors() + 20_000_000L,
        cpu + " ns CPU in " + wall + " ns");
  }

  @Test
  void everyTypeReadsBackTheWriteChecksum_andBIsBlankWhereUnused() throws IOException {
    RunSettings once = new RunSettings(1, 0, CacheMode.AS_IS, false, 42);
    runner(() -> {}).run(new WriteTrial(spec(StreamType.MAPPED, 5000, 3, 6)), once, 1, 1);
    String written = rows.get(0).get(ResultColumn.CHECKSUM);
    for (StreamType t : StreamType.values()) {
      if (t == StreamType.DIRECT && !org.secmem.stream.DirectSupport.available()) {
        continue;
      }
      int b = t == StreamType.DIRECT ? 8192 : 6;
      runner(() -> {}).run(new ReadTrial(spec(t, 5000, 3, b)), once, 1, 1);
      ResultRow read = rows.get(rows.size() - 1);
      assertEquals(written, read.get(ResultColumn.CHECKSUM), t.cliName());
      assertEquals(t.usesBufferSize() ? Integer.toString(b) : "", read.get(ResultColumn.B));
    }
  }

  @Test
  void bulkReads_giveTheSameChecksumAsOneIntPerCall_forEveryType() throws IOException {
    RunSettings once = new RunSettings(1, 0, CacheMode.AS_IS, false, 42);
    runner(() -> {}).run(new WriteTrial(spec(StreamType.USER_BUFFER, 7001, 3, 64)), once, 1, 1);
    String written = rows.get(0).get(ResultColumn.CHECKSUM);
    for (StreamType t : StreamType.values()) {
      if (t == StreamType.DIRECT && !org.secmem.stream.DirectSupport.available()) {
        continue;
      }
      int b = t == StreamType.DIRECT ? 8192 : 4100;
      runner(() -> {}).run(new ReadTrial(new StreamTrialSpec(t, 7001, 3,
          StreamOptions.ofBuffer(b), dir, List.of(), 42, true)), once, 1, 1);
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
        .run(new ReadTrial(spec(StreamType.BUFFERED, 100, 1, 64)),
            new RunSettings(3, 0, CacheMode.COLD, false, 42), 1, 1);
    assertEquals(1, warnings.size());
    assertTrue(warnings.get(0).contains("not permitted"));
    rows.forEach(r -> assertEquals("as-is", r.get(ResultColumn.CACHE)));
  }

  @Test
  void coldDone_isRecordedCold() throws IOException {
    int[] drops = {0};
    runner(() -> drops[0]++)
        .run(new ReadTrial(spec(StreamType.BUFFERED, 100, 1, 64)),
            new RunSettings(2, 1, CacheMode.COLD, false, 42), 1, 1);
    assertEquals(3, drops[0]);
    rows.forEach(r -> assertEquals("cold", r.get(ResultColumn.CACHE)));
  }

  /** The cost model must predict the system calls the types really make (Linux only). */
  @Test
  void measuredSyscalls_matchTheCostModel() throws IOException {
    assumeTrue(IoCounters.read().isPresent(), "no /proc/self/io here");
    RunSettings once = new RunSettings(1, 0, CacheMode.AS_IS, false, 42);
    long n = 200_000;
    for (StreamType t : new StreamType[] {StreamType.SIMPLE, StreamType.BUFFERED,
        StreamType.USER_BUFFER}) {
      rows.clear();
      runner(() -> {}).run(new WriteTrial(spec(t, n, 1, 65536)), once, 1, 1);
      runner(() -> {}).run(new ReadTrial(spec(t, n, 1, 65536)), once, 1, 1);
      long predictedWrite = Long.parseLong(rows.get(0).get(ResultColumn.PREDICTED_IOS));
      long writes = Long.parseLong(rows.get(0).get(ResultColumn.WRITE_SYSCALLS));
      long predictedRead = Long.parseLong(rows.get(1).get(ResultColumn.PREDICTED_IOS));
      long reads = Long.parseLong(rows.get(1).get(ResultColumn.READ_SYSCALLS));
      // Other JVM threads make a few calls of their own: allow a small slack.
      assertTrue(writes >= predictedWrite && writes <= predictedWrite + 50,
          t + " writes " + writes + " vs predicted " + predictedWrite);
      assertTrue(reads >= predictedRead && reads <= predictedRead + 50,
          t + " reads " + reads + " vs predicted " + predictedRead);
    }
  }
}
