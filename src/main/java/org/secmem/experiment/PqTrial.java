package org.secmem.experiment;

import java.io.Closeable;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.secmem.buffertree.ExternalPriorityQueue;
import org.secmem.buffertree.Fanout;
import org.secmem.buffertree.TreeMemory;
import org.secmem.buffertree.TreeStats;
import org.secmem.data.Checksum;
import org.secmem.data.ValueGenerator;
import org.secmem.fs.TempRegistry;
import org.secmem.results.ResultColumn;
import org.secmem.results.ResultRow;
import org.secmem.results.RowKind;
import org.secmem.sort.HeapPeak;
import org.secmem.sort.SortMemory;
import org.secmem.sort.StreamFactory;
import org.secmem.sort.WorkDirectory;
import org.secmem.units.Units;

/**
 * The priority-queue experiment: one operation sequence ({@link PqWorkload}: N inserts and N
 * delete-mins, keys generated from the seed as the run goes) on one queue, the buffer tree's {@link
 * ExternalPriorityQueue} or {@link java.util.PriorityQueue}, timed from the queue's creation to its
 * close. Inside the clock the run keeps only what checking needs: an order-sensitive hash chain of
 * the keys delete-min returned, their multiset checksum and count. {@link #verify} then replays the
 * same sequence outside the clock on an oracle of its own (a sorted array for insert-then-delete, a
 * {@link TreeMap} multiset otherwise) and compares.
 *
 * <p>Every workload does 2N operations; the outcome counts them as its ints, so the row's {@code
 * ns_per_int} is nanoseconds per operation, and its bytes are the 4N bytes of the keys. The buffer
 * tree's work folder ({@code .secmem-sort-*} under the spec's dir) is made before each run and
 * removed after it, also after a failure, and registered for removal on an interrupt.
 */
public final class PqTrial implements Trial {

  /** What the timed loop drives. */
  interface Queue extends Closeable {
    void insert(int key) throws IOException;

    int deleteMin() throws IOException;
  }

  /** Opens one run's queue in {@code workDir}; tests give a broken one. */
  @FunctionalInterface
  interface QueueFactory {
    Queue open(PqTrialSpec spec, Path workDir) throws IOException;
  }

  /** Heap per element of a PriorityQueue of Integers: the box, and a slot of a grown array. */
  public static final long JAVA_BYTES_PER_KEY = 32;

  /** Heap per key held by the mixed workloads' oracle: a TreeMap entry, its key and count. */
  static final long TREE_MAP_BYTES_PER_KEY = 96;

  /** Operations between two looks at the thread's interrupt flag. */
  private static final int INTERRUPT_CHECK_MASK = (1 << 16) - 1;

  private final PqTrialSpec spec;
  private final TempRegistry temps;
  private final QueueFactory factory;
  private final Optional<TreeMemory> memory;
  private WorkDirectory work;
  private Recorder last;

  /** A trial of the spec's queue. */
  public PqTrial(PqTrialSpec spec, TempRegistry temps) {
    this(spec, temps, PqTrial::standardQueue);
  }

  /** A trial of the queue {@code factory} makes: the hook tests use to break one. */
  PqTrial(PqTrialSpec spec, TempRegistry temps, QueueFactory factory) {
    this.spec = spec;
    this.temps = temps;
    this.factory = factory;
    this.memory = spec.bufferTree() ? plan(spec) : Optional.empty();
  }

