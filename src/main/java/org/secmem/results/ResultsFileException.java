package org.secmem.results;

import java.io.IOException;

/**
 * A path that cannot take a raw results file: a folder, a path under a regular file, a folder that
 * cannot be written, or an existing file that is not secmem's results (another header). The message
 * names the file and what is wrong; nothing has been written.
 */
public final class ResultsFileException extends IOException {

  private static final long serialVersionUID = 1L;

  public ResultsFileException(String message) {
    super(message);
  }

  public ResultsFileException(String message, Throwable cause) {
    super(message, cause);
  }
}
