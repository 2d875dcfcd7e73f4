package org.secmem.stream;

import java.io.DataOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;

/**
 * Writes through {@link DataOutputStream#writeInt(int)}: the seed report's {@code Simple} (straight
 * on the {@code FileOutputStream}) and {@code Buffer} (through an 8 KiB {@code
 * BufferedOutputStream}) types.
 *
 * <p>Cost: {@code writeInt} assembles the four bytes and makes one {@code write} call (JDK 17 and
 * 25, measured on the running JVM by {@link DataStreamCalls}), so {@code simple} makes one {@code
 * write} system call per int; {@code buffered} one per 8 KiB.
 */
final class DataOutputWriteStream implements WriteStream {

  private final StreamType type;
  private final Path path;
  private final FileOutputStream file;
  private final DataOutputStream out;
  private final boolean sync;
  private final WriteCount count;

  /**
   * Takes ownership of {@code sink} (which writes to {@code file}); both are closed with this
   * stream.
   */
  DataOutputWriteStream(
      StreamType type,
      Path path,
      FileOutputStream file,
      OutputStream sink,
      boolean sync,
      WriteCount count) {
    this.type = type;
    this.path = path;
    this.file = file;
    this.out = new DataOutputStream(sink);
    this.sync = sync;
    this.count = count;
  }

  @Override
  public void write(int value) throws IOException {
    count.add(1);
    try {
      out.writeInt(value);
    } catch (IOException e) {
      throw StreamState.failed(path, e);
    }
  }

  @Override
  public void write(int[] src, int off, int len) throws IOException {
    count.add(src, off, len);
    try {
      for (int i = 0; i < len; i++) {
        out.writeInt(src[off + i]);
      }
    } catch (IOException e) {
      throw StreamState.failed(path, e);
    }
  }

  @Override
  public void close() throws IOException {
    if (!count.close()) {
      return;
    }
    try (OutputStream toClose = out) {
      out.flush();
      if (sync) {
        file.getFD().sync();
      }
    } catch (IOException e) {
      throw StreamState.failed(path, e);
    }
  }

  @Override
  public String toString() {
    return type.cliName() + "(" + path + ")";
  }
}
