package org.secmem.results;

/**
 * The end of a results file, as a writer must know it before it appends: how many whole rows the
 * file holds, and whether its last line was cut off mid-row (a crash, a full disk) and can be
 * removed. Each format finds it in its own way ({@link ResultFormat#end}).
 *
 * @param size the file's length in bytes when it was read
 * @param rows the whole rows of runs in the file: not a header, an environment line or a cut-off
 *     last line
 * @param lastRecordStart the offset where the last record starts
 * @param lastRecordLine the physical line, 1-based, where the last record starts
 * @param lastByte the file's last byte, or -1 when it is empty
 * @param cutOff whether the last line was cut off mid-row: no line break at its end and not whole
 * @param spansLines whether that cut-off record runs over more than one line
 * @param cutOffWhat what is wrong with the cut-off line, for messages ({@code "10 of 114 cells"})
 */
record FileEnd(
    long size,
    long rows,
    long lastRecordStart,
    long lastRecordLine,
    int lastByte,
    boolean cutOff,
    boolean spansLines,
    String cutOffWhat) {

  /** The longest cut-off last line that is removed before appending; a row is about 1 KiB. */
  static final int MAX_CUT_OFF_BYTES = 64 * 1024;

  /** Whether the file is empty or ends with a line feed: a line appended starts a line. */
  boolean endsWithLineFeed() {
    return size == 0 || lastByte == '\n';
  }

  /** The length of the last record, up to the end of the file. */
  long lastRecordLength() {
    return size - lastRecordStart;
  }

  /** Whether a cut-off last line is one line of at most {@link #MAX_CUT_OFF_BYTES}. */
  boolean removable() {
    return !spansLines && lastRecordLength() <= MAX_CUT_OFF_BYTES;
  }
}
