package org.secmem.data;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.secmem.fs.OwnerMarker;
import org.secmem.fs.Ownership;
import org.secmem.fs.SecureFolder;
import org.secmem.fs.Sweep;
import org.secmem.fs.ThisMachine;

/**
 * The unfinished data files ({@code .NAME.<uuid>.part}, {@link PartFile}) that a writer killed
 * outright left behind, judged by their owner marker and removed when their writer is gone.
 */
public final class StaleParts {

  /** What {@code DataFiles.generate} (and a move across file systems) writes before renaming. */
  private static final Pattern PART =
      Pattern.compile(
          "\\..+\\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.part");

  /** The owner marker beside such a file ({@code PartFile.owned}): stem and PID. */
  private static final Pattern OWNER =
      Pattern.compile(
          "(\\..+\\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\\.(\\d{1,18})"
              + Pattern.quote(PartFile.OWNER_SUFFIX));

  private static final Logger LOG = LogManager.getLogger(StaleParts.class);

  private StaleParts() {}

  /**
   * Removes the unfinished temporaries ({@code .NAME.<uuid>.part}) in {@code dir} whose writer is
   * gone: files of this user's only, each unlinked relative to the folder opened once (a link at
   * such a name goes as the link). A temporary with an owner marker beside it ({@code
   * .NAME.<uuid>.<pid>.owner}, locked by its writer) is removed when that lock is free, and kept
   * while it is held, however long the writer has been stopped; one without (an older version's, or
   * a move's) when nobody has written to it for {@link Sweep#ABANDONED_AFTER}. Owner markers whose
   * lock is free and whose temporary is gone are removed too.
   *
   * @return the temporaries removed, and those left alone (another user's, another machine's)
   */
  public static Sweep remove(Path dir, Instant now) throws IOException {
    List<Path> removed = new ArrayList<>();
    List<Sweep.LeftAlone> left = new ArrayList<>();
    List<Sweep.LeftAlone> inUse = new ArrayList<>();
    if (!Files.isDirectory(dir)) {
      return Sweep.empty();
    }
    ThisMachine here = ThisMachine.current();
    long myPid = ProcessHandle.current().pid();
    try (SecureFolder folder = SecureFolder.openFollowing(dir)) {
      String me = SecureFolder.currentUser().getName();
      List<SecureFolder.Entry> entries = folder.list(name -> name.startsWith("."));
      // ".NAME.<uuid>" -> its owner marker's name
      Map<String, String> owners = new HashMap<>();
      for (SecureFolder.Entry e : entries) {
        Matcher m = OWNER.matcher(e.name());
        if (m.matches() && e.kind() == SecureFolder.Kind.FILE) {
          owners.put(m.group(1), e.name());
        }
      }
      Set<String> parts = new HashSet<>();
      for (SecureFolder.Entry e : entries) {
        if (!PART.matcher(e.name()).matches() || e.kind() != SecureFolder.Kind.FILE) {
          continue;
        }
        String stem = e.name().substring(0, e.name().length() - ".part".length());
        parts.add(stem);
        Path p = dir.resolve(e.name());
        Optional<Ownership.Made> made = Ownership.madeAs(p);
        if (made.isEmpty()
            || made.get() != Ownership.Made.PART && made.get() != Ownership.Made.INT_FILE) {
          // Named like one of secmem's temporaries, but secmem did not make it: not ours to judge.
          LOG.debug("{}: named like an unfinished file of secmem's, but carries no mark", p);
          continue;
        }
        Optional<String> owner = folder.ownerOf(e.name());
        if (owner.isEmpty()) {
          continue; // gone meanwhile: renamed into place or removed by its writer
        }
        if (!owner.get().equals(me)) {
          left.add(new Sweep.LeftAlone(p, "owned by " + owner.get() + ", not " + me));
          continue;
        }
        String marker = owners.get(stem);
        String why;
        if (marker != null) {
          if (pidOf(marker) == myPid) {
            continue; // this process's own: judging it would drop its lock
          }
          Optional<OwnerMarker.Verdict> v = OwnerMarker.judge(folder, marker, here);
          if (v.isPresent() && v.get().state() == OwnerMarker.State.LIVE) {
            inUse.add(new Sweep.LeftAlone(p, v.get().reason()));
            continue;
          }
          if (v.isPresent() && v.get().state() == OwnerMarker.State.UNKNOWN) {
            left.add(new Sweep.LeftAlone(p, v.get().reason()));
            continue;
          }
          why = v.map(OwnerMarker.Verdict::reason).orElse(null);
        } else {
          why = null;
        }
        Instant modified = Instant.ofEpochMilli(e.modifiedMillis());
        if (why == null) {
          if (!modified.plus(Sweep.ABANDONED_AFTER).isBefore(now)) {
            continue;
          }
          why = "untouched since " + modified;
        }
        if (Ownership.deleteMade(folder, e.name(), made.get())) {
          removed.add(p);
          LOG.info("Removed unfinished file {}: {}", p, why);
        }
        if (marker != null) {
          Ownership.deleteMade(folder, marker, Ownership.Made.PART);
        }
      }
      // Markers left without their temporary (a writer killed between removing the two).
      for (Map.Entry<String, String> o : owners.entrySet()) {
        if (parts.contains(o.getKey())
            || pidOf(o.getValue()) == myPid
            || !folder.ownerOf(o.getValue()).map(me::equals).orElse(false)) {
          continue;
        }
        Optional<OwnerMarker.Verdict> v = OwnerMarker.judge(folder, o.getValue(), here);
        if (v.isPresent()
            && v.get().state() == OwnerMarker.State.GONE
            && Ownership.deleteMade(folder, o.getValue(), Ownership.Made.PART)) {
          LOG.info("Removed the owner marker {} of a writer that is gone", o.getValue());
        }
      }
    }
    return new Sweep(removed, left, inUse);
  }

  private static long pidOf(String ownerName) {
    Matcher m = OWNER.matcher(ownerName);
    return m.matches() ? Long.parseLong(m.group(2)) : -1;
  }
}
