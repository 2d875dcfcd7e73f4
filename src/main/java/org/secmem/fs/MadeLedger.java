package org.secmem.fs;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Where a file system keeps no user extended attributes (ramfs, vfat, some NFS mounts), the proof
 * that secmem made a file there: a ledger in the user's own state folder ({@code
 * $XDG_STATE_HOME/secmem/marks/}, else {@code ~/.local/state/secmem/marks/}; the system property
 * {@value #FOLDER_PROPERTY} names another, as tests do), one file per device, {@code
 * made-<device>.tsv}, each line an inode, what secmem made it as ({@link Ownership.Made}, or {@code
 * -} once it is gone) and the path it has; the last line of an inode counts.
 *
 * <p>A file counts as secmem's only when the ledger names its device, its inode <em>and</em> the
 * path it is at, and it belongs to the user who owns the ledger; the ledger folder must be that
 * user's, not a link and writable by nobody else, or it is not believed. Nobody but that user (and
 * root) can write there, so a name planted in a shared data folder proves nothing. What remains: a
 * file secmem made, removed behind secmem's back, whose inode the file system gives to a new file
 * of the same user at the same path before the ledger drops the entry (every append drops the
 * entries whose path no longer holds their inode, once the ledger has grown).
 *
 * <p>Appends and rewrites hold an exclusive lock on the ledger, reads a shared one, so concurrent
 * runs never interleave lines.
 */
final class MadeLedger {

  /** A system property naming the ledger folder instead of the per-user default. */
  static final String FOLDER_PROPERTY = "secmem.marks.dir";

  private static final Logger LOG = LogManager.getLogger(MadeLedger.class);

  private static final String HEADER =
      "# secmem: what it made where the file system keeps no extended attributes"
          + " (inode, what or -, path)\n";

  /** Lines past which an append first drops the entries of files that are gone. */
  private static final int COMPACT_AFTER = 512;

  /** A ledger longer than this is not one secmem keeps (it compacts well before). */
  private static final long MAX_BYTES = 64L << 20;

  private MadeLedger() {}

  /** The ledger folder (not created here). */
  static Path folder() {
    String property = System.getProperty(FOLDER_PROPERTY);
    if (property != null && !property.isBlank()) {
      return Path.of(property);
    }
    String xdg = System.getenv("XDG_STATE_HOME");
    Path state =
        xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()
            ? Path.of(xdg)
            : Path.of(System.getProperty("user.home"), ".local", "state");
    return state.resolve("secmem").resolve("marks");
  }

  /** A file's identity and the path it is at, as the ledger keys it. */
  private record Entry(long device, long inode, int uid, String path) {}

  /**
   * Records that secmem made {@code path} (a regular file or folder, not followed if a link) as
   * {@code what}.
   *
   * @return whether it was recorded
   */
  static boolean record(Path path, Ownership.Made what) {
    try {
      Optional<Entry> e = entry(path);
      if (e.isEmpty()) {
        return false;
      }
      Path ledger = ledger(e.get().device(), true);
      append(ledger, e.get().inode() + "\t" + what.value() + "\t" + escape(e.get().path()) + "\n");
      return true;
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      LOG.warn("{}: cannot be recorded as secmem's ({})", path, e.getMessage());
      LOG.debug("ledger", e);
      return false;
    }
  }

  /** What the ledger says secmem made {@code path} as: empty unless it names this very file. */
  static Optional<Ownership.Made> madeAs(Path path) {
    try {
      Map<String, Object> unix =
          Files.readAttributes(path, "unix:dev,ino,uid", LinkOption.NOFOLLOW_LINKS);
      Path ledger = ledger(((Number) unix.get("dev")).longValue(), false);
      if (!Files.isRegularFile(ledger, LinkOption.NOFOLLOW_LINKS)) {
        return Optional.empty(); // nothing recorded on this device: the common case, one stat
      }
      Optional<Entry> e = entry(path);
      if (e.isEmpty() || uid(ledger) != e.get().uid()) {
        return Optional.empty();
      }
      Line last = read(ledger).get(e.get().inode());
      if (last == null || !last.path().equals(e.get().path())) {
        return Optional.empty();
      }
      return Ownership.Made.of(last.made());
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      LOG.debug("{}: the ledger of what secmem made cannot be read", path, e);
      return Optional.empty();
    }
  }

