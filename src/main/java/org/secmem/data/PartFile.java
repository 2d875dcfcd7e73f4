package org.secmem.data;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import org.secmem.fs.OwnerMarker;
import org.secmem.fs.Ownership;
import org.secmem.fs.TempRegistry;

/**
 * A file that appears under its name only when it is complete. It is written under a temporary name
 * in the same folder, {@code .NAME.<uuid>.part} (the same file system, so that the final rename is
 * atomic), registered meanwhile as temporary so that an interrupt (Ctrl-C, SIGTERM) removes it, and
 * moved into place by {@link #commit()}. Closing without a commit removes the temporary: a failed
 * or interrupted write leaves nothing behind, and an earlier complete file of the same name is not
 * touched until the new one replaces it.
 *
 * <p>Not {@code Files.createTempFile}: its 0600 permissions would stick to the finished file.
 */
public final class PartFile implements Closeable {

  /** How an owner marker's name ends: {@code .NAME.<uuid>.<pid>.owner}. */
  public static final String OWNER_SUFFIX = ".owner";

  private final Path target;
  private final Path temporary;
  private final TempRegistry registry;

  /** The locked marker saying this process writes the temporary, and its path; or null. */
  private final OwnerMarker owner;

  private final Path ownerPath;
  private boolean finished;

  private PartFile(
      Path target, Path temporary, TempRegistry registry, OwnerMarker owner, Path ownerPath) {
    this.target = target;
    this.temporary = temporary;
    this.registry = registry;
    this.owner = owner;
    this.ownerPath = ownerPath;
  }

  /**
   * A temporary name for {@code target}, registered with {@code registry}; no file is created yet.
   * The folder must exist.
   */
  public static PartFile beside(Path target, TempRegistry registry) {
    Path temporary = nameBeside(target);
    registry.register(temporary);
    return new PartFile(target, temporary, registry, null, null);
  }

  /**
   * A temporary name for {@code target} inside {@code folder} (a work folder this process made and
   * holds, on {@code target}'s file system, so that {@link #commit} is still one rename),
   * registered with {@code registry}; no file is created yet. For temporaries created on a clock,
   * where marking each would cost: the work folder's locked owner marker says whose they are, and
   * {@code secmem clean} removes the folder with them once its owner is gone.
   */
  public static PartFile in(Path folder, Path target, TempRegistry registry) {
    Path temporary = folder.resolve(nameBeside(target).getFileName());
    registry.register(temporary);
    return new PartFile(target.toAbsolutePath(), temporary, registry, null, null);
  }

  /**
   * As {@link #beside}, for a file written for long (a data file generated): beside the temporary,
   * an {@link OwnerMarker} {@code .NAME.<uuid>.<pid>.owner}, locked until the temporary is
   * committed or removed, tells {@code secmem clean} (from any PID namespace) that a live process
   * still writes it, however long it has been stopped. The folder must exist.
   */
  public static PartFile owned(Path target, TempRegistry registry) throws IOException {
    Path temporary = nameBeside(target);
    Path parent = temporary.getParent();
    String name = temporary.getFileName().toString();
    String ownerName =
        name.substring(0, name.length() - ".part".length())
            + "."
            + ProcessHandle.current().pid()
            + OWNER_SUFFIX;
    Path ownerPath = parent.resolve(ownerName);
    registry.register(ownerPath);
    OwnerMarker owner;
    try {
      owner = OwnerMarker.create(ownerPath);
    } catch (IOException | RuntimeException e) {
      registry.release(ownerPath);
      throw e;
    }
    registry.register(temporary);
    PartFile part = new PartFile(target, temporary, registry, owner, ownerPath);
    try {
      // Made and marked now, so that 'secmem clean' can tell it is secmem's if the writer is
      // killed.
      Ownership.createNew(temporary, Ownership.Made.PART).close();
    } catch (IOException | RuntimeException e) {
      try {
        part.close();
      } catch (IOException c) {
        e.addSuppressed(c);
      }
      throw e;
    }
    return part;
  }

  /**
   * A new name in {@code target}'s folder that {@code secmem clean} recognises as a leftover:
   * {@code .NAME.<uuid>.part}.
   */
  public static Path nameBeside(Path target) {
    Path parent = target.toAbsolutePath().getParent();
    return parent.resolve("." + target.getFileName() + "." + UUID.randomUUID() + ".part");
  }

