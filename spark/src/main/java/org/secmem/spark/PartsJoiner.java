package org.secmem.spark;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.secmem.engine.EngineException;
import org.secmem.fs.Ownership;

/** Joins the parts the sort's tasks wrote, in partition order, into one file. */
final class PartsJoiner {

  private static final Pattern PART = Pattern.compile("part-([0-9]+)");

  private PartsJoiner() {}

  /**
   * Writes the parts of {@code folder}, {@code part-00000} first, into {@code target} (an empty
   * temporary the caller made) and forces it to storage when {@code sync}.
   *
   * @param expectedBytes the input's size: the parts must hold exactly as many bytes
   * @throws EngineException when a part is missing or the sizes differ
   */
  static void join(Path folder, Path target, long expectedBytes, boolean sync) throws IOException {
    TreeMap<Integer, Path> parts = new TreeMap<>();
    try (DirectoryStream<Path> dir = Files.newDirectoryStream(folder)) {
      for (Path p : dir) {
        Matcher m = PART.matcher(p.getFileName().toString());
        if (m.matches()) {
          parts.put(Integer.parseInt(m.group(1)), p);
        }
      }
    }
    if (!parts.isEmpty() && parts.lastKey() != parts.size() - 1) {
      throw new EngineException(
          "Spark wrote "
              + parts.size()
              + " parts of the sorted output but"
              + " numbered them up to "
              + parts.lastKey()
              + ": a part is missing in "
              + folder);
    }
    long written = 0;
    // The caller's fresh temporary (PartFile), which it made empty and marked.
    try (FileChannel out = Ownership.openExisting(target)) {
      for (Path part : parts.values()) {
        try (FileChannel in = FileChannel.open(part, StandardOpenOption.READ)) {
          long size = in.size();
          for (long pos = 0; pos < size; ) {
            long n = in.transferTo(pos, size - pos, out);
            if (n <= 0) {
              // transferTo may move nothing on some file systems: copy a block instead.
              n = copy(in, pos, out);
            }
            pos += n;
          }
          written += size;
        }
      }
      if (written != expectedBytes) {
        throw new EngineException(
            "Spark's sorted parts hold "
                + written
                + " bytes but the input"
                + " has "
                + expectedBytes);
      }
      if (sync) {
        out.force(true);
      }
    }
  }

  private static long copy(FileChannel in, long pos, FileChannel out) throws IOException {
    ByteBuffer buf = ByteBuffer.allocate(1 << 16);
    int r = in.read(buf, pos);
    if (r <= 0) {
      throw new EngineException("a part of Spark's sorted output ended early");
    }
    buf.flip();
    while (buf.hasRemaining()) {
      out.write(buf);
    }
    return r;
  }
}
