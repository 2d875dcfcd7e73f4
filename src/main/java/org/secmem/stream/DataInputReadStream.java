package org.secmem.stream;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

/**
 * Reads through {@link DataInputStream#readInt()} over a given byte stream: the seed report's
 * {@code Simple} (straight on a {@code FileInputStream}) and {@code Buffer} (through the JDK's 8
 * KiB {@code BufferedInputStream}) types.
 *
 * <p>Cost: on JDK 17 {@code readInt} calls {@code read()} four times, so {@code simple} makes four
 * {@code read} system calls per int; on JDK 25 it reads the four bytes with one call, one system
 * call per int ({@link DataStreamCalls} measures it on the running JVM); {@code buffered} makes one
 * per 8 KiB. Whether the end is reached is known from the file (or region) length taken at open,
 * with no system call.
 */
final class DataInputReadStream extends CountedReadStream {

  private final StreamType type;
  private final Path path;
  private final DataInputStream in;

  /** Takes ownership of {@code source}, which is closed with this stream. */
  DataInputReadStream(StreamType type, Path path, InputStream source, long totalInts) {
    super(path, totalInts);
    this.type = type;
    this.path = path;
    this.in = new DataInputStream(source);
  }

  @Override
  public int readNext() throws IOException {
    countNext();
    int v = in.readInt();
    return v;
  }

  @Override
  protected void readInts(int[] dst, int off, int n) throws IOException {
    for (int i = 0; i < n; i++) {
      dst[off + i] = in.readInt();
    }
  }

  @Override
  protected void release() throws IOException {
    in.close();
  }

  @Override
  public String toString() {
    return type.cliName() + "(" + path + ")";
  }
}
