package org.secmem.fs;

import java.io.Closeable;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.FileLockInterruptionException;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;

/**
 * A file saying which process owns what is beside it (a sort's work folder), and proving while that
 * process lives that it does: the owner holds an exclusive lock on it ({@code fcntl}, which the
 * kernel keeps across PID namespaces and NFS's lock manager across hosts) from creating it until it
 * is done, and the lock goes when the process does, however it ends. Whoever finds the marker
 * judges it with {@link #judge}: a free lock means the owner is gone.
 *
 * <p>The text: the PID, the start time (blank when unknown), then {@code host=}, {@code boot=} and
 * {@code pidns=} lines ({@link ThisMachine}); older versions wrote only the first two lines and
 * held no lock, and such markers are still judged by PID and start time.
 *
 * <p>POSIX locks belong to the process, and closing <em>any</em> descriptor of the file in that
 * process drops them: the owner never opens its marker again, and nobody may judge a marker of
 * their own process ({@link #judge} is for other processes' markers; callers tell theirs by the PID
 * in the folder's name).
 */
public final class OwnerMarker implements Closeable {

  /**
   * Start times that differ by more than this belong to different processes (the PID was reused).
   */
  private static final Duration SAME_START = Duration.ofSeconds(2);

  /** More than any marker holds: a longer file is not one secmem wrote. */
  private static final int MAX_BYTES = 4096;

  private final FileChannel channel;

  private OwnerMarker(FileChannel channel) {
    this.channel = channel;
  }

  /**
   * Creates the marker {@code name} in {@code folder} (nothing may be at that name) for this
   * process, and locks it until {@link #close}.
   */
  public static OwnerMarker create(SecureFolder folder, String name) throws IOException {
    try {
      return createLocked(folder, name);
    } catch (ClosedByInterruptException | FileLockInterruptionException e) {
      throw interrupted(folder.path().resolve(name), e);
    }
  }

  /**
   * Creates the marker at {@code file} (nothing may be there; a link at its name is not followed)
   * for this process, and locks it until {@link #close}: for a folder this process has just made.
   */
  public static OwnerMarker create(Path file) throws IOException {
    try {
      FileChannel c =
          FileChannel.open(
              file,
              StandardOpenOption.CREATE_NEW,
              StandardOpenOption.WRITE,
              StandardOpenOption.READ,
              LinkOption.NOFOLLOW_LINKS);
      // Marked before it is locked: setting the mark opens the file again, and closing that
      // descriptor would drop a lock already taken.
      Ownership.mark(file, Ownership.Made.PART);
      return lockAndWrite(c);
    } catch (ClosedByInterruptException | FileLockInterruptionException e) {
      throw interrupted(file, e);
    }
  }

  /** An interrupt that closed the marker's channel or cut its lock short, as callers expect. */
  private static InterruptedIOException interrupted(Path marker, IOException e) {
    InterruptedIOException i = new InterruptedIOException("interrupted at the marker " + marker);
    i.initCause(e);
    return i;
  }

  private static OwnerMarker createLocked(SecureFolder folder, String name) throws IOException {
    return lockAndWrite(folder.createFile(name));
  }

  /** Locks the new marker {@code c} and writes this process's text; closes it on a failure. */
  private static OwnerMarker lockAndWrite(FileChannel c) throws IOException {
    try {
      // Blocks only while someone judging it holds a shared lock for a moment.
      c.lock();
      ProcessHandle self = ProcessHandle.current();
      c.write(
          ByteBuffer.wrap(
              text(self.pid(), self.info().startInstant(), ThisMachine.current())
                  .getBytes(StandardCharsets.US_ASCII)));
      return new OwnerMarker(c);
    } catch (IOException | RuntimeException e) {
      try {
        c.close();
      } catch (IOException s) {
        e.addSuppressed(s);
      }
      throw e;
    }
  }

  /** The marker's text. */
  public static String text(long pid, Optional<Instant> start, ThisMachine m) {
    return pid
        + "\n"
        + start.map(Instant::toString).orElse("")
        + "\nhost="
        + m.host()
        + "\nboot="
        + m.bootId()
        + "\npidns="
        + m.pidNamespace()
        + "\n";
  }

  /** The text of a version before locks (PID and start time only). */
  public static String olderText(long pid, Optional<Instant> start) {
    return pid + "\n" + start.map(s -> s + "\n").orElse("");
  }

  /** Releases the lock (the owner is done; the marker file itself is deleted by the caller). */
  @Override
  public void close() throws IOException {
    channel.close();
  }

  /** What a marker says of its owner. */
  public enum State {
    /** The owner runs: leave its things alone. */
    LIVE,
    /** The owner is gone: its things may be removed. */
    GONE,
    /** It cannot be told from here (another host whose locks may not reach here): leave alone. */
    UNKNOWN
  }

  /** A judgement and why, in words for the user. */
  public record Verdict(State state, String reason) {}

  /** What a marker records. */
  record Owner(long pid, Optional<Instant> start, Optional<ThisMachine> machine) {}

