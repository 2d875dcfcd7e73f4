package org.secmem.runner;

import java.io.IOException;
import java.io.Writer;

/**
 * Standard output as the user's terminal may receive it: whatever a command prints (a results
 * file's name, a folder {@code clean} found, a path typed on the command line) passes through
 * {@link UserText#terminalSafe}, so no escape sequence in it retitles, clears or moves the
 * terminal; line breaks, carriage returns and help colours pass as they are.
 */
public final class TerminalWriter extends Writer {

  private final Writer to;

  public TerminalWriter(Writer to) {
    this.to = to;
  }

  @Override
  public void write(char[] buf, int off, int len) throws IOException {
    to.write(UserText.terminalSafe(new String(buf, off, len)));
  }

  @Override
  public void flush() throws IOException {
    to.flush();
  }

  @Override
  public void close() throws IOException {
    to.close();
  }
}
