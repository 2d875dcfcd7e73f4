package org.secmem.sort;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
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
 * The scratch folders another sort engine's module makes ({@code <prefix><pid>-<random>}, the
 * prefixes its registry entry names): made by {@link Ownership#createFreshFolder} (marked as
 * secmem's folder), holding a {@link WorkDirectory#MARKER} that the process keeps locked while it
 * uses the folder. {@link #removeStale} removes those whose owner is gone: by the engine's next
 * sort, and by {@code secmem clean}, which does not load the engine's module.
 */
public final class ScratchFolders {

  private static final Logger LOG = LogManager.getLogger(ScratchFolders.class);

  private ScratchFolders() {}

  /**
   * Removes the scratch folders in {@code parent} named {@code <prefix><pid>-...} for one of {@code
   * prefixes} whose process is gone (the lock on their marker is free; or, without a marker,
   * untouched for {@link WorkDirectory#ABANDONED_AFTER}): folders, not links, of this user's that
   * secmem marked as made, removed without following links. Live ones are kept and reported in use;
   * other users' and other machines' are left alone and reported; unmarked ones are not looked at.
   * A folder named with this process's PID is never judged (judging would drop its lock).
   */
  public static Sweep removeStale(Path parent, List<String> prefixes) throws IOException {
    List<Path> removed = new ArrayList<>();
    List<Sweep.LeftAlone> left = new ArrayList<>();
    List<Sweep.LeftAlone> inUse = new ArrayList<>();
    if (prefixes.isEmpty() || !Files.isDirectory(parent) || !SecureFolder.supported(parent)) {
      return Sweep.empty();
    }
    Pattern name =
        Pattern.compile(
            "(?:"
                + String.join("|", prefixes.stream().map(Pattern::quote).toList())
                + ")(\\d{1,18})-.+");
    long me = ProcessHandle.current().pid();
    Instant now = Instant.now();
    ThisMachine here = ThisMachine.current();
    try (SecureFolder p = SecureFolder.openFollowing(parent)) {
      String user = SecureFolder.currentUser().getName();
      for (SecureFolder.Entry e : p.list(n -> name.matcher(n).matches())) {
        Path path = parent.resolve(e.name());
        Matcher m = name.matcher(e.name());
        if (!m.matches()
            || e.kind() != SecureFolder.Kind.FOLDER
            || Long.parseLong(m.group(1)) == me // this process's: judging would drop its lock
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
          LOG.info("Removed the scratch folder {}: {}", path, why);
        } catch (IOException ex) {
          LOG.warn("could not remove the scratch folder {}", path, ex);
          left.add(new Sweep.LeftAlone(path, "could not be removed: " + ex.getMessage()));
        }
      }
    }
    return new Sweep(removed, left, inUse);
  }
}
