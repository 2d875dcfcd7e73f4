package org.secmem.probe;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Which file system a folder is on, as the kept figures are keyed: the file system's type, its
 * device (the store's name) and where it is mounted, e.g. {@code ext4@/dev/nvme0n1p2@/home}; two
 * tmpfs mounts differ by their mount points. Characters a properties key cannot hold plainly become
 * {@code _}.
 */
public final class FileSystemId {

  private static final Logger LOG = LogManager.getLogger(FileSystemId.class);

  private FileSystemId() {}

  /** The identity of {@code store}. */
  public static String of(FileStore store) {
    String name = store.name();
    String text = store.toString(); // "MOUNT (NAME)" on Linux and macOS
    String suffix = " (" + name + ")";
    String mount = text.endsWith(suffix) ? text.substring(0, text.length() - suffix.length()) : "";
    return sanitize(store.type() + "@" + name + (mount.isEmpty() ? "" : "@" + mount));
  }

  /**
   * The identity of the file system of {@code dir}, or of its nearest existing ancestor; empty when
   * none can be found out (logged).
   */
  public static Optional<String> ofFolder(Path dir) {
    return store(dir).map(FileSystemId::of);
  }

  /** The file store of {@code dir} or its nearest existing ancestor. */
  static Optional<FileStore> store(Path dir) {
    for (Path p = dir.toAbsolutePath().normalize(); p != null; p = p.getParent()) {
      if (Files.exists(p)) {
        try {
          return Optional.of(Files.getFileStore(p));
        } catch (IOException | RuntimeException e) {
          LOG.warn("probe: no file store for {}", p, e);
          return Optional.empty();
        }
      }
    }
    return Optional.empty();
  }

  /** Keeps letters, digits and {@code _ / . , + @ -}; anything else becomes {@code _}. */
  static String sanitize(String id) {
    StringBuilder sb = new StringBuilder(id.length());
    id.codePoints()
        .forEach(
            c ->
                sb.append(
                    c < 128 && (Character.isLetterOrDigit(c) || "_/.,+@-".indexOf(c) >= 0)
                        ? (char) c
                        : '_'));
    return sb.toString();
  }
}
