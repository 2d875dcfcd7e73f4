package org.secmem.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.secmem.data.Checksum;
import org.secmem.results.ResultColumn;
import org.secmem.results.ResultRow;
import org.secmem.results.RowKind;

class SteadyWarmupTest {

  private static List<Long> ms(long... millis) {
    List<Long> out = new ArrayList<>();
    for (long m : millis) {
      out.add(TimeUnit.MILLISECONDS.toNanos(m));
    }
    return out;
  }

  @Test
  void steady_needsTwoWindows_andTheLastNotFasterThanTheOneBefore() {
    // The fresh-JVM series measured for a user-buffer write of 10^6 ints (ms).
    assertFalse(SteadyWarmup.steady(ms(55, 23, 21, 11, 16)), "five runs are too few");
    assertFalse(SteadyWarmup.steady(ms(55, 23, 21, 11, 16, 14)), "medians 23 then 14");
    assertFalse(SteadyWarmup.steady(ms(21, 11, 16, 14, 13, 9)), "medians 16 then 13");
    assertFalse(SteadyWarmup.steady(ms(14, 13, 9, 9, 11, 10)), "medians 13 then 10: falling");
    assertTrue(SteadyWarmup.steady(ms(9, 9, 11, 10, 13, 12)), "medians 9 then 12: not falling");
    // Within the tolerance: 5 % faster counts as steady, 6 % does not.
    assertTrue(SteadyWarmup.steady(ms(100, 100, 100, 95, 95, 95)));
    assertFalse(SteadyWarmup.steady(ms(100, 100, 100, 94, 94, 94)));
    // Only the last two windows count, and a median ignores one outlier.
    assertTrue(SteadyWarmup.steady(ms(500, 400, 10, 10, 10, 10, 300, 10)));
  }

  @Test
  void another_stopsAtSteady_atTheBudget_andNeverWhenOff() {
    SteadyWarmup s = SteadyWarmup.ofMillis(1000);
    long half = TimeUnit.MILLISECONDS.toNanos(500);
    long over = TimeUnit.MILLISECONDS.toNanos(1000);
    assertTrue(s.another(ms(55, 23, 21), half));
    assertFalse(s.another(ms(55, 23, 21), over), "the budget is spent");
    assertFalse(s.another(ms(9, 9, 9, 9, 9, 9), half), "steady");
    assertFalse(SteadyWarmup.OFF.another(ms(55), 0));
    List<Long> many = new ArrayList<>();
    for (int i = 0; i < SteadyWarmup.MAX_RUNS; i++) {
      many.add(1_000_000L - i);
    }
    assertFalse(s.another(many, 0), "at most " + SteadyWarmup.MAX_RUNS + " runs");
    assertThrows(IllegalArgumentException.class, () -> SteadyWarmup.ofMillis(-1));
    assertThrows(IllegalArgumentException.class, () -> new SteadyWarmup(Duration.ofMinutes(11)));
  }

  /** A trial whose i-th run (0-based, every run it is asked for) sleeps {@code millis(i)}. */
  private static final class Sleeping implements Trial {
    final List<Long> schedule;
    int runs;
    int prepared;
    int finished;

    Sleeping(List<Long> schedule) {
      this.schedule = schedule;
    }

    @Override
    public String describe() {
      return "sleeping";
    }

