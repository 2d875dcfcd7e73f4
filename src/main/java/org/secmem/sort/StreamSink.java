package org.secmem.sort;

import java.io.IOException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import org.secmem.stream.WriteStream;

/**
 * A merge's output, written through a {@link WriteStream}: one {@code write} call per int, or
 * blocks (the stream's own buffer of B bytes gathers them); with a write-behind thread, full blocks
 * are handed over while the merge goes on. Records the output's samples as it goes.
 */
final class StreamSink implements IntSink {

  private final WriteStream out;
  private final boolean perInt;
  private final ExecutorService writer;
  private final RunSamples samples;
  private long index;
  private int[] block;
  private int[] spare;
  private int pos;
  private Future<int[]> pending;

  /**
   * @param out the stream, closed by the caller
   * @param blockInts ints handed to the write-behind thread at once
   * @param writer the write-behind thread, or null to write in the caller's thread
   * @param samples where the output's samples go, or null
   * @param first index in the output run of the first int put here
   */
  StreamSink(
      WriteStream out,
      int blockInts,
      boolean perInt,
      ExecutorService writer,
      RunSamples samples,
      long first) {
    this.out = out;
    this.perInt = perInt;
    this.writer = perInt ? null : writer;
    this.samples = samples;
    this.index = first;
    if (this.writer != null) {
      this.block = new int[Math.max(1, blockInts)];
      this.spare = new int[block.length];
    }
  }

  @Override
  public void put(int v) throws IOException {
    if (samples != null) {
      samples.record(index, v);
    }
    index++;
    if (writer == null) {
      out.write(v);
      return;
    }
    block[pos++] = v;
    if (pos == block.length) {
      handOver();
    }
  }

  @Override
  public void put(int[] a, int off, int len) throws IOException {
    if (samples != null) {
      samples.record(index, a, off, len);
    }
    index += len;
    if (writer == null) {
      if (perInt) {
        for (int i = off; i < off + len; i++) {
          out.write(a[i]);
        }
      } else {
        out.write(a, off, len);
      }
      return;
    }
    int done = 0;
    while (done < len) {
      int n = Math.min(len - done, block.length - pos);
      System.arraycopy(a, off + done, block, pos, n);
      pos += n;
      done += n;
      if (pos == block.length) {
        handOver();
      }
    }
  }

  private void handOver() throws IOException {
    if (pos == 0) {
      return;
    }
    int[] full = block;
    int len = pos;
    int[] next = pending == null ? spare : Tasks.await(pending);
    pending =
        writer.submit(
            () -> {
              out.write(full, 0, len);
              return full;
            });
    block = next;
    pos = 0;
  }

  /** Writes what is gathered and waits for the write-behind; the stream is closed by the caller. */
  void finish() throws IOException {
    if (writer != null) {
      handOver();
      if (pending != null) {
        Tasks.await(pending);
        pending = null;
      }
    }
  }

  /** Ints put so far, counted from the first index. */
  long index() {
    return index;
  }
}
