package org.secmem.spark;

import java.io.IOException;

/** One line that says why something failed, from the exception that says it best. */
final class Failures {

  private Failures() {}

  /**
   * The first line of the message of the deepest cause that has one (Spark wraps a task's exception
   * in job and stage failures whose messages hold stack traces), with its class name when the
   * message alone may not say what went wrong.
   */
  static String rootLine(Throwable t) {
    Throwable best = t;
    int depth = 0;
    for (Throwable c = t; c != null && depth < 32; c = c.getCause(), depth++) {
      if (c.getMessage() != null && !c.getMessage().isBlank()) {
        best = c;
      }
    }
    return describe(best);
  }

  /**
   * Whether the JVM's heap ran out somewhere in the chain (a task's OutOfMemoryError, which Spark
   * reports as a stage failure whose message names it).
   */
  static boolean outOfHeap(Throwable t) {
    int depth = 0;
    for (Throwable c = t; c != null && depth < 32; c = c.getCause(), depth++) {
      if (c instanceof OutOfMemoryError
          || String.valueOf(c.getMessage())
              .contains("java.lang.OutOfMemoryError: Java heap space")) {
        return true;
      }
    }
    return false;
  }

  /** The first line of {@code t}'s own message, with its class name when the message is bare. */
  static String firstLine(Throwable t) {
    return describe(t);
  }

  private static String describe(Throwable t) {
    String m = t.getMessage();
    if (m == null || m.isBlank()) {
      return t.getClass().getSimpleName();
    }
    String line = m.strip().lines().findFirst().orElse("").strip();
    String name = t.getClass().getSimpleName();
    boolean plain =
        t.getClass() == IOException.class
            || t.getClass() == RuntimeException.class
            || t.getClass() == Exception.class
            || name.equals("SparkException");
    return plain ? line : name + ": " + line;
  }
}
