package org.secmem.data;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Optional;
import org.secmem.fs.Ownership;
import org.secmem.fs.TempRegistry;
import org.secmem.stream.ReadStream;
import org.secmem.stream.StreamOptions;
import org.secmem.stream.StreamType;
import org.secmem.stream.Streams;
import org.secmem.stream.WriteStream;

/** Generating and scanning data files (32-bit big-endian ints, no header). */
public final class DataFiles {

  /** The folder of generated inputs and data files when none is given, in the current folder. */
  public static final String DEFAULT_FOLDER = "data";

  /**
   * Marks {@code file} as an int file secmem wrote ({@code user.secmem=int-file}, see {@link
   * Ownership}), where the file system keeps user extended attributes; elsewhere nothing happens.
   */
  static void markWritten(Path file) {
    Ownership.mark(file, Ownership.Made.INT_FILE);
  }

  /**
   * Whether {@code file} is an int file secmem wrote, which an output may replace: a regular file
   * (not a link) whose length is a multiple of 4 and that secmem marked as an int file ({@link
   * Ownership}). A name proves nothing: a file without the mark is the user's.
   */
  public static boolean writtenBySecmem(Path file) throws IOException {
    BasicFileAttributes a =
        Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    return a.isRegularFile()
        && a.size() % Integer.BYTES == 0
        && Ownership.isMade(file, Ownership.Made.INT_FILE);
  }

  /** Block and buffer size for tool-side I/O (not measured): large enough to be cheap. */
  private static final int BLOCK_INTS = 1 << 16;

  private static final StreamOptions TOOL_IO = StreamOptions.ofBuffer(1 << 20);

  private DataFiles() {}

  /**
   * Writes {@code n} ints of the given shape and seed to {@code out}, with nobody to tell about its
   * temporary (see {@link #generate(Path, Shape, long, long, TempRegistry)}).
   */
  public static Checksum generate(Path out, Shape shape, long n, long seed) throws IOException {
    return generate(out, shape, n, seed, TempRegistry.none());
  }

  /**
   * Writes {@code n} ints of the given shape and seed to {@code out}. The file appears at {@code
   * out} only when complete: it is written under a temporary name beside it ({@link PartFile}),
   * registered with {@code temps} so that an interrupt removes it, and moved into place. On a
   * failure the temporary is removed and an older file at {@code out} is left as it was.
   *
   * @return the checksum of what was written
   */
  public static Checksum generate(Path out, Shape shape, long n, long seed, TempRegistry temps)
      throws IOException {
    Ownership.createFolders(out.toAbsolutePath().getParent());
    try (PartFile part = PartFile.owned(out, temps)) {
      Checksum checksum = new Checksum();
      try {
        ValueGenerator gen = new ValueGenerator(shape, n, seed);
        int[] block = new int[(int) Math.min(BLOCK_INTS, Math.max(n, 1))];
        try (WriteStream w = Streams.createWriter(StreamType.USER_BUFFER, part.path(), TOOL_IO)) {
          for (long left = n; left > 0; ) {
            if (Thread.interrupted()) {
              throw new InterruptedIOException("generating " + out + " was interrupted");
            }
            int len = (int) Math.min(block.length, left);
            gen.fill(block, 0, len);
            w.write(block, 0, len);
            checksum.add(block, 0, len);
            left -= len;
          }
        }
      } catch (IOException e) {
        throw part.explain(e);
      }
      part.commit();
      return checksum;
    }
  }

  /**
   * Reads a whole data file once: its checksum, and where it first breaks the given order.
   *
   * @param order the order to check, or empty to check none
   */
  public static FileScan scan(Path file, Optional<SortOrder> order) throws IOException {
    Checksum checksum = new Checksum();
    long firstViolation = -1;
    int[] block = new int[BLOCK_INTS];
    try (ReadStream in = Streams.openReader(StreamType.USER_BUFFER, file, TOOL_IO)) {
      long index = 0;
      boolean havePrevious = false;
      int previous = 0;
      int n;
      while ((n = in.read(block, 0, block.length)) > 0) {
        checksum.add(block, 0, n);
        if (order.isPresent() && firstViolation < 0) {
          SortOrder o = order.get();
          for (int i = 0; i < n; i++) {
            if (havePrevious && !o.inOrder(previous, block[i])) {
              firstViolation = index + i;
              break;
            }
            previous = block[i];
            havePrevious = true;
          }
        }
        index += n;
      }
    }
    return new FileScan(file, checksum, firstViolation);
  }
}
