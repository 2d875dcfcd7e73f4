package org.secmem.runner;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.secmem.cgroup.MadeCgroups;
import org.secmem.data.PartFile;
import org.secmem.fs.Ownership;
import org.secmem.fs.TempRegistry;
import org.secmem.results.RawResultsWriter;
import org.secmem.sort.WorkDirectory;

/**
 * Removes temporary work folders and partly written files ({@code .NAME.<uuid>.part}, see {@code
 * org.secmem.data.PartFile}) when the process is interrupted (Ctrl-C, SIGTERM), as GNU sort does,
 * and says what is kept. One per process: the command line owns it and passes it down. Rows already
 * measured need no rescue: each was flushed to the results file as it was measured.
 */
public final class ShutdownCleanup implements TempRegistry {

  private static final Logger LOG = LogManager.getLogger(ShutdownCleanup.class);

  private final Set<Path> temporary = ConcurrentHashMap.newKeySet();
  private final Set<Path> reserved = ConcurrentHashMap.newKeySet();
  private final MadeCgroups cgroups = new MadeCgroups();
  private final PrintWriter err;
  private volatile RawResultsWriter results;
  private volatile boolean done;
  private final boolean hooked;

  /** Whether this is the process's cleanup (hooked into JVM shutdown), not a test's. */
  public boolean hooked() {
    return hooked;
  }

  /**
   * @param installHook whether to hook into JVM shutdown (off in tests that run many commands)
   */
  public ShutdownCleanup(PrintWriter err, boolean installHook) {
    this.err = err;
    this.hooked = installHook;
    if (installHook) {
      Runtime.getRuntime().addShutdownHook(new Thread(this::onShutdown, "secmem-cleanup"));
    }
  }

  /**
   * The memory cgroups this process made for its forks (--memory-limit) and has not removed yet:
   * removed at shutdown, left alone by {@code secmem clean}.
   */
  public MadeCgroups cgroups() {
    return cgroups;
  }

  /**
   * A folder made for this command's output before it ran ({@code results/<stamp>-<name>/}):
   * removed when the command ends with nothing in it (it was refused, or measured nothing).
   */
  public void reservedFolder(Path folder) {
    reserved.add(folder);
  }

  private void removeEmptyReserved() {
    for (Path f : reserved) {
      try {
        Ownership.deleteEmptyFolder(f);
      } catch (IOException e) {
        LOG.warn("Could not remove the empty folder {}", f, e);
      }
    }
    reserved.clear();
  }

  @Override
  public void register(Path path) {
    temporary.add(path);
  }

  @Override
  public void release(Path path) {
    temporary.remove(path);
  }

  /** A measuring session is writing through {@code writer}; an interrupt now stops it first. */
  void sessionStarted(RawResultsWriter writer) {
    results = writer;
    lastSession = writer;
  }

  void sessionEnded() {
    results = null;
  }

  /** The results writer of the command running now, kept after its session ends; or null. */
  private volatile RawResultsWriter lastSession;

  /** A command starts: what an earlier one (in the menu) measured is not its own. */
  public void commandStarted() {
    lastSession = null;
  }

  /**
   * Where the rows this command measured are, for a failure's message: "; the 12 rows measured so
   * far are in r.csv", or "" when it measured none (chart, compare, or a failure before the first
   * row).
   */
  public String measuredSoFar() {
    RawResultsWriter w = lastSession;
    if (w == null) {
      return "";
    }
    long added = w.tally().added();
    return added == 0
        ? ""
        : "; the "
            + added
            + (added == 1 ? " row" : " rows")
            + " measured so far are in "
            + w.file();
  }

  /** The command finished on its own: nothing to say at shutdown. */
  public void finished() {
    done = true;
    removeEmptyReserved();
  }

  private volatile boolean shuttingDown;

  /**
   * Whether the process is being stopped (Ctrl-C, SIGTERM): a command failing now failed because
   * its files were removed under it, which is not worth an error line after "interrupted".
   */
  public boolean shuttingDown() {
    return shuttingDown;
  }

