package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.secmem.admission.Parameter;

/**
 * {@code docs/parameters.md} is what {@link ParameterDocs#markdown()} writes from the registry and
 * the commands' help: it fails when a parameter, its range or its help changed without the
 * document. With {@code -Dsecmem.regenerateDocs=true} it rewrites the document instead.
 */
class ParameterDocsTest {

  /** Tests run in target/test-work; the build passes the repository folder as secmem.root. */
  private static final Path ROOT = Path.of(System.getProperty("secmem.root", "."));

  private static List<String> rows() {
    return ParameterDocs.markdown().lines().filter(l -> l.startsWith("| `")).toList();
  }

  @Test
  void everyParameter_hasARow_withItsNamesAndWhatItAllows() {
    List<String> rows = rows();
    assertEquals(Parameter.values().length, rows.size());
    for (Parameter p : Parameter.values()) {
      String row =
          rows.stream().filter(r -> r.startsWith("| `" + p.column() + "` |")).findFirst().get();
      // A '|' not escaped would start another cell: 6 cells, 7 bars.
      assertEquals(7, row.replace("\\|", "").chars().filter(ch -> ch == '|').count(), row);
      if (p.numeric()) {
        assertTrue(row.contains(" | " + p.range().text() + " | "), row);
      }
      if (!p.options().isEmpty()) {
        assertTrue(row.contains("`" + p.option() + "`"), row);
        assertFalse(row.endsWith("|  |"), p + " has an option, so a help text: " + row);
      }
      assertFalse(row.contains("${"), "a help variable left unfilled: " + row);
    }
  }

  @Test
  void document_isUpToDate() throws IOException {
    Path doc = ROOT.resolve(ParameterDocs.DOCUMENT);
    String generated = ParameterDocs.markdown();
    if (Boolean.getBoolean("secmem.regenerateDocs")) {
      Files.writeString(doc, generated, StandardCharsets.UTF_8);
      return;
    }
    String inRepo = Files.isRegularFile(doc) ? Files.readString(doc, StandardCharsets.UTF_8) : null;
    if (!generated.equals(inRepo)) {
      fail(
          ParameterDocs.DOCUMENT
              + (inRepo == null ? " is missing" : " is out of date")
              + ": it is generated from admission.Parameter and the commands' help; rewrite it"
              + " with\n  "
              + ParameterDocs.REGENERATE
              + "\nand commit it");
    }
  }
}
