package org.secmem;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/architecture.md's package table lists the packages of {@link ArchitectureTest#ORDER}, each
 * once, in that order, and right after {@code report} the report packages of {@link
 * ArchitectureTest#REPORT_ORDER} in theirs, so that the page a reader learns the layers from is the
 * order the build enforces.
 */
class ArchitectureDocTest {

  private static final Path DOC =
      Path.of(System.getProperty("secmem.root", ".")).resolve("docs/architecture.md");

  /** A row of the table: its first cell, one package in backticks ({@code report.page} too). */
  private static final Pattern ROW = Pattern.compile("^\\| `([a-z]+(?:\\.[a-z]+)?)` \\|");

  @Test
  void packageTable_followsTheOrder() throws IOException {
    assertEquals(
        ArchitectureTest.ORDER,
        tablePackages(Files.readAllLines(DOC)).stream().filter(p -> !p.contains(".")).toList(),
        DOC + ": its package table against ArchitectureTest.ORDER");
  }

  @Test
  void reportRows_followReportsRow_inTheReportOrder() throws IOException {
    List<String> table = tablePackages(Files.readAllLines(DOC));
    List<String> expected = ArchitectureTest.REPORT_ORDER.stream().map(p -> "report." + p).toList();
    int after = table.indexOf("report") + 1;
    assertEquals(
        expected,
        table.subList(after, Math.min(table.size(), after + expected.size())),
        DOC + ": the rows after report's against ArchitectureTest.REPORT_ORDER");
    assertEquals(
        expected,
        table.stream().filter(p -> p.contains(".")).toList(),
        DOC + ": every report.* row once, none elsewhere");
  }

  @Test
  void tablePackages_readsTheFirstColumnInOrder_andStopsAtTheTablesEnd() {
    List<String> doc =
        List.of(
            "text `x`",
            "| package | owns | may use |",
            "|---|---|---|",
            "| `report` | charts | below |",
            "| `report.chart` | drawing | below |",
            "| `param` | files | below |",
            "",
            "| `later` | another table | |");
    assertEquals(List.of("report", "report.chart", "param"), tablePackages(doc));
  }

  /** The packages of the first table whose header starts with {@code | package |}, in order. */
  static List<String> tablePackages(List<String> lines) {
    List<String> packages = new ArrayList<>();
    boolean inTable = false;
    for (String line : lines) {
      if (line.startsWith("| package |")) {
        inTable = true;
      } else if (inTable && !line.startsWith("|")) {
        break;
      } else if (inTable) {
        Matcher m = ROW.matcher(line);
        if (m.find()) {
          packages.add(m.group(1));
        }
      }
    }
    return packages;
  }
}
