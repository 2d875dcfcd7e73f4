package org.secmem.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;

/** The end of a CSV file found byte by byte agrees with what the CSV parser reads. */
class CsvTailTest {

  private static CsvTail tail(String text) throws IOException {
    Path f = Files.createTempFile("tail", ".csv");
    try {
      Files.writeString(f, text, StandardCharsets.UTF_8);
      try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ)) {
        return CsvTail.read(ch);
      }
    } finally {
      Files.delete(f);
    }
  }

  @Test
  void emptyFile_endsWithALineFeed_andHasNoRecord() throws IOException {
    CsvTail t = tail("");
    assertTrue(t.endsWithLineFeed());
    assertEquals(0, t.records());
  }

  @Test
  void aLastLineWithoutALineBreak_isTheLastRecord_withItsCells() throws IOException {
    CsvTail t = tail("a,b,c\r\n\r\n1,2,3\r\n4,\"x,\"\"y\"\"\",");
    assertFalse(t.endsWithLineFeed());
    assertEquals(3, t.records(), "the empty line is no record");
    assertEquals(4, t.lastRecordLine());
    assertEquals(3, t.cells());
    assertEquals("a,b,c\r\n\r\n1,2,3\r\n".length(), t.lastRecordStart());
    assertFalse(t.inQuotes());
  }

  @Test
  void aQuotedCellThatNeverCloses_runsToTheEnd_overLineBreaks() throws IOException {
    CsvTail t = tail("a,b\r\n1,\"x\r\ny");
    assertTrue(t.inQuotes());
    assertTrue(t.lineFeedInLastRecord());
    assertEquals(2, t.lastRecordLine());
  }

  @Test
  void aQuoteInsideAnUnquotedCell_isText() throws IOException {
    CsvTail t = tail("a,b\r\n1,2\"\r\n3,4");
    assertFalse(t.inQuotes());
    assertEquals(3, t.lastRecordLine());
    assertEquals(2, t.cells());
  }

  @Property(tries = 300)
  void agreesWithTheParser_onRowsCutAnywhere(
      @ForAll("csv") String csv, @ForAll @IntRange(min = 0, max = 1000) int cutPermille)
      throws IOException {
    String text = csv.substring(0, csv.length() * cutPermille / 1000);
    CsvTail t = tail(text);
    CSVFormat format = CSVFormat.RFC4180.builder().setIgnoreEmptyLines(true).build();
    if (t.inQuotes()) {
      assertThrows(UncheckedIOException.class, () -> records(text, format), text);
      return;
    }
    List<CSVRecord> records = records(text, format);
    assertEquals(records.size(), t.records(), text);
    boolean unended = !text.isEmpty() && !text.endsWith("\n") && !text.endsWith("\r");
    if (unended && !records.isEmpty()) {
      assertEquals(records.get(records.size() - 1).size(), t.cells(), text);
    }
  }

  private static List<CSVRecord> records(String text, CSVFormat format) throws IOException {
    try (CSVParser p = CSVParser.parse(new StringReader(text), format)) {
      return new ArrayList<>(p.getRecords());
    }
  }

  @Provide
  Arbitrary<String> csv() {
    Arbitrary<String> unquoted = Arbitraries.strings().withChars("ab1 ").ofMaxLength(4);
    Arbitrary<String> quoted =
        Arbitraries.strings()
            .withChars("ab,\n")
            .ofMaxLength(4)
            .map(s -> "\"" + s.replace("b", "\"\"") + "\"");
    Arbitrary<String> cell = Arbitraries.oneOf(unquoted, quoted);
    Arbitrary<String> row = cell.list().ofMinSize(1).ofMaxSize(5).map(c -> String.join(",", c));
    Arbitrary<String> end = Arbitraries.of("\r\n", "\n");
    return Arbitraries.lazy(
        () ->
            row.list()
                .ofMinSize(1)
                .ofMaxSize(5)
                .flatMap(
                    rows ->
                        end.list()
                            .ofSize(rows.size())
                            .map(
                                ends -> {
                                  StringBuilder s = new StringBuilder();
                                  for (int i = 0; i < rows.size(); i++) {
                                    s.append(rows.get(i)).append(ends.get(i));
                                  }
                                  return s.toString();
                                })));
  }
}
