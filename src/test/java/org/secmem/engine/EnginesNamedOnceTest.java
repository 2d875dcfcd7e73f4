package org.secmem.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The core names no engine but in its registry entry ({@link KnownEngines}): an engine's name, its
 * options' help, its JDK limits and its launcher's ways are there, and everything else asks the
 * entry or the engine ({@link SortEngine}). Read from the sources, comments included, so that a
 * name crept back in anywhere fails here with the file and line.
 */
class EnginesNamedOnceTest {

  private static Path coreSources() {
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      Path src = p.resolve("src/main/java/org/secmem");
      if (Files.isDirectory(src)) {
        return src;
      }
    }
    throw new AssertionError("src/main/java/org/secmem not found above " + Path.of(""));
  }

  @Test
  void noFileOfTheCore_namesAnEngine_butTheRegistry() throws IOException {
    Path src = coreSources();
    Path registry = src.resolve("engine/KnownEngines.java");
    assertTrue(Files.isRegularFile(registry), registry.toString());
    List<String> found = new ArrayList<>();
    List<Path> files;
    try (Stream<Path> walk = Files.walk(src)) {
      files = walk.filter(p -> p.toString().endsWith(".java")).sorted().toList();
    }
    assertTrue(files.size() > 100, files.size() + " files");
    for (KnownEngine engine : KnownEngines.ALL) {
      Pattern name =
          Pattern.compile("\\b" + Pattern.quote(engine.name().toLowerCase(Locale.ROOT)) + "\\b");
      for (Path f : files) {
        if (f.equals(registry)) {
          continue;
        }
        List<String> lines = Files.readAllLines(f);
        for (int i = 0; i < lines.size(); i++) {
          if (name.matcher(lines.get(i).toLowerCase(Locale.ROOT)).find()) {
            found.add(src.relativize(f) + ":" + (i + 1) + ": " + lines.get(i).trim());
          }
        }
      }
    }
    assertEquals(List.of(), found, "engine names outside engine/KnownEngines.java");
  }

  @Test
  void everyKnownEngine_canBeNamed_andIsCheckedForItsJdk() {
    for (KnownEngine e : KnownEngines.ALL) {
      assertEquals(e.name(), SortEngines.parse(" " + e.name().toUpperCase(Locale.ROOT) + " "));
      e.failsFrom()
          .ifPresent(
              limit -> {
                assertTrue(
                    EngineJvm.problem(e.name(), limit.feature(), "v", "/h")
                        .orElseThrow()
                        .startsWith(e.title() + " needs JDK 17–" + (limit.feature() - 1)));
                assertEquals(
                    java.util.Optional.empty(),
                    EngineJvm.problem(e.name(), limit.feature() - 1, "v", "/h"));
              });
    }
  }
}
