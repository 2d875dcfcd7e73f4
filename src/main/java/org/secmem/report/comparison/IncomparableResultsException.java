package org.secmem.report.comparison;

import java.io.IOException;

/**
 * Two results files that cannot be compared as asked (see {@link Comparison#of}): the message names
 * the file and the column, and the values that are there.
 */
public final class IncomparableResultsException extends IOException {

  private static final long serialVersionUID = 1L;

  public IncomparableResultsException(String message) {
    super(message);
  }
}
