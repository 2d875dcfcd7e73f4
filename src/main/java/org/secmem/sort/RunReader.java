package org.secmem.sort;

import java.io.EOFException;
import java.io.IOException;
import java.util.Objects;
import org.secmem.stream.ReadStream;
import org.secmem.stream.StreamOptions;

/**
 * Reads ints {@code [from, to)} of a {@link Run} through the sort's read streams, opening its
 * segment files one after another (a stream per segment, so every byte still goes through the
 * stream family and its counting and faults). A merge reads with {@code free}: each segment that
 * lies wholly in {@code [from, to)} is deleted as soon as it has been read to its end, as no other
 * part of a merge reads it (parts of a merge split by value range read disjoint ranges of every
 * run); a segment shared with another part stays until the whole run is deleted.
 */
final class RunReader implements ReadStream {

  private final SortJob job;
  private final Run run;
  private final StreamOptions options;
  private final long from;
  private final long to;
  private final boolean free;

  /** The next int to hand out, counted from the run's start. */
  private long pos;

  private ReadStream current;
  private int segment = -1;

  /** Ints of the open segment's region not yet handed out. */
  private long left;

  private boolean closed;

  private RunReader(SortJob job, Run run, StreamOptions options, long from, long to, boolean free) {
    this.job = job;
    this.run = run;
    this.options = options;
    this.from = from;
    this.to = to;
    this.free = free;
    this.pos = from;
  }

  /**
   * A stream of ints {@code [from, to)} of {@code run}: the read stream itself when one segment
   * holds them all (nothing is then deleted), else one that goes from segment to segment.
   *
   * @param free delete each segment wholly inside {@code [from, to)} once it has been read
   */
  static ReadStream open(
      SortJob job, Run run, StreamOptions options, long from, long to, boolean free)
      throws IOException {
    if (from < 0 || to < from || to > run.ints()) {
      throw new IllegalArgumentException(
          "ints [" + from + ", " + to + ") are not in a run of " + run.ints());
    }
    // An empty region at the run's very end lies in its last segment, not one past it (which
    // does not exist when the run ends on a segment boundary).
    int first = run.segmentOf(from < run.ints() ? from : Math.max(0, run.ints() - 1));
    int last = to > from ? run.segmentOf(to - 1) : first;
    if (first == last) {
      long base = run.segmentStart(first);
      return job.streams.openReader(
          job.spec.mergeReadType(), run.file(first), options, from - base, to - base);
    }
    return new RunReader(job, run, options, from, to, free);
  }

  @Override
  public int readNext() throws IOException {
    if (!ready()) {
      throw new EOFException("read past ints [" + from + ", " + to + ") of " + run.path());
    }
    int v = current.readNext();
    left--;
    pos++;
    return v;
  }

  @Override
  public boolean endOfStream() throws IOException {
    checkOpen();
    return pos >= to;
  }

  @Override
  public int read(int[] dst, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, dst.length);
    int done = 0;
    while (done < len && ready()) {
      int n = current.read(dst, off + done, (int) Math.min(len - done, left));
      if (n <= 0) {
        throw new EOFException(run.file(segment) + " ended early (shorter than when written?)");
      }
      left -= n;
      pos += n;
      done += n;
    }
    return done;
  }

  /** Opens the segment holding {@code pos} when the open one is used up; false at the end. */
  private boolean ready() throws IOException {
    checkOpen();
    if (current != null && left > 0) {
      return true;
    }
    finishSegment();
    if (pos >= to) {
      return false;
    }
    segment = run.segmentOf(pos);
    long start = run.segmentStart(segment);
    long end = Math.min(to, run.segmentEnd(segment));
    current =
        job.streams.openReader(
            job.spec.mergeReadType(), run.file(segment), options, pos - start, end - start);
    left = end - pos;
    return true;
  }

  /** Closes the open segment's stream, and deletes the segment when read whole and freed. */
  private void finishSegment() throws IOException {
    if (current == null) {
      return;
    }
    ReadStream done = current;
    current = null;
    done.close();
    if (free && left == 0 && run.segmentStart(segment) >= from && run.segmentEnd(segment) <= to) {
      job.work.deleteInBackground(run.file(segment));
    }
  }

  private void checkOpen() {
    if (closed) {
      throw new IllegalStateException("stream closed: " + this);
    }
  }

  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    finishSegment();
  }

  @Override
  public String toString() {
    return "segments(" + run.path() + ", ints " + from + ".." + to + ")";
  }
}
