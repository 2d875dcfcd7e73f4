package org.secmem.sort;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.secmem.data.Checksum;
import org.secmem.data.SortOrder;
import org.secmem.stream.ReadStream;
import org.secmem.stream.Streams;
import org.secmem.stream.WriteStream;

/**
 * The fast external merge sort: the classic algorithm with what the best implementations add
 * (STXXL, seeds/002 section 3.5). Data moves in blocks (bulk reads and writes, no call per int);
 * runs are sorted by radix sort, optionally on every core; heads are merged through a loser tree
 * of primitive keys; and with overlap, reading, sorting and writing run at the same time — a
 * reader and a writer thread beside the sorting thread in run formation, block prefetching and a
 * writer thread in merges — within the same memory budget M (the run buffers share it, so runs
 * are M / {@link SortTuning#runBuffers()} ints).
 */
public final class FastMergeSorter implements ExternalSorter {

  private final SortTuning tuning;
  private final StreamFactory streams;
  private final TempRegistry temps;

  public FastMergeSorter(SortTuning tuning) {
    this(tuning, StreamFactory.standard(), TempRegistry.none());
  }

  public FastMergeSorter(SortTuning tuning, StreamFactory streams, TempRegistry temps) {
    this.tuning = tuning;
    this.streams = streams;
    this.temps = temps;
  }

  /** Ints per run: M shared by the arrays run formation holds at once. */
  public static long runInts(long memoryInts, long n, SortTuning tuning) {
    return Math.max(1, Math.min(memoryInts / tuning.runBuffers(), Math.max(n, 1)));
  }

  @Override
  public SortStats sort(SortSpec spec, SortProgress progress) throws IOException {
    long n = Streams.intCount(spec.input());
    int b = spec.options().bufferBytes();
    int blockInts = blockInts(b);
    // Run arrays, or in a merge: per source a stream buffer and two blocks, plus the output's,
    // and the radix merge's chunk and scratch arrays.
    long mergeBytes = (spec.fanIn() + 1L) * (b + 2L * blockInts * Integer.BYTES)
        + (tuning.merger() == Merger.RADIX
            ? 2L * Integer.BYTES * RadixMerge.capacityFor(spec.fanIn()) : 0);
    MemoryCheck.requireHeapFor(spec.memoryInts(), n, spec.fanIn(),
        (int) Math.min(Integer.MAX_VALUE, mergeBytes / (spec.fanIn() + 1L)));
    Path parent = spec.workDir().orElse(spec.output().toAbsolutePath().getParent());
    WorkDirectory.removeStale(parent);
    long start = System.nanoTime();
    long cpuStart = ProcessCpu.nanos();
    ExecutorService pool = Executors.newFixedThreadPool(
        Math.max(2, Runtime.getRuntime().availableProcessors()), daemon("secmem-sort"));
    try (WorkDirectory work = WorkDirectory.create(parent, temps)) {
      Checksum checksum = new Checksum();
      long runInts = runInts(spec.memoryInts(), n, tuning);
      long expectedRuns = CostModel.runs(n, runInts);
      boolean onlyRun = expectedRuns == 1;
      List<Path> runs = tuning.overlap()
          ? formRunsOverlapped(spec, n, (int) runInts, work, checksum, onlyRun, pool, progress)
          : formRuns(spec, n, (int) runInts, work, checksum, onlyRun, pool, progress);
      long formed = System.nanoTime();
      long cpuFormed = ProcessCpu.nanos();
      int pass = 1;
      int passes = 1 + CostModel.mergePasses(runs.size(), spec.fanIn());
      while (runs.size() > 1) {
        pass++;
        boolean last = runs.size() <= spec.fanIn();
        List<Path> next = new ArrayList<>();
        long done = 0;
        for (int from = 0; from < runs.size(); from += spec.fanIn()) {
          List<Path> group = runs.subList(from, Math.min(runs.size(), from + spec.fanIn()));
          Path out = last ? work.outputInProgress() : work.newRun(pass);
          done += tuning.parallelMerge() && group.size() > 1
              ? ParallelMerge.merge(group, out, spec.order() == SortOrder.DESCENDING,
                  tuning.merger(), blockInts,
                  Math.max(2, Runtime.getRuntime().availableProcessors()),
                  spec.options().sync(), pool)
              : merge(spec, group, out, blockInts, pool);
          for (Path merged : group) {
            work.delete(merged);
          }
          next.add(out);
          progress.update("merge pass " + (pass - 1) + " of " + (passes - 1), done, n);
        }
        runs = next;
      }
      ClassicMergeSorter.moveIntoPlace(runs.get(0), spec.output());
      long end = System.nanoTime();
      long bytes = n * Integer.BYTES * (long) pass;
      return new SortStats(n, expectedRuns, pass, formed - start, end - formed, end - start,
          checksum, bytes, bytes, ProcessCpu.between(cpuStart, cpuFormed),
          ProcessCpu.between(cpuFormed, ProcessCpu.nanos()));
    } catch (IOException e) {
      throw new IOException("sorting " + spec.input() + " with runs in " + parent + ": "
          + e.getMessage(), e);
    } finally {
      pool.shutdownNow();
    }
  }

