package org.secmem.buffertree;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.buffertree.TreeCases.Boundary;
import org.secmem.buffertree.TreeCases.Shape;
import org.secmem.sort.StreamFactory;
import org.secmem.sort.WorkDirectory;
import org.secmem.stream.StreamOptions;
import org.secmem.stream.StreamType;

/**
 * The buffer tree itself: after any inserts and {@link BufferTree#emptyAll()} its (a, b)-tree
 * checks out and its counters agree with what the code guarantees; inserts may follow an emptying;
 * {@link BufferTree#drain} gives the sorted multiset and leaves no file; a drained tree takes no
 * more inserts.
 */
class BufferTreeTest {

  @TempDir Path dir;

  private static final int[] BUFFERS = {4, 8, 12, 16, 64};

  static BufferTree tree(TreeMemory plan, Path dir, StreamType r, StreamType w) {
    return new BufferTree(
        plan,
        List.of(dir),
        StreamFactory.standard(),
        r,
        w,
        StreamOptions.ofBuffer(plan.blockInts() * 4));
  }

  /** A block is B/4 ints, m = M/B blocks, a buffer is full above m/2 blocks, a leaf b blocks. */
  @Test
  void plan_blocksBuffersAndLeaves() {
    TreeMemory p =
        TreeMemory.plan(
            1000, 100, 16, FanoutRule.ratio(2), StreamType.USER_BUFFER, StreamType.USER_BUFFER);
    assertEquals(4, p.blockInts());
    assertEquals(25, p.m());
    assertEquals(12 * 4, p.bufferInts());
    assertEquals(12 * 4, p.loadInts());
    assertEquals(new Fanout(3, 12), p.fanout());
    assertEquals(12 * 4, p.leafInts());
    assertEquals(4 * (48 + 3 * 4), p.dataBytes());
    assertTrue(p.dataBytes() <= 4 * p.memoryInts());
  }

  /**
   * What the code guarantees of the counters after {@code emptyAll} with {@code n} keys in the tree
   * (all of them in leaves now).
   */
  static void checkStats(TreeStats t, TreeMemory p, long n, String what) {
    long bi = p.blockInts();
    long blocks = (n + bi - 1) / bi;
    long leaf = p.leafInts();
    int b = p.fanout().b();
    assertEquals(p.fanout(), t.fanout(), what);
    if (n == 0) {
      assertEquals(
          new TreeStats(p.fanout(), 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, t.forceEmptyNanos(), 0),
          t,
          what);
      return;
    }
    // Every key is written to the root's buffer once and to a leaf at least once; every buffer
    // written is read back whole.
    assertTrue(t.blocksWritten() >= 2 * blocks, "root buffer and leaves: " + what);
    assertTrue(t.intsWritten() >= 2 * n && t.intsRead() >= n, what);
    assertTrue(
        t.blocksWritten() <= t.intsWritten() && t.blocksWritten() * bi >= t.intsWritten(), what);
    assertTrue(t.blocksRead() <= t.intsRead() && t.blocksRead() * bi >= t.intsRead(), what);
    assertTrue(t.leafEmptyings() >= 1, what);
    assertTrue(t.blockPushes() >= t.internalEmptyings(), what);
    // The root is a leaf until a merge takes it past b blocks; then it splits.
    assertEquals(n <= leaf, t.height() == 1, "height 1 iff N <= b·B: " + what);
    assertEquals(t.height() == 1, t.leaves() == 1, what);
    if (t.height() == 1) {
      assertEquals(0, t.internalEmptyings(), what);
      assertEquals(0, t.blockPushes(), what);
      assertEquals(0, t.rebalances(), what);
    }
    // Leaves hold at most b blocks, and at least ⌊b·B/2⌋ ints once the root has split.
    assertTrue(t.leaves() >= (n + leaf - 1) / leaf, what);
    if (t.leaves() > 1) {
      assertTrue(t.leaves() * (leaf / 2) <= n, what);
    }
    // Splits: a leaf split adds leaves, an internal split internal nodes (each node but the
    // first root came from one, or is a root made above a split root).
    assertTrue(t.rebalances() >= t.leaves() - 1, what);
    if (t.height() <= 2) {
      assertEquals(t.leaves() - 1, t.rebalances(), "no internal split below height 3: " + what);
    }
    assertTrue(t.leaves() <= Math.pow(b, t.height() - 1), "at most b children: " + what);
    if (b >= 4) {
      assertTrue(t.leaves() >= 1L << (t.height() - 1), "two children or more: " + what);
    }
  }

