package org.secmem.runner;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.UserPrincipal;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractOutputStreamAppender;
import org.apache.logging.log4j.core.appender.FileManager;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.DefaultConfiguration;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.status.StatusData;
import org.apache.logging.log4j.status.StatusListener;
import org.apache.logging.log4j.status.StatusLogger;
import org.secmem.engine.KnownEngine;
import org.secmem.engine.KnownEngines;
import org.secmem.fs.SecureFolder;

/**
 * Starts secmem's log so that Log4j never speaks on the terminal, whatever happens to the log file:
 * Log4j's own status messages (its stack traces when the disk is full) are off, and a log that
 * cannot be written costs one secmem line, once: {@code secmem: cannot write logs/secmem.log: No
 * space left on device; details are not logged}. The run goes on.
 *
 * <p>A log file that is a symbolic link, or anything but a plain file, or in a folder of another
 * user (who could put a link there at any time) is not written at all, with that one line: the log
 * must never append to whatever file someone pointed {@code logs/secmem.log} at. It is looked at
 * before the first line is logged, which is when Log4j opens it ({@code createOnDemand}).
 *
 * <p>Called by {@code Main} before anything else touches Log4j: its status level is read once, when
 * it first starts. Someone who asks for Log4j's own account ({@code -Dlog4j2.debug}, {@code
 * -Dlog4j2.StatusLogger.level=...}) gets it on the console as Log4j prints it.
 */
public final class LogFile {

  /** Log4j's property for the level of its status messages on the console. */
  static final String STATUS_LEVEL = "log4j2.StatusLogger.level";

  /** Log4j's property for its configuration's location. */
  static final String CONFIGURATION_PROPERTY = "log4j2.configurationFile";

  /**
   * secmem's Log4j configuration: a resource of its jar under a name that Log4j does not look for
   * by itself ({@code log4j2.xml} would be), so that only secmem's own process uses it. An engine's
   * daemons started with its module's libraries on their class path sent their log into {@code
   * ./logs/secmem.log}.
   */
  static final String CONFIGURATION = "secmem-log4j2.xml";

  /** The name inside {@link #CONFIGURATION}: how a running Log4j is known to use it. */
  static final String CONFIGURATION_NAME = "secmem";

  private LogFile() {}

  /**
   * secmem's log, as {@code secmem-log4j2.xml} names it: {@code secmem.log} in the folder that the
   * {@code secmem.logdir} property names, {@code logs} by default.
   */
  static Path path() {
    return Paths.get(System.getProperty("secmem.logdir", "logs"), "secmem.log");
  }

  /** Starts the log; says on {@code err} (not closed) at most once that it cannot be written. */
  public static void start(PrintWriter err) {
    OneLine said = new OneLine(err, path().toString());
    String problem = problem(path());
    if (problem != null) {
      said.once(problem);
    }
    if (System.getProperty(STATUS_LEVEL) == null && System.getProperty("log4j2.debug") == null) {
      System.setProperty(STATUS_LEVEL, "OFF");
      // Registered before Log4j starts, which is when it creates the log's folder. A listener of
      // its own also keeps Log4j's console listener quiet (it prints only when none is
      // registered).
      StatusLogger.getLogger().registerListener(new Failures(said));
    }
    boolean own =
        System.getProperty(CONFIGURATION_PROPERTY) == null
            && System.getProperty("log4j.configurationFile") == null
            && System.getenv("LOG4J_CONFIGURATION_FILE") == null;
    if (own) {
      System.setProperty(CONFIGURATION_PROPERTY, CONFIGURATION);
    }
    // Log4j keeps a context per class loader. Under an engine's submit script secmem's classes come
    // from a loader of the application's jar, and the engine's from the one that loaded Log4j,
    // which the script started with the engine's configuration (its INFO lines on the terminal).
    Set<ClassLoader> loaders = new LinkedHashSet<>();
    loaders.add(LogFile.class.getClassLoader());
    loaders.add(LogManager.class.getClassLoader());
    for (ClassLoader loader : loaders) {
      if (LogManager.getContext(loader, false) instanceof LoggerContext context) {
        if (own && startedWithADefault(context.getConfiguration())) {
          useOwnConfiguration(context);
        }
        if (problem != null) {
          detachFiles(context);
        }
      }
    }
  }

  /**
   * Whether a running configuration is one nobody chose for secmem: Log4j's default (no file found)
   * or the defaults an engine's launcher installs ({@link KnownEngine#logConfigMarkers}). A file
   * the user gave the engine is kept.
   */
  private static boolean startedWithADefault(Configuration config) {
    if (CONFIGURATION_NAME.equals(config.getName())) {
      return false;
    }
    if (config instanceof DefaultConfiguration) {
      return true;
    }
    String location =
        config.getConfigurationSource() == null
            ? null
            : config.getConfigurationSource().getLocation();
    return location == null
        || KnownEngines.ALL.stream()
            .flatMap(e -> e.logConfigMarkers().stream())
            .anyMatch(location::contains);
  }

