package org.secmem.stream;

import com.sun.nio.file.ExtendedOpenOption;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.util.Set;
import org.secmem.fs.HeldFiles;
import org.secmem.fs.Ownership;

/**
 * Opening files with O_DIRECT and the aligned buffers it needs (the buffers and block size are also
 * the probe's: {@code org.secmem.probe}).
 */
public final class DirectIo {

  private DirectIo() {}

  /** The file system's block size for {@code file} (or its folder when it does not exist yet). */
  public static int blockSize(Path file) throws IOException {
    Path p = Files.exists(file) ? file : file.toAbsolutePath().getParent();
    return (int) Files.getFileStore(p).getBlockSize();
  }

  /** A direct buffer of {@code bytes}, aligned to {@code align}. */
  public static ByteBuffer alignedBuffer(int bytes, int align) {
    return ByteBuffer.allocateDirect(bytes + align).alignedSlice(align).limit(bytes).slice();
  }

  /** Checks B against the block size, naming both when it does not fit. */
  static int checkedBlock(Path file, int bufferBytes) throws IOException {
    int block = blockSize(file);
    if (bufferBytes % block != 0) {
      throw new UnsupportedStreamException(
          "direct: B ("
              + bufferBytes
              + " bytes) must be a multiple of the file system's block size"
              + " ("
              + block
              + " bytes) for O_DIRECT, e.g. "
              + Math.max(block, 1 << 20));
    }
    return block;
  }

  static FileChannel open(Path file, OpenOption... options) throws IOException {
    OpenOption[] all = new OpenOption[options.length + 1];
    System.arraycopy(options, 0, all, 0, options.length);
    all[options.length] = ExtendedOpenOption.DIRECT;
    return direct(file, () -> FileChannel.open(file, all));
  }

  /** {@code file} created, or truncated, for writing with O_DIRECT (see {@link Ownership}). */
  static FileChannel openTarget(Path file) throws IOException {
    return direct(file, () -> HeldFiles.streamTarget(file, Set.of(ExtendedOpenOption.DIRECT)));
  }

  private interface Opening {
    FileChannel open() throws IOException;
  }

  private static FileChannel direct(Path file, Opening opening) throws IOException {
    try {
      return opening.open();
    } catch (UnsupportedOperationException | IOException e) {
      if (e instanceof NoSuchFileException) {
        throw (IOException) e;
      }
      throw new UnsupportedStreamException(
          "direct: the file system of "
              + file
              + " does not support O_DIRECT ("
              + e.getMessage()
              + "); use another stream type or another folder",
          e);
    }
  }
}
