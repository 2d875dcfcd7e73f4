package org.secmem.admission;

import java.util.Optional;

/**
 * What a sort reads: an input file, or N ints it generates; online sorting (keys that arrive one
 * every so many nanoseconds) generates them. The rule is worded here once for every way in, each of
 * which prefixes its own name for the parameter ({@code --n:}, {@code file:line: n:}).
 */
public final class InputRule {

  /** Both an input file and N given. */
  public static final String BOTH = "give an input file or N (to generate one), not both";

  /** Online sorting with an input file. */
  public static final String ARRIVAL =
      "online sorting generates its keys as they arrive: give N, not an input file";

  private InputRule() {}

  /**
   * The problem of a sort given the input file {@code file} and the count {@code n} (each null
   * where not given), blamed on N; empty when at most one was given.
   */
  public static Optional<Problem> inputOrN(String file, String n) {
    return file != null && n != null
        ? Optional.of(new Problem(Parameter.N, n, BOTH))
        : Optional.empty();
  }

  /**
   * The problem of online sorting ({@code arrivalNs} above 0) with an input file ({@code
   * fileGiven}), blamed on the arrival; empty otherwise.
   */
  public static Optional<Problem> arrival(long arrivalNs, boolean fileGiven) {
    return arrivalNs > 0 && fileGiven
        ? Optional.of(new Problem(Parameter.ARRIVAL, Long.toString(arrivalNs), ARRIVAL))
        : Optional.empty();
  }
}
