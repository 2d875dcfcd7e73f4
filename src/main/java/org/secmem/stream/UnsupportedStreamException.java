package org.secmem.stream;

import java.io.IOException;

/** A stream type this file, file system or buffer size cannot use; the message says why. */
public final class UnsupportedStreamException extends IOException {
  public UnsupportedStreamException(String message, Throwable cause) {
    super(message, cause);
  }

  public UnsupportedStreamException(String message) {
    super(message);
  }
}
