package org.secmem.runner;

/** Input the user must fix; exit code 2, one line, no stack trace. */
public final class BadInputException extends RuntimeException {
  public BadInputException(String message) {
    super(message);
  }

  public BadInputException(String message, Throwable cause) {
    super(message, cause);
  }
}
