package org.secmem.sort;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.ToIntFunction;
import org.secmem.stream.ReadStream;
import org.secmem.stream.StreamOptions;
import org.secmem.stream.StreamType;
import org.secmem.stream.WriteStream;

/**
 * A {@link StreamFactory} that counts, per work folder, the bytes its streams read and write: the
 * ints each stream actually moved, added to its folder's count when the stream is closed (one
 * addition per stream, nothing shared per int). Streams on files outside the work folders (the
 * input, an output elsewhere) are the factory's own, uncounted. Every stream of a sort is counted
 * the same way whether it has one work folder or several, so the two can be compared.
 */
final class CountingStreams implements StreamFactory {

  private final StreamFactory streams;
  private final ToIntFunction<Path> folderOf;
  private final AtomicLongArray read;
  private final AtomicLongArray written;

  /**
   * @param folderOf the index of the work folder holding a file, or -1
   * @param read bytes read per folder, added to
   * @param written bytes written per folder, added to
   */
  CountingStreams(
      StreamFactory streams,
      ToIntFunction<Path> folderOf,
      AtomicLongArray read,
      AtomicLongArray written) {
    this.streams = streams;
    this.folderOf = folderOf;
    this.read = read;
    this.written = written;
  }

  @Override
  public ReadStream openReader(
      StreamType type, Path path, StreamOptions options, long fromInt, long toInt)
      throws IOException {
    ReadStream in = streams.openReader(type, path, options, fromInt, toInt);
    int f = folderOf.applyAsInt(path);
    return f < 0 ? in : new CountingReader(in, f);
  }

  @Override
  public WriteStream createWriter(StreamType type, Path path, StreamOptions options)
      throws IOException {
    WriteStream out = streams.createWriter(type, path, options);
    int f = folderOf.applyAsInt(path);
    return f < 0 ? out : new CountingWriter(out, f);
  }

  @Override
  public WriteStream createRegionWriter(
      StreamType type, Path path, StreamOptions options, long atInt, long lenInts)
      throws IOException {
    WriteStream out = streams.createRegionWriter(type, path, options, atInt, lenInts);
    int f = folderOf.applyAsInt(path);
    return f < 0 ? out : new CountingWriter(out, f);
  }

  /** Counts the ints read; adds them to its folder once, on close. */
  private final class CountingReader implements ReadStream {
    private final ReadStream in;
    private final int folder;
    private long ints;
    private boolean counted;

    CountingReader(ReadStream in, int folder) {
      this.in = in;
      this.folder = folder;
    }

    @Override
    public int readNext() throws IOException {
      int v = in.readNext();
      ints++;
      return v;
    }

    @Override
    public boolean endOfStream() throws IOException {
      return in.endOfStream();
    }

    @Override
    public int read(int[] dst, int off, int len) throws IOException {
      int got = in.read(dst, off, len);
      ints += Math.max(0, got);
      return got;
    }

    @Override
    public void close() throws IOException {
      if (!counted) {
        counted = true;
        read.addAndGet(folder, ints * Integer.BYTES);
      }
      in.close();
    }

    @Override
    public String toString() {
      return in.toString();
    }
  }

  /** Counts the ints written; adds them to its folder once, on close. */
  private final class CountingWriter implements WriteStream {
    private final WriteStream out;
    private final int folder;
    private long ints;
    private boolean counted;

    CountingWriter(WriteStream out, int folder) {
      this.out = out;
      this.folder = folder;
    }

    @Override
    public void write(int value) throws IOException {
      out.write(value);
      ints++;
    }

    @Override
    public void write(int[] src, int off, int len) throws IOException {
      out.write(src, off, len);
      ints += len;
    }

    @Override
    public void close() throws IOException {
      if (!counted) {
        counted = true;
        written.addAndGet(folder, ints * Integer.BYTES);
      }
      out.close();
    }

    @Override
    public String toString() {
      return out.toString();
    }
  }
}
