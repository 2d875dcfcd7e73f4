package org.secmem.results;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Checks, before anything runs, that a path can take the raw results of a run: it is not a folder,
 * no part of the path above it is a regular file, its folder can be written (the summary and the
 * environment record go beside it), and an existing file carries this version's header, so rows are
 * appended under the right columns, and does not end in a cut-off row that rows appended would be
 * glued to and that cannot be removed safely (see {@link #isRemovable}). Writes nothing: a check
 * that fails leaves the disk as it was (a probe file, when the folder exists but the file does not,
 * is created and removed again).
 */
public final class ResultsTarget {

  private static final Logger LOG = LogManager.getLogger(ResultsTarget.class);

  /** The header line is about 600 bytes; a first line longer than this is not ours. */
  private static final int MAX_HEADER_BYTES = 64 * 1024;

  /** The UTF-8 byte-order mark. */
  private static final byte[] BOM_BYTES = {(byte) 0xef, (byte) 0xbb, (byte) 0xbf};

  private ResultsTarget() {}

  /**
   * @throws ResultsFileException naming {@code file} and what is wrong with it
   */
  public static void check(Path file) throws ResultsFileException {
    Path abs = file.toAbsolutePath().normalize();
    if (Files.isDirectory(abs)) {
      throw new ResultsFileException(
          file + ": is a folder; give a file name, e.g. " + file.resolve("results.csv"));
    }
    Path existing = abs.getParent();
    while (existing != null && !Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
      existing = existing.getParent();
    }
    if (existing != null && !Files.isDirectory(existing)) {
      throw new ResultsFileException(
          file + ": cannot be created: " + existing + " is a file, not a folder");
    }
    if (Files.exists(abs)) {
      if (!Files.isRegularFile(abs)) {
        throw new ResultsFileException(file + ": is not a regular file");
      }
      checkHeader(file, abs);
      checkLastLine(file, abs);
      probeAppend(file, abs);
    }
    if (existing != null) {
      probeFolder(file, existing);
    }
  }

  /** An existing, non-empty file must start with this version's header line. */
  private static void checkHeader(Path file, Path abs) throws ResultsFileException {
    List<String> expected = Arrays.asList(ResultColumn.headers());
    // The full header is 50 columns: messages show its start and where to find it whole.
    String expectedText =
        "secmem's header, which starts '"
            + String.join(",", expected.subList(0, Math.min(4, expected.size())))
            + ",...' ("
            + expected.size()
            + " columns)";
    String first;
    try {
      if (Files.size(abs) == 0) {
        return;
      }
      first = firstLine(abs);
    } catch (CharacterCodingException e) {
      throw new ResultsFileException(
          file
              + ": is not a secmem results file (not UTF-8 text);"
              + " expected a CSV file whose first line is "
              + expectedText
              + "; choose another --results file",
          e);
    } catch (IOException e) {
      throw new ResultsFileException(file + ": cannot be read: " + describe(e), e);
    }
    if (first == null) {
      throw new ResultsFileException(
          file
              + ": is not a secmem results file (its first line is"
              + " longer than "
              + MAX_HEADER_BYTES
              + " bytes); expected "
              + expectedText
              + "; choose another --results file");
    }
    List<String> found;
    try (CSVParser parser = CSVParser.parse(new StringReader(first), CSVFormat.RFC4180)) {
      Iterator<CSVRecord> it = parser.iterator();
      found = it.hasNext() ? it.next().toList() : List.of();
    } catch (IOException | RuntimeException e) {
      LOG.debug("{}: first line is not CSV", file, e);
      found = List.of(first);
    }
    if (found.equals(expected)) {
      return;
    }
    if (!found.contains(ResultColumns.EXPERIMENT)) {
      throw new ResultsFileException(
          file
              + ": is not a secmem results file: its first line is '"
              + abbreviate(first)
              + "', expected "
              + expectedText
              + "; choose another --results file (secmem appends only to its own results files)");
    }
    List<String> missing = new ArrayList<>(expected);
    missing.removeAll(found);
    List<String> unknown = new ArrayList<>(found);
    unknown.removeAll(expected);
    throw new ResultsFileException(
        file
            + ": has another version's header, so rows cannot be"
            + " appended under the same columns"
            + (unknown.isEmpty()
                ? ""
                : "; columns this version does not write: " + columnList(unknown))
            + (missing.isEmpty() ? "" : "; columns it lacks: " + columnList(missing))
            + (missing.isEmpty() && unknown.isEmpty() ? "; its columns are in another order" : "")
            + "; choose another --results file");
  }

  /**
   * An existing file whose last line was cut off can be appended to only when that line is one line
   * that {@link RawResultsWriter} can remove; a quoted cell that opens on an earlier line and never
   * closes would swallow every row appended below it.
   */
  private static void checkLastLine(Path file, Path abs) throws ResultsFileException {
    CsvTail tail;
    try (FileChannel ch = FileChannel.open(abs, StandardOpenOption.READ)) {
      tail = CsvTail.read(ch);
    } catch (IOException e) {
      throw new ResultsFileException(file + ": cannot be read: " + describe(e), e);
    }
    if (isCutOff(tail) && !isRemovable(tail)) {
      throw notRemovable(file, tail);
    }
  }

  /** The longest cut-off last line that is removed before appending; a row is about 1 KiB. */
  static final int MAX_CUT_OFF_BYTES = 64 * 1024;

  /**
   * Whether the last line of a results file was cut off mid-row: it has no line break at its end
   * (secmem ends every row with one) and has fewer cells than the header or ends inside a quoted
   * cell. A last line without a line break that has every cell is a whole row, written by a tool
   * that does not end its last line.
   */
  static boolean isCutOff(CsvTail tail) {
    return !tail.endsWithLineFeed()
        && !(tail.lastByte() == '\r' && !tail.inQuotes())
        && (tail.inQuotes() || tail.cells() < ResultColumn.headers().length);
  }

  /** Whether a cut-off last line is one line of at most {@link #MAX_CUT_OFF_BYTES}. */
  static boolean isRemovable(CsvTail tail) {
    return !tail.lineFeedInLastRecord() && tail.lastRecordLength() <= MAX_CUT_OFF_BYTES;
  }

  /** The refusal of a file whose cut-off last row is more than one short line. */
  static ResultsFileException notRemovable(Path file, CsvTail tail) {
    long line = tail.lastRecordLine();
    return new ResultsFileException(
        file
            + ":"
            + line
            + ": the last row was cut off ("
            + (tail.inQuotes()
                ? "a quoted cell that never closes"
                : tail.cells() + " of " + ResultColumn.headers().length + " cells")
            + ", no line break at the end) and it "
            + (tail.lineFeedInLastRecord()
                ? "runs over several lines"
                : "is " + tail.lastRecordLength() + " bytes long")
            + ", so secmem neither removes it nor appends below it (new rows would be read as part"
            + " of it): delete line "
            + line
            + " to the end of the file, e.g. with a text editor, or"
            + " choose another --results file");
  }

  /** Up to six column names, then how many more. */
  private static String columnList(List<String> columns) {
    int shown = Math.min(6, columns.size());
    return String.join(", ", columns.subList(0, shown))
        + (columns.size() > shown ? " and " + (columns.size() - shown) + " more" : "");
  }

  /**
   * The first line of {@code file} (strict UTF-8) without a byte-order mark before it, or null when
   * longer than the limit. A spreadsheet that saves "CSV UTF-8" writes the mark; rows appended
   * below it keep the file what the spreadsheet saved, so the mark stays where it is.
   */
  private static String firstLine(Path file) throws IOException {
    byte[] head;
    try (InputStream in = Files.newInputStream(file)) {
      head = in.readNBytes(MAX_HEADER_BYTES + BOM_BYTES.length + 1);
    }
    int start = startsWithBom(head) ? BOM_BYTES.length : 0;
    int end = start;
    while (end < head.length && head[end] != '\n') {
      end++;
    }
    if (end - start > MAX_HEADER_BYTES) {
      return null;
    }
    int stop = end > start && head[end - 1] == '\r' ? end - 1 : end;
    return StandardCharsets.UTF_8
        .newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT)
        .decode(ByteBuffer.wrap(head, start, stop - start))
        .toString();
  }

  private static boolean startsWithBom(byte[] head) {
    return head.length >= BOM_BYTES.length
        && Arrays.equals(head, 0, BOM_BYTES.length, BOM_BYTES, 0, BOM_BYTES.length);
  }

  /** Opens the existing file for appending and closes it, writing nothing. */
  private static void probeAppend(Path file, Path abs) throws ResultsFileException {
    try (FileChannel ignored =
        FileChannel.open(abs, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
      LOG.debug("{}: can be appended to", file);
    } catch (IOException e) {
      throw new ResultsFileException(file + ": cannot be written: " + describe(e), e);
    }
  }

  /** Creates and removes a probe file in the nearest existing folder of the results file. */
  private static void probeFolder(Path file, Path folder) throws ResultsFileException {
    try {
      Path probe = Files.createTempFile(folder, ".secmem-probe-", ".tmp");
      Files.delete(probe);
    } catch (IOException e) {
      throw new ResultsFileException(
          file + ": cannot be written: cannot create files in " + folder + " (" + describe(e) + ")",
          e);
    }
  }

  private static String describe(IOException e) {
    if (e instanceof FileSystemException fse && fse.getReason() != null) {
      return fse.getReason();
    }
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof NoSuchFileException) {
      return "no such file or folder";
    }
    return String.valueOf(e.getMessage());
  }

  private static String abbreviate(String line) {
    String printable = line.replaceAll("\\p{Cntrl}", "?");
    return printable.length() <= 80 ? printable : printable.substring(0, 77) + "...";
  }
}
