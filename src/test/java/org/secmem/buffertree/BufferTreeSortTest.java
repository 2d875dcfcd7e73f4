package org.secmem.buffertree;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.secmem.buffertree.TreeCases.Boundary;
import org.secmem.buffertree.TreeCases.Shape;
import org.secmem.data.Checksum;
import org.secmem.data.SortOrder;
import org.secmem.fs.TempRegistry;
import org.secmem.sort.SortSpec;
import org.secmem.sort.SortStats;
import org.secmem.sort.StreamFactory;
import org.secmem.sort.WorkDirectory;
import org.secmem.stream.DirectSupport;
import org.secmem.stream.StreamOptions;
import org.secmem.stream.StreamType;

/**
 * Buffer-tree sort's contract: the output is the input sorted (either order) for every N around the
 * tree's block, buffer and leaf boundaries, every M, B and (a, b), every data shape and every
 * stream pair a tree can write with; the figures it reports agree with each other and the plan;
 * nothing but the output is left. A {@code direct} write type is refused up front.
 */
class BufferTreeSortTest {

  @TempDir Path dir;

  /** Block sizes in bytes: 1, 2, 3, 4, 16 and 64 ints. */
  private static final int[] BUFFERS = {4, 8, 12, 16, 64, 256};

  static SortSpec spec(
      Path in, Path out, long m, StreamType r, StreamType w, int b, SortOrder order) {
    return new SortSpec(in, out, m, 2, r, w, StreamOptions.ofBuffer(b), order, List.of());
  }

  /** Sorts {@code values}, checks the output, the figures and that only the output is left. */
  static BufferTreeSort.Result sortAndCheck(
      Path base,
      int[] values,
      long m,
      int b,
      FanoutRule rule,
      StreamType r,
      StreamType w,
      SortOrder order)
      throws IOException {
    Files.createDirectories(base);
    Path in = base.resolve("in.bin");
    Path out = base.resolve("out/sorted.bin");
    TreeCases.writeInts(in, values);
    byte[] before = Files.readAllBytes(in);
    BufferTreeSort sorter = new BufferTreeSort(rule, StreamFactory.standard(), TempRegistry.none());
    SortSpec spec = spec(in, out, m, r, w, b, order);
    BufferTreeSort.Result res = sorter.sortCounted(spec);
    String what =
        r
            + "/"
            + w
            + " n="
            + values.length
            + " M="
            + m
            + " B="
            + b
            + " "
            + rule.text()
            + " "
            + order
            + " "
            + res.tree();
    assertArrayEquals(TreeCases.expected(values, order), TreeCases.readInts(out), what);
    assertArrayEquals(before, Files.readAllBytes(in), "input unchanged: " + what);
    try (Stream<Path> left = Files.list(out.getParent())) {
      assertEquals(List.of(out), left.toList(), "only the output is left: " + what);
    }
    try (Stream<Path> left = Files.list(base)) {
      assertTrue(
          left.noneMatch(p -> p.getFileName().toString().startsWith(WorkDirectory.PREFIX)),
          "no work folder: " + what);
    }
    long n = values.length;
    TreeMemory plan = sorter.plan(spec, n);
    assertEquals(plan, res.memory(), what);
    SortStats s = res.sort();
    TreeStats t = res.tree();
    assertEquals(n, s.ints(), what);
    assertEquals(t.leaves(), s.runs(), what);
    assertEquals(t.height(), s.passes(), what);
    Checksum c = new Checksum();
    c.add(values, 0, values.length);
    assertTrue(c.sameAs(s.inputChecksum()), what);
    assertEquals(plan.fanout(), t.fanout(), what);
    // Every file the tree writes it reads back whole, and the input and output count once each.
    assertEquals(t.intsRead(), t.intsWritten(), what);
    assertEquals(4 * t.intsRead(), s.bytesRead(), what);
    assertEquals(4 * t.intsWritten(), s.bytesWritten(), what);
    long inputBlocks = (n + plan.blockInts() - 1) / plan.blockInts();
    assertTrue(t.blocksRead() <= t.blocksWritten(), what);
    assertTrue(t.blocksWritten() >= 3 * inputBlocks, "input, root buffer, leaves: " + what);
    assertEquals(n <= plan.leafInts(), t.height() == 1, "root splits past b blocks: " + what);
    assertEquals(t.height() == 1, t.leaves() == 1, what);
    assertTrue(t.leaves() >= (n + plan.leafInts() - 1) / plan.leafInts(), what);
    assertTrue(s.peakHeapBytes() != 0, what);
    return res;
  }

  @Provide
  Arbitrary<StreamType> reads() {
    return Arbitraries.of(StreamType.values());
  }

  @Provide
  Arbitrary<StreamType> writes() {
    return Arbitraries.of(StreamType.values()).filter(t -> t != StreamType.DIRECT);
  }

