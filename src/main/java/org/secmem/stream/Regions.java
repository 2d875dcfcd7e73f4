package org.secmem.stream;

import java.io.EOFException;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashSet;
import java.util.List;
import org.secmem.fs.HeldFiles;

/**
 * Checking int ranges of a file and opening files at a byte offset, for the streams that read or
 * write a region rather than a whole file.
 */
final class Regions {

  private Regions() {}

  /**
   * Checks that ints [fromInt, toInt) lie within a file of {@code fileInts} ints.
   *
   * @throws java.io.EOFException naming the file when it holds fewer ints than the region needs (a
   *     caller sized the region from the file, which was cut short since: that is the file's doing,
   *     not the caller's)
   * @throws IllegalArgumentException naming the values when the region itself is malformed
   */
  static void checkRead(Path path, long fromInt, long toInt, long fileInts) throws EOFException {
    if (fromInt >= 0 && fromInt <= toInt && toInt > fileInts) {
      throw new EOFException(
          path
              + " holds "
              + fileInts
              + " ints, fewer than the "
              + toInt
              + " being read (was it cut short or replaced meanwhile?)");
    }
    if (fromInt < 0 || fromInt > toInt || toInt > fileInts) {
      throw new IllegalArgumentException(
          path
              + ": cannot read ints [fromInt="
              + fromInt
              + ", toInt="
              + toInt
              + "): need 0 <= fromInt <= toInt <= "
              + fileInts
              + " (the file's int count)");
    }
  }

  /**
   * Checks that {@code lenInts} ints from {@code atInt} lie within a file of {@code fileInts} ints.
   *
   * @throws IllegalArgumentException naming the values otherwise
   */
  static void checkWrite(Path path, long atInt, long lenInts, long fileInts) {
    if (atInt < 0 || lenInts < 0 || atInt > fileInts || lenInts > fileInts - atInt) {
      throw new IllegalArgumentException(
          path
              + ": cannot write "
              + lenInts
              + " ints at atInt="
              + atInt
              + ": need atInt >= 0, lenInts >= 0 and atInt + lenInts <= "
              + fileInts
              + " (the file's int count; size the file before opening region writers)");
    }
  }

  /**
   * A channel writing {@code path} from its start: created, or truncated when it exists; {@code
   * also} for more (reading, for a mapping).
   */
  static FileChannel created(Path path, OpenOption... also) throws IOException {
    return HeldFiles.streamTarget(path, new HashSet<>(List.of(also)));
  }

  /** A stream reading {@code path} from byte {@code offset}. */
  static FileInputStream inputAt(Path path, long offset) throws IOException {
    FileInputStream in = new FileInputStream(path.toFile());
    try {
      in.getChannel().position(offset);
      return in;
    } catch (IOException | RuntimeException e) {
      closeAfter(e, in);
      throw e;
    }
  }

  /**
   * A stream writing the existing file {@code path} from byte {@code offset}, with nothing
   * truncated: a {@link FileOutputStream} on the descriptor of a {@link RandomAccessFile} moved
   * there. Closing the stream closes the file; {@code getFD().sync()} forces it.
   */
  static FileOutputStream outputAt(Path path, long offset) throws IOException {
    RandomAccessFile file = HeldFiles.streamRegion(path);
    try {
      file.seek(offset);
      return new OnRandomAccessFile(file);
    } catch (IOException | RuntimeException e) {
      closeAfter(e, file);
      throw e;
    }
  }

  /**
   * A channel on the existing file {@code path}, opened with {@code mode} alone (READ or WRITE:
   * nothing created or truncated) and positioned at byte {@code offset}.
   */
  static FileChannel channelAt(Path path, StandardOpenOption mode, long offset) throws IOException {
    FileChannel channel = FileChannel.open(path, mode);
    try {
      return channel.position(offset);
    } catch (IOException | RuntimeException e) {
      closeAfter(e, channel);
      throw e;
    }
  }

  /** Closes {@code c} after {@code failure}, keeping a second failure as a suppressed one. */
  static void closeAfter(Exception failure, AutoCloseable c) {
    try {
      c.close();
    } catch (Exception e) {
      failure.addSuppressed(e);
    }
  }

  /** Writes through a {@link RandomAccessFile}'s descriptor and closes the file with itself. */
  private static final class OnRandomAccessFile extends FileOutputStream {

    private final RandomAccessFile file;

    OnRandomAccessFile(RandomAccessFile file) throws IOException {
      super(file.getFD());
      this.file = file;
    }

    @Override
    public void close() throws IOException {
      try (RandomAccessFile toClose = file) {
        super.close();
      }
    }
  }
}
