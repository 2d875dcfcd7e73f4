package org.secmem.engine;

import java.io.IOException;

/**
 * An engine could not start or failed while sorting. Its message is one line a user can act on (the
 * cause's details go to the log).
 */
public final class EngineException extends IOException {

  private static final long serialVersionUID = 1L;

  public EngineException(String message) {
    super(message);
  }

  public EngineException(String message, Throwable cause) {
    super(message, cause);
  }
}
