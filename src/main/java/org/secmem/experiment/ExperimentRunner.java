package org.secmem.experiment;

import java.io.IOException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.secmem.cgroup.MemoryPeak;
import org.secmem.data.Checksum;
import org.secmem.probe.ProbeStore;
import org.secmem.results.ResultColumn;
import org.secmem.results.ResultColumns;
import org.secmem.results.ResultRow;
import org.secmem.results.ResultSink;
import org.secmem.sort.ProcessCpu;

/**
 * Runs each configuration's warm-ups and repetitions, in the order asked for (see {@link
 * RunOrder}): set-up, cache preparation and writing back dirty pages outside the clock, the
 * measured work inside it, I/O counters around it, and one row per run to the sink before the next
 * run starts, so a later failure loses nothing measured.
 */
public final class ExperimentRunner {

  private static final Logger LOG = LogManager.getLogger(ExperimentRunner.class);
  private static final double NANOS_PER_SECOND = 1e9;
  private static final double BYTES_PER_MIB = 1024.0 * 1024.0;

  private final ResultSink sink;
  private final RunListener listener;
  private final CacheController cache;
  private final SortFloors floors = new SortFloors(ProbeStore.defaultFile());

  /** In a fork under --memory-limit: its cgroup's peak memory, per run. */
  private final Optional<MemoryPeak> memoryPeak = MemoryPeak.ofSelf();

  public ExperimentRunner(ResultSink sink, RunListener listener, CacheController cache) {
    this.sink = sink;
    this.listener = listener;
    this.cache = cache;
  }

  /**
   * Which runs of one configuration to do. Every warm-up runs (a fresh process is cold again), but
   * only those in {@code recordedWarmups} are written; then the repetitions in {@code reps} run,
   * each under its own number. A first run records everything; a resumed one leaves out what the
   * results file already holds, so no (configuration, warm-up or rep) is written twice.
   *
   * @param recordedWarmups 1-based numbers of the warm-ups whose rows are written
   * @param reps 1-based numbers of the repetitions to run, ascending
   */
  public record Runs(SortedSet<Integer> recordedWarmups, SortedSet<Integer> reps) {

    public Runs {
      recordedWarmups = Collections.unmodifiableSortedSet(new TreeSet<>(recordedWarmups));
      reps = Collections.unmodifiableSortedSet(new TreeSet<>(reps));
      if (reps.stream().anyMatch(r -> r < 1) || recordedWarmups.stream().anyMatch(w -> w < 1)) {
        throw new IllegalArgumentException("run numbers start at 1: " + recordedWarmups + reps);
      }
    }

    /**
     * Every warm-up and repetition of {@code settings}, all recorded: a configuration's first go.
     */
    public static Runs all(RunSettings settings) {
      return new Runs(numbers(settings.warmup()), numbers(settings.reps()));
    }

    /** 1..count. */
    public static SortedSet<Integer> numbers(int count) {
      return range(1, count);
    }

    /** a..b (empty when b < a). */
    public static SortedSet<Integer> range(int a, int b) {
      SortedSet<Integer> n = new TreeSet<>();
      for (int i = a; i <= b; i++) {
        n.add(i);
      }
      return n;
    }

    /** Warm-ups plus the repetitions to run: what the progress bar counts. */
    public long count(RunSettings settings) {
      return (long) settings.warmup() + reps.size();
    }
  }

  /**
   * Runs one configuration with the given settings, every warm-up and repetition, one after
   * another, without writing dirty pages back in between.
   */
  public void run(Trial trial, RunSettings settings) throws IOException {
    run(
        List.of(BatchStep.all(0, new PlannedTrial(trial, settings))),
        BatchOptions.sequentialNoFlush());
  }

  /**
   * Runs a batch in the order {@code options} asks for: each configuration's warm-ups and the
   * repetitions its {@link Runs} name, each run prepared, measured, recorded and cleaned up before
   * the next starts, whichever configuration that is.
   */
  public void run(List<BatchStep> steps, BatchOptions options) throws IOException {
    run(steps, options, Optional.empty());
  }

