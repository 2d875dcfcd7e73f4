package org.secmem.admission;

import java.io.IOException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.secmem.fs.Ownership;
import org.secmem.fs.ReadableFile;
import org.secmem.probe.ProbeStore;
import org.secmem.runner.BadInputException;
import org.secmem.stream.Streams;

/**
 * A run's folders and files, checked before anything runs, in the words of {@link PathProblems}:
 * each refusal starts with {@code where}, the way in's name for the path ({@code --out} on the
 * command line).
 */
public final class FileChecks {

  private FileChecks() {}

  /** Refuses a folder that cannot be created or written. */
  public static void writableFolder(String where, Path dir) {
    refuse(where, PathProblems.folderProblem(dir));
  }

  /**
   * The work folders of an option's values, each a comma-separated list; each folder writable and
   * named once (by the same path or another name of it); none is fine (a folder beside the output).
   * An empty name ("a,", "a,,b") is refused rather than read as the current folder or dropped.
   */
  public static List<Path> workFolders(String where, List<String> values) {
    List<Path> folders = new ArrayList<>();
    for (String value : values == null ? List.<String>of() : values) {
      for (String name : value.split(",", -1)) {
        if (name.isBlank()) {
          throw new BadInputException(
              where + ": '" + value + "' has an empty folder name (write DIR or DIR,DIR,...)");
        }
        try {
          folders.add(Path.of(name.trim()));
        } catch (InvalidPathException e) {
          throw new BadInputException(
              where + ": '" + name + "' is not a folder name: " + e.getReason());
        }
      }
    }
    for (Path f : folders) {
      refuse(where, PathProblems.folderProblem(f));
    }
    refuse(where, PathProblems.namedTwice(folders));
    return List.copyOf(folders);
  }

  /** Refuses a folder that names a file. */
  public static void notAFile(String where, Path dir) {
    refuse(where, PathProblems.notAFolder(dir));
  }

  /** Refuses an output file that is a folder or whose folder cannot be created or written. */
  public static void outputFile(String where, Path file) {
    refuse(where, PathProblems.outputFileProblem(file));
  }

  /** Refuses an input that does not exist, is not a file or cannot be read. */
  public static void readableInput(String where, Path in) {
    Optional<String> problem = ReadableFile.problem(in);
    if (problem.isPresent()) {
      throw new BadInputException(where + ": " + problem.get());
    }
  }

  /**
   * Refuses input files that do not exist, are not files or cannot be read, or are not int files.
   *
   * @return the most ints one of them holds
   */
  public static long intFiles(String where, List<Path> files) throws IOException {
    long most = 0;
    for (Path f : files) {
      readableInput(where, f);
      most = Math.max(most, Streams.intCount(f));
    }
    return most;
  }

  /**
   * Refuses an output of ints that is the input, that would replace a file without leave, or that
   * cannot be written; with leave ({@code overwrite}), a file there becomes the run's to replace
   * ({@link Ownership#handOver}).
   *
   * @param in the input, or null when it is generated
   * @param howToOverwrite how this way in gives leave, e.g. "give --overwrite"
   */
  public static void intOutput(
      String where, Path out, Path in, boolean overwrite, String howToOverwrite) {
    refuse(where, PathProblems.isTheInput(out, in));
    refuse(where, PathProblems.clobberProblem(out, overwrite, howToOverwrite));
    outputFile(where, out);
    if (overwrite) {
      try {
        Ownership.handOver(out, Ownership.Made.INT_FILE);
      } catch (IOException e) {
        throw new BadInputException(
            where + ": " + out + " cannot be looked at (" + e.getMessage() + ")");
      }
    }
  }

  /**
   * Refuses a file for probe figures that cannot be written, or that holds what secmem did not
   * write there ({@link ProbeStore#claim}): the probe replaces it whole.
   */
  public static void probeFile(String where, Path file) {
    outputFile(where, file);
    Optional<String> notOurs;
    try {
      notOurs = ProbeStore.claim(file);
    } catch (IOException e) {
      throw new BadInputException(where + ": " + file + " cannot be read (" + e.getMessage() + ")");
    }
    notOurs.ifPresent(
        problem -> {
          throw new BadInputException(
              where + ": " + problem + "; name a new file, or one secmem probe wrote");
        });
  }

  /** Bad input naming {@code where}, when there is a {@code problem}. */
  public static void refuse(String where, String problem) {
    if (problem != null) {
      throw new BadInputException(where + ": " + problem);
    }
  }
}
