package org.secmem.cli;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine;

/** Checks, before a run starts, that the machine can give what the run will take. */
final class Resources {

  /** Descriptors the JVM and secmem need beside the measured streams. */
  private static final long SPARE_DESCRIPTORS = 64;

  private Resources() {}

  /** Refuses {@code streams} open at once when the open-file limit does not allow them. */
  static void checkOpenFiles(CommandLine cmd, String option, long streams) {
    OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    if (os instanceof com.sun.management.UnixOperatingSystemMXBean) {
      com.sun.management.UnixOperatingSystemMXBean unix =
          (com.sun.management.UnixOperatingSystemMXBean) os;
      long max = unix.getMaxFileDescriptorCount();
      long free = max - unix.getOpenFileDescriptorCount() - SPARE_DESCRIPTORS;
      if (streams > free) {
        throw new CommandLine.ParameterException(
            cmd,
            option
                + ": "
                + streams
                + " files open at once exceed what the open-file limit allows ("
                + max
                + " descriptors, "
                + Math.max(free, 0)
                + " free; raise it with 'ulimit -n')");
      }
    }
  }

  /** Refuses a run that will write {@code bytes} into {@code dir} when the disk has less free. */
  static void checkDiskSpace(Path dir, long bytes, String what) throws IOException {
    Path existing = dir.toAbsolutePath();
    while (existing != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    if (existing == null) {
      return;
    }
    long usable = Files.getFileStore(existing).getUsableSpace();
    if (bytes > usable) {
      throw new BadInputException(
          "not enough free disk in "
              + existing
              + ": "
              + what
              + " needs "
              + mib(bytes)
              + " MiB, "
              + mib(usable)
              + " MiB free");
    }
  }

  static String mib(long bytes) {
    return String.format(java.util.Locale.ROOT, "%.1f", bytes / 1048576.0);
  }
}