  /** Makes a context started before secmem's main, with another configuration, use secmem's. */
  private static void useOwnConfiguration(LoggerContext context) {
    URL resource = LogFile.class.getClassLoader().getResource(CONFIGURATION);
    if (resource == null) {
      return; // not in this class path: keep what runs
    }
    try {
      context.setConfigLocation(resource.toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException("the jar's own resource has no URI: " + resource, e);
    }
  }

  /**
   * Why secmem must not write its log to {@code file}; null when it may. Only what Log4j would
   * follow or append to blindly: a link at the file's name, a file that is not a plain file (a
   * folder, a FIFO that would block the first line), one with other names (hard links), a folder of
   * another user.
   */
  static String problem(Path file) {
    try {
      if (Files.isSymbolicLink(file)) {
        return "it is a symbolic link, which secmem does not write through";
      }
      if (Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
        if (Files.isDirectory(file, LinkOption.NOFOLLOW_LINKS)) {
          return "it is a folder";
        }
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
          return "it is not a plain file";
        }
        Object links = Files.getAttribute(file, "unix:nlink", LinkOption.NOFOLLOW_LINKS);
        if (links instanceof Integer n && n > 1) {
          return "it has "
              + (n - 1)
              + " other name(s) (hard links), which secmem does not write"
              + " through";
        }
      }
      Path folder = file.toAbsolutePath().getParent();
      if (folder != null && Files.exists(folder) && !Files.isDirectory(folder)) {
        return (file.getParent() == null ? folder : file.getParent()) + " is not a folder";
      }
      if (folder != null && Files.isDirectory(folder)) {
        UserPrincipal owner = Files.getOwner(folder);
        if (!owner.equals(SecureFolder.currentUser())) {
          return "its folder belongs to another user ("
              + owner.getName()
              + "), who could put a"
              + " link there";
        }
      }
      return null;
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      // Cannot tell (no unix attributes, no owner): Log4j tries, and says so through Failures.
      return null;
    }
  }

  /**
   * Takes every appender that writes a file off every logger, and stops it: nothing is logged.
   * Stopped before anything was logged, it never opened its file ({@code createOnDemand}).
   */
  private static void detachFiles(LoggerContext context) {
    Configuration config = context.getConfiguration();
    for (Appender appender : List.copyOf(config.getAppenders().values())) {
      if (appender instanceof AbstractOutputStreamAppender<?> a
          && a.getManager() instanceof FileManager) {
        for (LoggerConfig logger : config.getLoggers().values()) {
          logger.removeAppender(appender.getName());
        }
        config.getRootLogger().removeAppender(appender.getName());
        appender.stop();
      }
    }
    context.updateLoggers();
  }

  /** The one line about the log, said once per process however often the log fails. */
  private static final class OneLine {
    private final PrintWriter err;
    private final String file;
    private final AtomicBoolean said = new AtomicBoolean();

    OneLine(PrintWriter err, String file) {
      this.err = err;
      this.file = file;
    }

    String file() {
      return file;
    }

    void once(String why) {
      if (said.compareAndSet(false, true)) {
        ProgressListener.eraseBars();
        err.println(
            UserText.line(
                "secmem: cannot write " + file + ": " + why + "; details are not logged"));
        err.flush();
      }
    }
  }

  /** Log4j's errors (a write that failed, a folder it could not create) as that one line. */
  private static final class Failures implements StatusListener {
    private final OneLine said;

    Failures(OneLine said) {
      this.said = said;
    }

    @Override
    public Level getStatusLevel() {
      return Level.ERROR;
    }

    @Override
    public void log(StatusData data) {
      // With log4j2.debug every message reaches every listener: only errors are secmem's to say.
      if (!data.getLevel().isMoreSpecificThan(Level.ERROR)) {
        return;
      }
      said.once(reason(data.getThrowable()));
    }

    /** What the system said (the I/O error under Log4j's), without the file name again. */
    private String reason(Throwable t) {
      for (Throwable c = t; c != null; c = c.getCause()) {
        if (c instanceof IOException && c.getMessage() != null) {
          String m = c.getMessage();
          // FileNotFoundException: "logs/secmem.log (Is a directory)".
          String name = said.file();
          if (m.startsWith(name + " (") && m.endsWith(")")) {
            return m.substring(name.length() + 2, m.length() - 1);
          }
          return m.endsWith(".") ? m.substring(0, m.length() - 1) : m;
        }
      }
      return "an error in the logging library";
    }

    @Override
    public void close() {}
  }
}
