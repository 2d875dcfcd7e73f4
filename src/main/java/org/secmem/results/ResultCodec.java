package org.secmem.results;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.List;

/**
 * How a {@link ResultFormat} turns rows into lines and lines back into rows. Every method that
 * writes returns whole lines, line breaks included, for {@link RawResultsWriter} to append in one
 * write each.
 */
interface ResultCodec {

  /** What a new, empty file starts with (the CSV's header line); may be empty. */
  byte[] fileStart() throws IOException;

  /** What ends a line this format writes. */
  String lineBreak();

  /** One row as one line. */
  byte[] row(ResultRow row) throws IOException;

  /** The end of an existing file, read from its start with positional reads. */
  FileEnd end(FileChannel channel) throws IOException;

  /**
   * Checks how an existing, non-empty file starts: rows may be appended to it only when it starts
   * as this format starts a file (a byte-order mark before it is allowed).
   *
   * @param file the file as the user named it, for messages
   * @param abs the file to read
   * @throws ResultsFileException naming {@code file}, how it starts and what is expected
   */
  void checkStart(Path file, Path abs) throws ResultsFileException;

  /**
   * The rows of a file's text (a byte-order mark removed); rows that cannot be used are left out
   * and named in {@link RawResults#problems()}, after {@code leftOut}: lines the caller already
   * left out (not UTF-8 text), which it emptied in {@code text}.
   *
   * @throws MalformedResultsException when the text is no results file of this format at all
   */
  RawResults parse(String source, String text, List<RowProblem> leftOut) throws IOException;
}
