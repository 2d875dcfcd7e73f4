package org.secmem.sort;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * Merges sorted runs on several cores at once: splitter values taken from evenly spaced samples of
 * the runs cut every run into value ranges, and each range of all runs is merged by its own thread
 * into its own region of the output, with positional reads and writes on one {@link FileChannel}
 * per file (so it does not use the sort's stream types). Each part is a loser-tree or radix merge of
 * blocks, like the sequential one.
 */
final class ParallelMerge {

  /** Samples taken from each run to choose the splitters. */
  private static final int SAMPLES_PER_RUN = 1024;

  private ParallelMerge() {}

  /**
   * Merges {@code runs} into {@code target}.
   *
   * @param parts how many threads (and value ranges)
   * @return ints written
   */
  static long merge(List<Path> runs, Path target, boolean descending, Merger merger,
      int blockInts, int parts, boolean sync, ExecutorService pool) throws IOException {
    if (!merger.splitsByValue()) {
      throw new IllegalArgumentException(merger + " cannot be split by value range");
    }
    int k = runs.size();
    List<FileChannel> in = new ArrayList<>(k);
    try {
      long[] lens = new long[k];
      for (int i = 0; i < k; i++) {
        FileChannel ch = FileChannel.open(runs.get(i), StandardOpenOption.READ);
        in.add(ch);
        lens[i] = ch.size() / Integer.BYTES;
      }
      long[] splitters = splitters(in, lens, descending, parts);
      long[][] cuts = new long[parts + 1][];
      cuts[0] = new long[k];
      cuts[parts] = lens.clone();
      for (int p = 1; p < parts; p++) {
        cuts[p] = new long[k];
        for (int i = 0; i < k; i++) {
          cuts[p][i] = upperBound(in.get(i), lens[i], splitters[p - 1], descending);
        }
      }
      try (FileChannel out = FileChannel.open(target, StandardOpenOption.CREATE,
          StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
        List<Future<Long>> done = new ArrayList<>();
        long offset = 0;
        for (int p = 0; p < parts; p++) {
          long[] from = cuts[p];
          long[] to = cuts[p + 1];
          long at = offset;
          for (int i = 0; i < k; i++) {
            offset += to[i] - from[i];
          }
          done.add(pool.submit(
              () -> mergeRange(in, from, to, out, at, descending, merger, blockInts)));
        }
        long written = 0;
        for (Future<Long> f : done) {
          written += FastMergeSorter.await(f);
        }
        if (sync) {
          out.force(true);
        }
        return written;
      }
    } finally {
      IOException first = null;
      for (FileChannel ch : in) {
        try {
          ch.close();
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
  }

  private static long key(int v, boolean descending) {
    return descending ? -(long) v : v;
  }

  private static int readInt(FileChannel ch, long index) throws IOException {
    ByteBuffer b = ByteBuffer.allocate(Integer.BYTES);
    long pos = index * Integer.BYTES;
    while (b.hasRemaining()) {
      if (ch.read(b, pos + b.position()) < 0) {
        throw new java.io.EOFException("run ended early");
      }
    }
    return b.getInt(0);
  }

  /** parts - 1 keys that cut the sampled values into equal shares. */
  private static long[] splitters(List<FileChannel> in, long[] lens, boolean descending,
      int parts) throws IOException {
    List<Long> sample = new ArrayList<>();
    for (int i = 0; i < in.size(); i++) {
      long len = lens[i];
      int s = (int) Math.min(SAMPLES_PER_RUN, len);
      for (int j = 0; j < s; j++) {
        long index = len * j / s;
        sample.add(key(readInt(in.get(i), index), descending));
      }
    }
    long[] keys = sample.stream().mapToLong(Long::longValue).toArray();
    Arrays.sort(keys);
    long[] out = new long[parts - 1];
    for (int p = 1; p < parts; p++) {
      out[p - 1] = keys.length == 0 ? 0 : keys[(int) ((long) keys.length * p / parts)];
    }
    return out;
  }

  /** The first index whose key is greater than {@code splitter} (the run is sorted by key). */
  private static long upperBound(FileChannel ch, long len, long splitter, boolean descending)
      throws IOException {
    long lo = 0;
    long hi = len;
    while (lo < hi) {
      long mid = (lo + hi) >>> 1;
      if (key(readInt(ch, mid), descending) <= splitter) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /** A range of a run read in blocks with positional reads. */
  private static final class RangeSource extends RunCursor {
    private final FileChannel ch;
    private final ByteBuffer buf;
    private long next;
    private final long end;

    RangeSource(FileChannel ch, long from, long to, int blockInts) throws IOException {
      this.ch = ch;
      this.next = from;
      this.end = to;
      this.block = new int[blockInts];
      this.buf = ByteBuffer.allocateDirect(blockInts * Integer.BYTES);
      refill();
    }

    @Override
    boolean refill() throws IOException {
      int n = (int) Math.min(block.length, end - next);
      pos = 0;
      limit = n;
      if (n <= 0) {
        limit = 0;
        return false;
      }
      buf.clear().limit(n * Integer.BYTES);
      long at = next * Integer.BYTES;
      while (buf.hasRemaining()) {
        int r = ch.read(buf, at + buf.position());
        if (r < 0) {
          throw new java.io.EOFException("run ended early");
        }
      }
      buf.flip();
      buf.asIntBuffer().get(block, 0, n);
      next += n;
      return true;
    }
  }

  /** Writes a range's output in blocks, with positional writes at its own place in the file. */
  private static final class RegionSink implements IntSink {
    private final FileChannel out;
    private final ByteBuffer buf;
    private long position;

    RegionSink(FileChannel out, long outInt, int blockInts) {
      this.out = out;
      this.buf = ByteBuffer.allocateDirect(blockInts * Integer.BYTES);
      this.position = outInt * Integer.BYTES;
    }

    @Override
    public void put(int[] a, int off, int len) throws IOException {
      int blockInts = buf.capacity() / Integer.BYTES;
      for (int done = 0; done < len; done += blockInts) {
        int n = Math.min(blockInts, len - done);
        buf.clear();
        buf.asIntBuffer().put(a, off + done, n);
        buf.limit(n * Integer.BYTES);
        while (buf.hasRemaining()) {
          position += out.write(buf, position);
        }
      }
    }
  }

  private static long mergeRange(List<FileChannel> in, long[] from, long[] to, FileChannel out,
      long outInt, boolean descending, Merger merger, int blockInts) throws IOException {
    int k = in.size();
    RangeSource[] sources = new RangeSource[k];
    for (int i = 0; i < k; i++) {
      sources[i] = new RangeSource(in.get(i), from[i], to[i], blockInts);
    }
    RegionSink sink = new RegionSink(out, outInt, blockInts);
    if (merger == Merger.RADIX) {
      return new RadixMerge(RadixMerge.capacityFor(k)).merge(sources, sink, descending);
    }
    long[] keys = new long[k];
    for (int i = 0; i < k; i++) {
      keys[i] = sources[i].limit > 0
          ? key(sources[i].block[0], descending) : LoserTree.EXHAUSTED;
    }
    LoserTree tree = new LoserTree(keys);
    int[] outBlock = new int[blockInts];
    int o = 0;
    long written = 0;
    while (tree.winnerKey() != LoserTree.EXHAUSTED) {
      RangeSource s = sources[tree.winner()];
      outBlock[o++] = s.block[s.pos++];
      if (o == outBlock.length) {
        sink.put(outBlock, 0, o);
        written += o;
        o = 0;
      }
      if (s.pos < s.limit || s.refill()) {
        tree.replaceWinner(key(s.block[s.pos], descending));
      } else {
        tree.replaceWinner(LoserTree.EXHAUSTED);
      }
    }
    if (o > 0) {
      sink.put(outBlock, 0, o);
      written += o;
    }
    return written;
  }
}
