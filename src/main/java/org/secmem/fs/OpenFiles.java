package org.secmem.fs;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashSet;
import java.util.Set;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The files that processes on this machine hold open, as far as {@code /proc} shows them: every
 * process of this PID namespace whose descriptors this user may read. Best effort: a process in
 * another PID namespace (a container) or of another user is not seen, so a caller that deletes must
 * also leave alone what changed recently.
 */
public final class OpenFiles {

  private static final Logger LOG = LogManager.getLogger(OpenFiles.class);

  private OpenFiles() {}

  /** Whether {@code /proc} lists processes' descriptors here (Linux). */
  public static boolean visible() {
    return Files.isDirectory(Paths.get("/proc/self/fd"));
  }

  /** The real paths of the files open in processes this user can see; empty where none can be. */
  public static Set<Path> now() {
    Set<Path> open = new HashSet<>();
    Path proc = Paths.get("/proc");
    if (!visible()) {
      return open;
    }
    try (DirectoryStream<Path> pids = Files.newDirectoryStream(proc, "[0-9]*")) {
      for (Path pid : pids) {
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(pid.resolve("fd"))) {
          for (Path fd : fds) {
            try {
              open.add(Files.readSymbolicLink(fd));
            } catch (IOException | UnsupportedOperationException e) {
              // closed meanwhile, or not a link: nothing open there now
            }
          }
        } catch (IOException e) {
          LOG.debug("Cannot list the descriptors of {}: {}", pid, e.toString());
        }
      }
    } catch (IOException e) {
      LOG.debug("Cannot list /proc: {}", e.toString());
    }
    return open;
  }
}
