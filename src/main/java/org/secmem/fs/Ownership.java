package org.secmem.fs;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.UserDefinedFileAttributeView;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The one ownership rule, and the only way secmem deletes, replaces, truncates or creates a file: a
 * file or folder is secmem's only if secmem made it and marked it, with the extended attribute
 * {@code user.secmem} naming what it is ({@link Made}). Nothing else is deleted, renamed over,
 * truncated or written through a link: a name, a length, an age or a PID proves nothing. Where a
 * file system keeps no user extended attributes (ramfs, vfat, some NFS mounts), the mark goes to a
 * ledger in the user's own state folder instead ({@link MadeLedger}: device, inode and path), and a
 * file there is secmem's only if the ledger names that very file. Work folders are judged by their
 * locked markers ({@link OwnerMarker}).
 *
 * <p>Checks go by path without following links, and compare the file's identity (device and inode)
 * before and after reading the mark, so a file swapped in meanwhile is not taken for the one
 * judged. The rename and unlink that follow a check are by name: in a folder another user can write
 * (and which is not sticky) a swap between the two remains possible; secmem's sweeps therefore also
 * touch only files of the user running them.
 */
public final class Ownership {

  /** The extended attribute's name, {@code user.secmem} (the JDK adds the {@code user.}). */
  static final String ATTRIBUTE = "secmem";

  private static final Logger LOG = LogManager.getLogger(Ownership.class);

  /** What secmem made: the value of its mark. */
  public enum Made {
    /** A file of 32-bit ints: data generated, an output sorted, a write experiment's stream. */
    INT_FILE("int-file"),
    /** A raw results file (CSV or JSON Lines). */
    RESULTS("results"),
    /** A file written whole beside results or for the user: summary, environment, page, chart. */
    WHOLE_FILE("whole-file"),
    /** A file being written under a temporary name, or a marker beside one. */
    PART("part"),
    /** A folder secmem created for its output (a results folder, a charts folder). */
    FOLDER("folder");

    private final String value;

    Made(String value) {
      this.value = value;
    }

    /** The mark's text. */
    public String value() {
      return value;
    }

    static Optional<Made> of(String value) {
      for (Made m : values()) {
        if (m.value.equals(value)) {
          return Optional.of(m);
        }
      }
      return Optional.empty();
    }
  }

  /** A file or folder that is not secmem's to delete, replace or truncate. */
  public static final class NotSecmemsException extends FileAlreadyExistsException {
    private static final long serialVersionUID = 1L;

    NotSecmemsException(Path path, String why) {
      super(path.toString(), null, why);
    }

    @Override
    public String getMessage() {
      return getFile() + " " + getReason();
    }
  }

  private Ownership() {}

  /**
   * Marks {@code path} (not following a link) as made by secmem: its extended attribute, or where
   * the file system keeps none, an entry in the user's ledger ({@link MadeLedger}).
   *
   * @return whether the mark was set
   */
  public static boolean mark(Path path, Made what) {
    try {
      UserDefinedFileAttributeView v = view(path);
      if (v != null) {
        v.write(ATTRIBUTE, ByteBuffer.wrap(what.value.getBytes(StandardCharsets.US_ASCII)));
        return true;
      }
    } catch (IOException | UnsupportedOperationException e) {
      LOG.debug("{}: no extended attribute (none kept here?): recorded in the ledger", path, e);
    }
    return MadeLedger.record(path, what);
  }

  /**
   * What secmem made {@code path} as: empty when nothing is there, it is a link, a device or a
   * pipe, or it carries no mark of secmem's (or the mark could not be read consistently).
   */
  public static Optional<Made> madeAs(Path path) {
    return judge(path).map(Judged::made);
  }

  /** What secmem made a file as, and whether its ledger (not the file's own mark) says so. */
  private record Judged(Made made, boolean byLedger) {}

  private static Optional<Judged> judge(Path path) {
    try {
      BasicFileAttributes before = attributes(path);
      if (!before.isRegularFile() && !before.isDirectory()) {
        return Optional.empty();
      }
      Optional<Made> made = markOf(path);
      boolean byLedger = made.isEmpty();
      if (byLedger) {
        made = MadeLedger.madeAs(path);
      }
      BasicFileAttributes after = attributes(path);
      if (!Objects.equals(before.fileKey(), after.fileKey())
          || made.isPresent() && (made.get() == Made.FOLDER) != after.isDirectory()) {
        return Optional.empty();
      }
      return made.map(m -> new Judged(m, byLedger));
    } catch (IOException | UnsupportedOperationException e) {
      LOG.debug("{}: no mark of secmem's can be read", path, e);
      return Optional.empty();
    }
  }

