package org.secmem.probe;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import org.secmem.data.PartFile;

/**
 * The file the probe's figures are kept in, for later runs: a properties file (UTF-8) with one
 * block of {@code ID.FIELD=VALUE} lines per file system ({@link FileSystemId}), so that probing a
 * second disk keeps the first's figures. Written whole through a temporary and a rename.
 */
public final class ProbeStore {

  /** A system property naming the kept file instead of the per-user default (tests set it). */
  public static final String FILE_PROPERTY = "secmem.probe.file";

  private ProbeStore() {}

  /**
   * The per-user file: the system property {@value #FILE_PROPERTY} when set, else {@code
   * $XDG_CACHE_HOME/secmem/probe.properties}, else {@code ~/.cache/secmem/probe.properties}.
   */
  public static Path defaultFile() {
    String property = System.getProperty(FILE_PROPERTY);
    if (property != null && !property.isBlank()) {
      return Path.of(property);
    }
    String xdg = System.getenv("XDG_CACHE_HOME");
    Path cache =
        xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()
            ? Path.of(xdg)
            : Path.of(System.getProperty("user.home"), ".cache");
    return cache.resolve("secmem").resolve("probe.properties");
  }

  /** The kept figures by file system, each its fields; empty when the file does not exist. */
  public static Map<String, Map<String, String>> read(Path file) throws IOException {
    Properties p = new Properties();
    try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      p.load(r);
    } catch (NoSuchFileException e) {
      return Map.of();
    }
    Map<String, Map<String, String>> byFs = new TreeMap<>();
    for (String key : p.stringPropertyNames()) {
      int dot = key.lastIndexOf('.');
      if (dot > 0 && dot < key.length() - 1) {
        byFs.computeIfAbsent(key.substring(0, dot), k -> new TreeMap<>())
            .put(key.substring(dot + 1), p.getProperty(key));
      }
    }
    return byFs;
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
}