  /**
   * As {@link #run(List, BatchOptions)}, with {@code sentinel} (when given) measured once more
   * before the first run (after its own warm-ups, recorded as sentinel warm-ups: a first run in a
   * fresh JVM would measure the JIT, not the machine), after every {@link
   * BatchOptions#sentinelInterval} runs and after the last: rows marked {@code sentinel=true},
   * numbered 1, 2, ... in their own series.
   */
  public void run(List<BatchStep> steps, BatchOptions options, Optional<PlannedTrial> sentinel)
      throws IOException {
    try {
      runAll(steps, options, sentinel);
    } finally {
      // What outlives a run (another engine's context) goes when the batch does, stopped or not.
      Set<Trial> trials = Collections.newSetFromMap(new IdentityHashMap<>());
      steps.forEach(s -> trials.add(s.planned().trial()));
      sentinel.ifPresent(p -> trials.add(p.trial()));
      trials.forEach(Trial::close);
    }
  }

  private void runAll(List<BatchStep> steps, BatchOptions options, Optional<PlannedTrial> sentinel)
      throws IOException {
    List<Integer> counts = steps.stream().map(BatchStep::runCount).toList();
    List<RunSchedule.Slot> slots = RunSchedule.of(counts, options.order(), options.orderSeed());
    int every = options.sentinelInterval(steps.size());
    // The sentinel is one more configuration whose rounds are placed by the cadence, not by
    // the schedule: its warm-ups first, then one run before every `every` runs and one at the end.
    Optional<BatchStep> reference =
        sentinel.map(
            p ->
                BatchStep.all(
                    0,
                    new PlannedTrial(
                        p.trial(),
                        new RunSettings(
                            options.sentinelRuns(slots.size(), steps.size()),
                            p.settings().warmup(),
                            p.settings().cache(),
                            p.settings().sync(),
                            p.settings().seed()))));
    int sentinelRound = 0;
    long position = 0;
    if (reference.isPresent()) {
      for (int w = 0; w < sentinel.get().settings().warmup(); w++) {
        runOne(
            reference.get(),
            new RunSchedule.Slot(0, ++sentinelRound, ++position),
            options.flush(),
            0,
            0,
            true,
            -1);
      }
    }
    // In this JVM only: with forks, each fork warms its own configuration up.
    SteadyWarmup steady = options.forks() == 0 ? options.steady() : SteadyWarmup.OFF;
    int[] steadyRuns = new int[steps.size()];
    Arrays.fill(steadyRuns, -1);
    List<List<Long>> warmups = new ArrayList<>();
    steps.forEach(x -> warmups.add(new ArrayList<>()));
    for (int i = 0; i < slots.size(); i++) {
      if (reference.isPresent() && i % every == 0) {
        runOne(
            reference.get(),
            new RunSchedule.Slot(0, ++sentinelRound, ++position),
            options.flush(),
            0,
            0,
            true,
            -1);
      }
      RunSchedule.Slot s = slots.get(i);
      BatchStep step = steps.get(s.config());
      // Right before the configuration's first measured run, after its fixed warm-ups.
      if (steady.enabled()
          && steadyRuns[s.config()] < 0
          && s.round() > step.planned().settings().warmup()) {
        steadyRuns[s.config()] =
            warmUntilSteady(step, steady, options.flush(), warmups.get(s.config()));
      }
      long elapsed =
          runOne(
              step,
              new RunSchedule.Slot(s.config(), s.round(), ++position),
              options.flush(),
              s.config() + 1,
              steps.size(),
              false,
              steadyRuns[s.config()]);
      if (s.round() <= step.planned().settings().warmup()) {
        warmups.get(s.config()).add(elapsed);
      }
    }
    if (reference.isPresent()) {
      runOne(
          reference.get(),
          new RunSchedule.Slot(0, ++sentinelRound, ++position),
          options.flush(),
          0,
          0,
          true,
          -1);
    }
  }

