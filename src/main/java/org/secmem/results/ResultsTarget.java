package org.secmem.results;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.UUID;
import org.apache.commons.io.input.BOMInputStream;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.secmem.fs.Ownership;

/**
 * Checks, before anything runs, that a path can take the raw results of a run: it is not a folder,
 * no part of the path above it is a regular file, its folder can be written (the summary and the
 * environment record go beside it), and an existing file carries this version's header, so rows are
 * appended under the right columns (a JSON Lines file: starts with an environment record), and does
 * not end in a cut-off row that rows appended would be glued to and that cannot be removed safely
 * (see {@link FileEnd#removable}). The format is the one the file's name asks for ({@link
 * ResultFormat#ofFile}). Writes nothing: a check that fails leaves the disk as it was (a probe
 * file, when the folder exists but the file does not, is created and removed again).
 */
public final class ResultsTarget {

  private static final Logger LOG = LogManager.getLogger(ResultsTarget.class);

  /** The CSV header line is about 1.3 KiB; a first line longer than this is not ours. */
  static final int MAX_HEADER_BYTES = 64 * 1024;

  /** The UTF-8 byte-order mark. */
  private ResultsTarget() {}

  /**
   * @throws ResultsFileException naming {@code file} and what is wrong with it
   */
  public static void check(Path file) throws ResultsFileException {
    ResultFormat format = ResultFormat.ofFile(file);
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
      checkStart(file, abs, format);
      checkLastLine(file, abs, format);
      probeAppend(file, abs);
    }
    if (existing != null) {
      probeFolder(file, existing);
    }
    checkBeside(file, true);
  }

  /**
   * The files secmem writes beside the results (summary, environment record, report page, charts
   * folder, comparison) must be free or secmem's own from an earlier run: a file of the user's at
   * one of those names is never replaced, so the run (or {@code chart}) is refused before it
   * starts.
   *
   * @param charts whether the charts folder beside it is written too (not when {@code chart --out}
   *     names another)
   */
  public static void checkBeside(Path file, boolean charts) throws ResultsFileException {
    for (Path p :
        List.of(
            ResultFiles.summaryFor(file),
            ResultFiles.environmentFor(file),
            ResultFiles.sessionsFor(file),
            ResultFiles.pageFor(file),
            ResultFiles.compareFor(file))) {
      if (Ownership.taken(p) && !Ownership.isMade(p, Ownership.Made.WHOLE_FILE)) {
        throw beside(file, Ownership.notSecmems(p, Ownership.Made.WHOLE_FILE));
      }
    }
    Path folder = ResultFiles.chartsFolderFor(file);
    if (charts && Ownership.taken(folder) && !Ownership.isMade(folder, Ownership.Made.FOLDER)) {
      throw beside(file, Ownership.notSecmems(folder, Ownership.Made.FOLDER));
    }
  }

  private static ResultsFileException beside(Path file, Ownership.NotSecmemsException e) {
    return new ResultsFileException(
        file
            + ": secmem writes its summary, environment record, charts and report beside it, and "
            + e.getMessage()
            + "; move it away or name another results file",
        e);
  }

  /**
   * An existing, non-empty file must start as its format writes a file: a CSV file with this
   * version's header line, a JSON Lines file with an environment record.
   */
  private static void checkStart(Path file, Path abs, ResultFormat format)
      throws ResultsFileException {
    try {
      if (Files.size(abs) == 0) {
        return;
      }
    } catch (IOException e) {
      throw new ResultsFileException(file + ": cannot be read: " + describe(e), e);
    }
    format.codec().checkStart(file, abs);
  }

  /**
   * An existing file whose last line was cut off can be appended to only when that line is one line
   * that {@link RawResultsWriter} can remove; a CSV cell that opens its quotes on an earlier line
   * and never closes them would swallow every row appended below it.
   */
  private static void checkLastLine(Path file, Path abs, ResultFormat format)
      throws ResultsFileException {
    FileEnd end;
    try (FileChannel ch = FileChannel.open(abs, StandardOpenOption.READ)) {
      end = format.codec().end(ch);
    } catch (IOException e) {
      throw new ResultsFileException(file + ": cannot be read: " + describe(e), e);
    }
    if (end.cutOff() && !end.removable()) {
      throw notRemovable(file, end);
    }
  }

  /** The refusal of a file whose cut-off last row is more than one short line. */
  static ResultsFileException notRemovable(Path file, FileEnd end) {
    long line = end.lastRecordLine();
    return new ResultsFileException(
        file
            + ":"
            + line
            + ": the last row was cut off ("
            + end.cutOffWhat()
            + ", no line break at the end) and it "
            + (end.spansLines()
                ? "runs over several lines"
                : "is " + end.lastRecordLength() + " bytes long")
            + ", so secmem neither removes it nor appends below it (new rows would be read as part"
            + " of it): delete line "
            + line
            + " to the end of the file, e.g. with a text editor, or"
            + " choose another --results file");
  }

  /**
   * The first line of {@code file} (strict UTF-8) without a byte-order mark before it, or null when
   * longer than the limit. A spreadsheet that saves "CSV UTF-8" writes the mark; rows appended
   * below it keep the file what the spreadsheet saved, so the mark stays where it is.
   */
  static String firstLine(Path file) throws IOException {
    byte[] head;
    try (InputStream in = BOMInputStream.builder().setPath(file).get()) {
      head = in.readNBytes(MAX_HEADER_BYTES + 1);
    }
    int end = 0;
    while (end < head.length && head[end] != '\n') {
      end++;
    }
    if (end > MAX_HEADER_BYTES) {
      return null;
    }
    int stop = end > 0 && head[end - 1] == '\r' ? end - 1 : end;
    return StandardCharsets.UTF_8
        .newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT)
        .decode(ByteBuffer.wrap(head, 0, stop))
        .toString();
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
      Path probe = folder.resolve(".secmem-probe-" + UUID.randomUUID() + ".tmp");
      Ownership.createNew(probe, Ownership.Made.PART).close();
      Ownership.discardTemporary(probe);
    } catch (IOException e) {
      throw new ResultsFileException(
          file + ": cannot be written: cannot create files in " + folder + " (" + describe(e) + ")",
          e);
    }
  }

  static String describe(IOException e) {
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

  static String abbreviate(String line) {
    String printable = line.replaceAll("\\p{Cntrl}", "?");
    return printable.length() <= 80 ? printable : printable.substring(0, 77) + "...";
  }
}
