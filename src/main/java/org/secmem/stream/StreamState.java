package org.secmem.stream;

import java.io.EOFException;
import java.nio.file.Path;

/** Checks shared by the implementations: the closed flag's message and end-of-file errors. */
final class StreamState {

  private StreamState() {}

  static IllegalStateException closed() {
    return new IllegalStateException("closed");
  }

  static EOFException endOfFile(Path path, long ints) {
    return new EOFException(path + ": read past the end (" + ints + " ints)");
  }

  static EOFException truncated(Path path) {
    return new EOFException(path + ": the file became shorter while it was being read");
  }
}
