package org.secmem.runner;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.OptionalLong;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.secmem.engine.EngineException;
import org.secmem.sort.InsufficientMemoryException;
import org.secmem.stream.NotAnIntFileException;
import org.secmem.stream.UnsupportedStreamException;
import org.secmem.units.Units;

/**
 * What a run that failed tells its user: the exit code and one message. Only the exceptions that
 * mean bad input are exit 2: {@link BadInputException}, memory a run cannot have, a file that is
 * not an int file, a stream type this platform lacks. Any other {@link IllegalArgumentException} is
 * a bug in secmem, not in the input: exit 1 as an internal error.
 *
 * @param code the exit code ({@link ExitCodes})
 * @param message what failed, without the command's name
 */
public record Failure(int code, String message) {

  private static final Logger LOG = LogManager.getLogger(Failure.class);

  /**
   * What an {@link Error} that ended a command (out of memory, a stack overflow) says: out of
   * memory with what gives the JVM more, anything else an internal error.
   */
  public static String describe(Error e) {
    if (e instanceof OutOfMemoryError) {
      return "out of memory ("
          + e.getMessage()
          + "); give the JVM more, e.g. SECMEM_HEAP=4g with"
          + " scripts/secmem or java -Xmx4g";
    }
    return "internal error: " + e;
  }

  /** The failure {@code e} is. */
  public static Failure of(Throwable e) {
    int code;
    String message;
    if (e instanceof BadInputException || e instanceof InsufficientMemoryException) {
      code = ExitCodes.BAD_INPUT;
      message = e.getMessage();
    } else if (e instanceof NotAnIntFileException || e instanceof UnsupportedStreamException) {
      code = ExitCodes.BAD_INPUT;
      message = e.getMessage();
    } else if (e instanceof NoSuchFileException || e instanceof FileNotFoundException) {
      code = ExitCodes.FAILURE;
      message = "no such file: " + e.getMessage();
    } else if (e instanceof AccessDeniedException) {
      code = ExitCodes.FAILURE;
      message = "permission denied: " + e.getMessage();
    } else if (e instanceof EngineException) {
      // Another engine's own line: it says what failed (a master not reached, a stage failed).
      code = ExitCodes.FAILURE;
      message = e.getMessage();
    } else if (e instanceof FileSystemException || e instanceof IOException) {
      code = ExitCodes.FAILURE;
      message = describeIo((IOException) e);
    } else {
      code = ExitCodes.FAILURE;
      message = "internal error: " + e + " (details in the log)";
    }
    return new Failure(code, message);
  }

  private static String describeIo(IOException e) {
    String m = String.valueOf(e.getMessage());
    if (m.contains("No space left on device")) {
      return noSpace(m, usableBytes(e));
    }
    return "I/O error: " + m;
  }

  /** Below this much usable space, ENOSPC is taken for a full disk rather than for inodes. */
  public static final long SOME_SPACE_LEFT = 1L << 20;

  /**
   * What ENOSPC ({@code message}) means: a full disk, or, where the file system still has {@code
   * usableBytes} of space (at least {@link #SOME_SPACE_LEFT}), no free inodes (or a used-up quota),
   * which "disk full" would send the user looking for space that is there. Empty: the space is not
   * known.
   */
  public static String noSpace(String message, OptionalLong usableBytes) {
    if (usableBytes.isPresent() && usableBytes.getAsLong() >= SOME_SPACE_LEFT) {
      return "no free inodes left on that file system (it still has "
          + Units.bytes(usableBytes.getAsLong())
          + " of space; too many files, or a quota used up; see df -i): "
          + message;
    }
    // ENOSPC is also what a file system with no free inodes (or an exhausted quota) says.
    return "disk full (no free space, or no free inodes, left on that file system): " + message;
  }

  /** The usable space of the file system the failed file is on; empty where that is not known. */
  private static OptionalLong usableBytes(IOException e) {
    if (!(e instanceof FileSystemException f) || f.getFile() == null) {
      return OptionalLong.empty();
    }
    try {
      Path p = Path.of(f.getFile()).toAbsolutePath();
      while (p != null && !Files.exists(p)) {
        p = p.getParent();
      }
      return p == null
          ? OptionalLong.empty()
          : OptionalLong.of(Files.getFileStore(p).getUsableSpace());
    } catch (IOException | RuntimeException x) {
      LOG.debug("No free space known for {}", f.getFile(), x);
      return OptionalLong.empty();
    }
  }
}
