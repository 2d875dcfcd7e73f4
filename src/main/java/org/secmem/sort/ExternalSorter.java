package org.secmem.sort;

import java.io.IOException;

/** Sorts a file of ints larger than memory. */
public interface ExternalSorter {

  /**
   * Sorts {@code spec.input()} into {@code spec.output()}. On failure no file is left at the output
   * path (a file already there is left as it was) and every temporary file is removed.
   */
  SortStats sort(SortSpec spec) throws IOException;
}
