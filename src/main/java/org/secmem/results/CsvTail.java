package org.secmem.results;

import java.io.IOException;
import java.nio.channels.FileChannel;

/**
 * The end of a CSV file as RFC 4180 reads it, found in one pass over its bytes: where its last
 * record starts, how many cells that record has, and whether the file ends inside a quoted cell or
 * without a line break. Works on UTF-8 bytes directly: a quote, a comma and a line feed are single
 * bytes that no multi-byte character contains. A quote opens a quoted cell only at the start of a
 * cell, as the parser reads it; elsewhere it is text.
 *
 * @param size the file's length in bytes when it was read
 * @param records the records that hold more than a line break (empty lines are not records), the
 *     last one included
 * @param lastRecordStart the offset where the last record starts: just after the last line feed
 *     that ends a record, 0 when there is none
 * @param lastRecordLine the physical line, 1-based, where the last record starts
 * @param cells the cells of the last record so far (1 for an empty one)
 * @param inQuotes whether the file ends inside a quoted cell, which never closes
 * @param lineFeedInLastRecord whether the last record holds a line feed (inside a quoted cell), so
 *     that it runs over more than one line
 * @param lastByte the file's last byte, or -1 when it is empty
 */
record CsvTail(
    long size,
    long records,
    long lastRecordStart,
    long lastRecordLine,
    int cells,
    boolean inQuotes,
    boolean lineFeedInLastRecord,
    int lastByte) {

  private static final int CELL_START = 0;
  private static final int UNQUOTED = 1;
  private static final int QUOTED = 2;
  private static final int QUOTE_IN_QUOTED = 3;

  /** Reads {@code channel} from its start to its end with positional reads (its position stays). */
  static CsvTail read(FileChannel channel) throws IOException {
    FileChunks chunks = new FileChunks(channel);
    long records = 0;
    boolean content = false;
    long start = 0;
    long line = 1;
    int cells = 1;
    int state = CELL_START;
    boolean lineFeed = false;
    while (chunks.next()) {
      for (int i = 0; i < chunks.length(); i++) {
        byte b = chunks.get(i);
        if (b == '\n' && state != QUOTED) {
          records += content ? 1 : 0;
          content = false;
          start = chunks.offset(i) + 1;
          line++;
          cells = 1;
          lineFeed = false;
          state = CELL_START;
          continue;
        }
        content |= b != '\r';
        switch (state) {
          case CELL_START -> state = b == '"' ? QUOTED : b == ',' ? CELL_START : UNQUOTED;
          case UNQUOTED, QUOTE_IN_QUOTED -> {
            if (b == ',') {
              state = CELL_START;
            } else if (state == QUOTE_IN_QUOTED) {
              // "" is a quote inside the cell; anything else after a closing quote is text
              state = b == '"' ? QUOTED : UNQUOTED;
            }
          }
          default -> {
            if (b == '"') {
              state = QUOTE_IN_QUOTED;
            } else if (b == '\n') {
              lineFeed = true;
            }
          }
        }
        if (b == ',' && state == CELL_START) {
          cells++;
        }
      }
    }
    records += content ? 1 : 0;
    return new CsvTail(
        chunks.size(), records, start, line, cells, state == QUOTED, lineFeed, chunks.lastByte());
  }

  /** Whether the file is empty or ends with a line feed: a record appended starts a line. */
  boolean endsWithLineFeed() {
    return size == 0 || lastByte == '\n';
  }

  /** The length of the last record, up to the end of the file. */
  long lastRecordLength() {
    return size - lastRecordStart;
  }
}