  @Property(tries = 40)
  void sort_anyPlanAnySizeAnyShape_matchesArraysSort(
      @ForAll("reads") StreamType read,
      @ForAll("writes") StreamType write,
      @ForAll @IntRange(min = 0, max = 5) int bufferChoice,
      @ForAll @IntRange(min = 4, max = 24) int blocks,
      @ForAll @IntRange(min = 0, max = 4) int ruleChoice,
      @ForAll @IntRange(min = 0, max = 1000) int pick,
      @ForAll Boundary boundary,
      @ForAll @IntRange(min = 1, max = 3) int times,
      @ForAll @IntRange(min = -1, max = 1) int delta,
      @ForAll @IntRange(min = 0, max = 6000) int any,
      @ForAll Shape shape,
      @ForAll SortOrder order,
      @ForAll long seed)
      throws IOException {
    boolean direct = read == StreamType.DIRECT;
    if (direct) {
      Assume.that(DirectSupport.available()); // no O_DIRECT here (tmpfs): skipped
    }
    // async hands every block to another thread: blocks of one int would cost a hand-over each.
    boolean async = read == StreamType.ASYNC || write == StreamType.ASYNC;
    int b =
        direct
            ? StreamType.DIRECT_ALIGNMENT
            : async ? Math.max(64, BUFFERS[bufferChoice]) : BUFFERS[bufferChoice];
    int bi = b / 4;
    int m = direct ? 4 + blocks % 4 : blocks;
    FanoutRule rule = TreeCases.rule(ruleChoice, m, pick);
    TreeMemory plan = TreeMemory.plan(0, (long) m * bi, b, rule, read, write);
    // Every push opens a stream (a thread for async, a system call per int for simple): keep the
    // loads of a try to a few hundred, whatever B and m.
    int cap = (int) Math.min(direct ? 24_000 : 6_000, 50 * plan.bufferInts());
    int n = TreeCases.size(plan, boundary, times, delta, any, cap);
    int[] values = TreeCases.data(shape, n, seed);
    // jqwik properties get no JUnit @TempDir: make and remove one per try.
    Path base = Files.createTempDirectory("secmem-bt-prop");
    try {
      sortAndCheck(base, values, (long) m * bi, b, rule, read, write, order);
    } finally {
      WorkDirectory.deleteTree(base);
    }
  }

  /** Every pair with a write type the tree can use, in one order or the other by turns. */
  static Stream<Arguments> everyPair() {
    List<Arguments> cases = new ArrayList<>();
    for (StreamType r : StreamType.values()) {
      for (StreamType w : StreamType.values()) {
        if (w != StreamType.DIRECT) {
          cases.add(Arguments.of(r, w, SortOrder.values()[(r.ordinal() + w.ordinal()) % 2]));
        }
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0}/{1} {2}")
  @MethodSource("everyPair")
  void sort_threeLevels_everyStreamPair_matchesArraysSort(StreamType r, StreamType w, SortOrder o)
      throws IOException {
    boolean direct = r == StreamType.DIRECT;
    Assumptions.assumeTrue(!direct || DirectSupport.available(), "no O_DIRECT here");
    int b = direct ? StreamType.DIRECT_ALIGNMENT : 64;
    int bi = b / 4;
    // m blocks, b = m/2: leaves of at most b blocks, at most b leaves under a node of height 2;
    // more than b full leaves' worth of ints makes three levels at least.
    int blocks = 6;
    long m = (long) blocks * bi;
    int n = (blocks / 2 + 1) * (blocks / 2) * bi + 3;
    int[] values = TreeCases.data(Shape.RANDOM, n, 11);
    values[5] = Integer.MIN_VALUE;
    values[6] = Integer.MAX_VALUE;
    values[7] = Integer.MAX_VALUE;
    BufferTreeSort.Result res =
        sortAndCheck(dir.resolve("s"), values, m, b, FanoutRule.ratio(2), r, w, o);
    assertTrue(res.tree().height() >= 3, res.tree().toString());
    assertTrue(res.tree().internalEmptyings() > 0, res.tree().toString());
  }

  @ParameterizedTest(name = "read {0}")
  @MethodSource("org.secmem.buffertree.BufferTreeSortTest#readTypes")
  void sort_directWrites_refusedWithAClearMessage_nothingLeft(StreamType r) throws IOException {
    Path in = dir.resolve("in.bin");
    Path out = dir.resolve("out.bin");
    TreeCases.writeInts(in, TreeCases.data(Shape.RANDOM, 5000, 3));
    BufferTreeSort sorter =
        new BufferTreeSort(FanoutRule.DEFAULT, StreamFactory.standard(), TempRegistry.none());
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                sorter.sort(
                    spec(in, out, 1 << 16, r, StreamType.DIRECT, 4096, SortOrder.ASCENDING)));
    assertTrue(
        e.getMessage().contains("direct") && e.getMessage().contains("write stream"),
        e.getMessage());
    try (Stream<Path> left = Files.list(dir)) {
      assertEquals(
          List.of("in.bin"),
          left.map(p -> p.getFileName().toString()).toList(),
          "no output, no work folder");
    }
  }

  static Stream<StreamType> readTypes() {
    return Stream.of(StreamType.values());
  }

  @Test
  void sort_descending_keepsTheExtremesAndComplementsBack() throws IOException {
    int[] values = {
      Integer.MAX_VALUE, 0, -1, Integer.MIN_VALUE, 1, Integer.MIN_VALUE, Integer.MAX_VALUE, -1, 0
    };
    for (SortOrder o : SortOrder.values()) {
      sortAndCheck(
          dir.resolve(o.cliName()),
          values,
          4,
          4,
          FanoutRule.ratio(2),
          StreamType.USER_BUFFER,
          StreamType.USER_BUFFER,
          o);
    }
  }

  @Test
  void sort_emptyInput_writesAnEmptyOutput() throws IOException {
    BufferTreeSort.Result res =
        sortAndCheck(
            dir.resolve("e"),
            new int[0],
            64,
            16,
            FanoutRule.DEFAULT,
            StreamType.USER_BUFFER,
            StreamType.USER_BUFFER,
            SortOrder.ASCENDING);
    assertEquals(1, res.tree().height());
    assertEquals(0, res.tree().leafEmptyings());
    assertEquals(0, res.tree().blocksWritten());
  }
}
