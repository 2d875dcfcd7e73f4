package org.secmem.results;

import java.io.Closeable;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.secmem.data.PartFile;
import org.secmem.fs.Ownership;

/**
 * Appends rows to a raw results file in the format its name asks for ({@link ResultFormat}: CSV
 * with a header line, or JSON Lines), each on disk (in the kernel's hands) when {@link #accept}
 * returns, so that a crash or Ctrl-C never loses a run already measured. A new or empty CSV file
 * gets the header, and every row the session's id ({@link #begin}); an existing file is appended to
 * only when it starts as this version writes it, so that columns never shift under a reader (see
 * {@link ResultsTarget}, which checks the path before anything runs).
 *
 * <p>A row is written whole or not at all: its complete line goes to the file in one write, and a
 * write that fails part-way (the disk filled up) is undone by truncating the file back to its
 * length before it. Should that fail too, the file ends in a partial row: the writer says so in the
 * exception and in {@link #tally()}, and appends nothing more to it.
 *
 * <p>The writer knows how many data rows the file holds (those found at open plus those appended),
 * so an interrupt can say exactly what is kept: {@link #stop()} freezes the file and returns that
 * count. The writer owns its channel and closes it in {@link #close()}.
 */
public final class RawResultsWriter implements ResultSink, Closeable {

  private static final Logger LOG = LogManager.getLogger(RawResultsWriter.class);

  private final Path file;
  private final ResultCodec codec;
  private final FileChannel channel;
  private final boolean created;
  private final List<Path> createdFolders;
  private final long rowsBefore;
  private long rows;
  private long notWritten;
  private boolean partialRow;
  private boolean stopped;
  private RowProblem removed;
  private String session;

  /**
   * What the file holds.
   *
   * @param inFile data rows in the file (rows below the header), earlier sessions' included
   * @param added rows this writer appended
   * @param notWritten rows this writer was given and could not write (a failed write, undone)
   * @param partialRow whether the file ends in part of a row: a write failed part-way and the file
   *     could not be truncated back (readers leave the part out as a malformed line)
   */
  public record Tally(long inFile, long added, long notWritten, boolean partialRow) {

    /** A tally of a file whose rows were all written whole. */
    public Tally(long inFile, long added) {
      this(inFile, added, 0, false);
    }
  }

  /** Opens the channel a writer appends to: tests put a fault-injecting one in between. */
  @FunctionalInterface
  interface ChannelOpener {
    FileChannel open(Path file) throws IOException;
  }

  private RawResultsWriter(
      Path file,
      ResultCodec codec,
      FileChannel channel,
      boolean created,
      long rowsBefore,
      List<Path> createdFolders) {
    this.file = file;
    this.codec = codec;
    this.channel = channel;
    this.created = created;
    this.rowsBefore = rowsBefore;
    this.createdFolders = List.copyOf(createdFolders);
  }

  /**
   * Opens {@code file} for appending, creating it and its folder when missing. The file's last line
   * must end with a line break before a row goes below it:
   *
   * <ul>
   *   <li>a last line that is a whole row without one (a tool that does not end its last line) is
   *       ended and kept;
   *   <li>a last line cut off mid-row (no line break, fewer cells than the header or a quoted cell
   *       that never closes: an earlier session died or the disk filled up while writing it) is
   *       removed, its text logged in full, and named in {@link #removedLastLine()} for the caller
   *       to say so: readers skip it anyway, and a row appended to it would be glued to it;
   *   <li>a cut-off last row that runs over several lines or is longer than a row can be is not
   *       touched: the file is refused (see {@link ResultsTarget}).
   * </ul>
   *
   * @throws ResultsFileException when the path cannot hold a results file, the file has another
   *     header, or it ends in a cut-off row that cannot be removed (naming the file and what to do)
   */
  public static RawResultsWriter open(Path file) throws IOException {
    return open(file, f -> Ownership.openExisting(f, StandardOpenOption.APPEND));
  }

