package org.secmem.experiment;

/**
 * The checks a sort method's record makes of its own components (admission has refused bad values
 * with a message naming the parameter long before; these catch code that builds a method wrongly).
 */
final class MethodChecks {

  private MethodChecks() {}

  /** M must be at least one int. */
  static void memory(long memoryInts) {
    if (memoryInts < 1) {
      throw new IllegalArgumentException("M (" + memoryInts + ") must be >= 1");
    }
  }

  /** Every one of {@code values}, which {@code what} names, must be given. */
  static void given(String what, Object... values) {
    for (Object v : values) {
      if (v == null) {
        throw new IllegalArgumentException(what + " must be given");
      }
    }
  }
}
