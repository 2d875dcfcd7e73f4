package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A control character in a value the charts show (a work folder's name) made the standalone SVGs
 * ill-formed XML: it is now shown as an escape, and every SVG parses.
 */
class ControlCharsInChartsTest {

  @TempDir Path dir;

  @Test
  void aControlCharacterInAWorkFolderName_leavesEverySvgWellFormed() throws Exception {
    Path results = dir.resolve("r.csv");
    for (String work : List.of("ok\u0001x", "ok2")) {
      CliTest.Result r =
          CliTest.run(
              "sort",
              "--n",
              "20000",
              "--m",
              "4000",
              "--reps",
              "2",
              "--warmup",
              "0",
              "--dir",
              dir.resolve("data").toString(),
              "--work-dir",
              dir.resolve(work).toString(),
              "--results",
              results.toString());
      assertEquals(0, r.code(), r.err());
    }
    List<Path> svgs;
    try (Stream<Path> s = Files.list(dir.resolve("r-charts"))) {
      svgs = s.filter(p -> p.toString().endsWith(".svg")).toList();
    }
    assertFalse(svgs.isEmpty());
    boolean shown = false;
    for (Path svg : svgs) {
      String text = Files.readString(svg);
      assertFalse(text.contains("\u0001"), svg.toString());
      shown |= text.contains("ok\\x01x");
      DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(svg.toFile());
    }
    assertTrue(shown, "the folder's name is shown, escaped");
  }
}
