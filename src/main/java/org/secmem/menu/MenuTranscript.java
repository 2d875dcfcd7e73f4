package org.secmem.menu;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import org.secmem.runner.UserText;

/**
 * Passes everything through to the terminal, control characters escaped, and remembers, of the last
 * command, the results file it named ("results: FILE (…)"), whether it drew charts, and its
 * report-page line.
 */
final class MenuTranscript extends Writer {
  private final Writer to;
  private final StringBuilder line = new StringBuilder();
  private String results;
  private boolean charted;
  private final List<String> report = new ArrayList<>();

  MenuTranscript(Writer to) {
    this.to = to;
  }

  synchronized void clear() {
    results = null;
    charted = false;
    report.clear();
  }

  synchronized String results() {
    return results;
  }

  synchronized boolean charted() {
    return charted;
  }

  synchronized List<String> report() {
    return List.copyOf(report);
  }

  @Override
  public synchronized void write(char[] buf, int off, int len) throws IOException {
    // A command may print what the user typed (a file name, say): no control character of it
    // reaches the terminal, whoever printed it.
    to.write(UserText.controlsEscaped(new String(buf, off, len)));
    for (int i = off; i < off + len; i++) {
      char c = buf[i];
      if (c == '\n') {
        seen(line.toString().strip());
        line.setLength(0);
      } else if (line.length() < 4096) {
        line.append(c);
      }
    }
  }

  private void seen(String l) {
    if (l.startsWith("results: ") && !l.startsWith("results: nothing measured")) {
      String rest = l.substring("results: ".length());
      int paren = rest.lastIndexOf(" (");
      results = paren > 0 ? rest.substring(0, paren) : rest;
    } else if (l.startsWith("charts: ")) {
      charted = true;
    } else if (l.startsWith("report: ")) {
      report.add(l);
    }
  }

  @Override
  public void flush() throws IOException {
    to.flush();
  }

  @Override
  public void close() throws IOException {
    flush();
  }
}