  /**
   * The ledger's note that the file now at {@code target} (moved or linked there from {@code from})
   * is the one it recorded at {@code from}; nothing when it recorded none.
   */
  static void moved(Path from, Path target) {
    try {
      Optional<Entry> e = entry(target);
      if (e.isEmpty()) {
        return;
      }
      Path ledger = ledger(e.get().device(), false);
      if (!Files.isRegularFile(ledger, LinkOption.NOFOLLOW_LINKS)) {
        return;
      }
      Line last = read(ledger).get(e.get().inode());
      if (last != null && !"-".equals(last.made()) && last.path().equals(where(from))) {
        append(ledger, e.get().inode() + "\t" + last.made() + "\t" + escape(e.get().path()) + "\n");
      }
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      LOG.debug("{}: the ledger of what secmem made is not updated", target, e);
    }
  }

  /** A file's device and inode, taken before it is removed, for {@link #forget} after. */
  record Identity(long device, long inode, String path) {}

  /** The identity of the file at {@code path}; empty when none is there. */
  static Optional<Identity> identity(Path path) {
    try {
      return entry(path).map(e -> new Identity(e.device(), e.inode(), e.path()));
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      LOG.debug("{}: no identity to forget", path, e);
      return Optional.empty();
    }
  }

  /** The ledger's note that the file it recorded as {@code identity} is gone. */
  static void forget(Optional<Identity> identity) {
    if (identity.isEmpty()) {
      return;
    }
    Identity id = identity.get();
    try {
      Path ledger = ledger(id.device(), false);
      if (!Files.isRegularFile(ledger, LinkOption.NOFOLLOW_LINKS)) {
        return;
      }
      Line last = read(ledger).get(id.inode());
      if (last != null && !"-".equals(last.made())) {
        append(ledger, id.inode() + "\t-\t" + escape(id.path()) + "\n");
      }
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      LOG.debug("{}: the ledger of what secmem made is not updated", id.path(), e);
    }
  }

  // ---- The ledger file -------------------------------------------------------------------------

  private record Line(String made, String path) {}

  private static Optional<Entry> entry(Path path) throws IOException {
    BasicFileAttributes a =
        Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    if (!a.isRegularFile() && !a.isDirectory()) {
      return Optional.empty();
    }
    Map<String, Object> unix =
        Files.readAttributes(path, "unix:dev,ino,uid", LinkOption.NOFOLLOW_LINKS);
    return Optional.of(
        new Entry(
            ((Number) unix.get("dev")).longValue(),
            ((Number) unix.get("ino")).longValue(),
            ((Number) unix.get("uid")).intValue(),
            where(path)));
  }

  /** The path a file is at, as the ledger writes it: its folder's real path and its name. */
  private static String where(Path path) throws IOException {
    Path abs = path.toAbsolutePath().normalize();
    Path parent = abs.getParent();
    if (parent == null || abs.getFileName() == null) {
      throw new IllegalArgumentException(path + ": no folder");
    }
    return parent.toRealPath().resolve(abs.getFileName()).toString();
  }

  private static int uid(Path file) throws IOException {
    return ((Number) Files.getAttribute(file, "unix:uid", LinkOption.NOFOLLOW_LINKS)).intValue();
  }

