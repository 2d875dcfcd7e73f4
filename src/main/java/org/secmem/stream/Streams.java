package org.secmem.stream;

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
    return type.kind().openReader(path, options, fromInt, toInt);
  }

  /**
   * Creates (or truncates) {@code path} for writing with the given strategy. The returned stream is
   * open; the caller closes it.
   */
  public static WriteStream createWriter(StreamType type, Path path, StreamOptions options)
      throws IOException {
    return type.kind().createWriter(path, options);
  }

  /**
   * Whether {@code type} can write a region of an existing file at any int offset ({@link
   * #createRegionWriter}): false for {@link StreamType#DIRECT}, whose O_DIRECT writes need
   * block-aligned offsets and lengths ({@link StreamType#writesRegions}).
   */
  public static boolean writesRegions(StreamType type) {
    return type.writesRegions();
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
              + ": "
              + type.kind().regionLimitInDetail()
              + "; write regions with another stream type");
    }
    Regions.checkWrite(path, atInt, lenInts, intCount(path));
    return type.kind().createRegionWriter(path, options, atInt, lenInts);
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
