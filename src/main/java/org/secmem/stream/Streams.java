package org.secmem.stream;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Opens and creates streams of every {@link StreamType}; helpers built on the two interfaces. */
public final class Streams {

  private Streams() {}

  /**
   * Opens {@code path} for reading with the given strategy. The returned stream is open; the caller
   * closes it.
   *
   * @throws NotAnIntFileException when the file's length is not a multiple of 4
   */
  public static ReadStream openReader(StreamType type, Path path, StreamOptions options)
      throws IOException {
    long ints = intCount(path);
    switch (type) {
      case SIMPLE:
        {
          FileInputStream file = new FileInputStream(path.toFile());
          return new DataInputReadStream(type, path, file, ints);
        }
      case BUFFERED:
        {
          FileInputStream file = new FileInputStream(path.toFile());
          return new DataInputReadStream(type, path, new BufferedInputStream(file), ints);
        }
      case USER_BUFFER:
        return new UserBufferReadStream(path, options.bufferBytes(), ints);
      case MAPPED:
        return new MappedReadStream(path, options.bufferBytes(), ints);
      case CHANNEL:
        return new ChannelReadStream(path, options.bufferBytes(), ints);
      case DIRECT:
        return AsyncReadStream.direct(path, options.bufferBytes(), ints);
      case ASYNC:
        return new AsyncReadStream(path, options.bufferBytes(), ints);
      default:
        throw new AssertionError(type);
    }
  }

  /**
   * Creates (or truncates) {@code path} for writing with the given strategy. The returned stream is
   * open; the caller closes it.
   */
  public static WriteStream createWriter(StreamType type, Path path, StreamOptions options)
      throws IOException {
    switch (type) {
      case SIMPLE:
        {
          FileOutputStream file = new FileOutputStream(path.toFile());
          return new DataOutputWriteStream(type, path, file, file, options.sync());
        }
      case BUFFERED:
        {
          FileOutputStream file = new FileOutputStream(path.toFile());
          return new DataOutputWriteStream(
              type, path, file, new BufferedOutputStream(file), options.sync());
        }
      case USER_BUFFER:
        return new UserBufferWriteStream(path, options.bufferBytes(), options.sync());
      case MAPPED:
        return new MappedWriteStream(path, options.bufferBytes(), options.sync());
      case CHANNEL:
        return new ChannelWriteStream(path, options.bufferBytes(), options.sync());
      case DIRECT:
        return DirectWriteStream.create(path, options.bufferBytes(), options.sync());
      case ASYNC:
        return new AsyncWriteStream(path, options.bufferBytes(), options.sync());
      default:
        throw new AssertionError(type);
    }
  }

  /**
   * The number of ints in a data file.
   *
   * @throws NotAnIntFileException when its length is not a multiple of 4
   */
  public static long intCount(Path path) throws IOException {
    long bytes = Files.size(path);
    if (bytes % Integer.BYTES != 0) {
      throw new NotAnIntFileException(path, bytes);
    }
    return bytes / Integer.BYTES;
  }

  /**
   * Copies every remaining int of {@code in} to {@code out} in blocks, returning how many were
   * copied. Neither stream is closed.
   */
  public static long copy(ReadStream in, WriteStream out) throws IOException {
    int[] block = new int[8192];
    long total = 0;
    int n;
    while ((n = in.read(block, 0, block.length)) > 0) {
      out.write(block, 0, n);
      total += n;
    }
    return total;
  }
}