    @Override
    public ResultRow.Builder configuration() {
      return ResultRow.builder(RowKind.WRITE).set(ResultColumn.STREAM, "sleeping");
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
      long ms = schedule.get(Math.min(runs, schedule.size() - 1));
      runs++;
      try {
        Thread.sleep(ms);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
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

  private static List<ResultRow> run(Sleeping trial, RunSettings settings, BatchOptions options)
      throws IOException {
    List<ResultRow> rows = new ArrayList<>();
    PageCache none =
        new PageCache() {
          @Override
          public void dropAll() {}

          @Override
          public void flush() {}

          @Override
          public OptionalLong dirtyBytes() {
            return OptionalLong.empty();
          }
        };
    new ExperimentRunner(
            rows::add, RunListener.silent(), new CacheController(none, RunListener.silent()))
        .run(List.of(BatchStep.all(0, new PlannedTrial(trial, settings))), options);
    return rows;
  }

  @Test
  void runner_warmsUpUntilSteady_beforeTheFirstRep_unrecorded_andSaysHowManyInEveryRep()
      throws IOException {
    // 80, 60, 40, 20 ms, then 20 for ever: the recorded warm-up takes the 80; the steadying runs
    // then see 60, 40, 20, 20, 20, 20 (medians 40 then 20: falling), 20 (40 / 20), 20 (20 / 20):
    // steady after 7, give or take a run for the sleep's jitter.
    Sleeping trial = new Sleeping(List.of(80L, 60L, 40L, 20L));
    List<ResultRow> rows =
        run(
            trial,
            new RunSettings(3, 1, CacheMode.AS_IS, false, 42),
            new BatchOptions(RunOrder.SEQUENTIAL, 42, false)
                .withSteady(SteadyWarmup.ofMillis(60_000)));
    assertEquals(4, rows.size(), "the warm-up and 3 reps are recorded, the steadying runs not");
    assertEquals("true", rows.get(0).get(ResultColumn.WARMUP));
    assertEquals("", rows.get(0).get(ResultColumn.STEADY_WARMUPS), "blank on a warm-up row");
    int steadying = Integer.parseInt(rows.get(1).get(ResultColumn.STEADY_WARMUPS));
    assertTrue(steadying >= 7 && steadying <= 12, steadying + " runs until steady");
    for (ResultRow r : rows.subList(1, 4)) {
      assertEquals("false", r.get(ResultColumn.WARMUP));
      assertEquals(Integer.toString(steadying), r.get(ResultColumn.STEADY_WARMUPS));
      assertTrue(Long.parseLong(r.get(ResultColumn.ELAPSED_NS)) < 60_000_000L, "measured steady");
    }
    assertEquals(1 + steadying + 3, trial.runs);
    assertEquals(trial.runs, trial.prepared, "each steadying run prepared as a measured one");
    assertEquals(trial.runs, trial.finished, "and cleaned up");
  }

  @Test
  void runner_stopsWarmingAtTheBudget_andDoesNothingExtraWhenOff() throws IOException {
    Sleeping slow = new Sleeping(List.of(70L));
    List<ResultRow> rows =
        run(
            slow,
            new RunSettings(2, 0, CacheMode.AS_IS, false, 42),
            new BatchOptions(RunOrder.SEQUENTIAL, 42, false)
                .withSteady(SteadyWarmup.ofMillis(100)));
    // 70 ms each: the budget of 100 ms is spent after the second.
    assertEquals("2", rows.get(0).get(ResultColumn.STEADY_WARMUPS));
    assertEquals(4, slow.runs);

    // Its fixed warm-up alone outlasted the budget: no run is added.
    Sleeping longRun = new Sleeping(List.of(70L));
    rows =
        run(
            longRun,
            new RunSettings(2, 1, CacheMode.AS_IS, false, 42),
            new BatchOptions(RunOrder.SEQUENTIAL, 42, false).withSteady(SteadyWarmup.ofMillis(50)));
    assertEquals("0", rows.get(1).get(ResultColumn.STEADY_WARMUPS));
    assertEquals(3, longRun.runs);

    Sleeping off = new Sleeping(List.of(5L));
    rows =
        run(
            off,
            new RunSettings(2, 1, CacheMode.AS_IS, false, 42),
            new BatchOptions(RunOrder.SEQUENTIAL, 42, false));
    assertEquals(3, off.runs);
    assertTrue(rows.stream().allMatch(r -> r.get(ResultColumn.STEADY_WARMUPS).isEmpty()));
  }

  @Test
  void runner_withForks_leavesTheWarmUpToEachFork() throws IOException {
    // In the process the user started a forked batch's trial is a fork per run: warming it up
    // there would start forks that measure nothing. Each fork warms its own JVM instead.
    Sleeping trial = new Sleeping(List.of(80L, 60L, 40L, 20L));
    List<ResultRow> rows =
        run(
            trial,
            new RunSettings(2, 1, CacheMode.AS_IS, false, 42),
            new BatchOptions(
                RunOrder.SEQUENTIAL,
                42,
                false,
                1,
                Optional.empty(),
                -1,
                0,
                List.of(),
                List.of(),
                SteadyWarmup.ofMillis(60_000)));
    assertEquals(3, trial.runs);
    assertTrue(rows.stream().allMatch(r -> r.get(ResultColumn.STEADY_WARMUPS).isEmpty()));
  }
}
