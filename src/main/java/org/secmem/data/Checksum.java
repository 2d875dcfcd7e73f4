package org.secmem.data;

/**
 * An order-independent checksum of a multiset of ints: the count and the wrapping sum of a 64-bit
 * mix of every value. Two files hold the same values (in any order) when their checksums are equal,
 * up to a 2^-64 chance; every int read is folded in, so no read can be optimised away.
 *
 * <p>Not thread-safe: one accumulator per thread, combined with {@link #add(Checksum)}.
 */
public final class Checksum {

  private long count;
  private long sum;

  /** The mix of one value (the finaliser of MurmurHash3, a bijection on 64 bits). */
  public static long mix(int value) {
    long z = value * 0x9E3779B97F4A7C15L;
    z = (z ^ (z >>> 33)) * 0xFF51AFD7ED558CCDL;
    z = (z ^ (z >>> 33)) * 0xC4CEB9FE1A85EC53L;
    return z ^ (z >>> 33);
  }

  public void add(int value) {
    sum += mix(value);
    count++;
  }

  public void add(int[] values, int off, int len) {
    long s = 0;
    for (int i = off; i < off + len; i++) {
      s += mix(values[i]);
    }
    sum += s;
    count += len;
  }

  public void add(Checksum other) {
    sum += other.sum;
    count += other.count;
  }

  /** Folds a value computed elsewhere with {@link #mix} (a sum of mixes) covering {@code n} ints. */
  public void addMixed(long mixSum, long n) {
    sum += mixSum;
    count += n;
  }

  public long count() {
    return count;
  }

  public long sum() {
    return sum;
  }

  /** 16 hex digits of the sum, as written in result files. */
  public String hex() {
    return String.format("%016x", sum);
  }

  public boolean sameAs(Checksum other) {
    return count == other.count && sum == other.sum;
  }

  @Override
  public String toString() {
    return hex() + " over " + count + " ints";
  }
}
