package org.secmem.probe;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.secmem.data.PartFile;
import org.secmem.fs.Ownership;

/**
 * The file the probe's figures are kept in, for later runs: a properties file (UTF-8) with one
 * block of {@code ID.FIELD=VALUE} lines per file system ({@link FileSystemId}), so that probing a
 * second disk keeps the first's figures. Written whole through a temporary and a rename.
 */
public final class ProbeStore {

  /** A system property naming the kept file instead of the per-user default (tests set it). */
  public static final String FILE_PROPERTY = "secmem.probe.file";

  /** The most a kept file may hold: each file system's block is well under 2 KiB. */
  public static final int MAX_BYTES = 64 << 10;

  private static final Logger LOG = LogManager.getLogger(ProbeStore.class);

  private ProbeStore() {}

  /**
   * The per-user file: the system property {@value #FILE_PROPERTY} when set, else {@link
   * #userFile()}.
   */
  public static Path defaultFile() {
    String property = System.getProperty(FILE_PROPERTY);
    if (property != null && !property.isBlank()) {
      return Path.of(property);
    }
    return userFile();
  }

  /**
   * The user's own file, whatever the system property says: {@code
   * $XDG_CACHE_HOME/secmem/probe.properties} when that is an absolute path, else {@code
   * ~/.cache/secmem/probe.properties}.
   */
  public static Path userFile() {
    String xdg = System.getenv("XDG_CACHE_HOME");
    Path cache =
        xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()
            ? Path.of(xdg)
            : Path.of(System.getProperty("user.home"), ".cache");
    return cache.resolve("secmem").resolve("probe.properties");
  }

  /**
   * The kept figures by file system, each its fields; empty when the file does not exist. Only a
   * regular file of at most {@link #MAX_BYTES} is read, and a rate outside what any device or
   * memory copy does ({@link PlausibleRates}) is left out with a warning naming it.
   *
   * <p>A symbolic link at {@code file} is refused, not followed: secmem writes this file only by
   * replacing it ({@link #keep}), never through a link, so a link there is none it made, and what
   * it points to may be a device or a pipe. A pipe, device or socket is refused without being
   * opened (opening a pipe waits for a writer); links in the folders above are followed.
   *
   * @throws IOException naming {@code file} when it is not a regular file, is too long, or cannot
   *     be read
   */
  public static Map<String, Map<String, String>> read(Path file) throws IOException {
    Optional<String> text = readBounded(file);
    if (text.isEmpty()) {
      return Map.of();
    }
    Properties p = new Properties();
    p.load(new StringReader(text.get()));
    Map<String, Map<String, String>> byFs = new TreeMap<>();
    for (String key : p.stringPropertyNames()) {
      int dot = key.lastIndexOf('.');
      if (dot > 0 && dot < key.length() - 1) {
        String field = key.substring(dot + 1);
        String value = p.getProperty(key);
        Optional<String> problem = PlausibleRates.problem(field, value);
        if (problem.isPresent()) {
          LOG.warn("probe figures in {}: {} ignored: {}", file, key, problem.get());
          continue;
        }
        byFs.computeIfAbsent(key.substring(0, dot), k -> new TreeMap<>()).put(field, value);
      }
    }
    return byFs;
  }

