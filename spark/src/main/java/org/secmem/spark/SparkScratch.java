package org.secmem.spark;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.secmem.fs.OwnerMarker;
import org.secmem.fs.Ownership;
import org.secmem.fs.SecureFolder;
import org.secmem.fs.Sweep;
import org.secmem.fs.ThisMachine;
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

  private static final Pattern NAME =
      Pattern.compile(Pattern.quote(PREFIX) + "(" + LOCAL + "|" + PARTS + ")-(\\d{1,18})-.+");

  private static final Logger LOG = LogManager.getLogger(SparkScratch.class);

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
   * this user's that secmem marked as made; live ones, other users' and other machines' stay.
   */
  static Sweep removeStale(Path parent) throws IOException {
    List<Path> removed = new ArrayList<>();
    List<Sweep.LeftAlone> left = new ArrayList<>();
    List<Sweep.LeftAlone> inUse = new ArrayList<>();
    if (!Files.isDirectory(parent) || !SecureFolder.supported(parent)) {
      return Sweep.empty();
    }
    long me = ProcessHandle.current().pid();
    Instant now = Instant.now();
    ThisMachine here = ThisMachine.current();
    try (SecureFolder p = SecureFolder.openFollowing(parent)) {
      String user = SecureFolder.currentUser().getName();
      for (SecureFolder.Entry e : p.list(n -> n.startsWith(PREFIX))) {
        Matcher m = NAME.matcher(e.name());
        Path path = parent.resolve(e.name());
        if (!m.matches()
            || e.kind() != SecureFolder.Kind.FOLDER
            || Long.parseLong(m.group(2)) == me // this process's: judging would drop its lock
            || !Ownership.isMade(path, Ownership.Made.FOLDER)) {
          continue;
        }
        if (!p.ownerOf(e.name()).map(user::equals).orElse(false)) {
          left.add(new Sweep.LeftAlone(path, "not " + user + "'s"));
          continue;
        }
        Optional<OwnerMarker.Verdict> v;
        try (SecureFolder f = p.openFolder(e.name())) {
          v = OwnerMarker.judge(f, WorkDirectory.MARKER, here);
        }
        String why;
        if (v.isPresent()) {
          if (v.get().state() == OwnerMarker.State.LIVE) {
            inUse.add(new Sweep.LeftAlone(path, v.get().reason()));
            continue;
          }
          if (v.get().state() == OwnerMarker.State.UNKNOWN) {
            left.add(new Sweep.LeftAlone(path, v.get().reason()));
            continue;
          }
          why = v.get().reason();
        } else {
          Instant modified = Instant.ofEpochMilli(e.modifiedMillis());
          if (!modified.plus(WorkDirectory.ABANDONED_AFTER).isBefore(now)) {
            continue; // a run may be starting: its marker comes right after the folder
          }
          why = "no marker, untouched since " + modified;
        }
        try {
          WorkDirectory.deleteTree(path);
          removed.add(path);
          LOG.info("Removed the Spark scratch folder {}: {}", path, why);
        } catch (IOException ex) {
          LOG.warn("could not remove the Spark scratch folder {}", path, ex);
          left.add(new Sweep.LeftAlone(path, "could not be removed: " + ex.getMessage()));
        }
      }
    }
    return new Sweep(removed, left, inUse);
  }
}
