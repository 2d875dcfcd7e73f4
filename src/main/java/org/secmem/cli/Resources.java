package org.secmem.cli;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.secmem.experiment.StreamMemory;
import org.secmem.param.PathProblems;
import org.secmem.stream.StreamType;
import picocli.CommandLine;

/** Checks, before a run starts, that the machine can give what the run will take. */
final class Resources {

  /**
   * Descriptors kept free beside the measured streams, for the results file, logs and the JVM: an
   * eighth of the limit, between 8 and 64, so that a low limit (ulimit -n 64) still runs small k.
   */
  static long spareDescriptors(long limit) {
    return Math.max(8, Math.min(64, limit / 8));
  }

  private Resources() {}

  /** Refuses {@code streams} open at once when the open-file limit does not allow them. */
  static void checkOpenFiles(CommandLine cmd, String option, long streams) {
    OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    if (os instanceof com.sun.management.UnixOperatingSystemMXBean) {
      com.sun.management.UnixOperatingSystemMXBean unix =
          (com.sun.management.UnixOperatingSystemMXBean) os;
      long max = unix.getMaxFileDescriptorCount();
      long free = max - unix.getOpenFileDescriptorCount() - spareDescriptors(max);
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

  /**
   * Refuses {@code k} streams of {@code type} with buffer {@code b} that this JVM's heap or direct
   * memory cannot hold.
   */
  static void checkStreamMemory(String where, StreamType type, long k, long b, boolean bulk) {
    refuse(where, StreamMemory.of(type, k, b, bulk).problem(
        "k = " + k + " " + type.cliName() + " stream" + (k == 1 ? "" : "s")
            + (type.usesBufferSize() ? " of B = " + b + " bytes" : ""),
        StreamMemory.maxHeap(), StreamMemory.maxDirect()));
  }

  /** Refuses a folder that cannot be created or written, before anything runs. */
  static void checkWritableFolder(String option, Path dir) {
    refuse(option, PathProblems.folderProblem(dir));
  }

  /**
   * Refuses work folders that cannot be written, or one named twice (by the same path or another
   * name of it); none is fine (a folder beside the output).
   */
  static void checkWorkFolders(String option, List<Path> folders) {
    for (Path f : folders) {
      refuse(option, PathProblems.folderProblem(f));
    }
    refuse(option, PathProblems.namedTwice(folders));
  }

  /** Refuses a folder option that names a file. */
  static void checkNotAFile(String option, Path dir) {
    refuse(option, PathProblems.notAFolder(dir));
  }

  /** Refuses an output file that is a folder or whose folder cannot be created or written. */
  static void checkOutputFile(String option, Path file) {
    refuse(option, PathProblems.outputFileProblem(file));
  }

  /** Bad input naming {@code where}, when there is a {@code problem}. */
  private static void refuse(String where, String problem) {
    if (problem != null) {
      throw new BadInputException(where + ": " + problem);
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