  /**
   * The ledger of {@code device}; with {@code create}, its folder is made (this user's only) when
   * missing. A folder that is a link or that others may write is refused.
   */
  private static Path ledger(long device, boolean create) throws IOException {
    Path folder = folder().toAbsolutePath();
    if (create && !Files.exists(folder, LinkOption.NOFOLLOW_LINKS)) {
      Files.createDirectories(folder.getParent());
      try {
        Files.createDirectory(
            folder,
            PosixFilePermissions.asFileAttribute(
                Set.of(
                    PosixFilePermission.OWNER_READ,
                    PosixFilePermission.OWNER_WRITE,
                    PosixFilePermission.OWNER_EXECUTE)));
      } catch (FileAlreadyExistsException e) {
        LOG.debug("{}: made meanwhile", folder, e);
      }
    }
    BasicFileAttributes a =
        Files.readAttributes(folder, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    if (!a.isDirectory()) {
      throw new IOException(folder + ": the ledger's folder is not a folder (a link?)");
    }
    Set<PosixFilePermission> p = Files.getPosixFilePermissions(folder, LinkOption.NOFOLLOW_LINKS);
    if (p.contains(PosixFilePermission.GROUP_WRITE)
        || p.contains(PosixFilePermission.OTHERS_WRITE)) {
      throw new IOException(folder + ": the ledger's folder may be written by others: not used");
    }
    return folder.resolve("made-" + Long.toHexString(device) + ".tsv");
  }

  /** Every inode's last line. */
  private static Map<Long, Line> read(Path ledger) throws IOException {
    try (FileChannel c =
            FileChannel.open(ledger, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
        FileLock lock = c.lock(0, Long.MAX_VALUE, true)) {
      return parse(readAll(c));
    }
  }

  private static String readAll(FileChannel c) throws IOException {
    long size = c.size();
    if (size > MAX_BYTES) {
      throw new IOException("the ledger is longer than secmem keeps it (" + size + " bytes)");
    }
    ByteBuffer b = ByteBuffer.allocate((int) size);
    c.position(0);
    while (b.hasRemaining() && c.read(b) >= 0) {
      // reads to the end
    }
    b.flip();
    return StandardCharsets.UTF_8.decode(b).toString();
  }

  private static Map<Long, Line> parse(String text) {
    Map<Long, Line> last = new LinkedHashMap<>();
    for (String line : text.split("\n", -1)) {
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      String[] f = line.split("\t", 3);
      if (f.length != 3) {
        continue;
      }
      try {
        long inode = Long.parseLong(f[0]);
        last.remove(inode); // re-inserted last: the order of the latest lines
        last.put(inode, new Line(f[1], unescape(f[2])));
      } catch (NumberFormatException e) {
        LOG.debug("a line of the ledger is not one secmem wrote: {}", line, e);
      }
    }
    return last;
  }

  /** Appends {@code line}, first dropping the entries of files that are gone once it has grown. */
  private static void append(Path ledger, String line) throws IOException {
    try (FileChannel c =
            FileChannel.open(
                ledger,
                StandardOpenOption.CREATE,
                StandardOpenOption.READ,
                StandardOpenOption.WRITE,
                LinkOption.NOFOLLOW_LINKS);
        FileLock lock = c.lock()) {
      String text = readAll(c);
      long lines = text.chars().filter(ch -> ch == '\n').count();
      StringBuilder out = new StringBuilder();
      if (text.isEmpty()) {
        out.append(HEADER);
      }
      if (lines > COMPACT_AFTER) {
        out.setLength(0);
        out.append(HEADER);
        for (Map.Entry<Long, Line> e : parse(text).entrySet()) {
          if (stillThere(e.getKey(), e.getValue())) {
            out.append(e.getKey())
                .append('\t')
                .append(e.getValue().made())
                .append('\t')
                .append(escape(e.getValue().path()))
                .append('\n');
          }
        }
        c.truncate(0);
      }
      out.append(line);
      ByteBuffer b = ByteBuffer.wrap(out.toString().getBytes(StandardCharsets.UTF_8));
      long at = c.size();
      while (b.hasRemaining()) {
        at += c.write(b, at);
      }
    }
  }

  private static boolean stillThere(long inode, Line line) {
    if ("-".equals(line.made())) {
      return false;
    }
    try {
      Object ino = Files.getAttribute(Path.of(line.path()), "unix:ino", LinkOption.NOFOLLOW_LINKS);
      return ((Number) ino).longValue() == inode;
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  private static String escape(String path) {
    return path.replace("\\", "\\\\")
        .replace("\t", "\\t")
        .replace("\n", "\\n")
        .replace("\r", "\\r");
  }

  private static String unescape(String text) {
    StringBuilder s = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char ch = text.charAt(i);
      if (ch == '\\' && i + 1 < text.length()) {
        char next = text.charAt(++i);
        s.append(next == 't' ? '\t' : next == 'n' ? '\n' : next == 'r' ? '\r' : next);
      } else {
        s.append(ch);
      }
    }
    return s.toString();
  }
}