  /**
   * Judges the marker {@code name} in {@code folder}, written by another process.
   *
   * @return empty when there is no marker or it is not one secmem wrote (the caller judges the
   *     folder without it)
   */
  public static Optional<Verdict> judge(SecureFolder folder, String name, ThisMachine here)
      throws IOException {
    try {
      return judgeOpen(folder, name, here);
    } catch (ClosedByInterruptException | FileLockInterruptionException e) {
      throw interrupted(folder.path().resolve(name), e);
    }
  }

  private static Optional<Verdict> judgeOpen(SecureFolder folder, String name, ThisMachine here)
      throws IOException {
    Optional<SecureFolder.Kind> kind = folder.kindOf(name);
    if (kind.isEmpty() || kind.get() != SecureFolder.Kind.FILE) {
      // No marker; or a link, a pipe (which would block a reader), a folder: not secmem's.
      return Optional.empty();
    }
    FileChannel c;
    try {
      c = folder.openFile(name, StandardOpenOption.READ);
    } catch (NoSuchFileException e) {
      return Optional.empty();
    }
    try (c) {
      if (c.size() > MAX_BYTES) {
        return Optional.empty();
      }
      ByteBuffer b = ByteBuffer.allocate(MAX_BYTES);
      while (b.hasRemaining() && c.read(b) > 0) {
        // read it all
      }
      Optional<Owner> owner =
          parse(new String(b.array(), 0, b.position(), StandardCharsets.US_ASCII));
      if (owner.isEmpty()) {
        return Optional.empty();
      }
      return Optional.of(judge(owner.get(), c, here));
    }
  }

  private static Verdict judge(Owner o, FileChannel c, ThisMachine here) throws IOException {
    if (o.machine().isEmpty()) {
      // An older version's marker: no lock was held, so only the PID can tell.
      return pidVerdict(o);
    }
    ThisMachine there = o.machine().get();
    String who = "process " + o.pid() + (there.host().isEmpty() ? "" : " on " + there.host());
    Optional<Boolean> free = lockFree(c);
    if (free.isPresent() && !free.get()) {
      return new Verdict(State.LIVE, who + " holds its lock");
    }
    if (free.isPresent() && here.sameKernel(there)) {
      return new Verdict(State.GONE, who + " is gone (its lock is free)");
    }
    if (here.earlierBoot(there)) {
      return new Verdict(State.GONE, who + " ran before this machine last started");
    }
    if (free.isEmpty() && here.samePids(there)) {
      return pidVerdict(o);
    }
    if (free.isPresent()) {
      // Another machine: a lock taken here may not be one that reaches there (NFS without its
      // lock manager grants every lock locally).
      return new Verdict(
          State.UNKNOWN,
          who
              + " ran on another machine (boot id "
              + there.bootId()
              + "); run 'secmem clean' there");
    }
    return new Verdict(
        State.UNKNOWN,
        who
            + " cannot be checked from here (this file system"
            + " takes no locks, and the PID is not one of this PID namespace's)");
  }

  /** Whether nobody holds the lock; empty when this file system takes no locks. */
  private static Optional<Boolean> lockFree(FileChannel c) {
    try {
      FileLock l = c.tryLock(0, Long.MAX_VALUE, true);
      if (l == null) {
        return Optional.of(false);
      }
      l.release();
      return Optional.of(true);
    } catch (OverlappingFileLockException e) {
      return Optional.of(false); // this very process holds it
    } catch (IOException e) {
      return Optional.empty(); // ENOLCK and the like
    }
  }

  private static Verdict pidVerdict(Owner o) {
    Optional<ProcessHandle> h = ProcessHandle.of(o.pid()).filter(ProcessHandle::isAlive);
    if (h.isEmpty()) {
      return new Verdict(State.GONE, "process " + o.pid() + " is gone");
    }
    if (o.start().isEmpty()) {
      return new Verdict(State.LIVE, "process " + o.pid() + " runs");
    }
    Optional<Instant> actual = h.get().info().startInstant();
    if (actual.isEmpty()
        || Duration.between(o.start().get(), actual.get()).abs().compareTo(SAME_START) <= 0) {
      return new Verdict(State.LIVE, "process " + o.pid() + " runs");
    }
    return new Verdict(
        State.GONE, "process " + o.pid() + " is gone (its PID is now another" + " process's)");
  }

  /** The owner a marker's text names; empty when it is not one secmem wrote. */
  static Optional<Owner> parse(String text) {
    List<String> lines = text.lines().toList();
    try {
      long pid = Long.parseLong(lines.isEmpty() ? "" : lines.get(0).trim());
      Optional<Instant> start =
          lines.size() > 1 && !lines.get(1).isBlank()
              ? Optional.of(Instant.parse(lines.get(1).trim()))
              : Optional.empty();
      String host = null;
      String boot = null;
      String ns = null;
      for (String l : lines.subList(Math.min(2, lines.size()), lines.size())) {
        if (l.startsWith("host=")) {
          host = l.substring(5);
        } else if (l.startsWith("boot=")) {
          boot = l.substring(5);
        } else if (l.startsWith("pidns=")) {
          ns = l.substring(6);
        }
      }
      Optional<ThisMachine> m =
          boot == null ? Optional.empty() : Optional.of(new ThisMachine(host, boot, ns));
      return Optional.of(new Owner(pid, start, m));
    } catch (NumberFormatException | DateTimeParseException e) {
      return Optional.empty();
    }
  }
}
