package org.secmem.results;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.secmem.data.PartFile;
import org.secmem.probe.Figures;
import org.secmem.probe.FileSystemId;
import org.secmem.probe.ProbeStore;

/**
 * What a measurement ran on: JVM, heap, OS, kernel, CPU, file system, memory, secmem version, git
 * commit and the exact command, and the ceilings {@code secmem probe} last measured for the data
 * folder's file system ({@code probe.*}, from the file {@link ProbeStore} keeps). Written as {@code
 * key=value} lines beside a results file ({@link ResultFiles#environmentFor}); every key of {@link
 * #KEYS} is always present, in that order, and whatever cannot be found out is {@value #UNKNOWN}.
 * Capturing never throws: failures are logged. Sizes are in bytes.
 *
 * @param entries the values by key, in {@link #KEYS} order
 */
public record EnvironmentRecord(Map<String, String> entries) {

  public static final String UNKNOWN = "unknown";

  /**
   * The key of the session id: what the {@code session} column of each row the session wrote holds
   * ({@link ResultColumn#SESSION}), so that rows join to the record of the run that measured them.
   */
  public static final String SESSION = "session";

  /** Every key, in the order written. */
  public static final List<String> KEYS =
      List.of(
          "time",
          "secmem.version",
          "git.commit",
          "command",
          "jvm.vendor",
          "jvm.name",
          "jvm.version",
          "jvm.input_arguments",
          "jvm.max_heap_bytes",
          "os.name",
          "os.version",
          "os.arch",
          "kernel",
          "cpu.model",
          "cpu.available_processors",
          "data.dir",
          "fs.type",
          "fs.block_size_bytes",
          "fs.usable_bytes",
          "mem.total_bytes",
          "mem.available_bytes",
          "probe.date",
          "probe.fs",
          "probe.device_write_mib_s",
          "probe.device_read_mib_s",
          "probe.cache_copy_mib_s",
          "probe.memory_copy_1_thread_mib_s",
          "probe.memory_copy_all_cores_mib_s");

  /** The kept figure of {@code secmem probe} each {@code probe.} key takes. */
  private static final Map<String, String> PROBE_FIELDS =
      Map.of(
          "probe.date", Figures.DATE,
          "probe.device_write_mib_s", Figures.DEVICE_WRITE,
          "probe.device_read_mib_s", Figures.DEVICE_READ,
          "probe.cache_copy_mib_s", Figures.CACHE_COPY,
          "probe.memory_copy_1_thread_mib_s", Figures.MEMORY_ONE,
          "probe.memory_copy_all_cores_mib_s", Figures.MEMORY_ALL);

  private static final Logger LOG = LogManager.getLogger(EnvironmentRecord.class);
  private static final Path CPUINFO = Path.of("/proc/cpuinfo");
  private static final Path MEMINFO = Path.of("/proc/meminfo");
  private static final Path OSRELEASE = Path.of("/proc/sys/kernel/osrelease");
  private static final long GIT_TIMEOUT_MS = 3000;

  public EnvironmentRecord {
    Map<String, String> copy = new LinkedHashMap<>();
    for (String key : KEYS) {
      String value = entries.get(key);
      copy.put(key, value == null || value.isBlank() ? UNKNOWN : value);
    }
    entries.forEach(copy::putIfAbsent);
    entries = Collections.unmodifiableMap(copy);
  }

  /**
   * Captures the environment now.
   *
   * @param dataDir the folder the data files live in (its file system is recorded); need not exist
   * @param command the exact command line, one element per argument
   */
  public static EnvironmentRecord capture(Path dataDir, List<String> command) {
    return capture(dataDir, command, Clock.systemUTC());
  }

  /** As {@link #capture(Path, List)}, with the time taken from {@code clock}. */
  public static EnvironmentRecord capture(Path dataDir, List<String> command, Clock clock) {
    return capture(dataDir, command, clock, null);
  }

