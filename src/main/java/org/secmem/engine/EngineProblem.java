package org.secmem.engine;

import java.util.Objects;

/**
 * What is wrong with one of another engine's settings, in words that name no way in: the command
 * line prefixes the option ({@code --master: }), a parameter file the column.
 *
 * @param setting the setting to change
 * @param message what is wrong and what is allowed
 */
public record EngineProblem(Setting setting, String message) {

  /** The settings another engine takes, and the engine itself. */
  public enum Setting {
    /** The engine: its module missing from the class path. */
    ENGINE,
    /** Where it runs. */
    MASTER,
    /** M, each executor's execution memory. */
    MEMORY,
    /** The parts the sorted output is cut into. */
    PARTITIONS,
    /** A further setting of the engine's own ({@code key=value}). */
    CONF,
    /** The folders for its temporary files. */
    WORK_DIRS
  }

  public EngineProblem {
    Objects.requireNonNull(setting, "setting");
    Objects.requireNonNull(message, "message");
  }

  @Override
  public String toString() {
    return setting + ": " + message;
  }
}