  /** The text of {@code file} (UTF-8), checked as {@link #read} says; empty when it is absent. */
  private static Optional<String> readBounded(Path file) throws IOException {
    BasicFileAttributes a;
    try {
      a = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (NoSuchFileException e) {
      return Optional.empty();
    }
    if (a.isSymbolicLink()) {
      throw new IOException(
          file + " is a symbolic link: secmem reads its probe figures only from a regular file");
    }
    if (!a.isRegularFile()) {
      throw new IOException(
          file + " is not a regular file (a folder, pipe, device or socket): no probe figures");
    }
    if (a.size() > MAX_BYTES) {
      throw tooLong(file, a.size());
    }
    ByteBuffer b = ByteBuffer.allocate(MAX_BYTES + 1);
    // O_NOFOLLOW: a link put there since the check fails here rather than being followed.
    try (SeekableByteChannel c =
        Files.newByteChannel(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
      while (b.hasRemaining() && c.read(b) >= 0) {
        // until the end, or one byte past the most allowed
      }
    } catch (NoSuchFileException e) {
      return Optional.empty();
    }
    if (b.position() > MAX_BYTES) {
      throw tooLong(file, b.position());
    }
    b.flip();
    return Optional.of(
        StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT)
            .decode(b)
            .toString());
  }

  private static IOException tooLong(Path file, long bytes) {
    return new IOException(
        file
            + " holds "
            + (bytes > MAX_BYTES ? "more than " + MAX_BYTES : Long.toString(bytes))
            + " bytes, more than probe figures take: not read");
  }

  /** The figures kept for the file system {@code id}, if any. */
  public static Optional<Map<String, String>> find(Path file, String id) throws IOException {
    return Optional.ofNullable(read(file).get(FileSystemId.sanitize(id)));
  }

  /**
   * Keeps {@code fields} as the figures of {@code id} in {@code file} (its folders created),
   * replacing that file system's older ones and keeping every other's.
   */
  public static void keep(Path file, String id, Map<String, String> fields) throws IOException {
    Map<String, Map<String, String>> all = new TreeMap<>(read(file));
    all.put(FileSystemId.sanitize(id), new LinkedHashMap<>(fields));
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    PartFile.writeWholeText(file, w -> write(w, all));
  }

  /**
   * Keeps the figures of the probe {@code f} as its file system's, with the probes kept before them
   * ({@link ProbeHistory}: the last {@value ProbeHistory#KEPT}), and returns those probes.
   */
  public static ProbeHistory keepProbe(Path file, Figures f) throws IOException {
    Map<String, String> before = find(file, f.fileSystem()).orElse(Map.of());
    ProbeHistory history = ProbeHistory.of(before).with(ProbeHistory.Past.of(f));
    Map<String, String> fields = new LinkedHashMap<>(f.fields());
    fields.put(ProbeHistory.FIELD, history.field());
    keep(file, f.fileSystem(), fields);
    return history;
  }

  private static void write(Writer w, Map<String, Map<String, String>> all) throws IOException {
    w.write("# secmem probe: this machine's ceilings, one block per file system");
    w.write(" (rates in MiB/s, 1 MiB = 2^20 bytes; best of the repetitions)\n");
    for (Map.Entry<String, Map<String, String>> fs : all.entrySet()) {
      w.write("\n");
      for (Map.Entry<String, String> f : fs.getValue().entrySet()) {
        w.write(fs.getKey() + "." + f.getKey() + "=" + escape(f.getValue()) + "\n");
      }
    }
  }

  /** A value as {@link Properties#load(Reader)} reads it back unchanged. */
  static String escape(String value) {
    StringBuilder sb = new StringBuilder(value.length());
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      switch (c) {
        case '\\' -> sb.append("\\\\");
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        case '\t' -> sb.append("\\t");
        case '\f' -> sb.append("\\f");
        case ' ' -> sb.append(i == 0 ? "\\ " : " ");
        default -> sb.append(c);
      }
    }
    return sb.toString();
  }

  /** What an older version's probe file starts with (it wrote no mark). */
  private static final String PROBE_FILE_START = "# secmem probe:";

  /**
   * Claims {@code file} to be replaced by the next kept figures: nothing there, a file secmem
   * marked as its own, or one an older version wrote (a regular file of at most 1 MiB starting as a
   * probe file does, which is then handed over); else the problem, naming the file.
   *
   * @throws IOException when a file there cannot be read
   */
  public static Optional<String> claim(Path file) throws IOException {
    if (!Ownership.taken(file) || Ownership.isMade(file, Ownership.Made.WHOLE_FILE)) {
      return Optional.empty();
    }
    if (olderProbeFile(file)) {
      Ownership.handOver(file, Ownership.Made.WHOLE_FILE);
      return Optional.empty();
    }
    return Optional.of(Ownership.notSecmems(file, Ownership.Made.WHOLE_FILE).getMessage());
  }

  private static boolean olderProbeFile(Path file) throws IOException {
    BasicFileAttributes a =
        Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    if (!a.isRegularFile() || a.size() > 1 << 20) {
      return false;
    }
    try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
      byte[] head = in.readNBytes(PROBE_FILE_START.length());
      return new String(head, StandardCharsets.US_ASCII).equals(PROBE_FILE_START);
    }
  }
}
