package org.secmem.experiment;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import org.secmem.data.DataFiles;
import org.secmem.data.FileScan;
import org.secmem.data.SortOrder;
import org.secmem.results.ResultColumns;
import org.secmem.units.Units;

/**
 * Whether an int file holds what {@code secmem verify} asks: its order, and the same values as
 * another file (by checksum); one line that says what held and what did not.
 *
 * @param ok whether every property asked holds
 * @param text the line, ending "— OK" or "— FAILED"
 */
public record FileVerdict(boolean ok, String text) {

  /**
   * Scans {@code file} (and {@code sameAs}), both readable int files.
   *
   * @param order the order it must be in, if any
   * @param sameAs a file it must hold the same values as, if any
   */
  public static FileVerdict of(Path file, Optional<SortOrder> order, Optional<Path> sameAs)
      throws IOException {
    FileScan scan = DataFiles.scan(file, order);
    boolean ok = true;
    StringBuilder report = new StringBuilder();
    report.append(file).append(": ").append(Units.ints(scan.ints()));
    if (order.isPresent()) {
      if (scan.inOrder()) {
        report.append(", ").append(order.get().cliName()).append(" order holds");
      } else {
        ok = false;
        report
            .append(", NOT in ")
            .append(order.get().cliName())
            .append(" order (first break at int ")
            .append(scan.firstOutOfOrder())
            .append(')');
      }
    }
    if (sameAs.isPresent()) {
      FileScan other = DataFiles.scan(sameAs.get(), Optional.empty());
      if (other.checksum().sameAs(scan.checksum())) {
        report.append(", same values as ").append(sameAs.get());
      } else {
        ok = false;
        report
            .append(", NOT the same values as ")
            .append(sameAs.get())
            .append(" (")
            .append(Units.ints(other.ints()))
            .append(", checksum ")
            .append(ResultColumns.CHECKSUM_PREFIX + other.checksum().hex())
            .append(" vs ")
            .append(ResultColumns.CHECKSUM_PREFIX + scan.checksum().hex())
            .append(')');
      }
    }
    report.append(ok ? " \u2014 OK" : " \u2014 FAILED");
    return new FileVerdict(ok, report.toString());
  }
}
