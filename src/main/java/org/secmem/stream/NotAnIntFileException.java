package org.secmem.stream;

import java.io.IOException;
import java.nio.file.Path;

/** A file whose length is not a whole number of 32-bit ints. */
public final class NotAnIntFileException extends IOException {

  private final transient Path path;
  private final long length;

  public NotAnIntFileException(Path path, long length) {
    super(
        path
            + ": length "
            + length
            + " bytes is not a multiple of 4, so it is not a file of 32-bit ints");
    this.path = path;
    this.length = length;
  }

  public Path path() {
    return path;
  }

  public long length() {
    return length;
  }
}
