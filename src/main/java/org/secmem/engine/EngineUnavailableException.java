package org.secmem.engine;

/** The engine asked for is not on the class path; the message says how to get it. */
public final class EngineUnavailableException extends Exception {

  private static final long serialVersionUID = 1L;

  public EngineUnavailableException(String message) {
    super(message);
  }
}
