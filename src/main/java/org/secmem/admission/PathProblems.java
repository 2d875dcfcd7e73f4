package org.secmem.admission;

import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.secmem.data.DataFiles;

/**
 * What is wrong with a path the user named, as text for a message; null when nothing is. The one
 * place for these checks, so that options, parameter files and the menu say the same.
 */
public final class PathProblems {

  private PathProblems() {}

  /**
   * Why {@code text} cannot be a file name here: Java names files in the platform's encoding, and
   * under LANG=C that is ASCII.
   */
  public static String unnameable(String text) {
    String encoding = System.getProperty("sun.jnu.encoding", Charset.defaultCharset().name());
    return "'"
        + text.replace('\uFFFD', '?')
        + "' cannot be used as a file name under this locale"
        + " (file names are encoded as "
        + encoding
        + "); run secmem under a UTF-8 locale, e.g."
        + " LC_ALL=C.UTF-8, or rename the file or folder";
  }

  /**
   * The first of {@code folders} that names a folder named before it, by the same path or another
   * name of it (a symbolic link, {@code x/..}), as a problem; null when each is named once.
   */
  public static String namedTwice(List<Path> folders) {
    Set<Path> seen = new HashSet<>();
    for (Path f : folders) {
      Path real = f.toAbsolutePath().normalize();
      try {
        if (Files.exists(f)) {
          real = f.toRealPath();
        }
      } catch (IOException e) {
        // unreadable: compare it by its name
      }
      if (!seen.add(real)) {
        return f + " is named twice (each folder once; folders on one disk share its bandwidth)";
      }
    }
    return null;
  }

  /** A folder that is there or can be created, and that can be written. */
  public static String folderProblem(Path dir) {
    Path abs = dir.toAbsolutePath().normalize();
    if (Files.exists(abs) && !Files.isDirectory(abs)) {
      return dir + " is a file, not a folder";
    }
    Path ancestor = abs;
    while (ancestor != null && !Files.exists(ancestor)) {
      if (Files.isSymbolicLink(ancestor)) {
        // It cannot be created: a link is at its name, pointing nowhere.
        String to;
        try {
          to = Files.readSymbolicLink(ancestor).toString();
        } catch (IOException e) {
          to = "?";
        }
        return (ancestor.equals(abs) ? dir.toString() : dir + ": " + ancestor)
            + " is a symbolic link to "
            + to
            + ", which does not exist";
      }
      ancestor = ancestor.getParent();
    }
    if (ancestor == null || !Files.isDirectory(ancestor)) {
      return dir + " cannot be created (" + ancestor + " is a file, not a folder)";
    }
    if (!Files.isWritable(ancestor)) {
      return ancestor.equals(abs)
          ? dir + " is not writable (a read-only folder or file system)"
          : dir + " cannot be created (" + ancestor + " is not writable)";
    }
    return null;
  }

  /** A folder that, if it is there, is a folder (one that is read from, or made on demand). */
  public static String notAFolder(Path dir) {
    return Files.exists(dir) && !Files.isDirectory(dir) ? dir + " is a file, not a folder" : null;
  }

  /** A file to be written: not a folder, and its folder can be created and written. */
  public static String outputFileProblem(Path file) {
    Path abs = file.toAbsolutePath().normalize();
    if (Files.isDirectory(abs)) {
      return file + " is a folder; name a file";
    }
    Path parent = abs.getParent();
    if (parent == null) {
      return file + " names no file";
    }
    String problem = folderProblem(parent);
    return problem == null ? null : "the folder of " + file + ": " + problem;
  }

  /**
   * Whether {@code output} names the file {@code input} names, under any name: the same path, the
   * same path once links in it are followed (including a link at the output's own name, which a
   * sort would write through), or, when both exist, the same file (a hard link).
   *
   * @return the problem, or null when they are different files (or there is no input)
   */
  public static String isTheInput(Path output, Path input) {
    if (input == null) {
      return null;
    }
    if (canonical(output).equals(canonical(input))) {
      return output
          + " is the input file"
          + (output.toAbsolutePath().normalize().equals(input.toAbsolutePath().normalize())
              ? ""
              : " (" + input + ") under another name")
          + "; write the output elsewhere";
    }
    try {
      if (Files.exists(output) && Files.exists(input) && Files.isSameFile(output, input)) {
        return output
            + " is the input file ("
            + input
            + ") under another name (a hard link);"
            + " write the output elsewhere";
      }
    } catch (IOException e) {
      return null; // unreadable: the run itself will say what is wrong with it
    }
    return null;
  }

  /**
   * {@code p} with every link followed, as far as it exists: the real path of its nearest existing
   * ancestor (or of itself) and the names below that, normalized.
   */
  static Path canonical(Path p) {
    Path abs = p.toAbsolutePath().normalize();
    Path existing = abs;
    while (existing != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    if (existing == null) {
      return abs;
    }
    try {
      return existing.toRealPath().resolve(existing.relativize(abs)).normalize();
    } catch (IOException e) {
      return abs;
    }
  }

  /**
   * Whether writing {@code output} would replace a file that is not secmem's to replace: anything
   * there but an int file secmem wrote ({@link org.secmem.data.DataFiles#writtenBySecmem}), unless
   * the user said {@code overwrite}.
   *
   * @param how what the user writes to allow it ({@code --overwrite}, {@code overwrite column
   *     true})
   * @return the problem, or null
   */
  public static String clobberProblem(Path output, boolean overwrite, String how) {
    LinkOption no = LinkOption.NOFOLLOW_LINKS;
    if (!Files.exists(output, no) || Files.isDirectory(output, no)) {
      return null; // a folder is outputFileProblem's to name
    }
    if (!Files.isRegularFile(output, no) && !Files.isSymbolicLink(output)) {
      // A device or a pipe: replacing it would remove it (as root, /dev/null itself).
      return output
          + " is not a regular file (a device, pipe or socket): secmem replaces only"
          + " files";
    }
    if (overwrite) {
      return null;
    }
    try {
      if (DataFiles.writtenBySecmem(output)) {
        return null;
      }
    } catch (IOException e) {
      return output + " exists and cannot be looked at (" + e.getMessage() + ")";
    }
    return output
        + " exists and is not an int file secmem wrote"
        + (Files.isSymbolicLink(output) ? " (a symbolic link)" : "")
        + ": it is not replaced ("
        + how
        + " to replace it)";
  }
}