  /**
   * The memory cgroups this process made for its forks (--memory-limit), once the forks have ended
   * (each is waited for up to two seconds): the kernel removes a cgroup only when it is empty.
   */
  private void removeForkCgroups(List<ProcessHandle> forks) {
    if (forks.isEmpty()) {
      // No fork, no cgroup of one; and nothing new loaded during shutdown (a class whose logger
      // is first asked for now can restart a Log4j that its own hook just stopped, and that one
      // would write logs/secmem.log where LogFile had refused it: LogFileTest saw it once).
      return;
    }
    for (ProcessHandle f : forks) {
      try {
        f.onExit().get(2, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } catch (ExecutionException | TimeoutException e) {
        LOG.debug("fork {} still running at shutdown", f.pid(), e);
      }
    }
    try {
      cgroups.removeAll().forEach(dir -> LOG.info("Removed memory cgroup {} at shutdown", dir));
    } catch (IOException e) {
      LOG.warn("A memory cgroup made for a fork stays", e);
    }
  }

  /** What the shutdown hook does: remove what is registered, say what is kept. */
  void onShutdown() {
    if (done) {
      return;
    }
    shuttingDown = true;
    ProgressListener.eraseBars();
    // A fork (--fork) measuring for this process ends with it: a terminal's Ctrl-C reaches it too,
    // a kill of this process alone does not.
    List<ProcessHandle> forks = ProcessHandle.current().children().toList();
    forks.forEach(ProcessHandle::destroy);
    removeForkCgroups(forks);
    // First freeze the results file (the interrupted thread may still be measuring), so that the
    // count below is what the file holds when the process ends.
    RawResultsWriter writer = results;
    RawResultsWriter.Tally tally = writer == null ? null : writer.stop();
    String said = cleanUp(writer, tally, false);
    removeEmptyReserved();
    Optional<String> exiter = exitCaller(Thread.getAllStackTraces().values());
    if (exiter.isPresent()) {
      // Not a signal: code the command ran (an engine, on a setting it cannot live with) ended the
      // JVM. Say who, so that "interrupted" does not send the user looking for a Ctrl-C.
      err.println();
      err.println(
          UserText.line(
              "secmem: "
                  + exiter.get()
                  + " ended the JVM (System.exit)"
                  + " while the command ran; its reason is in logs/secmem.log"
                  + (said == null ? "" : "; " + said)));
      err.flush();
    } else if (said != null) {
      err.println();
      err.println("secmem: interrupted; " + said);
      err.flush();
    }
  }

  /**
   * The class outside secmem and the JDK that called {@code System.exit} (or {@code Runtime.exit})
   * and is waiting in it for the shutdown hooks, e.g. one of an engine's; empty for a signal (the
   * JDK's handler ends the JVM without {@code Runtime.exit}), for the end of {@code main}, and for
   * secmem's own exits.
   */
  static Optional<String> exitCaller(Collection<StackTraceElement[]> stacks) {
    for (StackTraceElement[] stack : stacks) {
      for (int i = 0; i < stack.length; i++) {
        if (!stack[i].getClassName().equals("java.lang.Runtime")
            || !stack[i].getMethodName().equals("exit")) {
          continue;
        }
        for (int j = i + 1; j < stack.length; j++) {
          String c = stack[j].getClassName();
          if (c.equals("java.lang.System")
              || c.equals("java.lang.Runtime")
              || c.startsWith("scala.sys.")) {
            continue; // the ways to exit, not who asked (Scala's sys.exit calls System.exit)
          }
          return c.startsWith("org.secmem.")
              ? Optional.empty()
              : Optional.of(c + "." + stack[j].getMethodName());
        }
      }
    }
    return Optional.empty();
  }

  private volatile RawResultsWriter frozen;
  private volatile RawResultsWriter.Tally frozenTally;

  /**
   * Ctrl-C during a run started from the menu: freezes the results file now (the row being written
   * is finished, later ones are not written), before the run's thread is interrupted.
   */
  public void freezeResults() {
    RawResultsWriter writer = results;
    if (writer != null) {
      frozenTally = writer.stop();
      frozen = writer;
    }
  }

  /**
   * After a menu run stopped by Ctrl-C has returned: removes what is still registered and says what
   * was removed and what is kept, as the shutdown hook would; the process goes on.
   */
  public String afterInterruptedRun() {
    RawResultsWriter writer = frozen;
    RawResultsWriter.Tally tally = frozenTally;
    frozen = null;
    frozenTally = null;
    return cleanUp(writer, tally, true);
  }

  /**
   * Removes the registered temporaries (and a results file left without rows); what to say, or null
   * when there is nothing to say and {@code always} is false.
   */
  private String cleanUp(RawResultsWriter writer, RawResultsWriter.Tally tally, boolean always) {
    int removed = 0;
    int files = 0;
    List<Path> gone = new ArrayList<>();
    for (Path p : temporary) {
      if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
        continue; // registered before it is created, or already gone
      }
      boolean folder = Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS);
      // An unfinished file's owner marker goes with it: not a file of its own to the user.
      boolean marker = p.getFileName().toString().endsWith(PartFile.OWNER_SUFFIX);
      // The interrupted thread may still be writing into it: try a few times.
      for (int attempt = 0; attempt < 5; attempt++) {
        try {
          WorkDirectory.deleteTree(p);
          removed += marker ? 0 : 1;
          files += folder || marker ? 0 : 1;
          temporary.remove(p);
          gone.add(p);
          break;
        } catch (IOException e) {
          LOG.warn("Could not remove {} yet", p, e);
          sleepBriefly();
        }
      }
    }
    removeAgainIfRemade(gone);
    if (removed == 0 && writer == null && !always) {
      return null;
    }
    Path file = writer == null ? null : writer.file();
    boolean unused = writer != null && tally.inFile() == 0 && writer.created();
    if (unused) {
      // Like a run that fails before its first row: no header-only file is left behind.
      ExperimentSession.removeUnused(writer.file(), writer.createdFolders());
    }
    String kept =
        writer == null
            ? ""
            : tally.inFile() == 0
                ? "; no run had finished, so nothing was measured"
                    + (unused ? " and " + writer.file() + " is not kept" : "")
                : "; "
                    + file
                    + " holds "
                    + ExperimentSession.rowsText(tally)
                    // The menu's run went on to write the summary of what it measured.
                    + (always
                        ? ""
                        : " (run 'secmem chart " + file + "' for the summary and charts)");
    return (removed == 0 && always
            ? "the run's temporary files are removed"
            : "removed " + what(removed - files, files))
        + kept;
  }

  /**
   * E.g. "1 temporary folder", "2 unfinished files", "1 temporary folder and 1 unfinished file".
   */
  static String what(int folders, int files) {
    String f = folders + " temporary " + (folders == 1 ? "folder" : "folders");
    String p = files + " unfinished " + (files == 1 ? "file" : "files");
    if (files == 0) {
      return f;
    }
    return folders == 0 ? p : f + " and " + p;
  }

  /**
   * The interrupted thread goes on while the hook runs: one that was about to open a temporary the
   * hook has just removed (a generator between making its {@code .part} and opening its stream,
   * which creates or truncates) makes it again. Looks a few times, a pause apart, and removes what
   * came back.
   */
  private static void removeAgainIfRemade(List<Path> gone) {
    for (int look = 0; look < REMADE_LOOKS && !gone.isEmpty(); look++) {
      sleepBriefly();
      for (Path p : gone) {
        if (Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
          try {
            WorkDirectory.deleteTree(p);
          } catch (IOException e) {
            LOG.warn("Could not remove {}, made again after it was removed", p, e);
          }
        }
      }
    }
  }

  /** How many times {@link #removeAgainIfRemade} looks: 3, 50 ms apart. */
  static final int REMADE_LOOKS = 3;

  private static void sleepBriefly() {
    try {
      Thread.sleep(50);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