  /** The file's own mark, its extended attribute; empty when it has none (or none is kept). */
  private static Optional<Made> markOf(Path path) {
    try {
      UserDefinedFileAttributeView v = view(path);
      if (v == null || !v.list().contains(ATTRIBUTE)) {
        return Optional.empty();
      }
      ByteBuffer b = ByteBuffer.allocate(64);
      if (v.size(ATTRIBUTE) > b.capacity()) {
        return Optional.empty();
      }
      v.read(ATTRIBUTE, b);
      b.flip();
      return Made.of(StandardCharsets.US_ASCII.decode(b).toString());
    } catch (IOException | UnsupportedOperationException e) {
      LOG.debug("{}: no extended attribute can be read", path, e);
      return Optional.empty();
    }
  }

  /**
   * The ledger's identity of {@code path} when the ledger (not an extended attribute) made it
   * secmem's {@code what}: to be forgotten once it is removed.
   */
  private static Optional<MadeLedger.Identity> ledgered(Path path, Made what) {
    return judge(path).filter(j -> j.byLedger() && j.made() == what).isPresent()
        ? MadeLedger.identity(path)
        : Optional.empty();
  }

  /**
   * The user said that secmem may replace {@code file} ({@code --overwrite}): a regular file there
   * (never a link, a device or a folder) is marked {@code what}, so that the run's replacement of
   * it passes the gate; logged.
   */
  public static void handOver(Path file, Made what) throws IOException {
    if (taken(file) && attributes(file).isRegularFile() && !isMade(file, what)) {
      LOG.info("{}: handed over to secmem to replace (--overwrite)", file);
      mark(file, what);
    }
  }

  /** Whether {@code path} is there and secmem made it as {@code what}. */
  public static boolean isMade(Path path, Made what) {
    return madeAs(path).filter(what::equals).isPresent();
  }

  /** Whether anything, a link included (dangling or not), is at {@code path}. */
  public static boolean taken(Path path) {
    return Files.exists(path, LinkOption.NOFOLLOW_LINKS);
  }

  /**
   * The refusal of {@code path}, which is there and not secmem's {@code what}: says what it is and
   * how to go on.
   */
  public static NotSecmemsException notSecmems(Path path, Made what) {
    return new NotSecmemsException(path, "exists and is " + describe(path, what));
  }

  /** "a symbolic link", "a file secmem did not make", ... */
  private static String describe(Path path, Made what) {
    try {
      BasicFileAttributes a = attributes(path);
      if (a.isSymbolicLink()) {
        return "a symbolic link: secmem never writes or removes through links";
      }
      if (!a.isRegularFile() && !a.isDirectory()) {
        return "a device, pipe or socket, which secmem never replaces";
      }
      Optional<Made> made = madeAs(path);
      if (made.isPresent()) {
        return "secmem's "
            + made.get().value
            + ", not its "
            + what.value
            + ", so it is not replaced by one";
      }
      return (a.isDirectory() ? "a folder" : "a file")
          + " secmem did not make (it carries no user.secmem mark"
          + (marksKept(path)
              ? ""
              : "; this file system keeps no extended attributes, and secmem's ledger of what it"
                  + " made there, "
                  + MadeLedger.folder()
                  + ", does not name it")
          + "): secmem removes and replaces only what it made";
    } catch (IOException e) {
      return "not to be looked at (" + e.getMessage() + ")";
    }
  }

