package org.secmem.data;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.UUID;
import org.secmem.sort.TempRegistry;

/**
 * A file that appears under its name only when it is complete. It is written under a temporary
 * name in the same folder, {@code .NAME.<uuid>.part} (the same file system, so that the final
 * rename is atomic), registered meanwhile as temporary so that an interrupt (Ctrl-C, SIGTERM)
 * removes it, and moved into place by {@link #commit()}. Closing without a commit removes the
 * temporary: a failed or interrupted write leaves nothing behind, and an earlier complete file of
 * the same name is not touched until the new one replaces it.
 *
 * <p>Not {@code Files.createTempFile}: its 0600 permissions would stick to the finished file.
 */
public final class PartFile implements Closeable {

  private final Path target;
  private final Path temporary;
  private final TempRegistry registry;
  private boolean finished;

  private PartFile(Path target, Path temporary, TempRegistry registry) {
    this.target = target;
    this.temporary = temporary;
    this.registry = registry;
  }

  /**
   * A temporary name for {@code target}, registered with {@code registry}; no file is created yet.
   * The folder must exist.
   */
  public static PartFile beside(Path target, TempRegistry registry) {
    Path parent = target.toAbsolutePath().getParent();
    Path temporary = parent.resolve("." + target.getFileName() + "." + UUID.randomUUID() + ".part");
    registry.register(temporary);
    return new PartFile(target, temporary, registry);
  }

  /** Where to write. */
  public Path path() {
    return temporary;
  }

  /** Where the file goes when it is complete. */
  public Path target() {
    return target;
  }

  /**
   * Moves the complete, closed file into place in one step, replacing an older file of that name.
   */
  public void commit() throws IOException {
    if (finished) {
      throw new IllegalStateException(target + ": already committed or discarded");
    }
    Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING,
        StandardCopyOption.ATOMIC_MOVE);
    finished = true;
    registry.release(temporary);
  }

  /** Removes the temporary unless it was committed. */
  @Override
  public void close() throws IOException {
    if (finished) {
      return;
    }
    finished = true;
    try {
      Files.deleteIfExists(temporary);
    } finally {
      registry.release(temporary);
    }
  }

  /**
   * {@code e} said of the file it was writing, as the user knows it: a plain IOException whose
   * message names the temporary (e.g. {@code .x.bin.<uuid>.part: No space left on device}) comes
   * back as a new one naming the target instead, with {@code e} as its cause; any other is
   * returned as it is.
   */
  public IOException explain(IOException e) {
    String m = e.getMessage();
    if (e.getClass() != IOException.class || m == null || !m.contains(temporary.toString())) {
      return e;
    }
    return new IOException(m.replace(temporary.toString(), target.toString()), e);
  }

  @Override
  public String toString() {
    return temporary + " (for " + target + ")";
  }
}
