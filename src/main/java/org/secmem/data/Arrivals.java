package org.secmem.data;

/**
 * Keys that arrive one every {@code nanosPerKey} nanoseconds, as from a producer whose work per key
 * costs that long (seed 004 Figure 7: sorting while the input is generated). The clock starts at
 * the first {@link #next} call; a call returns once the last key it hands out has arrived, spinning
 * on this thread meanwhile (the producer's work), and returns at once for keys that arrived while
 * the caller was busy. The keys are those of a {@link ValueGenerator}, and their checksum is kept
 * so that the sorted output can be verified.
 */
public final class Arrivals {

  private final ValueGenerator keys;
  private final long n;
  private final long nanosPerKey;
  private final Checksum checksum = new Checksum();
  private long start = -1;
  private long produced;
  private long lastArrival;

  /**
   * @param nanosPerKey the time between two keys, at least 0 (0: all keys at once)
   */
  public Arrivals(Shape shape, long n, long seed, long nanosPerKey) {
    if (nanosPerKey < 0) {
      throw new IllegalArgumentException("nanosPerKey (" + nanosPerKey + ") must be >= 0");
    }
    this.keys = new ValueGenerator(shape, n, seed);
    this.n = n;
    this.nanosPerKey = nanosPerKey;
  }

  /**
   * Hands out up to {@code len} next keys into {@code dst[0..)}, once the last of them has arrived.
   *
   * @return how many: fewer than {@code len} only at the end, 0 when every key was handed out
   */
  public int next(int[] dst, int len) {
    if (start < 0) {
      start = System.nanoTime();
    }
    int count = (int) Math.min(len, n - produced);
    keys.fill(dst, 0, count);
    checksum.add(dst, 0, count);
    produced += count;
    long due = start + produced * nanosPerKey;
    long now = System.nanoTime();
    while (now - due < 0) {
      Thread.onSpinWait();
      now = System.nanoTime();
    }
    lastArrival = now;
    return count;
  }

  /** Keys not handed out yet. */
  public long remaining() {
    return n - produced;
  }

  /** The checksum of the keys handed out. */
  public Checksum checksum() {
    return checksum;
  }

  /** Nanoseconds from the first call to the return of the last one, 0 before any. */
  public long elapsedNanos() {
    return start < 0 ? 0 : lastArrival - start;
  }
}