  /**
   * As {@link #capture(Path, List, Clock)}, the probe's figures read from {@code probeFile} (null:
   * {@link ProbeStore#defaultFile()}).
   */
  public static EnvironmentRecord capture(
      Path dataDir, List<String> command, Clock clock, Path probeFile) {
    Map<String, String> e = new LinkedHashMap<>();
    put(e, "time", () -> Instant.now(clock).toString());
    put(e, "secmem.version", EnvironmentRecord::version);
    put(e, "git.commit", EnvironmentRecord::gitCommit);
    put(e, "command", () -> joinCommand(command));
    put(e, "jvm.vendor", () -> System.getProperty("java.vendor"));
    put(e, "jvm.name", () -> System.getProperty("java.vm.name"));
    put(e, "jvm.version", () -> System.getProperty("java.runtime.version"));
    put(
        e,
        "jvm.input_arguments",
        () -> joinCommand(ManagementFactory.getRuntimeMXBean().getInputArguments()));
    put(e, "jvm.max_heap_bytes", () -> Long.toString(Runtime.getRuntime().maxMemory()));
    put(e, "os.name", () -> System.getProperty("os.name"));
    put(e, "os.version", () -> System.getProperty("os.version"));
    put(e, "os.arch", () -> System.getProperty("os.arch"));
    put(e, "kernel", EnvironmentRecord::kernel);
    put(e, "cpu.model", () -> cpuModel(readLines(CPUINFO)).orElse(null));
    put(
        e,
        "cpu.available_processors",
        () -> Integer.toString(Runtime.getRuntime().availableProcessors()));
    Path dir = dataDir.toAbsolutePath().normalize();
    put(e, "data.dir", dir::toString);
    Optional<FileStore> store = fileStore(dir);
    put(e, "fs.type", () -> store.map(FileStore::type).orElse(null));
    put(e, "fs.block_size_bytes", () -> store.map(EnvironmentRecord::blockSize).orElse(null));
    put(e, "fs.usable_bytes", () -> store.map(EnvironmentRecord::usable).orElse(null));
    List<String> meminfo = readLines(MEMINFO);
    put(e, "mem.total_bytes", () -> memInfoBytes(meminfo, "MemTotal").orElse(null));
    put(e, "mem.available_bytes", () -> memInfoBytes(meminfo, "MemAvailable").orElse(null));
    Optional<String> fs = store.map(FileSystemId::of);
    Map<String, String> probe = probeFigures(probeFile, fs);
    put(e, "probe.fs", () -> probe.isEmpty() ? null : fs.orElse(null));
    PROBE_FIELDS.forEach((key, field) -> put(e, key, () -> probe.get(field)));
    return new EnvironmentRecord(e);
  }

  /**
   * A new session id: {@code s}, the UTC time to the second and four random hex digits ({@code
   * s20261128T132040Z-3f9a}). The {@code s} keeps it text to every reader that guesses types (a
   * spreadsheet, pandas, DuckDB, Polars): no number, date or UUID.
   */
  public static String newSessionId(Clock clock) {
    String time =
        DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'")
            .withZone(ZoneOffset.UTC)
            .format(Instant.now(clock));
    int random = ThreadLocalRandom.current().nextInt(0x10000);
    return "s" + time + "-" + String.format(Locale.ROOT, "%04x", random);
  }

  /** The session id of this record; empty when it has none (a record of an older version). */
  public Optional<String> session() {
    String id = entries.get(SESSION);
    return id == null || id.equals(UNKNOWN) ? Optional.empty() : Optional.of(id);
  }

  /** The value of {@code key}, {@value #UNKNOWN} when it could not be found out. */
  public String get(String key) {
    return entries.getOrDefault(key, UNKNOWN);
  }

  /**
   * Captures the environment and writes it beside {@code rawCsv}, replacing an older record.
   *
   * @return the file written
   */
  public static Path writeBeside(Path rawCsv, Path dataDir, List<String> command)
      throws IOException {
    Path out = ResultFiles.environmentFor(rawCsv);
    capture(dataDir, command).write(out);
    return out;
  }

  /** Writes this record to {@code file} (UTF-8), replacing it. */
  public void write(Path file) throws IOException {
    PartFile.writeWhole(file, toText());
    LOG.info("wrote environment record {}", file);
  }

  /**
   * Adds this record to the sessions file {@code sessions} ({@link ResultFiles#sessionsFor}) as one
   * line, {@link #toJsonLine()}, after the lines it holds: the file is written whole beside and
   * renamed over the older one, so that it is never seen half-written.
   */
  public void appendTo(Path sessions) throws IOException {
    String before = "";
    if (Files.isRegularFile(sessions, LinkOption.NOFOLLOW_LINKS)) {
      before = Files.readString(sessions, StandardCharsets.UTF_8);
      if (!before.isEmpty() && !before.endsWith("\n")) {
        before += "\n";
      }
    }
    PartFile.writeWhole(sessions, before + toJsonLine());
    LOG.info("added session {} to {}", get(SESSION), sessions);
  }

