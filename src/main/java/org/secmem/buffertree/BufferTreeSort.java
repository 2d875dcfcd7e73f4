package org.secmem.buffertree;

import java.io.EOFException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.channels.ClosedByInterruptException;
import java.nio.file.Path;
import org.secmem.data.Arrivals;
import org.secmem.data.Checksum;
import org.secmem.data.SortOrder;
import org.secmem.fs.TempRegistry;
import org.secmem.sort.ExternalSorter;
import org.secmem.sort.HeapPeak;
import org.secmem.sort.ProcessCpu;
import org.secmem.sort.SortMemory;
import org.secmem.sort.SortSpec;
import org.secmem.sort.SortStats;
import org.secmem.sort.StreamFactory;
import org.secmem.sort.WorkDirectory;
import org.secmem.stream.ReadStream;
import org.secmem.stream.Streams;
import org.secmem.stream.WriteStream;

/**
 * Buffer-tree sort (BTS, seed 004 §2.1, §3.2): every int of the input inserted into a {@link
 * BufferTree} as it is read, then the empty/write operation — every buffer emptied root down and
 * the leaves read in order into the output, written in the work folder and moved into place when
 * complete. M of the spec is the tree's memory; d does not apply. Descending order inserts the
 * complement of each key ({@code ~x} reverses the order of ints) and complements again on output.
 *
 * @param fanout the rule that gives the tree's (a, b) for M and B
 * @param streams makes its streams
 * @param temps told of the work folder while it exists, so an interrupt handler can remove it
 */
