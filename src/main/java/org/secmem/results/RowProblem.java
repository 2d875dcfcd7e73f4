package org.secmem.results;

/**
 * A line of a raw results file that was left out, and why.
 *
 * @param source the file, for messages
 * @param line the physical line in the file, 1 being the header
 * @param what what is wrong, naming the field where one is at fault
 */
public record RowProblem(String source, long line, String what) {

  /** {@code source:line: what}, the form every file message takes. */
  @Override
  public String toString() {
    return source + ":" + line + ": " + what;
  }
}