  /**
   * This record as one JSON object of strings on one line, line break included: {@code session}
   * first, then every entry in order; what pandas, DuckDB and Polars load as a table of sessions.
   */
  public String toJsonLine() throws IOException {
    StringWriter text = new StringWriter(4096);
    try (JsonGenerator g = new JsonFactory().createGenerator(text)) {
      g.writeStartObject();
      g.writeStringField(SESSION, get(SESSION));
      for (Map.Entry<String, String> e : entries.entrySet()) {
        if (!e.getKey().equals(SESSION)) {
          g.writeStringField(e.getKey(), e.getValue());
        }
      }
      g.writeEndObject();
    }
    return text + "\n";
  }

  /**
   * The text written: a comment line, then one {@code key=value} line per entry; line breaks in a
   * value are written as {@code \n}.
   */
  public String toText() {
    StringBuilder sb = new StringBuilder("# secmem environment record\n");
    entries.forEach(
        (k, v) ->
            sb.append(k)
                .append('=')
                .append(v.replace("\\", "\\\\").replace("\r", "\\r").replace("\n", "\\n"))
                .append('\n'));
    return sb.toString();
  }

  /**
   * The figures kept for the file system {@code fs} in {@code probeFile} (null: the default file);
   * empty when there are none or they cannot be read (logged).
   */
  private static Map<String, String> probeFigures(Path probeFile, Optional<String> fs) {
    if (fs.isEmpty()) {
      return Map.of();
    }
    try {
      Path file = probeFile == null ? ProbeStore.defaultFile() : probeFile;
      return ProbeStore.find(file, fs.get()).orElse(Map.of());
    } catch (IOException | RuntimeException ex) {
      LOG.warn("environment: the probe's figures cannot be read", ex);
      return Map.of();
    }
  }

  private static void put(Map<String, String> e, String key, Supplier<String> value) {
    try {
      e.put(key, value.get());
    } catch (RuntimeException | Error ex) {
      if (ex instanceof VirtualMachineError) {
        throw (VirtualMachineError) ex;
      }
      LOG.warn("environment: {} unknown", key, ex);
    }
  }

  /**
   * Arguments joined by spaces, an argument quoted in single quotes when it is empty or holds a
   * character a POSIX shell would treat specially, so the line can be pasted back into a shell.
   */
  static String joinCommand(List<String> args) {
    return args.stream().map(EnvironmentRecord::shellQuote).collect(Collectors.joining(" "));
  }

  private static String shellQuote(String arg) {
    if (!arg.isEmpty() && arg.matches("[A-Za-z0-9_@%+=:,./^-]+")) {
      return arg;
    }
    return "'" + arg.replace("'", "'\\''") + "'";
  }

  private static String version() {
    String v = EnvironmentRecord.class.getPackage().getImplementationVersion();
    return v == null ? "dev" : v;
  }

  private static String kernel() {
    List<String> lines = readLines(OSRELEASE);
    if (!lines.isEmpty() && !lines.get(0).isBlank()) {
      return lines.get(0).trim();
    }
    return System.getProperty("os.version");
  }

  /** The first "model name" of /proc/cpuinfo (x86), else "Model" or "Hardware" (ARM). */
  static Optional<String> cpuModel(List<String> cpuinfo) {
    for (String field : List.of("model name", "Model", "Hardware")) {
      for (String line : cpuinfo) {
        int colon = line.indexOf(':');
        if (colon > 0 && line.substring(0, colon).trim().equals(field)) {
          String value = line.substring(colon + 1).trim();
          if (!value.isEmpty()) {
            return Optional.of(value);
          }
        }
      }
    }
    return Optional.empty();
  }

