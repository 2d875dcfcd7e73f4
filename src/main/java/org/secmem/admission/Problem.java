package org.secmem.admission;

import java.util.Objects;

/**
 * Why a configuration cannot run here, blamed on one parameter: its value as given and a message
 * that names no way in (no option, column or prompt), so that each way in prefixes its own name for
 * the parameter.
 *
 * @param parameter the parameter to change
 * @param value its value in the configuration, as text
 * @param message what is wrong and what would do, e.g. {@code M = 9 ints ...; use M = 87 or more}
 */
public record Problem(Parameter parameter, String value, String message) {

  public Problem {
    Objects.requireNonNull(parameter, "parameter");
    Objects.requireNonNull(value, "value");
    Objects.requireNonNull(message, "message");
  }

  @Override
  public String toString() {
    return parameter.column() + " = " + value + ": " + message;
  }
}