  /** As {@link #open(Path)}, appending through the channel {@code opener} opens. */
  static RawResultsWriter open(Path file, ChannelOpener opener) throws IOException {
    ResultsTarget.check(file);
    ResultCodec codec = ResultFormat.ofFile(file).codec();
    Path parent = file.toAbsolutePath().getParent();
    List<Path> folders = new ArrayList<>();
    for (Path p = parent; p != null && !Files.exists(p); p = p.getParent()) {
      folders.add(p);
    }
    Ownership.createFolders(parent);
    boolean created = createWithStart(file, codec);
    FileChannel channel = opener.open(file);
    try {
      FileEnd end;
      try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
        end = codec.end(in);
      }
      RawResultsWriter writer =
          new RawResultsWriter(file, codec, channel, created, end.rows(), folders);
      if (end.size() == 0) {
        byte[] start = codec.fileStart();
        if (start.length > 0) {
          writer.append(start, "the header");
        }
      } else if (end.cutOff()) {
        writer.removeCutOff(end);
      } else if (!end.endsWithLineFeed()) {
        LOG.warn(
            "{}:{}: the last line has no line break at its end; it is a whole row, so it is"
                + " ended and kept",
            file,
            end.lastRecordLine());
        writer.append(
            (end.lastByte() == '\r' ? "\n" : codec.lineBreak()).getBytes(StandardCharsets.US_ASCII),
            "the line break that ends the last line");
      }
      return writer;
    } catch (IOException | RuntimeException e) {
      try {
        channel.close();
      } catch (IOException c) {
        e.addSuppressed(c);
      }
      throw e;
    }
  }

  /**
   * Creates {@code file} with its format's start (the CSV header) in one step, marked as secmem's
   * results, when nothing is at its name: written beside it first and linked to the name only if it
   * is still free, so that two commands creating the same file at once write one header between
   * them, and a link planted at the name is never written through.
   *
   * @return whether this call created it
   */
  private static boolean createWithStart(Path file, ResultCodec codec) throws IOException {
    if (Ownership.taken(file)) {
      return false;
    }
    Path part = PartFile.nameBeside(file);
    try (FileChannel c = Ownership.createNew(part, Ownership.Made.PART)) {
      ByteBuffer start = ByteBuffer.wrap(codec.fileStart());
      while (start.hasRemaining()) {
        c.write(start);
      }
      Ownership.mark(part, Ownership.Made.RESULTS);
    } catch (IOException | RuntimeException e) {
      try {
        Ownership.discardTemporary(part);
      } catch (IOException d) {
        e.addSuppressed(d);
      }
      throw e;
    }
    return Ownership.publishNew(part, file);
  }

  /**
   * Removes the cut-off last line {@code tail} describes, logging its text in full, and keeps what
   * to say of it in {@link #removedLastLine()}.
   *
   * @throws ResultsFileException when it cannot be removed safely (more than one line, or the file
   *     changed since {@code tail} was read: another process writing to it)
   */
  private void removeCutOff(FileEnd tail) throws IOException {
    if (!tail.removable()) {
      throw ResultsTarget.notRemovable(file, tail);
    }
    ByteBuffer bytes = ByteBuffer.allocate((int) tail.lastRecordLength());
    try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
      while (bytes.hasRemaining()
          && in.read(bytes, tail.lastRecordStart() + bytes.position()) > 0) {
        // reads what is left of the line
      }
    }
    if (channel.size() != tail.size() || bytes.hasRemaining()) {
      throw new ResultsFileException(
          file
              + ": changed while secmem read it (is another process"
              + " writing to it?); its cut-off last line is left as it is and nothing is appended");
    }
    String text = new String(bytes.array(), StandardCharsets.UTF_8);
    channel.truncate(tail.lastRecordStart());
    LOG.warn(
        "{}:{}: removed the cut-off last line ({} bytes, no line break at its end) before"
            + " appending; it was: {}",
        file,
        tail.lastRecordLine(),
        tail.lastRecordLength(),
        text);
    removed =
        new RowProblem(
            file.toString(),
            tail.lastRecordLine(),
            "the last line was cut off ("
                + tail.cutOffWhat()
                + " and no line break at its end; the writer stopped mid-row: a crash, or a full"
                + " disk?); removed it so that new rows start on a line of their own; it was '"
                + abbreviate(text)
                + "' (in full in the log)");
  }

  private static String abbreviate(String text) {
    String printable = text.replaceAll("\\p{Cntrl}", "?");
    return printable.length() <= 60 ? printable : printable.substring(0, 57) + "...";
  }

  /**
   * The cut-off last line that {@link #open} removed before appending (where it was and what it
   * held), or empty when the file ended with a whole row.
   */
  public Optional<RowProblem> removedLastLine() {
    return Optional.ofNullable(removed);
  }

  /**
   * Begins this session's rows: each row it writes gets the environment record's session id in its
   * {@code session} column (the record itself is the file beside the results), so that rows that
   * several sessions appended each join to the machine and command that measured them.
   */
  public synchronized void begin(EnvironmentRecord environment) throws IOException {
    session = environment.session().orElse(null);
  }

  /**
   * Appends one row. After {@link #stop()} (the process is being interrupted), the row is not
   * written and the calling thread waits here for the process to end, so that the file holds
   * exactly what the interrupt message says.
   *
   * @throws IOException naming the file when the row could not be written; the file is then as it
   *     was before (or, when even that failed, the message says that it ends in a partial row)
   */
  @Override
  public synchronized void accept(ResultRow row) throws IOException {
    while (stopped) {
      try {
        wait();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException(file + ": stopped by an interrupt; row not written");
      }
    }
    if (partialRow) {
      notWritten++;
      throw new IOException(
          file
              + ": row not written: the file ends in part of an earlier row"
              + " that could not be removed, and a row appended to it would be glued to it");
    }
    try {
      ResultRow stamped =
          session == null || !row.get(ResultColumn.SESSION).isEmpty()
              ? row
              : row.toBuilder().set(ResultColumn.SESSION, session).build();
      byte[] line = codec.row(stamped);
      append(line, "a row");
    } catch (IOException e) {
      notWritten++;
      throw e;
    }
    rows++;
  }

  /**
   * Writes {@code bytes} at the end of the file whole, or leaves the file as it was.
   *
   * @param what what the bytes are, for the message
   * @throws IOException naming the file and saying whether the file was left as before
   */
  private void append(byte[] bytes, String what) throws IOException {
    long before = channel.size();
    ByteBuffer buffer = ByteBuffer.wrap(bytes);
    try {
      // One write of the whole line: a regular file takes it whole, unless the disk fills up
      // part-way; then the write returns short and the next one fails.
      while (buffer.hasRemaining()) {
        channel.write(buffer);
      }
    } catch (IOException e) {
      throw undo(before, buffer.position(), what, e);
    }
  }

  /**
   * Truncates the file back to {@code length} after a write of {@code what} that failed when {@code
   * written} of its bytes were written, and says what the file holds now.
   */
  private IOException undo(long length, int written, String what, IOException cause) {
    String failed = file + ": " + cause.getMessage() + ": " + what + " was not written";
    long whole = rowsBefore + rows;
    try {
      truncate(length);
      LOG.warn(
          "{}: {} could not be written ({} of its bytes were); the file is truncated back to"
              + " {} bytes, as before it",
          file,
          what,
          written,
          length,
          cause);
      return new IOException(
          failed
              + "; the file is as it was before it ("
              + whole
              + (whole == 1 ? " row" : " rows")
              + ", each whole)",
          cause);
    } catch (IOException e) {
      partialRow = true;
      cause.addSuppressed(e);
      LOG.error(
          "{}: {} could not be written, and the {} of its bytes that were could not be"
              + " removed",
          file,
          what,
          written,
          cause);
      return new IOException(
          failed
              + ", and the part of it written could not be removed ("
              + e.getMessage()
              + "): the file ends in a partial row, which readers leave out",
          cause);
    }
  }

  /**
   * Truncates the file to {@code length} when it is longer, also when an interrupt has closed the
   * channel.
   */
  private void truncate(long length) throws IOException {
    if (channel.isOpen()) {
      if (channel.size() > length) {
        channel.truncate(length);
      }
      return;
    }
    // An interrupt mid-write closes the channel, and would close another one at once: open the
    // file again with the thread's interrupt set aside, and set it again after.
    boolean interrupted = Thread.interrupted();
    try (FileChannel again = FileChannel.open(file, StandardOpenOption.WRITE)) {
      if (again.size() > length) {
        again.truncate(length);
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /**
   * Freezes the file for an interrupt: a row being written is finished first, later ones are not
   * written (their threads wait for the process to end).
   *
   * @return what the file holds now, and will hold
   */
  public synchronized Tally stop() {
    stopped = true;
    return tally();
  }

  /** What the file holds: its data rows, how many of them this writer appended, what failed. */
  public synchronized Tally tally() {
    return new Tally(rowsBefore + rows, rows, notWritten, partialRow);
  }

  public Path file() {
    return file;
  }

  /** Whether this writer created the file (it did not exist before). */
  public boolean created() {
    return created;
  }

  /** The folders created to hold the file, deepest first (to remove them again when unused). */
  public List<Path> createdFolders() {
    return createdFolders;
  }

  /** Rows appended by this writer. */
  public synchronized long rowsWritten() {
    return rows;
  }

  @Override
  public synchronized void close() throws IOException {
    channel.close();
  }
}
