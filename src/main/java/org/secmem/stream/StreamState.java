package org.secmem.stream;

import java.io.EOFException;
import java.io.IOException;
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

  /**
   * A new exception for {@code cause}, an I/O failure on {@code path}: its message names the file
   * (e.g. {@code data/x.bin: No space left on device}) and it keeps the type of an end of file.
   * Always a new object, so that a stream never throws one instance twice (a second throw of the
   * same exception breaks try-with-resources: "Self-suppression not permitted").
   */
  static IOException failed(Path path, Throwable cause) {
    String m = String.valueOf(cause.getMessage());
    String where = path.toString();
    String message = m.contains(where) ? m : where + ": " + m;
    IOException e;
    if (cause instanceof EOFException) {
      e = new EOFException(message);
    } else if (cause instanceof IOException) {
      e = new IOException(message);
    } else {
      e = new IOException(where + ": background I/O failed: " + cause);
    }
    e.initCause(cause);
    return e;
  }

  /** An earlier call already threw; the stream refuses more work until it is closed. */
  static IOException broken(Path path) {
    return new IOException(
        path + ": an earlier read or write failed; the stream can only be" + " closed");
  }
}