  static int blockInts(int bufferBytes) {
    return Math.max(1024, bufferBytes / Integer.BYTES);
  }

  /** Fills {@code buf[0..len)} from {@code in} with bulk reads. */
  private static long fill(ReadStream in, int[] buf, int len) throws IOException {
    int got = 0;
    while (got < len) {
      int r = in.read(buf, got, len - got);
      if (r <= 0) {
        throw new java.io.EOFException("input ended early");
      }
      got += r;
    }
    long sum = 0;
    for (int i = 0; i < len; i++) {
      sum += Checksum.mix(buf[i]);
    }
    return sum;
  }

  private void writeRun(SortSpec spec, Path run, int[] sorted, int len) throws IOException {
    if (spec.order() == SortOrder.DESCENDING) {
      reverse(sorted, len);
    }
    try (WriteStream out = streams.createWriter(spec.writeType(), run, spec.options())) {
      out.write(sorted, 0, len);
    }
  }

  static void reverse(int[] a, int len) {
    for (int i = 0, j = len - 1; i < j; i++, j--) {
      int t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
  }

  private List<Path> formRuns(SortSpec spec, long n, int runInts, WorkDirectory work,
      Checksum checksum, boolean onlyRun, ExecutorService pool, SortProgress progress)
      throws IOException {
    List<Path> runs = new ArrayList<>();
    int[] buf = new int[runInts];
    int[] scratch = tuning.runSort().needsScratch() ? new int[runInts] : null;
    long sum = 0;
    try (ReadStream in = streams.openReader(spec.readType(), spec.input(), spec.options())) {
      long remaining = n;
      do {
        int len = (int) Math.min(runInts, remaining);
        sum += fill(in, buf, len);
        remaining -= len;
        int[] sorted = tuning.runSort().sort(buf, scratch, len, pool);
        Path run = onlyRun ? work.outputInProgress() : work.newRun(1);
        writeRun(spec, run, sorted, len);
        runs.add(run);
        progress.update("run formation", n - remaining, n);
      } while (remaining > 0);
    }
    checksum.addMixed(sum, n);
    return runs;
  }

  /** A run's worth of input, read by the reader thread. */
  private record Chunk(int[] buf, int len, long mixSum) {}

  /**
   * Run formation with a reader thread filling the next buffer and a writer thread writing the
   * last sorted run while this thread sorts: M is shared by {@link SortTuning#runBuffers()}
   * arrays that circulate through a queue of free ones.
   */
  private List<Path> formRunsOverlapped(SortSpec spec, long n, int runInts, WorkDirectory work,
      Checksum checksum, boolean onlyRun, ExecutorService pool, SortProgress progress)
      throws IOException {
    int buffers = tuning.runBuffers();
    BlockingQueue<int[]> free = new ArrayBlockingQueue<>(buffers);
    for (int i = 0; i < buffers; i++) {
      free.add(new int[runInts]);
    }
    long chunks = Math.max(1, (n + runInts - 1) / runInts);
    List<Path> runs = new ArrayList<>();
    ExecutorService reader = Executors.newSingleThreadExecutor(daemon("secmem-run-reader"));
    ExecutorService writer = Executors.newSingleThreadExecutor(daemon("secmem-run-writer"));
    List<Future<?>> writes = new ArrayList<>();
    long sum = 0;
    try (ReadStream in = streams.openReader(spec.readType(), spec.input(), spec.options())) {
      long[] remaining = {n};
      java.util.concurrent.Callable<Chunk> readTask = () -> {
        int[] buf = free.take();
        int len = (int) Math.min(runInts, remaining[0]);
        long s = fill(in, buf, len);
        remaining[0] -= len;
        return new Chunk(buf, len, s);
      };
      Future<Chunk> next = reader.submit(readTask);
      long done = 0;
      for (long c = 0; c < chunks; c++) {
        Chunk chunk = await(next);
        next = c + 1 < chunks ? reader.submit(readTask) : null;
        sum += chunk.mixSum();
        int[] scratch = tuning.runSort().needsScratch() ? take(free) : null;
        int[] sorted = tuning.runSort().sort(chunk.buf(), scratch, chunk.len(), pool);
        if (scratch != null) {
          free.add(sorted == chunk.buf() ? scratch : chunk.buf());
        }
        Path run = onlyRun ? work.outputInProgress() : work.newRun(1);
        runs.add(run);
        int len = chunk.len();
        writes.add(writer.submit(() -> {
          try {
            writeRun(spec, run, sorted, len);
          } finally {
            free.add(sorted);
          }
          return null;
        }));
        done += len;
        progress.update("run formation", done, n);
      }
      for (Future<?> w : writes) {
        await(w);
      }
    } finally {
      reader.shutdownNow();
      writer.shutdownNow();
    }
    checksum.addMixed(sum, n);
    return runs;
  }

  private static int[] take(BlockingQueue<int[]> free) throws IOException {
    try {
      return free.take();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted while sorting");
    }
  }

  static <T> T await(Future<T> f) throws IOException {
    try {
      return f.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted while sorting");
    } catch (java.util.concurrent.ExecutionException e) {
      Throwable c = e.getCause();
      if (c instanceof IOException) {
        throw (IOException) c;
      }
      if (c instanceof RuntimeException) {
        throw (RuntimeException) c;
      }
      throw new IOException(c);
    }
  }

  /** A run being merged: its current block, and with overlap the next one being read. */
  private static final class BlockSource extends RunCursor {
    final ReadStream in;
    int[] spare;
    Future<Integer> pending;
    final ExecutorService prefetch;

    BlockSource(ReadStream in, int blockInts, ExecutorService prefetch) throws IOException {
      this.in = in;
      this.block = new int[blockInts];
      this.prefetch = prefetch;
      this.limit = in.read(block, 0, blockInts);
      if (prefetch != null) {
        this.spare = new int[blockInts];
        startPrefetch();
      }
    }

    private void startPrefetch() throws IOException {
      int[] target = spare;
      pending = in.endOfStream() ? null : prefetch.submit(() -> in.read(target, 0, target.length));
    }

    /** Moves to the next block; false at the end of the run. */
    @Override
    boolean refill() throws IOException {
      if (prefetch == null) {
        limit = in.read(block, 0, block.length);
      } else {
        if (pending == null) {
          return false;
        }
        limit = await(pending);
        int[] t = block;
        block = spare;
        spare = t;
        startPrefetch();
      }
      pos = 0;
      return limit > 0;
    }
  }

  /** The output of a merge: blocks handed to a writer thread with overlap, else written here. */
  private static final class BlockSink implements IntSink {
    private final WriteStream out;
    private final ExecutorService writer;
    private int[] block;
    private int[] spare;
    private int pos;
    private Future<int[]> pending;

    BlockSink(WriteStream out, int blockInts, ExecutorService writer) {
      this.out = out;
      this.writer = writer;
      this.block = new int[blockInts];
      this.spare = writer == null ? null : new int[blockInts];
    }

    void put(int v) throws IOException {
      block[pos++] = v;
      if (pos == block.length) {
        flush();
      }
    }

    @Override
    public void put(int[] a, int off, int len) throws IOException {
      int done = 0;
      while (done < len) {
        int n = Math.min(len - done, block.length - pos);
        System.arraycopy(a, off + done, block, pos, n);
        pos += n;
        done += n;
        if (pos == block.length) {
          flush();
        }
      }
    }

    void flush() throws IOException {
      if (pos == 0) {
        return;
      }
      if (writer == null) {
        out.write(block, 0, pos);
        pos = 0;
        return;
      }
      int[] full = block;
      int len = pos;
      int[] next = pending == null ? spare : await(pending);
      pending = writer.submit(() -> {
        out.write(full, 0, len);
        return full;
      });
      block = next;
      pos = 0;
    }

    void finish() throws IOException {
      flush();
      if (pending != null) {
        await(pending);
        pending = null;
      }
    }
  }

  private long merge(SortSpec spec, List<Path> group, Path target, int blockInts,
      ExecutorService pool) throws IOException {
    boolean descending = spec.order() == SortOrder.DESCENDING;
    ExecutorService prefetch = tuning.overlap()
        ? Executors.newSingleThreadExecutor(daemon("secmem-prefetch")) : null;
    ExecutorService writer = tuning.overlap()
        ? Executors.newSingleThreadExecutor(daemon("secmem-merge-writer")) : null;
    List<ReadStream> open = new ArrayList<>();
    long written = 0;
    try {
      BlockSource[] sources = new BlockSource[group.size()];
      for (int i = 0; i < sources.length; i++) {
        ReadStream in = streams.openReader(spec.readType(), group.get(i), spec.options());
        open.add(in);
        sources[i] = new BlockSource(in, blockInts, prefetch);
      }
      try (WriteStream out = streams.createWriter(spec.writeType(), target, spec.options())) {
        BlockSink sink = new BlockSink(out, blockInts, writer);
        switch (tuning.merger()) {
          case RADIX:
            written = new RadixMerge(RadixMerge.capacityFor(sources.length))
                .merge(sources, sink, descending);
            break;
          case LOSER_TREE:
            written = loserTreeMerge(sources, sink, descending);
            break;
          case PRIORITY_QUEUE:
            written = queueMerge(sources, sink, descending);
            break;
          default:
            throw new AssertionError(tuning.merger());
        }
        sink.finish();
      }
    } finally {
      if (prefetch != null) {
        prefetch.shutdownNow();
      }
      if (writer != null) {
        writer.shutdownNow();
      }
      IOException first = null;
      for (ReadStream in : open) {
        try {
          in.close();
        } catch (IOException e) {
          if (first == null) {
            first = e;
          } else {
            first.addSuppressed(e);
          }
        }
      }
      if (first != null) {
        throw first;
      }
    }
    return written;
  }

  private static long key(int v, boolean descending) {
    return descending ? -(long) v : v;
  }

  private static long loserTreeMerge(BlockSource[] sources, BlockSink sink, boolean descending)
      throws IOException {
    long[] keys = new long[sources.length];
    for (int i = 0; i < sources.length; i++) {
      BlockSource s = sources[i];
      keys[i] = s.pos < s.limit ? key(s.block[s.pos], descending) : LoserTree.EXHAUSTED;
    }
    LoserTree tree = new LoserTree(keys);
    long written = 0;
    while (tree.winnerKey() != LoserTree.EXHAUSTED) {
      BlockSource s = sources[tree.winner()];
      sink.put(s.block[s.pos++]);
      written++;
      if (s.pos < s.limit || s.refill()) {
        tree.replaceWinner(key(s.block[s.pos], descending));
      } else {
        tree.replaceWinner(LoserTree.EXHAUSTED);
      }
    }
    return written;
  }

  private static long queueMerge(BlockSource[] sources, BlockSink sink, boolean descending)
      throws IOException {
    Comparator<BlockSource> byHead = Comparator.comparingLong(s -> key(s.block[s.pos], descending));
    PriorityQueue<BlockSource> heads = new PriorityQueue<>(Math.max(1, sources.length), byHead);
    for (BlockSource s : sources) {
      if (s.pos < s.limit) {
        heads.add(s);
      }
    }
    long written = 0;
    while (!heads.isEmpty()) {
      BlockSource s = heads.poll();
      sink.put(s.block[s.pos++]);
      written++;
      if (s.pos < s.limit || s.refill()) {
        heads.add(s);
      }
    }
    return written;
  }

  private static java.util.concurrent.ThreadFactory daemon(String name) {
    return r -> {
      Thread t = new Thread(r, name);
      t.setDaemon(true);
      return t;
    };
  }
}
