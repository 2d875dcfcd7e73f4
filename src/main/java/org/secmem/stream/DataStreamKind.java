package org.secmem.stream;

import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import org.secmem.fs.HeldFiles;

/**
 * The JDK's {@code DataInputStream}/{@code DataOutputStream} on a file, directly ({@link
 * SimpleKind}) or through a buffer of the JDK's ({@link BufferedKind}): what the two share. B does
 * not change them, and they hold no buffer of B.
 */
abstract class DataStreamKind implements StreamKind {

  /** The type whose kind this is, for the streams' names. */
  abstract StreamType type();

  /** What the data stream reads from: the file, or a buffer on it. */
  abstract InputStream source(FileInputStream file);

  /** What the data stream writes to: the file, or a buffer on it. */
  abstract OutputStream sink(FileOutputStream file);

  @Override
  public final ReadStream openReader(Path path, StreamOptions options, long fromInt, long toInt)
      throws IOException {
    FileInputStream file = Regions.inputAt(path, fromInt * Integer.BYTES);
    return new DataInputReadStream(type(), path, source(file), toInt - fromInt);
  }

  @Override
  public final WriteStream createWriter(Path path, StreamOptions options) throws IOException {
    FileOutputStream file = HeldFiles.streamTargetStream(path);
    return new DataOutputWriteStream(
        type(), path, file, sink(file), options.sync(), WriteCount.unbounded(path));
  }

  @Override
  public final WriteStream createRegionWriter(
      Path path, StreamOptions options, long atInt, long lenInts) throws IOException {
    FileOutputStream file = Regions.outputAt(path, atInt * Integer.BYTES);
    return new DataOutputWriteStream(
        type(), path, file, sink(file), options.sync(), WriteCount.region(path, atInt, lenInts));
  }

  @Override
  public final boolean usesBufferSize() {
    return false;
  }

  @Override
  public final int buffersOfB(boolean reading) {
    return 0;
  }
}
