package org.secmem.experiment;

/**
 * How each configuration is run: repetitions, warm-up runs, cache state, durability, seed.
 *
 * @param reps measured repetitions, at least 1
 * @param warmup warm-up runs before them (measured, recorded, flagged), at least 0
 * @param cache the page-cache state asked for before each timed run
 * @param sync whether written data is forced to storage before the clock stops
 * @param seed the PRNG seed of generated data
 */
public record RunSettings(int reps, int warmup, CacheMode cache, boolean sync, long seed) {

  public static final int DEFAULT_REPS = 3;
  public static final int DEFAULT_WARMUP = 1;
  public static final long DEFAULT_SEED = 42;

  public RunSettings {
    if (reps < 1) {
      throw new IllegalArgumentException("reps (" + reps + ") must be >= 1");
    }
    if (warmup < 0) {
      throw new IllegalArgumentException("warmup (" + warmup + ") must be >= 0");
    }
    if (cache == null) {
      throw new IllegalArgumentException("cache must be given");
    }
  }

  public static RunSettings defaults() {
    return new RunSettings(DEFAULT_REPS, DEFAULT_WARMUP, CacheMode.AS_IS, false, DEFAULT_SEED);
  }

  /** Warm-up plus measured runs. */
  public int totalRuns() {
    return reps + warmup;
  }
}
