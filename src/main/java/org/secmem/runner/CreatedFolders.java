package org.secmem.runner;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.secmem.data.DataFiles;

/**
 * Which of secmem's default folders ({@code data/}, {@code results/}, {@code logs/}, relative to
 * the current folder) a command created, so that a first run says where they are.
 */
public final class CreatedFolders {

  private final Path base;
  private final Map<String, String> watched = new LinkedHashMap<>();
  private final Map<String, Boolean> existed = new LinkedHashMap<>();

  private CreatedFolders(Path base, String logDir) {
    this.base = base;
    watched.put(DataFiles.DEFAULT_FOLDER, "data files");
    watched.put("results", "results, summaries, charts");
    watched.put(logDir, "the log");
    for (String f : watched.keySet()) {
      existed.put(f, Files.isDirectory(base.resolve(f)));
    }
  }

  /** The default folders as they are now, before the command runs. */
  public static CreatedFolders snapshot() {
    return new CreatedFolders(
        Paths.get("").toAbsolutePath(), System.getProperty("secmem.logdir", "logs"));
  }

  /** E.g. "created in /home/me: data/ (data files), logs/ (the log)"; null when none. */
  public String report() {
    List<String> created = new ArrayList<>();
    for (Map.Entry<String, String> e : watched.entrySet()) {
      if (!existed.get(e.getKey()) && Files.isDirectory(base.resolve(e.getKey()))) {
        Path p = base.resolve(e.getKey()).normalize();
        String shown = p.startsWith(base) ? base.relativize(p) + "/" : p + "/";
        created.add(shown + " (" + e.getValue() + ")");
      }
    }
    return created.isEmpty() ? null : "created in " + base + ": " + String.join(", ", created);
  }
}