  /**
   * Runs {@code step}'s configuration, unrecorded, as {@code steady} asks: until its times stop
   * falling or the budget is spent. Its fixed warm-ups in this JVM ({@code warmups}, nanoseconds)
   * count as the first runs and their time against the budget, so a configuration whose warm-up
   * alone outlasted the budget runs no more. Each run is prepared and cleaned up as a measured one
   * is.
   *
   * @return the number of runs added
   */
  private int warmUntilSteady(
      BatchStep step, SteadyWarmup steady, boolean flush, List<Long> warmups) throws IOException {
    Trial trial = step.planned().trial();
    RunSettings settings = step.planned().settings();
    List<Long> times = new ArrayList<>(warmups);
    long already = warmups.stream().mapToLong(Long::longValue).sum();
    long start = System.nanoTime();
    while (steady.another(times, already + System.nanoTime() - start)) {
      try {
        prepare(trial, settings, flush);
        long t = System.nanoTime();
        trial.run();
        times.add(System.nanoTime() - t);
      } finally {
        trial.finish();
      }
    }
    int added = times.size() - warmups.size();
    LOG.debug("{}: {} warm-up runs added until steady: {} ns", trial.describe(), added, times);
    return added;
  }

  /**
   * A run's set-up outside the clock: the trial's own, the page cache as {@code settings} ask, and
   * (with {@code flush}) dirty pages written back; a cold run was flushed by dropping the cache.
   *
   * @return the cache state the run gets
   */
  private CacheMode prepare(Trial trial, RunSettings settings, boolean flush) throws IOException {
    trial.prepare();
    CacheMode cacheDone = cache.prepare(settings.cache(), trial.inputs());
    if (flush && cacheDone != CacheMode.COLD) {
      cache.flush();
    }
    return cacheDone;
  }

  /**
   * One run: set-up, cache and page state, the timed work, its row, and its clean-up. {@code
   * steadyRuns}: the unrecorded warm-ups this configuration ran until steady, or -1 for none.
   *
   * @return the run's time on the clock, nanoseconds
   */
  private long runOne(
      BatchStep step,
      RunSchedule.Slot slot,
      boolean flush,
      int config,
      int configs,
      boolean sentinel,
      int steadyRuns)
      throws IOException {
    Trial trial = step.planned().trial();
    RunSettings settings = step.planned().settings();
    Runs which = step.runs();
    boolean warmup = slot.round() <= settings.warmup();
    int rep =
        warmup ? slot.round() : List.copyOf(which.reps()).get(slot.round() - settings.warmup() - 1);
    listener.runStarting(trial.describe(), config, configs, slot.round(), step.runCount());
    try {
      CacheMode cacheDone = prepare(trial, settings, flush);
      OptionalLong dirty = cache.dirtyBytes();
      // Outside the clock, as JMH's -gc: the previous run's garbage is collected now, not inside
      // this run, and the heap is compacted, so that a run's large arrays find contiguous space
      // (G1 does not move humongous objects: a second sort in one JVM ran out of heap with the
      // first's free space scattered between live regions).
      System.gc();
      memoryPeak.ifPresent(MemoryPeak::reset);

      // The CPU samples read a /proc file per thread: outside the I/O counters' window, so
      // that read_syscalls counts the run's calls only.
      ProcessCpu.Sample cpuBefore = ProcessCpu.sample();
      Optional<IoCounters> before = IoCounters.read();
      long start = System.nanoTime();
      TrialOutcome outcome = trial.run();
      long elapsed = System.nanoTime() - start;
      Optional<IoCounters> after = IoCounters.read();
      long cpu = ProcessCpu.between(cpuBefore, ProcessCpu.sample());
      Optional<IoCounters> io = after.flatMap(a -> before.map(a::minus));
      Optional<Boolean> verified = trial.verify(outcome);

      ResultRow.Builder b =
          row(trial, settings, outcome, verified, elapsed, io, rep, warmup, cacheDone, cpu)
              .set(ResultColumn.ORDER_INDEX, slot.position())
              .set(ResultColumn.ROUND, sentinel ? null : Integer.toString(slot.round()));
      if (sentinel) {
        b.set(ResultColumn.SENTINEL, true);
      }
      dirty.ifPresent(d -> b.set(ResultColumn.DIRTY_BYTES, d));
      if (steadyRuns >= 0 && !warmup) {
        b.set(ResultColumn.STEADY_WARMUPS, steadyRuns);
      }
      memoryPeak.ifPresent(p -> b.setIfPresent(ResultColumn.MEMORY_PEAK_BYTES, p.bytes()));
      ResultRow row = floors.withFloor(b.build(), trial.inputs());
      if (warmup && !which.recordedWarmups().contains(rep)) {
        listener.runNotRecorded(row);
      } else {
        sink.accept(row);
        listener.runFinished(row);
      }
      return elapsed;
    } finally {
      // After every run, not only a configuration's last: with runs interleaved, what one left
      // (a sort's output) would otherwise sit on the disk under every other configuration's runs.
      trial.finish();
    }
  }

