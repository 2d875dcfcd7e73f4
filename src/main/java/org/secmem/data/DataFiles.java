package org.secmem.data;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.UserDefinedFileAttributeView;
import java.util.Optional;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.secmem.fs.TempRegistry;
import org.secmem.stream.ReadStream;
import org.secmem.stream.StreamOptions;
import org.secmem.stream.StreamType;
import org.secmem.stream.Streams;
import org.secmem.stream.WriteStream;

/** Generating and scanning data files (32-bit big-endian ints, no header). */
public final class DataFiles {

  /** The extended attribute ({@code user.secmem}) secmem sets on every int file it writes. */
  static final String WRITTEN_ATTRIBUTE = "secmem";

  private static final Logger LOG = LogManager.getLogger(DataFiles.class);

  /**
   * Marks {@code file} as an int file secmem wrote ({@code user.secmem}), where the file system
   * keeps user extended attributes; elsewhere nothing happens.
   */
  static void markWritten(Path file) {
    try {
      UserDefinedFileAttributeView v =
          Files.getFileAttributeView(
              file, UserDefinedFileAttributeView.class, LinkOption.NOFOLLOW_LINKS);
      if (v != null) {
        v.write(WRITTEN_ATTRIBUTE, ByteBuffer.wrap("int-file".getBytes(StandardCharsets.US_ASCII)));
      }
    } catch (IOException | UnsupportedOperationException e) {
      LOG.debug("{}: no extended attributes here; its name and length say what it is", file, e);
    }
  }

  /**
   * Whether {@code file} is an int file secmem wrote, which an output may replace: a regular file
   * (not a link) whose length is a multiple of 4, marked {@code user.secmem} by secmem, or, where
   * the file system keeps no mark (or an older version wrote it), named {@code *.bin} as secmem's
   * data files are. A text file, a file of another length or name is not.
   */
  public static boolean writtenBySecmem(Path file) throws IOException {
    BasicFileAttributes a =
        Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    if (!a.isRegularFile() || a.size() % Integer.BYTES != 0) {
      return false;
    }
    try {
      UserDefinedFileAttributeView v =
          Files.getFileAttributeView(
              file, UserDefinedFileAttributeView.class, LinkOption.NOFOLLOW_LINKS);
      if (v != null && v.list().contains(WRITTEN_ATTRIBUTE)) {
        return true;
      }
    } catch (IOException | UnsupportedOperationException e) {
      LOG.debug("{}: extended attributes cannot be read here", file, e);
    }
    return file.getFileName().toString().endsWith(".bin");
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
    Files.createDirectories(out.toAbsolutePath().getParent());
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
