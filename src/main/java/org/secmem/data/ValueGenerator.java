package org.secmem.data;

import java.util.SplittableRandom;

/**
 * A deterministic sequence of ints of one {@link Shape}: the same shape, count and seed always give
 * the same values. Not thread-safe.
 */
public final class ValueGenerator {

  private static final int FEW_DISTINCT_VALUES = 16;
  private static final double SPAN = 4294967295.0; // 2^32 - 1: from MIN_VALUE to MAX_VALUE

  private final Shape shape;
  private final long n;
  private final SplittableRandom random;
  private final int[] palette;
  private final double step;
  private long index;

  /**
   * @param n how many values the sequence has (it spreads sorted shapes over the int range)
   */
  public ValueGenerator(Shape shape, long n, long seed) {
    if (n < 0) {
      throw new IllegalArgumentException("n (" + n + ") must be >= 0");
    }
    this.shape = shape;
    this.n = n;
    this.random = new SplittableRandom(seed);
    this.step = n <= 1 ? 0 : SPAN / (n - 1);
    switch (shape) {
      case FEW_DISTINCT:
        palette = random.ints(FEW_DISTINCT_VALUES).toArray();
        break;
      case EQUAL:
        palette = new int[] {random.nextInt()};
        break;
      default:
        palette = new int[0];
    }
  }

  /**
   * The seed of stream {@code j} of an experiment seeded with {@code seed}; stream 0 uses it as is.
   */
  public static long streamSeed(long seed, int j) {
    return seed + j * 0x9E3779B97F4A7C15L;
  }

  public int next() {
    long i = index++;
    switch (shape) {
      case UNIFORM:
        return random.nextInt();
      case SORTED:
        return (int) (Integer.MIN_VALUE + (long) (i * step));
      case REVERSE:
        return (int) (Integer.MAX_VALUE - (long) (i * step));
      case FEW_DISTINCT:
        return palette[random.nextInt(FEW_DISTINCT_VALUES)];
      case EQUAL:
        return palette[0];
      default:
        throw new AssertionError(shape);
    }
  }

  /** Fills {@code dst[off..off+len)} with the next values. */
  public void fill(int[] dst, int off, int len) {
    for (int i = off; i < off + len; i++) {
      dst[i] = next();
    }
  }

  /** How many values the sequence was made for. */
  public long size() {
    return n;
  }
}
