package org.secmem.buffertree;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.secmem.data.SortOrder;

/** Inputs for the buffer-tree tests: data shapes, sizes at the tree's boundaries, int files. */
final class TreeCases {

  private TreeCases() {}

  /** The data shapes the tests sort. */
  enum Shape {
    RANDOM,
    DUPLICATES,
    ALL_EQUAL,
    SORTED,
    REVERSE,
    EXTREMES
  }

  /** Where a size sits relative to the tree's plan; {@link #size} turns it into N. */
  enum Boundary {
    ZERO,
    ONE,
    BLOCK,
    BUFFER,
    LEAF,
    ROOT_SPLIT,
    ANY
  }

  /**
   * b = m/k for the k that m allows (b at least 2), or a fixed (a, b) with b at most m, picked by
   * {@code pick}.
   */
  static FanoutRule rule(int choice, long m, int pick) {
    if (choice < 4) {
      int k = 1 << choice;
      while (m / k < 2) {
        k /= 2;
      }
      return FanoutRule.ratio(k);
    }
    int b = 2 + (int) (pick % (m - 1));
    int a = 1 + (pick / 7) % (b / 2);
    return FanoutRule.fixed(new Fanout(a, b));
  }

  static int[] data(Shape shape, int n, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    int[] a;
    switch (shape) {
      case RANDOM:
        a = r.ints(n).toArray();
        break;
      case DUPLICATES:
        a = r.ints(n, -5, 5).toArray();
        break;
      case ALL_EQUAL:
        a = new int[n];
        Arrays.fill(a, (int) seed);
        break;
      case SORTED:
      case REVERSE:
        a = r.ints(n, -1000, 1000).toArray();
        Arrays.sort(a);
        if (shape == Shape.REVERSE) {
          reverse(a);
        }
        break;
      default:
        int[] few = {
          Integer.MIN_VALUE,
          Integer.MAX_VALUE,
          Integer.MIN_VALUE + 1,
          Integer.MAX_VALUE - 1,
          -1,
          0,
          1
        };
        a = new int[n];
        for (int i = 0; i < n; i++) {
          a[i] = few[r.nextInt(few.length)];
        }
        break;
    }
    return a;
  }

  /**
   * N at {@code boundary} of the plan (B ints, the m/2 blocks that fill a buffer, the b blocks of a
   * full leaf, enough full leaves for the root to split), times {@code times}, plus {@code delta},
   * within [0, cap]; {@link Boundary#ANY}: {@code any} itself.
   */
  static int size(TreeMemory p, Boundary boundary, int times, int delta, int any, int cap) {
    long base;
    switch (boundary) {
      case ZERO:
        return 0;
      case ONE:
        return 1;
      case BLOCK:
        base = p.blockInts();
        break;
      case BUFFER:
        base = p.bufferInts();
        break;
      case LEAF:
        base = p.leafInts();
        break;
      case ROOT_SPLIT:
        base = p.leafInts() * (p.fanout().b() + 1);
        break;
      default:
        return Math.min(any, cap);
    }
    long n = base * times + delta;
    return (int) Math.max(0, Math.min(cap, n));
  }

  static int[] expected(int[] values, SortOrder order) {
    int[] e = values.clone();
    Arrays.sort(e);
    if (order == SortOrder.DESCENDING) {
      reverse(e);
    }
    return e;
  }

  static void reverse(int[] a) {
    for (int i = 0, j = a.length - 1; i < j; i++, j--) {
      int t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
  }

  static void writeInts(Path f, int[] values) throws IOException {
    ByteBuffer bb = ByteBuffer.allocate(values.length * 4);
    bb.asIntBuffer().put(values);
    Files.write(f, bb.array());
  }

  static int[] readInts(Path f) throws IOException {
    ByteBuffer bb = ByteBuffer.wrap(Files.readAllBytes(f));
    int[] a = new int[bb.remaining() / 4];
    bb.asIntBuffer().get(a);
    return a;
  }
}
