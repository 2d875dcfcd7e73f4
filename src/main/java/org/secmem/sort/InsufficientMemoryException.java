package org.secmem.sort;

/** A sort whose memory budget the heap cannot give; the message says what to use instead. */
public final class InsufficientMemoryException extends IllegalArgumentException {
  public InsufficientMemoryException(String message) {
    super(message);
  }
}