  /** Writes a whole file's content to a stream (buffered; the caller does not close it). */
  @FunctionalInterface
  public interface Content {
    void writeTo(OutputStream out) throws IOException;
  }

  /**
   * Writes {@code target} whole or not at all: the content goes to a new temporary beside it
   * ({@code .NAME.<uuid>.part}, created without following links), which replaces {@code target} by
   * one atomic rename only once it is complete. A failure (a full disk) leaves the older file as it
   * was and no temporary. A symbolic link at {@code target} is refused: secmem never writes through
   * a link beside its results (a rename would replace the link itself, never what it points to,
   * should one appear meanwhile).
   *
   * @throws IOException naming {@code target} when it is a symbolic link or the write fails
   */
  public static void writeWhole(Path target, Content content) throws IOException {
    Path abs = target.toAbsolutePath();
    if (Files.isSymbolicLink(abs)) {
      throw new IOException(
          target
              + " is a symbolic link: secmem does not write through links"
              + " (remove the link, or name another file)");
    }
    // Refused before the content is written, not after.
    Ownership.checkReplaceable(abs, Ownership.Made.WHOLE_FILE, false);
    Path tmp = nameBeside(abs);
    try {
      try (OutputStream out =
          new BufferedOutputStream(
              Channels.newOutputStream(Ownership.createNew(tmp, Ownership.Made.PART)), 1 << 16)) {
        content.writeTo(out);
      }
      Ownership.replace(tmp, abs, Ownership.Made.WHOLE_FILE, false);
    } catch (Ownership.NotSecmemsException e) {
      Ownership.discardTemporary(tmp);
      throw e;
    } catch (IOException e) {
      String m = e.getMessage();
      IOException said =
          m != null && m.contains(tmp.toString())
              ? new IOException(m.replace(tmp.toString(), target.toString()), e)
              : e;
      try {
        Ownership.discardTemporary(tmp);
      } catch (IOException d) {
        said.addSuppressed(d);
      }
      throw said;
    }
  }

  /** {@link #writeWhole} of UTF-8 text. */
  public static void writeWhole(Path target, String text) throws IOException {
    writeWhole(target, out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
  }

  /** {@link #writeWhole} of text written to a UTF-8 writer. */
  public static void writeWholeText(Path target, TextContent content) throws IOException {
    writeWhole(
        target,
        out -> {
          Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
          content.writeTo(w);
          w.flush();
        });
  }

  /** Writes a whole file's text (the caller does not close the writer). */
  @FunctionalInterface
  public interface TextContent {
    void writeTo(Writer out) throws IOException;
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
   * Moves the complete, closed file into place, replacing an older file of that name: the older
   * file is removed (a folder never is: the rename then fails and says so) and the complete one
   * renamed to the free name. Renaming over an existing file instead makes ext4 (its {@code
   * auto_da_alloc}) start writing the new file back inside the rename, 0.54 s for 1 GiB here: on
   * the clock of every sort repetition that replaces its predecessor's output. The name is free
   * only between two calls, and only once the new file is complete.
   */
  public void commit() throws IOException {
    if (finished) {
      throw new IllegalStateException(target + ": already committed or discarded");
    }
    Ownership.replaceByRemoving(temporary, target, Ownership.Made.INT_FILE, false);
    finished = true;
    registry.release(temporary);
    releaseOwner();
  }

  /** Removes the temporary unless it was committed. */
  @Override
  public void close() throws IOException {
    if (finished) {
      return;
    }
    finished = true;
    try {
      Ownership.discardTemporary(temporary);
    } finally {
      registry.release(temporary);
      releaseOwner();
    }
  }

  /** Removes the owner marker, then drops its lock (a crash between leaves it free: stale). */
  private void releaseOwner() throws IOException {
    if (owner == null) {
      return;
    }
    try {
      Ownership.discardTemporary(ownerPath);
      registry.release(ownerPath);
    } finally {
      owner.close();
    }
  }

  /**
   * {@code e} said of the file it was writing, as the user knows it: a plain IOException whose
   * message names the temporary (e.g. {@code .x.bin.<uuid>.part: No space left on device}) comes
   * back as a new one naming the target instead, with {@code e} as its cause; any other is returned
   * as it is.
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
