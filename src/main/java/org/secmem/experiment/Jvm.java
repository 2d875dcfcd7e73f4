package org.secmem.experiment;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.secmem.fs.Ownership;

/**
 * A Java runtime that can measure a configuration ({@code --jvm}): its {@code java} binary and what
 * it says it is. secmem is Java 17 bytecode, so any JVM of release 17 or newer runs it as it is.
 *
 * @param java the {@code java} binary
 * @param version its {@code java.version}, e.g. {@code 25.0.1}
 * @param vendor its {@code java.vendor}, e.g. {@code Eclipse Adoptium}
 * @param feature its feature release, e.g. 25
 */
public record Jvm(Path java, String version, String vendor, int feature) {

  /** The oldest release that runs secmem's classes. */
  public static final int MIN_FEATURE = 17;

  private static final Logger LOG = LogManager.getLogger(Jvm.class);

  private static final Pattern PROPERTY = Pattern.compile("^\\s*([\\w.]+) = (.*)$");

  /** How long a JVM may take to say what it is. */
  private static final Duration PROBE_TIME = Duration.ofSeconds(60);

  /** The JVM this process runs on. */
  public static Jvm current() {
    return new Jvm(
        Path.of(System.getProperty("java.home"), "bin", "java"),
        System.getProperty("java.version"),
        System.getProperty("java.vendor"),
        Runtime.version().feature());
  }

  /** Whether this process runs on this JVM (its binary and version). */
  public boolean isCurrent() {
    Jvm here = current();
    return here.version.equals(version) && here.vendor.equals(vendor);
  }

  /** A short name for progress lines: {@code Java 25.0.1 (Eclipse Adoptium)}. */
  public String label() {
    return "Java " + version + " (" + vendor + ")";
  }

  /**
   * The JVM at {@code path}: a {@code java} binary, or a JDK or JRE folder holding {@code
   * bin/java}, asked what it is ({@code java -XshowSettings:properties -version}).
   *
   * @throws IllegalArgumentException saying what is wrong, for the user: no such file, not a JVM,
   *     one too old for secmem
   */
  public static Jvm probe(Path path) {
    return probe(path, PROBE_TIME);
  }

  /**
   * As above, the JVM given {@code limit} to answer. It runs as a process group of its own: at the
   * limit it is killed with every process it started (a wrapper script's children too).
   */
  static Jvm probe(Path path, Duration limit) {
    Path java = Files.isDirectory(path) ? path.resolve("bin").resolve("java") : path;
    if (!Files.isRegularFile(java)) {
      throw new IllegalArgumentException(
          path
              + (Files.isDirectory(path)
                  ? ": a folder without bin/java; give a java binary or a JDK's folder"
                  : ": no such file; give a java binary or a JDK's folder"));
    }
    if (!Files.isExecutable(java)) {
      throw new IllegalArgumentException(java + ": cannot be run (not executable)");
    }
    String text;
    int code;
    Path said = null;
    try {
      // Its words go to a file, so that a JVM that hangs cannot block the read: it is waited for
      // with a time limit, then read.
      said = Files.createTempFile("secmem-jvm-", ".txt");
      Process p =
          new ProcessBuilder(
                  ProcessTrees.inOwnGroup(
                      List.of(java.toString(), "-XshowSettings:properties", "-version")))
              .redirectErrorStream(true)
              .redirectOutput(said.toFile())
              .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
              .start();
      if (!p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
        ProcessTrees.kill(p.toHandle());
        throw new IllegalArgumentException(
            java + ": did not say what it is within " + limit.toSeconds() + " s");
      }
      code = p.exitValue();
      text = new String(Files.readAllBytes(said), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalArgumentException(java + ": cannot be run: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalArgumentException(java + ": interrupted while asking what it is", e);
    } finally {
      deleteQuietly(said);
    }
    Optional<String> version = property(text, "java.version");
    Optional<String> vendor = property(text, "java.vendor");
    Optional<String> spec = property(text, "java.specification.version");
    if (code != 0 || version.isEmpty() || spec.isEmpty()) {
      throw new IllegalArgumentException(
          java + ": not a Java runtime that secmem can ask (exit code " + code + ")");
    }
    int feature = feature(spec.get());
    if (feature < MIN_FEATURE) {
      throw new IllegalArgumentException(
          java
              + ": Java "
              + version.get()
              + " cannot run secmem, which needs Java "
              + MIN_FEATURE
              + " or newer");
    }
    return new Jvm(java, version.get(), vendor.orElse("unknown vendor"), feature);
  }

  private static void deleteQuietly(Path file) {
    if (file != null) {
      try {
        Ownership.discardTemporary(file);
      } catch (IOException e) {
        LOG.warn("Cannot remove the temporary {}", file, e);
      }
    }
  }

  /** The value of {@code name} in {@code -XshowSettings:properties} output. */
  static Optional<String> property(String text, String name) {
    for (String line : text.split("\\R")) {
      Matcher m = PROPERTY.matcher(line);
      if (m.matches() && m.group(1).equals(name)) {
        return Optional.of(m.group(2).strip());
      }
    }
    return Optional.empty();
  }

  /** {@code 1.8} → 8, {@code 17} → 17, {@code 25} → 25. */
  static int feature(String specification) {
    String s = specification.startsWith("1.") ? specification.substring(2) : specification;
    try {
      return Integer.parseInt(s.split("\\.")[0]);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("not a Java specification version: " + specification, e);
    }
  }
}