  /** Whether the file system of {@code path}'s folder keeps user extended attributes. */
  private static boolean marksKept(Path path) {
    Path folder = path.toAbsolutePath().getParent();
    try {
      return folder != null
          && Files.getFileStore(folder)
              .supportsFileAttributeView(UserDefinedFileAttributeView.class);
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * Deletes {@code path} if it is secmem's {@code what} (a folder only when empty).
   *
   * @return whether it was there and is now gone
   * @throws NotSecmemsException when something else is there, which is left as it was
   */
  public static boolean deleteMade(Path path, Made what) throws IOException {
    if (taken(path) && !isMade(path, what)) {
      throw notSecmems(path, what);
    }
    return deleteIfMade(path, what);
  }

  /**
   * Deletes {@code path} if it is secmem's {@code what}; anything else there is left, silently.
   *
   * @return whether it was removed
   */
  public static boolean deleteIfMade(Path path, Made what) throws IOException {
    Optional<Judged> judged = judge(path).filter(j -> j.made() == what);
    if (judged.isEmpty()) {
      return false;
    }
    Optional<MadeLedger.Identity> id =
        judged.get().byLedger() ? MadeLedger.identity(path) : Optional.empty();
    try {
      Files.delete(path);
      MadeLedger.forget(id);
      return true;
    } catch (NoSuchFileException e) {
      return false;
    }
  }

  /**
   * Deletes the file {@code name} in the open {@code folder} if it is a file of this user's that
   * secmem made as {@code what}; anything else is left as it is.
   *
   * @return whether it was removed
   */
  public static boolean deleteMade(SecureFolder folder, String name, Made what) throws IOException {
    Path path = folder.path().resolve(name);
    Optional<BasicFileAttributes> inFolder = folder.attributes(name);
    if (inFolder.isEmpty() || !inFolder.get().isRegularFile()) {
      return false;
    }
    Optional<Judged> judged = judge(path).filter(j -> j.made() == what);
    if (judged.isEmpty() || !Objects.equals(inFolder.get().fileKey(), attributes(path).fileKey())) {
      return false;
    }
    Optional<MadeLedger.Identity> id =
        judged.get().byLedger() ? MadeLedger.identity(path) : Optional.empty();
    boolean removed = folder.deleteFile(name);
    if (removed) {
      MadeLedger.forget(id);
    }
    return removed;
  }

  /**
   * Removes a temporary name this process made (a fresh random name beside its target, or a marker
   * of its own), whatever is at it now: unlinking never follows a link, and nobody else chose that
   * name.
   */
  public static void discardTemporary(Path temporary) throws IOException {
    Files.deleteIfExists(temporary);
  }

  /**
   * Creates the new file {@code path} (nothing may be at its name; a link there is not followed),
   * marked {@code what}, open for writing.
   *
   * @param more further options (READ, APPEND, DSYNC ...)
   * @throws FileAlreadyExistsException when anything is at that name
   */
  public static FileChannel createNew(Path path, Made what, OpenOption... more) throws IOException {
    Set<OpenOption> o = new HashSet<>(List.of(more));
    o.add(StandardOpenOption.CREATE_NEW);
    o.add(StandardOpenOption.WRITE);
    o.add(LinkOption.NOFOLLOW_LINKS);
    FileChannel c = FileChannel.open(path, o);
    mark(path, what);
    return c;
  }

  /**
   * Opens the existing file {@code path} for writing from its start, truncated, when secmem made it
   * as {@code what}, or creates it (marked) when nothing is there.
   *
   * @throws NotSecmemsException when something else is there, which is left as it was
   */
  public static FileChannel truncateOrCreate(Path path, Made what, OpenOption... more)
      throws IOException {
    try {
      return createNew(path, what, more);
    } catch (FileAlreadyExistsException e) {
      if (!isMade(path, what)) {
        throw notSecmems(path, what);
      }
      Set<OpenOption> o = new HashSet<>(List.of(more));
      o.add(StandardOpenOption.WRITE);
      o.add(StandardOpenOption.TRUNCATE_EXISTING);
      o.add(LinkOption.NOFOLLOW_LINKS);
      return FileChannel.open(path, o);
    }
  }

  /**
   * Opens the existing file {@code path} for writing without truncating it and without following a
   * link (the caller has judged it: a results file by its header, a file of its own work folder).
   */
  public static FileChannel openExisting(Path path, OpenOption... more) throws IOException {
    Set<OpenOption> o = new HashSet<>(List.of(more));
    o.add(StandardOpenOption.WRITE);
    o.add(LinkOption.NOFOLLOW_LINKS);
    return FileChannel.open(path, o);
  }

  /**
   * Writes {@code text} to a kernel's control file ({@code /proc/sys/vm/drop_caches}, a cgroup's
   * {@code memory.limit_in_bytes}), which the kernel provides and no user owns; in a stand-in
   * hierarchy of plain files (tests) it is created or replaced, as the kernel's would read.
   */
  public static void writeControl(Path file, String text) throws IOException {
    try (FileChannel c =
        FileChannel.open(
            file,
            StandardOpenOption.CREATE,
            StandardOpenOption.TRUNCATE_EXISTING,
            StandardOpenOption.WRITE,
            LinkOption.NOFOLLOW_LINKS)) {
      ByteBuffer b = ByteBuffer.wrap(text.getBytes(StandardCharsets.US_ASCII));
      while (b.hasRemaining()) {
        c.write(b);
      }
    }
  }

  /**
   * Whether something is at {@code target}, which a file secmem writes as {@code what} may replace:
   * nothing, or secmem's {@code what} (anything but a folder with {@code overwrite}: the user
   * said).
   *
   * @return whether something is there
   * @throws NotSecmemsException when it may not be replaced
   */
  public static boolean checkReplaceable(Path target, Made what, boolean overwrite)
      throws NotSecmemsException {
    if (!taken(target)) {
      return false;
    }
    if (Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS)) {
      throw new NotSecmemsException(target, "is a folder: a file cannot replace it");
    }
    if (!overwrite && !isMade(target, what)) {
      throw notSecmems(target, what);
    }
    return true;
  }

  /**
   * Moves the complete temporary {@code temporary} (secmem's, in the same folder) to {@code
   * target}, replacing what is there only when secmem made it as {@code what} (or {@code
   * overwrite}: the user said to); the file is marked {@code what} first.
   *
   * @throws NotSecmemsException when something else is at {@code target}, which is left as it was
   */
  public static void replace(Path temporary, Path target, Made what, boolean overwrite)
      throws IOException {
    mark(temporary, what);
    Optional<MadeLedger.Identity> replaced =
        checkReplaceable(target, what, overwrite) ? ledgered(target, what) : Optional.empty();
    try {
      Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING);
    }
    MadeLedger.forget(replaced);
    MadeLedger.moved(temporary, target);
  }

