package org.secmem.buffertree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.RandomDistribution;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.secmem.sort.StreamFactory;
import org.secmem.stream.StreamOptions;
import org.secmem.stream.StreamType;

/**
 * The buffer-tree priority queue against {@link PriorityQueue} over random operation sequences,
 * with M and B so small that the leftmost path is emptied, leaves are taken and nodes on the
 * leftmost path fuse and share within a few hundred operations.
 */
class ExternalPriorityQueueTest {

  /** An operation: delete-min, or insert of {@code key}. */
  record Op(boolean delete, int key) {
    @Override
    public String toString() {
      return delete ? "D" : "I" + key;
    }
  }

  /** A small tree: M, B in bytes, (a, b). */
  record Config(long memoryInts, int bufferBytes, FanoutRule rule) {
    @Override
    public String toString() {
      return "M=" + memoryInts + " B=" + bufferBytes + " " + rule.text();
    }
  }

  private static final List<Config> CONFIGS =
      List.of(
          // m = 16 blocks of 2 ints, (2, 4): C = 8 ints, leaves of 4..8 ints, tall trees.
          new Config(32, 8, FanoutRule.fixed(new Fanout(2, 4))),
          // (3, 6): a node left with 2 children shares with a sibling of 5 or 6, fuses with one of
          // 3 or 4: shares come often.
          new Config(32, 8, FanoutRule.fixed(new Fanout(3, 6))),
          // m = 32 blocks of 1 int, b = m/2 = 16, a = 4: wide nodes, a share is likelier than a
          // fuse.
          new Config(32, 4, FanoutRule.ratio(2)),
          // m = 64 blocks of 4 ints, b = m/8 = 8, a = 2: the default rule.
          new Config(256, 16, FanoutRule.DEFAULT));

  /** (1, 4): the least b the queue takes; leaves of one block or more, nodes of 2..4 children. */
  private static final Config LEAST = new Config(32, 8, FanoutRule.fixed(new Fanout(1, 4)));

  private static ExternalPriorityQueue open(Config c, Path dir) {
    TreeMemory mem =
        TreeMemory.plan(
            1_000_000,
            c.memoryInts(),
            c.bufferBytes(),
            c.rule(),
            StreamType.USER_BUFFER,
            StreamType.USER_BUFFER);
    return new ExternalPriorityQueue(
        mem,
        dir,
        StreamFactory.standard(),
        StreamType.USER_BUFFER,
        StreamType.USER_BUFFER,
        StreamOptions.ofBuffer(c.bufferBytes()));
  }

