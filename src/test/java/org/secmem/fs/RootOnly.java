package org.secmem.fs;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * For tests that need root or a tool (python3, unshare): they run where they can, are skipped on a
 * developer's machine where they cannot, and fail in CI ({@code SECMEM_CI} set by {@code .ci/run}),
 * which runs as root with those tools, so that they can never be skipped there unseen.
 */
public final class RootOnly {

  private RootOnly() {}

  /** Whether this is CI. */
  public static boolean ci() {
    return System.getenv("SECMEM_CI") != null;
  }

  /** Skips the test (fails it in CI) unless {@code condition}. */
  public static void require(boolean condition, String what) {
    if (!condition && ci()) {
      fail("CI must be able to run this test: " + what);
    }
    assumeTrue(condition, what);
  }

  /** Skips the test (fails it in CI) unless this process runs as root. */
  public static void requireRoot() throws IOException {
    require(isRoot(), "runs as root");
  }

  static boolean isRoot() throws IOException {
    Path self = Path.of("/proc/self");
    return Files.exists(self) && "root".equals(Files.getOwner(self).getName());
  }

  /** Whether {@code command} runs here (exit 0 with {@code args}). */
  public static boolean available(String... command) {
    try {
      Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
      p.getInputStream().readAllBytes();
      return p.waitFor() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
