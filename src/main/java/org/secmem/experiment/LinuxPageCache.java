package org.secmem.experiment;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;

/**
 * Drops Linux's page cache: {@code sync}, then {@code 3} into {@code /proc/sys/vm/drop_caches}
 * (needs root). Writing back first matters: dirty pages cannot be dropped.
 */
public final class LinuxPageCache implements PageCache {

  private static final Path DROP_CACHES = Paths.get("/proc/sys/vm/drop_caches");

  @Override
  public void dropAll() throws IOException {
    if (!Files.exists(DROP_CACHES)) {
      throw new IOException(DROP_CACHES + " does not exist (not Linux?)");
    }
    sync();
    try {
      Files.write(DROP_CACHES, "3\n".getBytes(StandardCharsets.US_ASCII),
          StandardOpenOption.WRITE);
    } catch (IOException e) {
      throw new IOException("cannot write " + DROP_CACHES + " (" + e.getMessage()
          + "); dropping the page cache needs root", e);
    }
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