  /** A /proc/meminfo field ({@code MemTotal: 24000000 kB}) in bytes. */
  static Optional<String> memInfoBytes(List<String> meminfo, String field) {
    for (String line : meminfo) {
      int colon = line.indexOf(':');
      if (colon <= 0 || !line.substring(0, colon).trim().equals(field)) {
        continue;
      }
      String[] parts = line.substring(colon + 1).trim().split("\\s+");
      try {
        long value = Long.parseLong(parts[0]);
        if (parts.length > 1 && parts[1].toLowerCase(Locale.ROOT).equals("kb")) {
          value = Math.multiplyExact(value, 1024L);
        }
        return Optional.of(Long.toString(value));
      } catch (NumberFormatException | ArithmeticException e) {
        LOG.warn("environment: cannot read /proc/meminfo line '{}'", line);
        return Optional.empty();
      }
    }
    return Optional.empty();
  }

  /** The lines of a small file such as /proc/cpuinfo; empty when absent or unreadable. */
  static List<String> readLines(Path file) {
    if (!Files.isReadable(file)) {
      return List.of();
    }
    try {
      return Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException | RuntimeException e) {
      LOG.warn("environment: cannot read {}", file, e);
      return List.of();
    }
  }

  /** The file store of {@code dir}, or of its nearest existing ancestor. */
  private static Optional<FileStore> fileStore(Path dir) {
    for (Path p = dir; p != null; p = p.getParent()) {
      if (Files.exists(p)) {
        try {
          return Optional.of(Files.getFileStore(p));
        } catch (IOException | RuntimeException e) {
          LOG.warn("environment: no file store for {}", p, e);
          return Optional.empty();
        }
      }
    }
    return Optional.empty();
  }

  private static String blockSize(FileStore store) {
    try {
      return Long.toString(store.getBlockSize());
    } catch (IOException | UnsupportedOperationException e) {
      LOG.warn("environment: no block size for {}", store, e);
      return null;
    }
  }

  private static String usable(FileStore store) {
    try {
      return Long.toString(store.getUsableSpace());
    } catch (IOException e) {
      LOG.warn("environment: no free space for {}", store, e);
      return null;
    }
  }

  /** {@link #gitCommit(Path)} of the working directory. */
  static String gitCommit() {
    return gitCommit(Path.of(""));
  }

  /**
   * {@code git rev-parse --short HEAD} in {@code dir}, with "-dirty" appended when a tracked file
   * differs from that commit ({@code git diff --quiet HEAD} exits 1), as {@code git describe
   * --dirty} marks it: results measured with changes not yet committed do not claim the commit's
   * code. Each git call waits at most {@value #GIT_TIMEOUT_MS} ms; {@value #UNKNOWN} on any failure
   * (logged).
   */
  static String gitCommit(Path dir) {
    Optional<GitOutput> head = git(dir, "rev-parse", "--short", "HEAD");
    if (head.isEmpty() || head.get().exit() != 0 || head.get().out().isEmpty()) {
      head.ifPresent(
          h -> LOG.info("environment: git rev-parse exited {}; commit unknown", h.exit()));
      return UNKNOWN;
    }
    Optional<GitOutput> diff = git(dir, "diff", "--quiet", "HEAD", "--");
    return head.get().out() + (diff.isPresent() && diff.get().exit() == 1 ? "-dirty" : "");
  }

  /** What a git command printed (its first 200 bytes, trimmed) and its exit status. */
  private record GitOutput(int exit, String out) {}

  /** Runs {@code git args} in {@code dir}; empty when git is missing, hangs or is interrupted. */
  private static Optional<GitOutput> git(Path dir, String... args) {
    List<String> command = new ArrayList<>(List.of("git"));
    command.addAll(List.of(args));
    Process process = null;
    try {
      process =
          new ProcessBuilder(command)
              .directory(dir.toAbsolutePath().toFile())
              .redirectError(ProcessBuilder.Redirect.DISCARD)
              .start();
      process.getOutputStream().close();
      // Wait first: the commands print a line at most, which the pipe holds, and a git that
      // hangs must not hold the record up.
      if (!process.waitFor(GIT_TIMEOUT_MS, TimeUnit.MILLISECONDS)) {
        LOG.warn("environment: git {} took over {} ms; left out", args[0], GIT_TIMEOUT_MS);
        return Optional.empty();
      }
      String out;
      try (InputStream in = process.getInputStream()) {
        out = new String(in.readNBytes(200), StandardCharsets.UTF_8).trim();
      }
      return Optional.of(new GitOutput(process.exitValue(), out));
    } catch (IOException e) {
      LOG.info("environment: git not available; commit unknown", e);
      return Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    } finally {
      if (process != null && process.isAlive()) {
        process.destroyForcibly();
      }
    }
  }
}