  /**
   * Removes {@code target} when secmem made it as {@code what} and moves the complete {@code
   * temporary} to the name then free (see {@code PartFile.commit} for why not a rename over it).
   *
   * @throws NotSecmemsException when something else is at {@code target}
   */
  public static void replaceByRemoving(Path temporary, Path target, Made what, boolean overwrite)
      throws IOException {
    mark(temporary, what);
    if (checkReplaceable(target, what, overwrite)) {
      Optional<MadeLedger.Identity> replaced = ledgered(target, what);
      Files.deleteIfExists(target);
      MadeLedger.forget(replaced);
    }
    Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE);
    MadeLedger.moved(temporary, target);
  }

  /**
   * Gives the complete {@code temporary} the name {@code target} only if nothing is there, in one
   * step ({@code link(2)}, which fails when the name is taken by anything, a dangling link
   * included), then removes the temporary's name.
   *
   * @return whether it got the name; false when something was there, which is left as it was
   */
  public static boolean publishNew(Path temporary, Path target) throws IOException {
    try {
      Files.createLink(target, temporary);
      MadeLedger.moved(temporary, target);
      return true;
    } catch (FileAlreadyExistsException e) {
      return false;
    } finally {
      Files.deleteIfExists(temporary);
    }
  }

  /**
   * Creates the folder {@code path} and its missing parents; the ones created here are marked as
   * secmem's. A parent that exists is used as it is (the user chose it).
   *
   * @return the folders created, deepest first
   */
  public static List<Path> createFolders(Path path) throws IOException {
    List<Path> created = new ArrayList<>();
    Path abs = path.toAbsolutePath();
    List<Path> missing = new ArrayList<>();
    for (Path p = abs; p != null && !taken(p); p = p.getParent()) {
      missing.add(0, p);
    }
    for (Path p : missing) {
      try {
        Files.createDirectory(p);
        mark(p, Made.FOLDER);
        created.add(0, p);
      } catch (FileAlreadyExistsException e) {
        // Made meanwhile by someone else: used as it is if it is a folder.
        if (!Files.isDirectory(p)) {
          throw e;
        }
      }
    }
    if (!Files.isDirectory(abs)) {
      throw new java.nio.file.NotDirectoryException(path.toString());
    }
    return created;
  }

  /**
   * Creates a new folder in {@code parent} named {@code name}, or {@code name-2}, {@code name-3}
   * ... when taken (by anything: a folder, a file, a link), marked as secmem's: nobody else's run
   * shares it, and nothing planted at the name is written through.
   *
   * @return the folder made
   */
  public static Path createFreshFolder(Path parent, String name) throws IOException {
    createFolders(parent);
    for (int i = 1; ; i++) {
      Path p = parent.resolve(i == 1 ? name : name + "-" + i);
      try {
        Files.createDirectory(p);
        mark(p, Made.FOLDER);
        return p;
      } catch (FileAlreadyExistsException e) {
        if (i >= 10_000) {
          throw e;
        }
      }
    }
  }

  /** Deletes {@code folder} when it is empty and secmem's; anything else stays. */
  public static boolean deleteEmptyFolder(Path folder) throws IOException {
    if (!isMade(folder, Made.FOLDER)) {
      return false;
    }
    Optional<MadeLedger.Identity> id = ledgered(folder, Made.FOLDER);
    try {
      Files.delete(folder);
      MadeLedger.forget(id);
      return true;
    } catch (java.nio.file.DirectoryNotEmptyException | NoSuchFileException e) {
      return false;
    }
  }

  private static BasicFileAttributes attributes(Path path) throws IOException {
    return Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
  }

  private static UserDefinedFileAttributeView view(Path path) {
    return Files.getFileAttributeView(
        path, UserDefinedFileAttributeView.class, LinkOption.NOFOLLOW_LINKS);
  }
}
