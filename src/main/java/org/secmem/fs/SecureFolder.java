package org.secmem.fs;

import java.io.Closeable;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.UserPrincipal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * A folder opened once, without following links, and worked on only relative to that open folder
 * ({@code openat}, {@code unlinkat}): whatever another user renames, swaps or links meanwhile
 * ({@code renameat2(RENAME_EXCHANGE)} of a subfolder with a link to elsewhere), every entry this
 * class lists, reads or deletes is one inside this very folder, and no link is ever followed. A
 * file is deleted with {@code unlinkat} without {@code AT_REMOVEDIR}, which removes a link itself
 * and refuses a folder; a folder only once opened the same way and emptied.
 *
 * <p>Built on {@link SecureDirectoryStream}, which the JDK offers where the platform has {@code
 * openat} (Linux, macOS); {@link #open} throws {@link InsecureFolderException} where it does not.
 */
public final class SecureFolder implements Closeable {

  /** What a folder entry is, seen without following links. */
  public enum Kind {
    FILE,
    FOLDER,
    LINK,
    OTHER;

    static Kind of(BasicFileAttributes a) {
      return a.isSymbolicLink()
          ? LINK
          : a.isDirectory() ? FOLDER : a.isRegularFile() ? FILE : OTHER;
    }

    /** "a subfolder", "a symbolic link", ... */
    public String described() {
      return switch (this) {
        case FILE -> "a file";
        case FOLDER -> "a subfolder";
        case LINK -> "a symbolic link";
        case OTHER -> "a device, pipe or socket";
      };
    }
  }

  /** One entry, as it was when listed. */
  public record Entry(String name, Kind kind, long modifiedMillis) {}

  /** No secure directory streams here: nothing may be deleted in a folder others can write. */
  public static final class InsecureFolderException extends IOException {
    private static final long serialVersionUID = 1L;

    InsecureFolderException(Path dir) {
      super(
          dir
              + ": this platform cannot open a folder without following links"
              + " (no SecureDirectoryStream), so nothing in it is removed");
    }
  }

  private final Path path;
  private final SecureDirectoryStream<Path> dir;
  private boolean listed;

  private SecureFolder(Path path, SecureDirectoryStream<Path> dir) {
    this.path = path;
    this.dir = dir;
  }

  /**
   * Opens {@code dir} itself, not what a link at its name points to: its parent is opened as the
   * caller named it (the caller chose it), and {@code dir} inside it with {@code O_NOFOLLOW}.
   *
   * @throws NotDirectoryException when {@code dir} is a link, a file or anything but a folder
   * @throws NoSuchFileException when it does not exist
   * @throws InsecureFolderException where the platform cannot do this
   */
  public static SecureFolder open(Path dir) throws IOException {
    Path abs = dir.toAbsolutePath();
    Path parent = abs.getParent();
    if (parent == null) {
      throw new NotDirectoryException(dir + " (a root folder is never worked on)");
    }
    try (SecureFolder p = openFollowing(parent)) {
      return p.openFolder(abs.getFileName().toString());
    }
  }

  /** Opens {@code dir} following links at its name: for a folder the caller named. */
  public static SecureFolder openFollowing(Path dir) throws IOException {
    DirectoryStream<Path> ds = Files.newDirectoryStream(dir);
    if (ds instanceof SecureDirectoryStream<Path> s) {
      return new SecureFolder(dir, s);
    }
    ds.close();
    throw new InsecureFolderException(dir);
  }

  /** What is done with an entry, its folder open meanwhile. */
  @FunctionalInterface
  public interface EntryAction {
    void apply(SecureFolder folder, String name, Kind kind) throws IOException;
  }

  /**
   * Opens the folder of {@code path} (following links at the folder's name, as {@link
   * #openFollowing}) and hands {@code action} the entry named by its last element, not following
   * it, with what it is; does nothing where there is no such entry.
   */
  public static void atEntry(Path path, EntryAction action) throws IOException {
    Path abs = path.toAbsolutePath();
    try (SecureFolder folder = openFollowing(abs.getParent())) {
      String name = abs.getFileName().toString();
      Optional<Kind> kind = folder.kindOf(name);
      if (kind.isPresent()) {
        action.apply(folder, name, kind.get());
      }
    }
  }

  /** Whether this platform can work on folders this way. */
  public static boolean supported(Path anyFolder) {
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(anyFolder)) {
      return ds instanceof SecureDirectoryStream;
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * The user this process runs as: the owner of {@code /proc/self} where there is one, else the
   * user named by {@code user.name}.
   */
  public static UserPrincipal currentUser() throws IOException {
    Path self = Path.of("/proc/self");
    if (Files.exists(self)) {
      return Files.getOwner(self);
    }
    return self.getFileSystem()
        .getUserPrincipalLookupService()
        .lookupPrincipalByName(System.getProperty("user.name"));
  }

  /** The path this folder was opened under (for messages; never used to reach it again). */
  public Path path() {
    return path;
  }

  /**
   * Opens the subfolder {@code name} without following a link at that name.
   *
   * @throws NotDirectoryException when it is a link, a file or anything but a folder
   */
  public SecureFolder openFolder(String name) throws IOException {
    Path rel = relative(name);
    try {
      return new SecureFolder(
          path.resolve(name),
          (SecureDirectoryStream<Path>) dir.newDirectoryStream(rel, LinkOption.NOFOLLOW_LINKS));
    } catch (FileSystemException e) {
      if (e instanceof NoSuchFileException || e instanceof AccessDeniedException) {
        throw e;
      }
      // ELOOP (a link) or ENOTDIR (a file), or whatever is there now was swapped in meanwhile.
      Optional<Kind> k = kindOf(name);
      NotDirectoryException n =
          new NotDirectoryException(
              path.resolve(name)
                  + " ("
                  + (k.isPresent() && k.get() != Kind.FOLDER
                      ? k.get().described()
                      : "it changed while it was opened")
                  + ")");
      n.initCause(e);
      throw n;
    }
  }

  /**
   * Every entry but {@code .} and {@code ..}, each seen without following links; an entry that goes
   * away while it is looked at is left out. May be called more than once.
   */
  public List<Entry> list() throws IOException {
    return list(name -> true);
  }

  /**
   * As {@link #list()}, of the entries whose names {@code names} accepts: only those are looked at
   * (a folder of many data files is listed with one look per entry that matters).
   */
  public List<Entry> list(Predicate<String> names) throws IOException {
    if (listed) {
      // A SecureDirectoryStream lists once: list the same open folder again through ".".
      try (SecureFolder again =
          new SecureFolder(
              path,
              (SecureDirectoryStream<Path>)
                  dir.newDirectoryStream(Path.of("."), LinkOption.NOFOLLOW_LINKS))) {
        return again.list(names);
      }
    }
    listed = true;
    List<Entry> entries = new ArrayList<>();
    for (Path p : dir) {
      String name = p.getFileName().toString();
      if (!names.test(name)) {
        continue;
      }
      try {
        BasicFileAttributes a = attributesOf(name);
        entries.add(new Entry(name, Kind.of(a), a.lastModifiedTime().toMillis()));
      } catch (NoSuchFileException e) {
        // Deleted between the listing and the look: it is not there.
      }
    }
    return entries;
  }

  /** What {@code name} is, without following a link; empty when there is no such entry. */
  public Optional<Kind> kindOf(String name) throws IOException {
    try {
      return Optional.of(Kind.of(attributesOf(name)));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    }
  }

  /** The attributes of {@code name}, not following a link; empty when there is no such entry. */
  public Optional<BasicFileAttributes> attributes(String name) throws IOException {
    try {
      return Optional.of(attributesOf(name));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    }
  }

  private BasicFileAttributes attributesOf(String name) throws IOException {
    return dir.getFileAttributeView(
            relative(name), BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
        .readAttributes();
  }

  /** The owner of this open folder itself. */
  public UserPrincipal owner() throws IOException {
    return dir.getFileAttributeView(PosixFileAttributeView.class).readAttributes().owner();
  }

  /** The name of the owner of the entry {@code name}, not following a link; empty if none. */
  public Optional<String> ownerOf(String name) throws IOException {
    try {
      return Optional.of(
          dir.getFileAttributeView(
                  relative(name), PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
              .readAttributes()
              .owner()
              .getName());
    } catch (NoSuchFileException e) {
      return Optional.empty();
    }
  }

  /** The last modification time of this open folder itself, in milliseconds. */
  public long modifiedMillis() throws IOException {
    return dir.getFileAttributeView(BasicFileAttributeView.class)
        .readAttributes()
        .lastModifiedTime()
        .toMillis();
  }

  /**
   * Opens the file {@code name} in this folder, never through a link ({@code O_NOFOLLOW}).
   *
   * @param options as for {@link Files#newByteChannel}; {@code NOFOLLOW_LINKS} is always added
   */
  public FileChannel openFile(String name, OpenOption... options) throws IOException {
    Set<OpenOption> o = new HashSet<>(List.of(options));
    o.add(LinkOption.NOFOLLOW_LINKS);
    SeekableByteChannel c = dir.newByteChannel(relative(name), o);
    if (c instanceof FileChannel f) {
      return f;
    }
    c.close();
    throw new IOException(path.resolve(name) + ": not a file channel");
  }

  /** Creates the new file {@code name} (failing when anything is at that name) for writing. */
  public FileChannel createFile(String name) throws IOException {
    return openFile(
        name, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, StandardOpenOption.READ);
  }

  /**
   * Deletes the entry {@code name} when it is anything but a folder (a link is removed itself,
   * never what it points to); a missing entry is fine.
   *
   * @return whether it was there
   * @throws FileSystemException when it is a folder
   */
  public boolean deleteFile(String name) throws IOException {
    try {
      dir.deleteFile(relative(name));
      return true;
    } catch (NoSuchFileException e) {
      return false;
    }
  }

  /** Deletes the empty subfolder {@code name}; a missing one is fine. */
  public boolean deleteEmptyFolder(String name) throws IOException {
    try {
      dir.deleteDirectory(relative(name));
      return true;
    } catch (NoSuchFileException e) {
      return false;
    }
  }

  /** A single name inside this folder: no separator, not {@code .} or {@code ..}. */
  private static Path relative(String name) {
    if (name.isEmpty() || name.contains("/") || name.equals("..") || name.indexOf('\0') >= 0) {
      throw new IllegalArgumentException("not a name inside a folder: '" + name + "'");
    }
    return Path.of(name);
  }

  @Override
  public void close() throws IOException {
    dir.close();
  }

  @Override
  public String toString() {
    return "folder " + path;
  }
}
