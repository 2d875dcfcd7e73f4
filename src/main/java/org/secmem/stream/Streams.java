package org.secmem.stream;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Opens and creates streams of every {@link StreamType}, for whole files or regions of them. */
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
    return openReader(type, path, options, 0, intCount(path));
  }

  /**
   * Opens ints [fromInt, toInt) of {@code path} for reading: the stream hands out toInt - fromInt
   * ints, then is at its end. The returned stream is open; the caller closes it. Several readers of
   * one file may be used at the same time from different threads.
   *
   * @throws IllegalArgumentException naming the values unless 0 <= fromInt <= toInt
   * @throws java.io.EOFException naming the file when it holds fewer than toInt ints
   * @throws NotAnIntFileException when the file's length is not a multiple of 4
   */
  public static ReadStream openReader(
      StreamType type, Path path, StreamOptions options, long fromInt, long toInt)
      throws IOException {
    Regions.checkRead(path, fromInt, toInt, intCount(path));
    long ints = toInt - fromInt;
    switch (type) {
      case SIMPLE:
        {
          FileInputStream file = Regions.inputAt(path, fromInt * Integer.BYTES);
          return new DataInputReadStream(type, path, file, ints);
        }
      case BUFFERED:
        {
          FileInputStream file = Regions.inputAt(path, fromInt * Integer.BYTES);
          return new DataInputReadStream(type, path, new BufferedInputStream(file), ints);
        }
      case USER_BUFFER:
        return new UserBufferReadStream(path, options.bufferBytes(), fromInt, toInt);
      case MAPPED:
        return new MappedReadStream(path, options.bufferBytes(), fromInt, toInt);
      case CHANNEL:
        return new ChannelReadStream(path, options.bufferBytes(), fromInt, toInt);
      case DIRECT:
        return AsyncReadStream.direct(path, options.bufferBytes(), fromInt, toInt);
      case ASYNC:
        return new AsyncReadStream(path, options.bufferBytes(), fromInt, toInt);
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
    int b = options.bufferBytes();
    boolean sync = options.sync();
    switch (type) {
      case SIMPLE:
        {
          FileOutputStream file = new FileOutputStream(path.toFile());
          return new DataOutputWriteStream(
              type, path, file, file, sync, WriteCount.unbounded(path));
        }
      case BUFFERED:
        {
          FileOutputStream file = new FileOutputStream(path.toFile());
          return new DataOutputWriteStream(
              type, path, file, new BufferedOutputStream(file), sync, WriteCount.unbounded(path));
        }
      case USER_BUFFER:
        return new UserBufferWriteStream(
            path, new FileOutputStream(path.toFile()), b, sync, WriteCount.unbounded(path));
      case MAPPED:
        return MappedWriteStream.create(path, b, sync);
      case CHANNEL:
        return ChannelWriteStream.create(path, b, sync);
      case DIRECT:
        return DirectWriteStream.create(path, b, sync);
      case ASYNC:
        return AsyncWriteStream.create(path, b, sync);
      default:
        throw new AssertionError(type);
    }
  }

  /**
   * Whether {@code type} can write a region of an existing file at any int offset ({@link
   * #createRegionWriter}): false for {@link StreamType#DIRECT}, whose O_DIRECT writes need
   * block-aligned offsets and lengths.
   */
  public static boolean writesRegions(StreamType type) {
    return type != StreamType.DIRECT;
  }

  /**
   * Opens the existing file {@code path} for writing exactly {@code lenInts} ints starting at int
   * index {@code atInt}: no truncation, bytes outside the region untouched, the file's length not
   * changed. The caller sizes the file (e.g. with {@code RandomAccessFile.setLength}) before any
   * region writer opens.
   *
   * <p>Writing more than {@code lenInts} ints throws an IOException naming the region. {@code
   * close()} writes what is buffered, forces to storage when {@code options.sync()}, and closes the
   * file. Several region writers on disjoint regions of one file may be used at the same time from
   * different threads: each has its own file descriptor, channel or mapping.
   *
   * @throws IllegalArgumentException naming the values unless atInt >= 0, lenInts >= 0 and atInt +
   *     lenInts <= intCount(path)
   * @throws UnsupportedStreamException for {@link StreamType#DIRECT} (see {@link #writesRegions})
   * @throws NotAnIntFileException when the file's length is not a multiple of 4
   */
  public static WriteStream createRegionWriter(
      StreamType type, Path path, StreamOptions options, long atInt, long lenInts)
      throws IOException {
    if (!writesRegions(type)) {
      throw new UnsupportedStreamException(
          type.cliName()
              + " cannot write a region of "
              + path
              + " at int "
              + atInt
              + ": O_DIRECT writes need offsets and lengths that are whole"
              + " file-system blocks; write regions with another stream type");
    }
    Regions.checkWrite(path, atInt, lenInts, intCount(path));
    int b = options.bufferBytes();
    boolean sync = options.sync();
    long atByte = atInt * Integer.BYTES;
    switch (type) {
      case SIMPLE:
        {
          FileOutputStream file = Regions.outputAt(path, atByte);
          return new DataOutputWriteStream(
              type, path, file, file, sync, WriteCount.region(path, atInt, lenInts));
        }
      case BUFFERED:
        {
          FileOutputStream file = Regions.outputAt(path, atByte);
          return new DataOutputWriteStream(
              type,
              path,
              file,
              new BufferedOutputStream(file),
              sync,
              WriteCount.region(path, atInt, lenInts));
        }
      case USER_BUFFER:
        return new UserBufferWriteStream(
            path, Regions.outputAt(path, atByte), b, sync, WriteCount.region(path, atInt, lenInts));
      case MAPPED:
        return MappedWriteStream.region(path, b, sync, atInt, lenInts);
      case CHANNEL:
        return ChannelWriteStream.region(path, b, sync, atInt, lenInts);
      case ASYNC:
        return AsyncWriteStream.region(path, b, sync, atInt, lenInts);
      default:
        throw new AssertionError(type);
    }
  }

  /**
   * What to throw for {@code e}, an error that came out of code using streams on {@code files}:
   * when it is the JVM's report of a fault in a memory mapping (SIGBUS: a mapped file truncated, a
   * disk full under a mapped writer) that surfaced outside the mapped stream that met it, an
   * IOException naming the files; any other error is rethrown as it is.
   *
   * @throws Error {@code e} itself, when it is not a mapping fault
   */
  public static IOException mappingFault(Error e, List<Path> files) {
    if (!(e instanceof InternalError)
        || !String.valueOf(e.getMessage()).contains("memory access")) {
      throw e;
    }
    String which = files.size() == 1 ? files.get(0).toString() : "one of " + files;
    return new IOException(
        which
            + ": an access through a memory mapping failed (the file was"
            + " truncated or the disk is full)",
        e);
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
}
