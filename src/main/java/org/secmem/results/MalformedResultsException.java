package org.secmem.results;

import java.io.IOException;

/** A raw results file that cannot be read: a missing column, or a cell that is not a number. */
public final class MalformedResultsException extends IOException {

  private static final long serialVersionUID = 1L;

  public MalformedResultsException(String message) {
    super(message);
  }

  public MalformedResultsException(String message, Throwable cause) {
    super(message, cause);
  }
}
