package org.secmem.report.comparison;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;
import org.secmem.data.PartFile;
import org.secmem.results.MalformedResultsException;
import org.secmem.results.Numbers;
import org.secmem.results.RawResults;
import org.secmem.results.ResultFiles;
import org.secmem.results.ResultsFileException;
import org.secmem.results.SpreadsheetText;

/**
 * The compare CSV beside NEW ({@link ResultFiles#compareFor}): one row per configuration of a
 * {@link Comparison}, those on one side only included. RFC 4180, UTF-8, numbers with '.' and a
 * fixed count of decimals whatever the default locale.
 *
 * <p>Columns: the key columns the configurations were matched on (as the summary CSV begins with
 * the configuration columns), then {@link #COLUMNS}: {@code configuration} (the row's label),
 * {@code present_in} (both, base, new), for each side its runs, median and median absolute
 * deviation in ms, the ratio NEW/BASE of the medians and its interval, the level of the interval,
 * the verdict ({@code faster}, {@code slower}, {@code unchanged}, {@code undecided}, {@code
 * only_in_base}, {@code only_in_new}), and what was compared: both files and the {@code --by}
 * column (with its values), the same in every row.
 */
public final class ComparisonFile {

  /** The columns after the key columns, in this order. */
  public static final List<String> COLUMNS =
      List.of(
          "configuration",
          "present_in",
          "base_runs",
          "base_median_ms",
          "base_mad_ms",
          "new_runs",
          "new_median_ms",
          "new_mad_ms",
          "ratio",
          "ratio_low",
          "ratio_high",
          "level",
          "verdict",
          "base_file",
          "new_file",
          "compared_by");

  /**
   * Digits after the point of times (µs) and of ratios: enough that a reader rounding a ratio to 3
   * digits gets what the terminal showed.
   */
  static final int MS_DECIMALS = 3;

  static final int RATIO_DECIMALS = 6;

  private ComparisonFile() {}

  /**
   * What a compare CSV holds.
   *
   * @param baseFile BASE's file as it was given
   * @param newFile NEW's
   * @param comparedBy the {@code --by} column and values, empty when none
   * @param level the level of the intervals; NaN when the file has no row
   * @param rows the configurations, in file order
   */
  public record Contents(
      String baseFile, String newFile, String comparedBy, double level, List<Comparison.Row> rows) {
    public Contents {
      rows = List.copyOf(rows);
    }
  }

  /**
   * Writes {@code c} to {@code out}, replacing an older comparison there.
   *
   * @throws ResultsFileException when {@code out} exists and is not a comparison (a results file a
   *     script named {@code X-comparison.csv}): it is left as it is
   */
  public static void write(Comparison c, Path out) throws IOException {
    if (Files.isRegularFile(out) && Files.size(out) > 0 && !isComparison(out)) {
      throw new ResultsFileException(
          out
              + " exists and is not a comparison file: not replaced"
              + " (move it away to compare)");
    }
    PartFile.writeWholeText(out, w -> write(c, w));
  }

  /** Writes {@code c} to {@code out}, which the caller closes. */
  public static void write(Comparison c, Appendable out) throws IOException {
    List<String> header = new ArrayList<>(c.keyColumns());
    header.addAll(COLUMNS);
    String comparedBy =
        c.base().column() == null
            ? ""
            : c.base().column() + "=" + c.base().value() + ":" + c.next().value();
    CSVPrinter p =
        new CSVPrinter(
            out, CSVFormat.RFC4180.builder().setHeader(header.toArray(String[]::new)).build());
    for (Comparison.Row r : c.rows()) {
      List<String> cells = new ArrayList<>(r.key());
      cells.add(r.label());
      cells.add(r.base() == null ? "new" : r.next() == null ? "base" : "both");
      sample(cells, r.base());
      sample(cells, r.next());
      cells.add(Numbers.fixed(r.ratio(), RATIO_DECIMALS));
      cells.add(Numbers.fixed(r.low(), RATIO_DECIMALS));
      cells.add(Numbers.fixed(r.high(), RATIO_DECIMALS));
      cells.add(Numbers.fixed(c.level(), 3));
      cells.add(r.verdict().csvName());
      cells.add(c.base().file());
      cells.add(c.next().file());
      cells.add(comparedBy);
      p.printRecord(SpreadsheetText.protect(cells));
    }
    p.flush();
  }

