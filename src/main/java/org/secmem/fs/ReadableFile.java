package org.secmem.fs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Whether a file given to be read can be: the one wording of why not, at every way in. */
public final class ReadableFile {

  private ReadableFile() {}

  /**
   * Why {@code file} cannot be read, naming it ("data/in.bin does not exist or is not a file", "...
   * cannot be read (permission denied)"); empty when it is a regular file this process may read. A
   * link is followed, as reading it would.
   */
  public static Optional<String> problem(Path file) {
    if (!Files.isRegularFile(file)) {
      return Optional.of(file + " does not exist or is not a file");
    }
    if (!Files.isReadable(file)) {
      return Optional.of(file + " cannot be read (permission denied)");
    }
    return Optional.empty();
  }
}
