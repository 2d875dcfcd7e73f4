package org.secmem.cli;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.secmem.admission.Admission;
import org.secmem.admission.Machine;
import org.secmem.admission.Parameter;
import org.secmem.admission.Problem;
import org.secmem.admission.RefusedException;
import org.secmem.param.PathProblems;
import org.secmem.runner.BadInputException;
import org.secmem.stream.StreamType;
import org.secmem.units.Units;
import picocli.CommandLine;

/** Checks, before a run starts, that the machine can give what the run will take. */
final class Resources {

  private Resources() {}

  /** Refuses {@code streams} open at once when the open-file limit does not allow them. */
  static void checkOpenFiles(CommandLine cmd, String option, long streams) {
    String problem = Machine.current().openFilesProblem(streams);
    if (problem != null) {
      throw new CommandLine.ParameterException(cmd, option + ": " + problem);
    }
  }

  /**
   * Refuses {@code k} streams of {@code type} with buffer {@code b} that this JVM's heap or direct
   * memory cannot hold, naming {@code --b}, or {@code kOption} for a type without B.
   */
  static void checkStreamMemory(String kOption, StreamType type, long k, long b, boolean bulk) {
    try {
      Admission.streamMemory(type, k, b, bulk, Machine.current());
    } catch (RefusedException e) {
      Problem p = e.first();
      throw new BadInputException(
          (p.parameter() == Parameter.K ? kOption : "--b") + ": " + p.message(), e);
    }
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
    FileStore store = Files.getFileStore(existing);
    if (store.getTotalSpace() == 0) {
      return; // a file system that states no size (ramfs): memory is its limit, not blocks
    }
    long usable = store.getUsableSpace();
    if (bytes > usable) {
      throw new BadInputException(
          "not enough free disk in "
              + existing
              + ": "
              + what
              + " needs "
              + Units.bytes(bytes)
              + ", "
              + Units.bytes(usable)
              + " free");
    }
  }
}