  @Provide
  Arbitrary<StreamType> writes() {
    return Arbitraries.of(
        StreamType.USER_BUFFER, StreamType.CHANNEL, StreamType.MAPPED, StreamType.BUFFERED);
  }

  @Property(tries = 40)
  void insertEmptyDrain_anyPlan_keepsTheTreeAndGivesTheSortedMultiset(
      @ForAll("writes") StreamType read,
      @ForAll("writes") StreamType write,
      @ForAll @IntRange(min = 0, max = 4) int bufferChoice,
      @ForAll @IntRange(min = 4, max = 20) int blocks,
      @ForAll @IntRange(min = 0, max = 4) int ruleChoice,
      @ForAll @IntRange(min = 0, max = 1000) int pick,
      @ForAll Boundary boundary,
      @ForAll @IntRange(min = 1, max = 3) int times,
      @ForAll @IntRange(min = -1, max = 1) int delta,
      @ForAll @IntRange(min = 0, max = 3000) int any,
      @ForAll Shape shape,
      @ForAll @IntRange(min = 1, max = 3) int emptyings,
      @ForAll boolean oneByOne,
      @ForAll long seed)
      throws IOException {
    int b = BUFFERS[bufferChoice];
    int bi = b / 4;
    FanoutRule rule = TreeCases.rule(ruleChoice, blocks, pick);
    TreeMemory plan = TreeMemory.plan(0, (long) blocks * bi, b, rule, read, write);
    int n =
        TreeCases.size(
            plan, boundary, times, delta, any, (int) Math.min(5000, 50 * plan.bufferInts()));
    int[] values = TreeCases.data(shape, n, seed);
    Path d = Files.createTempDirectory("secmem-bt-tree");
    try {
      String what = read + "/" + write + " n=" + n + " " + plan;
      try (BufferTree t = tree(plan, d, read, write)) {
        int height = 1;
        long leaves = 1;
        TreeStats before = t.stats(0, 0);
        // Insert in parts, emptying every buffer after each: inserts may follow an emptying,
        // and the tree only ever grows.
        for (int k = 1; k <= emptyings; k++) {
          int from = (int) ((long) n * (k - 1) / emptyings);
          int to = (int) ((long) n * k / emptyings);
          if (oneByOne) {
            for (int i = from; i < to; i++) {
              t.insert(values[i]);
            }
          } else {
            t.insert(values, from, to - from);
          }
          assertEquals(to, t.size());
          t.emptyAll();
          t.checkInvariants();
          TreeStats s = t.stats(0, 0);
          checkStats(s, plan, to, what + " after part " + k);
          assertTrue(s.height() >= height && s.leaves() >= leaves, what);
          assertTrue(
              s.blocksWritten() >= before.blocksWritten() && s.rebalances() >= before.rebalances(),
              what);
          height = s.height();
          leaves = s.leaves();
          before = s;
        }
        int[] out = new int[n];
        int[] pos = {0};
        t.drain(
            (block, len) -> {
              assertTrue(len > 0 && len <= plan.blockInts(), "a block at a time: " + len);
              System.arraycopy(block, 0, out, pos[0], len);
              pos[0] += len;
            });
        assertEquals(n, pos[0], what);
        int[] expected = values.clone();
        Arrays.sort(expected);
        assertArrayEquals(expected, out, what);
        TreeStats s = t.stats(0, 0);
        assertEquals(s.intsWritten(), s.intsRead(), "every file read back whole: " + what);
        assertTrue(s.blocksRead() <= s.blocksWritten(), what);
        try (Stream<Path> left = Files.list(d)) {
          assertEquals(List.of(), left.toList(), "drain leaves no file: " + what);
        }
        assertThrows(IllegalStateException.class, () -> t.insert(1));
        assertThrows(IllegalStateException.class, () -> t.insert(new int[] {1, 2}, 0, 2));
        assertThrows(IllegalStateException.class, t::emptyAll);
      }
    } finally {
      WorkDirectory.deleteTree(d);
    }
  }