  private static long files(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.count();
    }
  }

  /**
   * Runs {@code ops} on the queue and the oracle side by side, checking every result, the size, and
   * the invariants every {@code checkEvery} operations and at the end; closes the queue and checks
   * that no file is left.
   */
  private static ExternalPriorityQueue.Stats run(Config c, List<Op> ops, int checkEvery)
      throws IOException {
    Path dir = Files.createTempDirectory("secmem-pq");
    try {
      ExternalPriorityQueue.Stats stats;
      try (ExternalPriorityQueue q = open(c, dir)) {
        PriorityQueue<Integer> oracle = new PriorityQueue<>();
        int i = 0;
        for (Op op : ops) {
          if (op.delete()) {
            if (oracle.isEmpty()) {
              assertThrows(NoSuchElementException.class, q::deleteMin, "at op " + i);
            } else {
              int expected = oracle.poll();
              if (i % 3 == 0) {
                assertEquals(expected, q.peekMin(), "peek at op " + i);
              }
              assertEquals(expected, q.deleteMin(), "op " + i + " of " + c);
            }
          } else {
            q.insert(op.key());
            oracle.add(op.key());
          }
          assertEquals(oracle.size(), q.size(), "size after op " + i);
          if (++i % checkEvery == 0) {
            q.checkInvariants();
          }
        }
        q.checkInvariants();
        while (!oracle.isEmpty()) {
          assertEquals((int) oracle.poll(), q.deleteMin());
        }
        assertEquals(0, q.size());
        assertThrows(NoSuchElementException.class, q::deleteMin);
        assertThrows(NoSuchElementException.class, q::peekMin);
        q.checkInvariants();
        stats = q.stats();
      }
      assertEquals(0, files(dir), "files left after close");
      return stats;
    } finally {
      try (Stream<Path> s = Files.walk(dir)) {
        s.sorted(Comparator.reverseOrder())
            .forEach(
                p -> {
                  try {
                    Files.delete(p);
                  } catch (IOException e) {
                    throw new UncheckedIOException(e);
                  }
                });
      }
    }
  }

  // ---- operation sequences ---------------------------------------------------------------------

  /** Keys with many duplicates, the extremes, and the whole int range. */
  private static Arbitrary<Integer> keys() {
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(6, Arbitraries.integers().between(-40, 40)),
        net.jqwik.api.Tuple.of(
            1,
            Arbitraries.of(
                Integer.MIN_VALUE,
                Integer.MAX_VALUE,
                Integer.MIN_VALUE + 1,
                Integer.MAX_VALUE - 1,
                0)),
        net.jqwik.api.Tuple.of(3, Arbitraries.integers()));
  }

  /** Lengths spread evenly (jqwik's default favours short lists, which never reach the tree). */
  private static final RandomDistribution UNIFORM = RandomDistribution.uniform();

  private static Arbitrary<Op> ops(int insertWeight, int deleteWeight) {
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(insertWeight, keys().map(k -> new Op(false, k))),
        net.jqwik.api.Tuple.of(deleteWeight, Arbitraries.just(new Op(true, 0))));
  }

  private static Arbitrary<Config> configs() {
    return Arbitraries.of(CONFIGS);
  }

  @Provide
  Arbitrary<List<Op>> insertHeavy() {
    return ops(3, 1).list().ofMaxSize(500).withSizeDistribution(UNIFORM);
  }

  @Provide
  Arbitrary<List<Op>> deleteHeavy() {
    // A run of inserts to fill the tree, then mostly delete-mins with a few inserts between.
    return Combinators.combine(
            ops(1, 0).list().ofMinSize(100).ofMaxSize(300).withSizeDistribution(UNIFORM),
            ops(1, 3).list().ofMaxSize(400).withSizeDistribution(UNIFORM))
        .as(
            (a, b) -> {
              List<Op> all = new ArrayList<>(a);
              all.addAll(b);
              return all;
            });
  }

  @Provide
  Arbitrary<List<Op>> interleaved() {
    // Inserts and delete-mins one to one, after a run of inserts so that the tree has height.
    return Combinators.combine(
            ops(1, 0).list().ofMinSize(50).ofMaxSize(250).withSizeDistribution(UNIFORM),
            keys().list().ofMaxSize(250).withSizeDistribution(UNIFORM))
        .as(
            (a, b) -> {
              List<Op> all = new ArrayList<>(a);
              for (int k : b) {
                all.add(new Op(false, k));
                all.add(new Op(true, 0));
              }
              return all;
            });
  }

  @Provide
  Arbitrary<List<Op>> insertsThenDeletes() {
    return keys()
        .list()
        .ofMaxSize(400)
        .withSizeDistribution(UNIFORM)
        .map(
            ks -> {
              List<Op> all = new ArrayList<>();
              for (int k : ks) {
                all.add(new Op(false, k));
              }
              for (int i = 0; i < ks.size(); i++) {
                all.add(new Op(true, 0));
              }
              return all;
            });
  }

  @Provide
  Arbitrary<Config> config() {
    return configs();
  }

  @Property(tries = 10)
  void insertHeavyAgreesWithPriorityQueue(
      @ForAll("config") Config c, @ForAll("insertHeavy") List<Op> ops) throws IOException {
    run(c, ops, 97);
  }

  @Property(tries = 10)
  void deleteHeavyAgreesWithPriorityQueue(
      @ForAll("config") Config c, @ForAll("deleteHeavy") List<Op> ops) throws IOException {
    run(c, ops, 97);
  }

  @Property(tries = 10)
  void interleavedAgreesWithPriorityQueue(
      @ForAll("config") Config c, @ForAll("interleaved") List<Op> ops) throws IOException {
    run(c, ops, 97);
  }

  @Property(tries = 10)
  void insertsThenDeletesAgreeWithPriorityQueue(
      @ForAll("config") Config c, @ForAll("insertsThenDeletes") List<Op> ops) throws IOException {
    run(c, ops, 97);
  }

  // ---- the paths taken -------------------------------------------------------------------------

  /** N random inserts then N delete-mins, with the invariants checked after every operation. */
  @Test
  void leftmostPathIsEmptiedAndNodesFuseShareAndCollapse() throws IOException {
    long fuses = 0;
    long shares = 0;
    List<Config> all = new ArrayList<>(CONFIGS);
    all.add(LEAST);
    for (Config c : all) {
      Random r = new Random(c.memoryInts() * 31 + c.bufferBytes());
      List<Op> ops = new ArrayList<>();
      for (int i = 0; i < 500; i++) {
        ops.add(new Op(false, r.nextInt(2000) - 1000));
      }
      for (int i = 0; i < 500; i++) {
        ops.add(new Op(true, 0));
      }
      ExternalPriorityQueue.Stats s = run(c, ops, 25);
      assertTrue(s.refills() > 10, c + ": " + s);
      assertTrue(s.spills() > 0, c + ": " + s);
      assertTrue(s.treeInserts() > 0, c + ": " + s);
      assertTrue(s.fuses() + s.shares() > 0, c + ": " + s);
      assertTrue(s.rootCollapses() > 0, c + ": the root never gave way to its child: " + s);
      assertTrue(s.tree().internalEmptyings() > 0, c + ": " + s);
      assertTrue(s.tree().rebalances() >= s.fuses() + s.shares() + s.rootCollapses(), c + ": " + s);
      fuses += s.fuses();
      shares += s.shares();
    }
    assertTrue(fuses > 0, "no fuse in any configuration");
    assertTrue(shares > 0, "no share in any configuration");
  }

  /** Inserts and delete-mins one to one over a tall tree, invariants after every operation. */
  @Test
  void interleavedOperationsKeepInvariants() throws IOException {
    Random r = new Random(7);
    List<Op> ops = new ArrayList<>();
    for (int i = 0; i < 250; i++) {
      ops.add(new Op(false, r.nextInt()));
    }
    for (int i = 0; i < 400; i++) {
      ops.add(new Op(r.nextBoolean(), r.nextInt(100) - 50));
    }
    ExternalPriorityQueue.Stats s = run(CONFIGS.get(0), ops, 1);
    assertTrue(s.memoryInserts() > 0 && s.treeInserts() > 0, s.toString());
    assertTrue(s.refills() > 0, s.toString());
  }

  /**
   * A root left with one child whose buffer holds keys (the child was off the leftmost path): the
   * child's buffer is emptied before it becomes the root, else the next insert finds a root buffer
   * without a writer. Found by {@link #interleavedAgreesWithPriorityQueue}.
   */
  @Test
  void rootCollapseOntoAChildWithABuffer() throws IOException {
    Random r = new Random(3);
    List<Op> ops = new ArrayList<>();
    for (int i = 0; i < 11; i++) {
      ops.add(new Op(false, r.nextInt(100)));
    }
    for (int i = 0; i < 22; i++) {
      ops.add(new Op(false, r.nextInt(100)));
      ops.add(new Op(true, 0));
    }
    ExternalPriorityQueue.Stats s = run(CONFIGS.get(0), ops, 1);
    assertTrue(s.rootCollapses() > 0, s.toString());
  }

  /** A queue that never holds more than C keys stays in memory: no file, no refill. */
  @Test
  void smallQueueStaysInMemory() throws IOException {
    Config c = CONFIGS.get(3);
    Path dir = Files.createTempDirectory("secmem-pq");
    try (ExternalPriorityQueue q = open(c, dir)) {
      int cap = q.stats().memoryCapacity();
      for (int i = cap; i > 0; i--) {
        q.insert(i);
      }
      assertEquals(0, files(dir));
      for (int i = 1; i <= cap; i++) {
        assertEquals(i, q.deleteMin());
      }
      assertEquals(0, q.stats().refills());
      assertEquals(0, q.stats().treeInserts());
      assertThrows(NoSuchElementException.class, q::deleteMin);
    } finally {
      Files.delete(dir);
    }
  }

  /** Extremes and one key many times over, around spills and refills. */
  @Test
  void duplicatesAndExtremes() throws IOException {
    List<Op> ops = new ArrayList<>();
    int[] keys = {
      Integer.MAX_VALUE, Integer.MIN_VALUE, 5, 5, 5, Integer.MAX_VALUE, 0, Integer.MIN_VALUE
    };
    for (int round = 0; round < 50; round++) {
      for (int k : keys) {
        ops.add(new Op(false, k));
      }
      ops.add(new Op(true, 0));
      ops.add(new Op(true, 0));
    }
    for (int i = 0; i < 60; i++) {
      ops.add(new Op(false, 5));
    }
    for (Config c : List.of(CONFIGS.get(0), CONFIGS.get(3))) {
      ExternalPriorityQueue.Stats s = run(c, ops, 13);
      assertTrue(s.refills() > 0, c + ": " + s);
    }
  }

  @Test
  void emptyQueueRefusesDeleteMinAndPeek() throws IOException {
    Path dir = Files.createTempDirectory("secmem-pq");
    try (ExternalPriorityQueue q = open(CONFIGS.get(0), dir)) {
      assertThrows(NoSuchElementException.class, q::deleteMin);
      assertThrows(NoSuchElementException.class, q::peekMin);
      q.insert(3);
      assertEquals(3, q.peekMin());
      assertEquals(3, q.deleteMin());
      assertThrows(NoSuchElementException.class, q::deleteMin);
      q.checkInvariants();
    } finally {
      Files.delete(dir);
    }
  }

  @Test
  void closeRemovesEveryFileMidway() throws IOException {
    Path dir = Files.createTempDirectory("secmem-pq");
    try {
      ExternalPriorityQueue q = open(CONFIGS.get(0), dir);
      Random r = new Random(3);
      for (int i = 0; i < 500; i++) {
        q.insert(r.nextInt());
      }
      for (int i = 0; i < 100; i++) {
        q.deleteMin();
      }
      assertTrue(files(dir) > 0);
      q.close();
      assertEquals(0, files(dir));
      assertThrows(IllegalStateException.class, () -> q.insert(1));
    } finally {
      Files.delete(dir);
    }
  }

  @Test
  void refusesFanoutBelowFour() {
    TreeMemory mem =
        TreeMemory.plan(
            100,
            32,
            8,
            FanoutRule.fixed(new Fanout(1, 3)),
            StreamType.USER_BUFFER,
            StreamType.USER_BUFFER);
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new ExternalPriorityQueue(
                mem,
                Path.of("."),
                StreamFactory.standard(),
                StreamType.USER_BUFFER,
                StreamType.USER_BUFFER,
                StreamOptions.ofBuffer(8)));
  }

  @Test
  void runHeapServesRunAndHeapInOrder() throws IOException {
    RunHeap h = new RunHeap(8);
    int[] a = h.loadArea(4);
    System.arraycopy(new int[] {2, 4, 6, 8}, 0, a, 4, 4);
    h.loaded(4);
    h.add(5);
    h.add(1);
    h.add(9);
    h.add(3);
    assertTrue(h.isFull());
    h.check();
    List<Integer> spilled = new ArrayList<>();
    int largest =
        h.keepSmallest(
            4,
            (k, off, len) -> {
              for (int i = off; i < off + len; i++) {
                spilled.add(k[i]);
              }
            });
    assertEquals(4, largest);
    assertEquals(List.of(5, 6, 8, 9), spilled);
    h.add(0);
    h.check();
    int[] out = new int[5];
    for (int i = 0; i < 5; i++) {
      out[i] = h.removeMin();
    }
    Assertions.assertArrayEquals(new int[] {0, 1, 2, 3, 4}, out);
    assertTrue(h.isEmpty());
  }
}