  /**
   * The checksum as written in a results file and printed: {@code x} and 16 hex digits, so that
   * every reader that guesses types keeps it as text ({@link ResultColumns#CHECKSUM_PREFIX}).
   * Readers accept it with either prefix or none ({@link ResultColumns#checksumValue}).
   */
  static String checksumCell(Checksum checksum) {
    return ResultColumns.CHECKSUM_PREFIX + checksum.hex();
  }

  private static ResultRow.Builder row(
      Trial trial,
      RunSettings settings,
      TrialOutcome outcome,
      Optional<Boolean> verified,
      long elapsedNs,
      Optional<IoCounters> io,
      int rep,
      boolean warmup,
      CacheMode cacheDone,
      long cpuNs) {
    double seconds = elapsedNs / NANOS_PER_SECOND;
    ResultRow.Builder b =
        trial
            .configuration()
            .set(ResultColumn.WHEN, Instant.now().truncatedTo(ChronoUnit.MILLIS).toString())
            .set(ResultColumn.REP, rep)
            .set(ResultColumn.WARMUP, warmup)
            .set(ResultColumn.CACHE, cacheDone.cliName())
            .set(ResultColumn.SYNC, settings.sync())
            .set(ResultColumn.ELAPSED_NS, elapsedNs)
            .set(ResultColumn.ELAPSED_MS, elapsedNs / 1e6, 3)
            .set(ResultColumn.MIB_PER_S, outcome.bytes() / BYTES_PER_MIB / seconds, 2)
            .set(
                ResultColumn.NS_PER_INT,
                outcome.ints() == 0 ? Double.NaN : (double) elapsedNs / outcome.ints(),
                3)
            .set(ResultColumn.BYTES, outcome.bytes())
            .setIfPresent(ResultColumn.PREDICTED_IOS, trial.predictedIos())
            .set(ResultColumn.CHECKSUM, checksumCell(outcome.checksum()))
            .set(ResultColumn.VERIFIED, verified.map(String::valueOf).orElse(null))
            // The JVM that measured it: this one (a fork's row is made in the fork).
            .set(ResultColumn.JAVA_VERSION, System.getProperty("java.version"))
            .set(ResultColumn.JAVA_VENDOR, System.getProperty("java.vendor"));
    if (cpuNs >= 0) {
      b.set(ResultColumn.CPU_NS, cpuNs);
    }
    io.ifPresent(
        c ->
            b.set(ResultColumn.READ_SYSCALLS, c.readSyscalls())
                .set(ResultColumn.WRITE_SYSCALLS, c.writeSyscalls())
                .set(ResultColumn.STORAGE_READ_BYTES, c.storageReadBytes())
                .set(ResultColumn.STORAGE_WRITE_BYTES, c.storageWriteBytes()));
    for (Map.Entry<ResultColumn, String> e : outcome.extra().entrySet()) {
      b.set(e.getKey(), e.getValue());
    }
    return b;
  }
}
