package org.secmem.probe;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.secmem.fs.Ownership;

/**
 * The page cache's copy rate: a file already in the cache read and written to a second file through
 * the cache ({@code FileChannel}, a 4 MiB direct buffer), MiB copied per second. The source is
 * written and read once untimed (so it is cached), and one untimed copy makes the copy's pages and
 * JIT-compiles the loop; each timed copy overwrites it, after the one before was written back
 * outside the clock.
 */
final class CacheProbe {

  static final int BUFFER = 4 << 20;

  private CacheProbe() {}

  /**
   * The bytes copied for {@code size} on a machine of {@code ramBytes}: at most a quarter of it.
   */
  static long fileBytes(long size, long ramBytes) {
    long cap = ramBytes > 0 ? ramBytes / 4 : size;
    return Math.max(Throughput.MIB, Math.min(size, cap) / Throughput.MIB * Throughput.MIB);
  }

  /**
   * The best MiB/s of {@code reps} copies of {@code bytes} from {@code source} to {@code copy}
   * (both made here, removed by the caller).
   */
  static double measure(Path source, Path copy, long bytes, int reps) throws IOException {
    ByteBuffer buf = ByteBuffer.allocateDirect(BUFFER);
    try (FileChannel out = Ownership.createNew(source, Ownership.Made.PART)) {
      for (long at = 0; at < bytes; ) {
        buf.clear();
        buf.limit((int) Math.min(BUFFER, bytes - at));
        while (buf.hasRemaining()) {
          buf.put((byte) (at + buf.position()));
        }
        buf.flip();
        while (buf.hasRemaining()) {
          at += out.write(buf);
        }
      }
      out.force(false); // clean in the cache: no write-back competes with the timed copies
    }
    copyOnce(source, copy, buf, true); // reads the source into the cache
    Ownership.mark(copy, Ownership.Made.PART);
    double best = 0;
    for (int rep = 0; rep < reps; rep++) {
      // Each copy is a new file, as a sort's runs and output are: its pages are taken anew in
      // the cache, not overwritten in place (which measured 8,380 MiB/s here, against 900 for a
      // dd to a new file). The old copy goes outside the clock, its dirty pages with it.
      Ownership.discardTemporary(copy);
      long start = System.nanoTime();
      long copied = copyOnce(source, copy, buf, true);
      long nanos = System.nanoTime() - start;
      Ownership.mark(copy, Ownership.Made.PART); // off the clock: 'clean' may remove it
      if (copied != bytes) {
        throw new IOException("the page-cache copy moved " + copied + " of " + bytes + " bytes");
      }
      best = Math.max(best, Throughput.mibPerSecond(copied, nanos));
    }
    return best;
  }

  /** Copies {@code source} over {@code copy} (created when {@code create}); the bytes copied. */
  private static long copyOnce(Path source, Path copy, ByteBuffer buf, boolean create)
      throws IOException {
    long copied = 0;
    try (FileChannel in = FileChannel.open(source, StandardOpenOption.READ);
        FileChannel out =
            create
                ? FileChannel.open(copy, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)
                : FileChannel.open(copy, StandardOpenOption.WRITE)) {
      while (true) {
        buf.clear();
        int n = in.read(buf);
        if (n < 0) {
          break;
        }
        buf.flip();
        while (buf.hasRemaining()) {
          copied += out.write(buf);
        }
      }
    }
    return copied;
  }
}
