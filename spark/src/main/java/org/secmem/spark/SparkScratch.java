package org.secmem.spark;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import org.secmem.fs.OwnerMarker;
import org.secmem.fs.Ownership;
import org.secmem.fs.Sweep;
import org.secmem.sort.ScratchFolders;
import org.secmem.sort.WorkDirectory;

/**
 * A scratch folder of the Spark engine ({@code .secmem-spark-local-<pid>-<uuid>}, Spark's {@code
 * spark.local.dir}; {@code .secmem-spark-parts-<pid>-<uuid>}, the sorted parts beside the output):
 * made and marked through {@link Ownership}, holding an {@link OwnerMarker} this process keeps
 * locked while it uses the folder, so that the folders of a killed run can be told and removed by
 * the next one ({@link #removeStale}). {@link #close} removes the folder, the marker last.
 */
final class SparkScratch implements Closeable {

  static final String PREFIX = ".secmem-spark-";
  static final String LOCAL = "local";
  static final String PARTS = "parts";

  /** How the names of both kinds begin; the core's registry entry names the same. */
  static final List<String> PREFIXES = List.of(PREFIX + LOCAL + "-", PREFIX + PARTS + "-");

  private final Path dir;
  private final OwnerMarker marker;
  private boolean closed;

  private SparkScratch(Path dir, OwnerMarker marker) {
    this.dir = dir;
    this.marker = marker;
  }

  /** Makes a fresh scratch folder of {@code kind} ({@link #LOCAL}, {@link #PARTS}) in parent. */
  static SparkScratch create(Path parent, String kind) throws IOException {
    Path dir =
        Ownership.createFreshFolder(
            parent, PREFIX + kind + "-" + ProcessHandle.current().pid() + "-" + UUID.randomUUID());
    try {
      return new SparkScratch(dir, OwnerMarker.create(dir.resolve(WorkDirectory.MARKER)));
    } catch (IOException | RuntimeException e) {
      try {
        WorkDirectory.deleteTree(dir);
      } catch (IOException s) {
        e.addSuppressed(s);
      }
      throw e;
    }
  }

  Path path() {
    return dir;
  }

  /** Removes the folder and all in it, the marker last; may be called again. */
  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      WorkDirectory.deleteTree(dir);
    } finally {
      marker.close();
    }
  }

  /**
   * Removes the scratch folders in {@code parent} whose process is gone (the lock on their marker
   * is free; or, without a marker, untouched for {@link WorkDirectory#ABANDONED_AFTER}): folders of
   * this user's that secmem marked as made; live ones, other users' and other machines' stay. The
   * same sweep as {@code secmem clean}'s, which knows the names from the engine's registry entry.
   */
  static Sweep removeStale(Path parent) throws IOException {
    return ScratchFolders.removeStale(parent, PREFIXES);
  }
}