  @Test
  void height_growsAsNPassesOneLeafThenBLeaves() throws IOException {
    // B = 4 ints, m = 8: buffers full above 4 blocks, b = 4, a = 1: leaves of 2 .. 4 blocks.
    TreeMemory p =
        TreeMemory.plan(
            0, 32, 16, FanoutRule.ratio(2), StreamType.USER_BUFFER, StreamType.USER_BUFFER);
    assertEquals(16, p.leafInts());
    int last = 0;
    for (int n : new int[] {0, 1, 15, 16, 17, 40, 64, 65, 300}) {
      Path d = Files.createDirectories(dir.resolve("n" + n));
      try (BufferTree t = tree(p, d, StreamType.USER_BUFFER, StreamType.USER_BUFFER)) {
        t.insert(TreeCases.data(Shape.RANDOM, n, n), 0, n);
        t.emptyAll();
        t.checkInvariants();
        TreeStats s = t.stats(0, 0);
        checkStats(s, p, n, "n=" + n);
        assertTrue(s.height() >= last, "n=" + n + " " + s);
        last = s.height();
        if (n <= 16) {
          assertEquals(1, s.height(), "one leaf holds b·B = 16: " + s);
        } else if (n > 16 * 4) {
          // More than b full leaves' worth: more leaves than a root of b children can hold.
          assertTrue(s.height() >= 3, "n=" + n + " " + s);
        } else {
          assertTrue(s.height() >= 2, "n=" + n + " " + s);
        }
      }
    }
    assertTrue(last >= 4, "300 ints in leaves of at most 16, at most 4 per node: " + last);
  }

  @Test
  void fanoutTwo_splitsEndAndKeepTheTree() throws IOException {
    // b = 2: a node of three children splits into two and one; a root split must not make a
    // root as wide as the node it split (a split without end).
    for (FanoutRule rule :
        List.of(
            FanoutRule.fixed(new Fanout(1, 2)),
            FanoutRule.ratio(2),
            FanoutRule.fixed(new Fanout(1, 3)))) {
      TreeMemory p = TreeMemory.plan(0, 4, 4, rule, StreamType.USER_BUFFER, StreamType.USER_BUFFER);
      Path d = Files.createDirectories(dir.resolve(rule.text().replace('/', '-')));
      int[] values = TreeCases.data(Shape.RANDOM, 80, 5);
      try (BufferTree t = tree(p, d, StreamType.USER_BUFFER, StreamType.USER_BUFFER)) {
        t.insert(values, 0, values.length);
        t.emptyAll();
        t.checkInvariants();
        checkStats(t.stats(0, 0), p, values.length, rule.text());
        int[] out = new int[values.length];
        int[] pos = {0};
        t.drain(
            (block, len) -> {
              System.arraycopy(block, 0, out, pos[0], len);
              pos[0] += len;
            });
        Arrays.sort(values);
        assertArrayEquals(values, out, rule.text());
      }
    }
  }

  @Test
  void close_withKeysInBuffersAndLeaves_deletesEveryFile() throws IOException {
    TreeMemory p =
        TreeMemory.plan(
            0, 32, 16, FanoutRule.ratio(2), StreamType.USER_BUFFER, StreamType.USER_BUFFER);
    try (BufferTree t = tree(p, dir, StreamType.USER_BUFFER, StreamType.USER_BUFFER)) {
      t.insert(TreeCases.data(Shape.DUPLICATES, 777, 2), 0, 777);
      try (Stream<Path> files = Files.list(dir)) {
        assertTrue(files.count() > 3, "buffers and leaves on disk");
      }
    }
    try (Stream<Path> left = Files.list(dir)) {
      assertEquals(List.of(), left.toList());
    }
  }

  @Test
  void directWrites_areRefused() {
    TreeMemory p =
        TreeMemory.plan(
            0, 1 << 14, 4096, FanoutRule.ratio(2), StreamType.DIRECT, StreamType.DIRECT);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> tree(p, dir, StreamType.USER_BUFFER, StreamType.DIRECT));
    assertTrue(e.getMessage().contains("direct"), e.getMessage());
  }

  @Test
  void lowerBound_firstIndexAtLeastTheKey() {
    int[] a = {Integer.MIN_VALUE, -1, 3, 3, 3, 7, Integer.MAX_VALUE};
    assertEquals(0, BufferTree.lowerBound(a, 0, a.length, Integer.MIN_VALUE));
    assertEquals(2, BufferTree.lowerBound(a, 0, a.length, 3));
    assertEquals(5, BufferTree.lowerBound(a, 0, a.length, 4));
    assertEquals(6, BufferTree.lowerBound(a, 0, a.length, Integer.MAX_VALUE));
    assertEquals(4, BufferTree.lowerBound(a, 4, a.length, 3));
    assertEquals(3, BufferTree.lowerBound(a, 3, 3, 9));
  }
}