  /** The buffer tree's plan for the spec; empty when M, B and the fanout admit none. */
  static Optional<TreeMemory> plan(PqTrialSpec spec) {
    try {
      return Optional.of(treePlan(spec));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  /**
   * The buffer tree's plan for the spec.
   *
   * @throws IllegalArgumentException when M, B and the fanout admit no tree
   */
  private static TreeMemory treePlan(PqTrialSpec spec) {
    return TreeMemory.plan(
        spec.n(),
        spec.m(),
        spec.options().bufferBytes(),
        spec.fanout(),
        spec.readType(),
        spec.writeType());
  }

  /** The heap java.util.PriorityQueue needs for {@code n} keys at once, JVM overhead included. */
  public static long javaHeapBytes(long n) {
    return JAVA_BYTES_PER_KEY * n + SortMemory.OVERHEAD_BYTES;
  }

  /**
   * The heap {@link #verify}'s oracle needs: 4N bytes for insert-then-delete (a sorted array),
   * {@link #TREE_MAP_BYTES_PER_KEY} per key otherwise; JVM overhead included.
   */
  public static long oracleHeapBytes(long n, PqWorkload workload) {
    long perKey =
        workload == PqWorkload.INSERT_THEN_DELETE ? Integer.BYTES : TREE_MAP_BYTES_PER_KEY;
    return perKey * n + SortMemory.OVERHEAD_BYTES;
  }

  /**
   * What to say when the oracle that verifies the queue's output cannot be held for {@code n} keys
   * of {@code workload}: rows then leave verified blank; empty when it fits.
   */
  public static Optional<String> oracleNote(long n, PqWorkload workload) {
    if (oracleFits(n, workload)) {
      return Optional.empty();
    }
    return Optional.of(
        String.format(
            Locale.ROOT,
            "the oracle for N = %d (%s) needs about %d MiB of heap, more than the %d"
                + " MiB there is: rows leave verified blank",
            n,
            workload,
            oracleHeapBytes(n, workload) >> 20,
            SortMemory.maxHeap() >> 20));
  }

  /** Whether the oracle fits the heap: otherwise rows leave {@code verified} blank. */
  public static boolean oracleFits(long n, PqWorkload workload) {
    return n <= Integer.MAX_VALUE - 8 && oracleHeapBytes(n, workload) <= SortMemory.maxHeap();
  }

  private static Queue standardQueue(PqTrialSpec spec, Path workDir) {
    if (spec.bufferTree()) {
      TreeMemory mem = treePlan(spec);
      return new TreeQueue(
          new ExternalPriorityQueue(
              mem,
              workDir,
              StreamFactory.standard(),
              spec.readType(),
              spec.writeType(),
              spec.options()));
    }
    return new JavaQueue();
  }

  @Override
  public String describe() {
    return "pq "
        + spec.impl()
        + " "
        + spec.workload()
        + (spec.workload() == PqWorkload.RATIO ? " r=" + spec.insertRatio() : "")
        + ", N="
        + Units.typedInts(spec.n())
        + (spec.bufferTree()
            ? ", M="
                + Units.typedInts(spec.m())
                + ", B="
                + Units.bytes(spec.options().bufferBytes())
                + ", fanout="
                + spec.fanout()
                    .described(
                        TreeMemory.blocks(spec.m(), spec.options().bufferBytes()),
                        TreeMemory.blockInts(spec.options().bufferBytes()))
                + ", "
                + spec.readType()
                + "/"
                + spec.writeType()
            : "");
  }

  @Override
  public ResultRow.Builder configuration() {
    ResultRow.Builder row =
        ResultRow.builder(RowKind.PQ)
            .set(ResultColumn.N, spec.n())
            .set(ResultColumn.SHAPE, spec.shape().cliName())
            .set(ResultColumn.SEED, Long.toString(spec.seed()))
            .set(ResultColumn.ALGORITHM, spec.impl().cliName())
            .set(ResultColumn.WORKLOAD, spec.workload().cliName())
            .set(
                ResultColumn.INSERT_RATIO,
                spec.workload() == PqWorkload.RATIO ? Double.toString(spec.insertRatio()) : null)
            .set(ResultColumn.THREADS, 1);
    if (spec.bufferTree()) {
      // M, B, the streams and (a, b) make the tree; the java queue has none of them (blank, so
      // that charts draw it beside the tree's sweep).
      Optional<Fanout> f = memory.map(TreeMemory::fanout);
      row.set(ResultColumn.READ_STREAM, spec.readType().cliName())
          .set(ResultColumn.WRITE_STREAM, spec.writeType().cliName())
          .set(ResultColumn.M, spec.m())
          .set(ResultColumn.B, Long.toString(spec.options().bufferBytes()))
          .set(ResultColumn.FANOUT_A, f.map(x -> Integer.toString(x.a())).orElse(null))
          .set(ResultColumn.FANOUT_B, f.map(x -> Integer.toString(x.b())).orElse(null));
    }
    return row;
  }

  /** No input file: the keys are generated as the run goes. */
  @Override
  public List<Path> inputs() {
    return List.of();
  }

  /** The buffer tree's work folder, fresh for each run (stale ones of killed runs removed). */
  @Override
  public void prepare() throws IOException {
    closeWork();
    if (spec.bufferTree()) {
      WorkDirectory.removeStale(spec.dir());
      work = WorkDirectory.create(spec.dir(), temps);
    }
    last = null;
    HeapPeak.reset();
  }

  @Override
  public List<Path> workFolders() {
    return List.of(spec.dir());
  }

  @Override
  public TrialOutcome run() throws IOException {
    Recorder rec = new Recorder();
    Map<ResultColumn, String> extra = new EnumMap<>(ResultColumn.class);
    Path dir = work != null ? work.path() : spec.dir();
    try (Queue q = factory.open(spec, dir)) {
      sequence(spec, q, rec);
      long peak = HeapPeak.bytes();
      if (peak >= 0) {
        extra.put(ResultColumn.PEAK_HEAP_BYTES, Long.toString(peak));
      }
      if (q instanceof TreeQueue t) {
        treeCells(t.pq.stats(), extra);
      }
    } catch (OutOfMemoryError e) {
      throw new IOException(
          "pq "
              + spec.impl()
              + " of N = "
              + spec.n()
              + " ran out of heap"
              + " (heap: "
              + (SortMemory.maxHeap() >> 20)
              + " MiB); use a smaller N or M, or a"
              + " larger -Xmx",
          e);
    }
    extra.put(
        ResultColumn.MODEL_HEAP_BYTES,
        Long.toString(
            memory.map(ExternalPriorityQueue::requiredHeapBytes).orElse(javaHeapBytes(spec.n()))));
    last = rec;
    return new TrialOutcome(
        2 * spec.n(), spec.n() * Integer.BYTES, rec.deleted, Optional.empty(), extra);
  }

  private static void treeCells(ExternalPriorityQueue.Stats s, Map<ResultColumn, String> extra) {
    TreeStats t = s.tree();
    TreeCells.put(t, extra);
    extra.put(ResultColumn.STREAM_READ_BYTES, Long.toString(t.intsRead() * Integer.BYTES));
    extra.put(ResultColumn.STREAM_WRITE_BYTES, Long.toString(t.intsWritten() * Integer.BYTES));
    extra.put(ResultColumn.REFILLS, Long.toString(s.refills()));
    extra.put(ResultColumn.SPILLS, Long.toString(s.spills()));
    extra.put(ResultColumn.MEMORY_INSERTS, Long.toString(s.memoryInserts()));
    extra.put(ResultColumn.TREE_INSERTS, Long.toString(s.treeInserts()));
    extra.put(ResultColumn.FUSES, Long.toString(s.fuses()));
    extra.put(ResultColumn.SHARES, Long.toString(s.shares()));
    extra.put(ResultColumn.ROOT_COLLAPSES, Long.toString(s.rootCollapses()));
    extra.put(ResultColumn.REFILL_NS, Long.toString(s.refillNanos()));
  }

  /**
   * Replays the sequence on the oracle and compares what delete-min returned, in order; empty
   * (verified blank) when the oracle does not fit the heap.
   */
  @Override
  public Optional<Boolean> verify(TrialOutcome outcome) throws IOException {
    Recorder got = last;
    if (got == null || !oracleFits(spec.n(), spec.workload())) {
      return Optional.empty();
    }
    Recorder expected = new Recorder();
    try (Queue oracle =
        spec.workload() == PqWorkload.INSERT_THEN_DELETE
            ? new SortedOracle((int) spec.n())
            : new TreeMapOracle()) {
      sequence(spec, oracle, expected);
    } catch (IllegalStateException | NoSuchElementException e) {
      return Optional.of(false); // the measured queue's answers led somewhere the oracle cannot go
    }
    return Optional.of(
        expected.chain == got.chain
            && expected.count == got.count
            && expected.deleted.sameAs(got.deleted));
  }

  /** As the pq command estimates it: a sort with the tree's M and fan-out 8, else in memory. */
  @Override
  public double secondsAtLeast() {
    long n = spec.n();
    return spec.bufferTree()
        ? TimeEstimate.sortSeconds(n, Math.max(1, spec.m()), 8)
        : TimeEstimate.sortSeconds(n, Math.max(1, n), 2);
  }

  @Override
  public OptionalLong predictedIos() {
    if (!spec.bufferTree() || memory.isEmpty()) {
      return OptionalLong.empty();
    }
    TreeMemory t = memory.get();
    return OptionalLong.of(TreeStats.ioBound(spec.n(), t.blockInts(), t.m()));
  }

  /** Removes the run's work folder and everything the tree left in it. */
  @Override
  public void finish() throws IOException {
    closeWork();
  }

  private void closeWork() throws IOException {
    if (work != null) {
      WorkDirectory w = work;
      work = null;
      w.close();
    }
  }

  /**
   * The workload's operations on {@code q}: N inserts and N delete-mins, each key delete-min
   * returns told to {@code rec}. The decisions depend only on the seed and the queue's size, so a
   * replay on another queue makes the same calls.
   */
  static void sequence(PqTrialSpec spec, Queue q, Recorder rec) throws IOException {
    long n = spec.n();
    ValueGenerator keys = new ValueGenerator(spec.shape(), n, spec.seed());
    long ops = 0;
    switch (spec.workload()) {
      case INSERT_THEN_DELETE -> {
        for (long i = 0; i < n; i++, ops++) {
          checkInterrupt(ops);
          q.insert(keys.next());
        }
        for (long i = 0; i < n; i++, ops++) {
          checkInterrupt(ops);
          rec.add(q.deleteMin());
        }
      }
      case INTERLEAVED -> {
        long warm = n - n / 2;
        for (long i = 0; i < warm; i++, ops++) {
          checkInterrupt(ops);
          q.insert(keys.next());
        }
        for (long i = warm; i < n; i++, ops += 2) {
          checkInterrupt(ops);
          q.insert(keys.next());
          rec.add(q.deleteMin());
        }
        for (long i = 0; i < warm; i++, ops++) {
          checkInterrupt(ops);
          rec.add(q.deleteMin());
        }
      }
      case RATIO -> {
        SplittableRandom coin = new SplittableRandom(ValueGenerator.streamSeed(spec.seed(), 1));
        double r = spec.insertRatio();
        long inserted = 0;
        long size = 0;
        while (inserted < n) {
          checkInterrupt(ops++);
          if (size == 0 || coin.nextDouble() < r) {
            q.insert(keys.next());
            inserted++;
            size++;
          } else {
            rec.add(q.deleteMin());
            size--;
          }
        }
        for (; size > 0; size--, ops++) {
          checkInterrupt(ops);
          rec.add(q.deleteMin());
        }
      }
      default -> throw new AssertionError(spec.workload());
    }
  }

  private static void checkInterrupt(long ops) throws InterruptedIOException {
    if ((ops & INTERRUPT_CHECK_MASK) == 0 && Thread.interrupted()) {
      throw new InterruptedIOException(
          "the priority-queue run was interrupted after " + ops + " operations");
    }
  }

  /** What the keys delete-min returned add up to: in order (a hash chain) and as a multiset. */
  static final class Recorder {
    private static final long FNV_PRIME = 0x100000001B3L;
    long chain = 0xCBF29CE484222325L;
    long count;
    final Checksum deleted = new Checksum();

    void add(int key) {
      chain = (chain ^ (key & 0xFFFFFFFFL)) * FNV_PRIME;
      count++;
      deleted.add(key);
    }
  }

  /** The buffer tree's queue. */
  private static final class TreeQueue implements Queue {
    final ExternalPriorityQueue pq;

    TreeQueue(ExternalPriorityQueue pq) {
      this.pq = pq;
    }

    @Override
    public void insert(int key) throws IOException {
      pq.insert(key);
    }

    @Override
    public int deleteMin() throws IOException {
      return pq.deleteMin();
    }

    @Override
    public void close() throws IOException {
      pq.close();
    }
  }

  /** The baseline: java.util.PriorityQueue of boxed Integers. */
  private static final class JavaQueue implements Queue {
    private final PriorityQueue<Integer> pq = new PriorityQueue<>();

    @Override
    public void insert(int key) {
      pq.add(key);
    }

    @Override
    public int deleteMin() {
      Integer min = pq.poll();
      if (min == null) {
        throw new NoSuchElementException("the priority queue is empty");
      }
      return min;
    }

    @Override
    public void close() {
      pq.clear();
    }
  }

  /** The oracle of insert-then-delete: the keys in an array, sorted at the first delete-min. */
  private static final class SortedOracle implements Queue {
    private final int[] keys;
    private int size;
    private int next = -1;

    SortedOracle(int n) {
      keys = new int[n];
    }

    @Override
    public void insert(int key) {
      if (next >= 0) {
        throw new IllegalStateException("insert after a delete-min");
      }
      keys[size++] = key;
    }

    @Override
    public int deleteMin() {
      if (next < 0) {
        Arrays.sort(keys, 0, size);
        next = 0;
      }
      if (next >= size) {
        throw new NoSuchElementException("the oracle is empty");
      }
      return keys[next++];
    }

    @Override
    public void close() {}
  }

  /** The oracle of mixed workloads: a multiset of keys in a TreeMap. */
  private static final class TreeMapOracle implements Queue {
    private final TreeMap<Integer, int[]> counts = new TreeMap<>();

    @Override
    public void insert(int key) {
      counts.computeIfAbsent(key, k -> new int[1])[0]++;
    }

    @Override
    public int deleteMin() {
      Map.Entry<Integer, int[]> first = counts.firstEntry();
      if (first == null) {
        throw new NoSuchElementException("the oracle is empty");
      }
      if (--first.getValue()[0] == 0) {
        counts.pollFirstEntry();
      }
      return first.getKey();
    }

    @Override
    public void close() {
      counts.clear();
    }
  }
}
