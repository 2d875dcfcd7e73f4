package org.secmem.stream;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether O_DIRECT works in the temporary folder tests use (not on tmpfs, for one): tests of the
 * {@code direct} type run only where it can, so a CI box with a tmpfs /tmp does not fail them.
 */
public final class DirectSupport {

  private static final boolean AVAILABLE = probe();

  private DirectSupport() {}

  public static boolean available() {
    return AVAILABLE;
  }

  private static boolean probe() {
    try {
      Path dir = Files.createTempDirectory("secmem-direct-probe");
      Path f = dir.resolve("p.bin");
      try (WriteStream w =
          Streams.createWriter(StreamType.DIRECT, f, StreamOptions.ofBuffer(4096))) {
        w.write(1);
      } finally {
        Files.deleteIfExists(f);
        Files.deleteIfExists(dir);
      }
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
