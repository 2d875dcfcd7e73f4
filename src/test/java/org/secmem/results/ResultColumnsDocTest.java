package org.secmem.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/results-columns.md} is what {@link ResultColumnDocs#markdown()} writes: it fails when
 * a column or its description changed without the document. With {@code
 * -Dsecmem.regenerateDocs=true} it rewrites the document instead (and passes).
 */
class ResultColumnsDocTest {

  /** Set to {@code true} to rewrite the document from the code instead of comparing. */
  static final String REGENERATE_PROPERTY = "secmem.regenerateDocs";

  @Test
  void everyColumn_hasOneLineOfMeaning_andTheKindsOfRowThatFillIt() {
    for (ResultColumn c : ResultColumn.values()) {
      ResultColumnDocs.Entry e = ResultColumnDocs.of(c);
      assertNotNull(e, c.header() + " has no description in ResultColumnDocs");
      assertFalse(e.meaning().isBlank(), c.header());
      assertFalse(e.meaning().contains("\n"), c.header() + ": one line");
      assertFalse(c.rows().isEmpty(), c.header() + " is filled by no kind of row");
      assertEquals(RowKind.describe(c.rows()), e.rows(), c.header());
    }
  }

  /**
   * Each kind of row has a schema of its own: for any two kinds, a column one fills, the other not.
   */
  @Test
  void everyTwoKindsOfRow_haveSchemasThatDiffer() {
    for (RowKind a : RowKind.values()) {
      for (RowKind b : RowKind.values()) {
        if (a == b) {
          continue;
        }
        boolean differ = false;
        for (ResultColumn c : ResultColumn.values()) {
          differ |= c.appliesTo(a) != c.appliesTo(b);
        }
        assertTrue(differ, a + " and " + b + " fill the same columns");
      }
    }
  }

  @Test
  void markdown_hasARowPerColumn_inFileOrder() {
    List<String> rows =
        ResultColumnDocs.markdown().lines().filter(l -> l.matches("\\| \\d+ \\| .*")).toList();
    ResultColumn[] all = ResultColumn.values();
    assertEquals(all.length, rows.size());
    for (int i = 0; i < all.length; i++) {
      assertTrue(
          rows.get(i).startsWith("| " + (i + 1) + " | `" + all[i].header() + "` | "), rows.get(i));
      // A '|' not escaped would start another cell: 5 cells, 6 bars.
      assertEquals(
          6, rows.get(i).replace("\\|", "").chars().filter(ch -> ch == '|').count(), rows.get(i));
    }
  }

  @Test
  void document_isUpToDate() throws IOException {
    Path doc = repositoryRoot().resolve(ResultColumnDocs.DOCUMENT);
    String generated = ResultColumnDocs.markdown();
    if (Boolean.getBoolean(REGENERATE_PROPERTY)) {
      Files.writeString(doc, generated, StandardCharsets.UTF_8);
      return;
    }
    String inRepo = Files.isRegularFile(doc) ? Files.readString(doc, StandardCharsets.UTF_8) : null;
    if (!generated.equals(inRepo)) {
      fail(
          ResultColumnDocs.DOCUMENT
              + (inRepo == null ? " is missing" : " is out of date")
              + ": it is generated from ResultColumn and ResultColumnDocs; rewrite it with\n  "
              + ResultColumnDocs.REGENERATE
              + "\nand commit it"
              + (inRepo == null ? "" : "\n" + firstDifference(inRepo, generated)));
    }
  }

  /**
   * The repository's root: the build passes it as {@code secmem.root} (tests run in
   * target/test-work); otherwise the nearest folder above the working directory that holds the
   * documents (a test run from an IDE, in core/ or the root).
   */
  private static Path repositoryRoot() {
    String given = System.getProperty("secmem.root");
    if (given != null && Files.isDirectory(Path.of(given, "docs"))) {
      return Path.of(given).toAbsolutePath().normalize();
    }
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      if (Files.isRegularFile(p.resolve("docs/results.md"))
          && Files.isRegularFile(p.resolve("pom.xml"))) {
        return p;
      }
    }
    return fail(
        "no repository root (a folder with docs/results.md) above "
            + Path.of("").toAbsolutePath()
            + " and no secmem.root property");
  }

  /** The first line that differs, for the failure message. */
  private static String firstDifference(String inRepo, String generated) {
    List<String> a = inRepo.lines().toList();
    List<String> b = generated.lines().toList();
    for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
      String x = i < a.size() ? a.get(i) : "(end of file)";
      String y = i < b.size() ? b.get(i) : "(end of file)";
      if (!x.equals(y)) {
        return "first difference, line " + (i + 1) + ":\n  file:      " + x + "\n  generated: " + y;
      }
    }
    return "they differ in line endings";
  }
}
