package org.secmem.experiment;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.secmem.fs.Ownership;

/**
 * Drops Linux's page cache: {@code sync}, then {@code 3} into {@code /proc/sys/vm/drop_caches}
 * (needs root). Writing back first matters: dirty pages cannot be dropped.
 */
public final class LinuxPageCache implements PageCache {

  private static final Path DROP_CACHES = Paths.get("/proc/sys/vm/drop_caches");
  private static final Path MEMINFO = Paths.get("/proc/meminfo");
  private static final Logger LOG = LogManager.getLogger(LinuxPageCache.class);

  @Override
  public void dropAll() throws IOException {
    if (!Files.exists(DROP_CACHES)) {
      throw new IOException(DROP_CACHES + " does not exist (not Linux?)");
    }
    sync();
    try {
      Ownership.writeControl(DROP_CACHES, "3\n");
    } catch (IOException e) {
      throw new IOException(
          "cannot write "
              + DROP_CACHES
              + " ("
              + e.getMessage()
              + "); dropping the page cache needs root",
          e);
    }
  }

  @Override
  public void flush() throws IOException {
    sync();
  }

  @Override
  public OptionalLong dirtyBytes() {
    return dirtyBytes(MEMINFO);
  }

  /** The {@code Dirty:} line of a meminfo file, in bytes; empty when absent or unreadable. */
  static OptionalLong dirtyBytes(Path meminfo) {
    try {
      for (String line : Files.readAllLines(meminfo, StandardCharsets.US_ASCII)) {
        if (line.startsWith("Dirty:")) {
          String[] f = line.substring("Dirty:".length()).trim().split("\\s+");
          long kib = Long.parseLong(f[0]);
          return OptionalLong.of(f.length > 1 && f[1].equalsIgnoreCase("kB") ? kib * 1024 : kib);
        }
      }
    } catch (IOException | RuntimeException e) {
      LOG.debug("No dirty-page count from {}", meminfo, e);
    }
    return OptionalLong.empty();
  }

  private static void sync() throws IOException {
    Process p = new ProcessBuilder("sync").redirectErrorStream(true).start();
    try {
      if (!p.waitFor(10, TimeUnit.MINUTES) || p.exitValue() != 0) {
        throw new IOException("sync failed");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      p.destroy();
      throw new InterruptedIOException("interrupted while waiting for sync");
    }
  }
}
