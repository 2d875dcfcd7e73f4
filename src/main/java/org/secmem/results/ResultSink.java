package org.secmem.results;

import java.io.IOException;

/** Where measured runs go: every experiment reports through one of these. */
public interface ResultSink {

  /** Records one run; when this returns, the row is safe on disk (or held by the sink). */
  void accept(ResultRow row) throws IOException;
}