  /** Whether the first line of {@code file} is a compare CSV header. */
  private static boolean isComparison(Path file) throws IOException {
    try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String first = r.readLine();
      return first != null && List.of(first.split(",")).containsAll(COLUMNS);
    } catch (CharacterCodingException e) {
      return false;
    }
  }

  private static void sample(List<String> cells, Comparison.Sample s) {
    if (s == null) {
      cells.add("");
      cells.add("");
      cells.add("");
      return;
    }
    cells.add(Integer.toString(s.n()));
    cells.add(Numbers.fixed(s.median(), MS_DECIMALS));
    cells.add(Numbers.fixed(s.mad(), MS_DECIMALS));
  }

  /**
   * Reads a compare CSV.
   *
   * @throws MalformedResultsException naming the file when a column of {@link #COLUMNS} is missing
   *     or a cell cannot be read
   */
  public static Contents read(Path file) throws IOException {
    try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8);
        CSVParser p =
            CSVParser.parse(
                in, RawResults.FORMAT.builder().setAllowMissingColumnNames(true).build())) {
      List<String> header = p.getHeaderNames();
      for (String c : COLUMNS) {
        if (!header.contains(c)) {
          throw new MalformedResultsException(
              file + ":1: not a compare file: no '" + c + "' column");
        }
      }
      int keys = header.indexOf("configuration");
      List<Comparison.Row> rows = new ArrayList<>();
      String baseFile = "";
      String newFile = "";
      String comparedBy = "";
      double level = Double.NaN;
      for (CSVRecord rec : p) {
        try {
          List<String> key = new ArrayList<>();
          for (int i = 0; i < keys; i++) {
            key.add(SpreadsheetText.unprotect(rec.get(i)));
          }
          String present = rec.get("present_in");
          Comparison.Verdict verdict =
              Comparison.Verdict.ofCsvName(rec.get("verdict"))
                  .orElseThrow(
                      () ->
                          new IllegalArgumentException(
                              "verdict: '" + rec.get("verdict") + "' is not a verdict"));
          rows.add(
              new Comparison.Row(
                  key,
                  SpreadsheetText.unprotect(rec.get("configuration")),
                  present.equals("new") ? null : sample(rec, "base"),
                  present.equals("base") ? null : sample(rec, "new"),
                  number(rec.get("ratio")),
                  number(rec.get("ratio_low")),
                  number(rec.get("ratio_high")),
                  verdict));
          baseFile = SpreadsheetText.unprotect(rec.get("base_file"));
          newFile = SpreadsheetText.unprotect(rec.get("new_file"));
          comparedBy = SpreadsheetText.unprotect(rec.get("compared_by"));
          level = number(rec.get("level"));
        } catch (IllegalArgumentException | IllegalStateException e) {
          throw new MalformedResultsException(
              file + ":" + rec.getRecordNumber() + ": " + e.getMessage(), e);
        }
      }
      return new Contents(baseFile, newFile, comparedBy, level, rows);
    }
  }

  private static Comparison.Sample sample(CSVRecord rec, String side) {
    String runs = rec.get(side + "_runs").trim();
    return new Comparison.Sample(
        runs.isEmpty() ? 0 : Integer.parseInt(runs),
        number(rec.get(side + "_median_ms")),
        number(rec.get(side + "_mad_ms")));
  }

  private static double number(String cell) {
    String t = cell.trim();
    return t.isEmpty() ? Double.NaN : Double.parseDouble(t);
  }
}
