package org.secmem.experiment;

/**
 * How a batch's runs are ordered and what happens between them.
 *
 * @param order the order of the runs (see {@link RunOrder})
 * @param orderSeed the seed of the interleaved and random orders, recorded with the results
 * @param flush whether dirty pages are written back ({@code sync}) before each timed run, so that
 *     a run does not pay for what the one before it wrote
 */
public record BatchOptions(RunOrder order, long orderSeed, boolean flush) {

  public BatchOptions {
    if (order == null) {
      throw new IllegalArgumentException("an order must be given");
    }
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
