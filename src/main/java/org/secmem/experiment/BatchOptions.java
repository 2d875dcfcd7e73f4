package org.secmem.experiment;

import java.util.List;
import java.util.Optional;

/**
 * How a batch's runs are ordered and what happens between them.
 *
 * @param order the order of the runs (see {@link RunOrder})
 * @param orderSeed the seed of the interleaved and random orders, recorded with the results
 * @param flush whether dirty pages are written back ({@code sync}) before each timed run, so that a
 *     run does not pay for what the one before it wrote
 * @param forks fresh JVMs per configuration, each running the configuration's warm-ups and
 *     repetitions (so a configuration gets forks x reps rows); 0 measures in this JVM
 * @param child in a forked JVM: what it measures; empty in the process the user started
 * @param sentinel the 0-based index of the configuration re-measured as a reference (see {@code
 *     --sentinel}), or -1 for none
 * @param sentinelEvery runs of the batch between two sentinel runs (one also runs first and last);
 *     0 for once per round, as many runs as the batch has configurations
 * @param jvms the JVMs each configuration is measured on, in forks of each ({@code --jvm}); empty
 *     for the JVM the user started (or its forks)
 * @param memoryLimits the memory limits (bytes) each configuration is measured under, each fork in
 *     a memory cgroup of that size ({@code --memory-limit}); empty for none
 * @param steady how long a configuration may warm up until its times stop falling, before its first
 *     measured run, in the JVM that measures it ({@code --steady-warmup}; a fork's own)
 */
public record BatchOptions(
    RunOrder order,
    long orderSeed,
    boolean flush,
    int forks,
    Optional<ForkChild> child,
    int sentinel,
    int sentinelEvery,
    List<Jvm> jvms,
    List<Long> memoryLimits,
    SteadyWarmup steady) {

  /** The most forks per configuration. */
  public static final int MAX_FORKS = 1000;

  public BatchOptions {
    if (order == null || child == null || steady == null) {
      throw new IllegalArgumentException("an order must be given");
    }
    if (forks < 0 || forks > MAX_FORKS) {
      throw new IllegalArgumentException("forks (" + forks + ") must be 0 .. " + MAX_FORKS);
    }
    if (sentinel < -1 || sentinelEvery < 0) {
      throw new IllegalArgumentException("sentinel " + sentinel + " every " + sentinelEvery);
    }
    jvms = List.copyOf(jvms);
    memoryLimits = List.copyOf(memoryLimits);
    if (!jvms.isEmpty() && forks < 1) {
      throw new IllegalArgumentException("a configuration runs on another JVM in forks only");
    }
    if (!memoryLimits.isEmpty() && forks < 1) {
      throw new IllegalArgumentException("a configuration runs under a memory limit in forks only");
    }
  }

  /** In this JVM, no sentinel. */
  public BatchOptions(RunOrder order, long orderSeed, boolean flush) {
    this(
        order,
        orderSeed,
        flush,
        0,
        Optional.empty(),
        -1,
        1,
        List.of(),
        List.of(),
        SteadyWarmup.OFF);
  }

  /** These options with {@code steady} as the adaptive warm-up. */
  public BatchOptions withSteady(SteadyWarmup steady) {
    return new BatchOptions(
        order, orderSeed, flush, forks, child, sentinel, sentinelEvery, jvms, memoryLimits, steady);
  }

  /** Runs between two sentinel runs in a batch of {@code configurations}. */
  public int sentinelInterval(int configurations) {
    return sentinelEvery > 0 ? sentinelEvery : Math.max(1, configurations);
  }

  /**
   * Measured runs of the sentinel in a batch of {@code runs} runs over {@code configurations}: one
   * before every {@link #sentinelInterval} runs and one after the last (its warm-ups apart).
   */
  public int sentinelRuns(long runs, int configurations) {
    long every = sentinelInterval(configurations);
    return Math.toIntExact((runs + every - 1) / every + 1);
  }

  /** Whether a reference configuration is re-measured during the batch. */
  public boolean hasSentinel() {
    return sentinel >= 0;
  }

  /**
   * The settings a configuration is measured with: with forks, each fork runs all of {@code
   * settings}' warm-ups and repetitions, so the configuration has forks times as many.
   */
  public RunSettings perConfiguration(RunSettings settings) {
    if (forks <= 1) {
      return settings;
    }
    return new RunSettings(
        Math.multiplyExact(settings.reps(), forks),
        Math.multiplyExact(settings.warmup(), forks),
        settings.cache(),
        settings.sync(),
        settings.seed());
  }

  /**
   * The configuration a {@code --sentinel} value names, by its index in the batch: its number less
   * one, 0 for {@code auto} (the first), -1 for none (null); spaces around it are dropped.
   *
   * @throws IllegalArgumentException quoting a value that is neither a number from 1 nor auto
   */
  public static int sentinelIndex(String value) {
    if (value == null) {
      return -1;
    }
    String t = value.trim();
    if (t.equalsIgnoreCase("auto")) {
      return 0;
    }
    if (!t.matches("[1-9][0-9]{0,8}")) {
      throw new IllegalArgumentException(
          "'" + value + "' is neither a configuration number (1, 2, ...) nor auto");
    }
    return Integer.parseInt(t) - 1;
  }

  /** Interleaved, seed {@value RunSettings#DEFAULT_SEED}, flushing. */
  public static BatchOptions defaults() {
    return new BatchOptions(RunOrder.DEFAULT, RunSettings.DEFAULT_SEED, true);
  }

  /** One configuration after another, not flushing: how secmem ran before it had a choice. */
  public static BatchOptions sequentialNoFlush() {
    return new BatchOptions(RunOrder.SEQUENTIAL, RunSettings.DEFAULT_SEED, false);
  }
}
