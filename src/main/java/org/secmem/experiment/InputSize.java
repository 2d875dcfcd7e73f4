package org.secmem.experiment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The {@code input_bytes} cell: the size of a trial's input files. */
final class InputSize {

  private InputSize() {}

  /**
   * The bytes of all {@code files} together, or null (a blank cell) while one of them is missing or
   * cannot be sized: a generated input before its first run.
   */
  static String of(List<Path> files) {
    long total = 0;
    for (Path f : files) {
      try {
        if (!Files.isRegularFile(f)) {
          return null;
        }
        total += Files.size(f);
      } catch (IOException e) {
        return null;
      }
    }
    return Long.toString(total);
  }
}