public record BufferTreeSort(FanoutRule fanout, StreamFactory streams, TempRegistry temps)
    implements ExternalSorter {

  /** What a buffer-tree sort did: the sort's figures and the tree's. */
  public record Result(SortStats sort, TreeStats tree, TreeMemory memory) {}

  /** The tree's memory plan for sorting {@code n} ints of {@code spec}. */
  public TreeMemory plan(SortSpec spec, long n) {
    return TreeMemory.plan(
        n,
        spec.memoryInts(),
        spec.options().bufferBytes(),
        fanout,
        spec.readType(),
        spec.writeType());
  }

  @Override
  public SortStats sort(SortSpec spec) throws IOException {
    return sortCounted(spec).sort();
  }

  /**
   * Sorts as {@link #sort} does and says what the tree did.
   *
   * @throws InterruptedIOException naming the input when the thread is interrupted before or during
   *     the sort (no output, the work folder removed)
   * @throws IOException naming the input and the tree's folder on any other failure
   */
  public Result sortCounted(SortSpec spec) throws IOException {
    long n = Streams.intCount(spec.input());
    return sortFrom(spec, n, null);
  }

  /**
   * Online sorting (seed 004 Figure 7): sorts the keys of {@code arrivals} as they arrive, each
   * block of B inserted once its last key has come, into {@code spec.output()}; there is no input
   * file ({@code spec.input()} only names the sort in messages). The row's insert phase is the
   * arrival of the keys, the insert work hidden in it when the keys come slowly enough.
   */
  public Result sortArriving(SortSpec spec, Arrivals arrivals) throws IOException {
    return sortFrom(spec, arrivals.remaining(), arrivals);
  }

  private Result sortFrom(SortSpec spec, long n, Arrivals arrivals) throws IOException {
    TreeMemory memory = plan(spec, n);
    memory.requireHeap(SortMemory.maxHeap());
    WorkDirectory.removeStale(spec.workParents());
    HeapPeak.reset();
    boolean descending = spec.order() == SortOrder.DESCENDING;
    long start = System.nanoTime();
    ProcessCpu.Sample cpuStart = ProcessCpu.sample();
    try (WorkDirectory work = WorkDirectory.create(spec, temps);
        BufferTree tree =
            new BufferTree(
                memory,
                work.paths(),
                work.counting(streams),
                spec.readType(),
                spec.writeType(),
                spec.options())) {
      Checksum checksum = arrivals != null ? arrivals.checksum() : new Checksum();
      int[] block = new int[memory.blockInts()];
      try (ReadStream in =
          arrivals != null
              ? null
              : streams.openReader(spec.readType(), spec.input(), spec.options(), 0, n)) {
        long left = n;
        while (left > 0) {
          if (Thread.interrupted()) {
            throw new InterruptedIOException("interrupted while inserting into the buffer tree");
          }
          int len = (int) Math.min(block.length, left);
          int got = in != null ? in.read(block, 0, len) : arrivals.next(block, len);
          if (got <= 0) {
            throw new EOFException(
                spec.input() + " ended after " + (n - left) + " of " + n + " ints");
          }
          if (in != null) {
            checksum.add(block, 0, got);
          }
          if (descending) {
            complement(block, got);
          }
          tree.insert(block, 0, got);
          left -= got;
        }
      }
      long inserted = System.nanoTime();
      ProcessCpu.Sample cpuInserted = ProcessCpu.sample();
      tree.emptyAll();
      long emptied = System.nanoTime();
      Path out = work.outputInProgress();
      try (WriteStream w =
          work.counting(streams).createWriter(spec.writeType(), out, spec.options())) {
        tree.drain(
            (b, len) -> {
              if (descending) {
                complement(b, len);
              }
              w.write(b, 0, len);
            });
      }
      WorkDirectory.moveIntoPlace(out, spec.output());
      long end = System.nanoTime();
      TreeStats t = tree.stats(inserted - start, end - emptied);
      long bytes = n * Integer.BYTES;
      SortStats s =
          new SortStats(
              n,
              t.leaves(),
              t.height(),
              inserted - start,
              end - inserted,
              end - start,
              checksum,
              (arrivals == null ? bytes : 0) + t.intsRead() * Integer.BYTES,
              bytes + t.intsWritten() * Integer.BYTES,
              ProcessCpu.between(cpuStart, cpuInserted),
              ProcessCpu.between(cpuInserted, ProcessCpu.sample()),
              null,
              HeapPeak.bytes(),
              work.tally());
      return new Result(s, withOutputBlocks(t, n, arrivals == null, memory.blockInts()), memory);
    } catch (OutOfMemoryError e) {
      throw new IOException(
          "buffer-tree sort of "
              + spec.input()
              + " ran out of heap although"
              + " the memory model said "
              + (memory.requiredHeapBytes() >> 20)
              + " MiB would do"
              + " (heap: "
              + (SortMemory.maxHeap() >> 20)
              + " MiB); use a smaller"
              + " M or a larger -Xmx",
          e);
    } catch (InternalError e) {
      throw Streams.mappingFault(e, spec.inputAndWorkParents());
    } catch (InterruptedIOException | ClosedByInterruptException e) {
      // Still an interrupt for the caller (a channel stream closed by it says so in its own way).
      InterruptedIOException i =
          new InterruptedIOException(
              "buffer-tree sort of "
                  + spec.input()
                  + " was interrupted; its tree in "
                  + spec.workParentsText()
                  + " is removed");
      i.initCause(e);
      throw i;
    } catch (IOException e) {
      throw new IOException(
          "buffer-tree sort of "
              + spec.input()
              + " with its tree in "
              + spec.workParentsText()
              + ": "
              + e.getMessage(),
          e);
    }
  }

  /** The tree's counts plus the input read and the output written, a block per B ints. */
  private static TreeStats withOutputBlocks(TreeStats t, long n, boolean inputRead, int blockInts) {
    long blocks = (n + blockInts - 1) / blockInts;
    long inBlocks = inputRead ? blocks : 0;
    return new TreeStats(
        t.fanout(),
        t.height(),
        t.leaves(),
        t.blockPushes(),
        t.internalEmptyings(),
        t.leafEmptyings(),
        t.rebalances(),
        t.blocksRead() + inBlocks,
        t.blocksWritten() + blocks,
        t.intsRead() + (inputRead ? n : 0),
        t.intsWritten() + n,
        t.insertNanos(),
        t.insertInternalNanos(),
        t.insertLeafNanos(),
        t.forceEmptyNanos(),
        t.outputNanos());
  }

  private static void complement(int[] a, int len) {
    for (int i = 0; i < len; i++) {
      a[i] = ~a[i];
    }
  }
}
