package org.secmem.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The files below a folder that a running secmem is changing: {@link Files#walk} fails when an
 * entry it listed is gone before it looks at it (secmem's short-lived probe and temporary files),
 * so a walk that meets one is taken again.
 */
final class LiveTree {

  private LiveTree() {}

  /** The paths below {@code where} (itself included) that {@code keep} accepts, now. */
  static List<Path> find(Path where, Predicate<Path> keep) throws IOException {
    for (int attempt = 1; ; attempt++) {
      if (!Files.exists(where)) {
        return List.of();
      }
      try (Stream<Path> s = Files.walk(where)) {
        return s.filter(keep).toList();
      } catch (UncheckedIOException e) {
        if (!(e.getCause() instanceof NoSuchFileException) || attempt == 100) {
          throw e;
        }
      } catch (NoSuchFileException e) {
        if (attempt == 100) {
          throw e;
        }
      }
    }
  }
}
