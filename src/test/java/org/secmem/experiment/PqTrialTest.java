package org.secmem.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.secmem.buffertree.FanoutRule;
import org.secmem.data.Shape;
import org.secmem.fs.TempRegistry;
import org.secmem.results.ResultColumn;
import org.secmem.results.ResultRow;
import org.secmem.stream.StreamOptions;
import org.secmem.stream.StreamType;

/** The pq trial's check: a queue that answers wrong is caught, and its work folder goes. */
class PqTrialTest {

  @TempDir Path dir;

  private final List<ResultRow> rows = new ArrayList<>();

  private ExperimentRunner runner() {
    RunListener quiet = new RunListener() {};
    return new ExperimentRunner(rows::add, quiet, new CacheController(() -> {}, quiet));
  }

  private PqTrialSpec spec(PqWorkload w, PqImpl impl) {
    return new PqTrialSpec(
        2000,
        Shape.UNIFORM,
        7,
        w,
        w == PqWorkload.RATIO ? 0.55 : Double.NaN,
        impl,
        256,
        FanoutRule.DEFAULT,
        StreamType.USER_BUFFER,
        StreamType.USER_BUFFER,
        StreamOptions.ofBuffer(16),
        dir.resolve("work"));
  }

  private static final RunSettings ONCE = new RunSettings(1, 0, CacheMode.AS_IS, false, 7);

  /** A java queue that returns its second-least key once, at the 100th delete-min. */
  private static final class SwapsOnce implements PqTrial.Queue {
    private final PriorityQueue<Integer> pq = new PriorityQueue<>();
    private int deletes;

    @Override
    public void insert(int key) {
      pq.add(key);
    }

    @Override
    public int deleteMin() {
      if (++deletes == 100 && pq.size() >= 2) {
        int least = pq.poll();
        int second = pq.poll();
        pq.add(least);
        return second;
      }
      return pq.poll();
    }

    @Override
    public void close() {}
  }

  @ParameterizedTest
  @EnumSource(PqWorkload.class)
  void aQueueThatAnswersWrongOnce_isNotVerified(PqWorkload w) throws IOException {
    runner()
        .run(
            new PqTrial(spec(w, PqImpl.JAVA), TempRegistry.none(), (s, d) -> new SwapsOnce()),
            ONCE);
    assertEquals("false", rows.get(0).get(ResultColumn.VERIFIED));
    // The multiset is the same: only the order tells, so the check must look at the order.
    runner().run(new PqTrial(spec(w, PqImpl.JAVA), TempRegistry.none()), ONCE);
    assertEquals("true", rows.get(1).get(ResultColumn.VERIFIED));
    assertEquals(rows.get(0).get(ResultColumn.CHECKSUM), rows.get(1).get(ResultColumn.CHECKSUM));
  }

  @Test
  void aQueueThatLosesAKey_isNotVerified() throws IOException {
    PqTrial.QueueFactory lossy =
        (s, d) ->
            new PqTrial.Queue() {
              private final PriorityQueue<Integer> pq = new PriorityQueue<>();
              private int inserts;

              @Override
              public void insert(int key) {
                if (++inserts != 10) {
                  pq.add(key);
                } else {
                  pq.add(key + 1);
                }
              }

              @Override
              public int deleteMin() {
                return pq.poll();
              }

              @Override
              public void close() {}
            };
    PqTrial t =
        new PqTrial(spec(PqWorkload.INSERT_THEN_DELETE, PqImpl.JAVA), TempRegistry.none(), lossy);
    t.prepare();
    TrialOutcome o = t.run();
    assertEquals(Optional.of(false), t.verify(o));
    t.finish();
  }

  @Test
  void aRunThatFails_leavesNoWorkFolder() throws IOException {
    PqTrial.QueueFactory failing =
        (s, workDir) -> {
          Files.write(workDir.resolve("buffer-1.bin"), new byte[64]);
          return new PqTrial.Queue() {
            private int ops;

            @Override
            public void insert(int key) throws IOException {
              if (++ops == 500) {
                throw new IOException("disk gone");
              }
            }

            @Override
            public int deleteMin() {
              return 0;
            }

            @Override
            public void close() {}
          };
        };
    PqTrial t =
        new PqTrial(spec(PqWorkload.INTERLEAVED, PqImpl.BUFFER_TREE), TempRegistry.none(), failing);
    IOException e = assertThrows(IOException.class, () -> runner().run(t, ONCE));
    assertEquals("disk gone", e.getMessage());
    try (Stream<Path> s = Files.list(dir.resolve("work"))) {
      assertEquals(List.of(), s.toList(), "the work folder is removed after a failure");
    }
  }

  @ParameterizedTest
  @EnumSource(PqWorkload.class)
  void theBufferTree_agreesWithTheOracle_andLeavesNothing(PqWorkload w) throws IOException {
    runner()
        .run(
            new PqTrial(spec(w, PqImpl.BUFFER_TREE), TempRegistry.none()),
            new RunSettings(2, 1, CacheMode.AS_IS, false, 7));
    assertEquals(3, rows.size());
    rows.forEach(r -> assertEquals("true", r.get(ResultColumn.VERIFIED)));
    try (Stream<Path> s = Files.list(dir.resolve("work"))) {
      assertEquals(List.of(), s.toList());
    }
    assertTrue(Long.parseLong(rows.get(1).get(ResultColumn.REFILLS)) > 0);
  }
}
