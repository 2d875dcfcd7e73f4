package org.secmem.stream;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Reads through {@link DataInputStream#readInt()} over a given byte stream: the seed report's
 * {@code Simple} (straight on a {@code FileInputStream}) and {@code Buffer} (through the JDK's 8 KiB
 * {@code BufferedInputStream}) types.
 *
 * <p>Cost: on JDK 17 {@code readInt} calls {@code read()} four times, so {@code simple} makes four
 * {@code read} system calls per int; {@code buffered} makes one per 8 KiB. Whether the end is
 * reached is known from the file length taken at open, with no system call.
 */
final class DataInputReadStream implements ReadStream {

  private final StreamType type;
  private final Path path;
  private final DataInputStream in;
  private final long totalInts;
  private long readInts;
  private boolean closed;

  /** Takes ownership of {@code source}, which is closed with this stream. */
  DataInputReadStream(StreamType type, Path path, InputStream source, long totalInts) {
    this.type = type;
    this.path = path;
    this.in = new DataInputStream(source);
    this.totalInts = totalInts;
  }

  @Override
  public int readNext() throws IOException {
    if (closed) {
      throw StreamState.closed();
    }
    if (readInts >= totalInts) {
      throw StreamState.endOfFile(path, totalInts);
    }
    int v = in.readInt();
    readInts++;
    return v;
  }

  @Override
  public boolean endOfStream() {
    if (closed) {
      throw StreamState.closed();
    }
    return readInts >= totalInts;
  }

  @Override
  public int read(int[] dst, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, dst.length);
    if (closed) {
      throw StreamState.closed();
    }
    int n = (int) Math.min(len, totalInts - readInts);
    for (int i = 0; i < n; i++) {
      dst[off + i] = in.readInt();
    }
    readInts += n;
    return n;
  }

  @Override
  public void close() throws IOException {
    if (!closed) {
      closed = true;
      in.close();
    }
  }

  @Override
  public String toString() {
    return type.cliName() + "(" + path + ")";
  }
}
