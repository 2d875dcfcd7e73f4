package org.secmem.probe;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.secmem.fs.OpenFiles;
import org.secmem.fs.OwnerMarker;
import org.secmem.fs.Ownership;
import org.secmem.fs.SecureFolder;
import org.secmem.fs.Sweep;
import org.secmem.fs.ThisMachine;

/**
 * The files a {@code secmem probe} killed with kill -9 left in the folder it probed: its scratch
 * files {@code .secmem-probe-<uuid>.device}, {@code .cache} and {@code .copy} (up to --size each),
 * and the owner marker {@code .secmem-probe-<uuid>.<pid>.owner} whose lock the probe holds while it
 * runs ({@link OwnerMarker}). {@code secmem clean} and the next probe in that folder remove them.
 */
public final class ProbeLeftovers {

  /** How the names of a probe's files begin. */
  static final String PREFIX = ".secmem-probe-";

  private static final String UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

  private static final Pattern SCRATCH =
      Pattern.compile(Pattern.quote(PREFIX) + "(" + UUID + ")\\.(device|cache|copy)");

  private static final Pattern OWNER =
      Pattern.compile(Pattern.quote(PREFIX) + "(" + UUID + ")\\.(\\d{1,18})\\.owner");

  /**
   * How long a scratch file without a marker (an older version's) is left untouched before it
   * counts as abandoned; a probe without a marker that still runs is seen holding it open.
   */
  static final Duration ABANDONED_AFTER = Sweep.ABANDONED_AFTER;

  private static final Logger LOG = LogManager.getLogger(ProbeLeftovers.class);

  private ProbeLeftovers() {}

  /** The owner marker's name for the probe of {@code uuid} in this process. */
  static String ownerName(String uuid) {
    return PREFIX + uuid + "." + ProcessHandle.current().pid() + ".owner";
  }

  /**
   * Removes from {@code dir} the probe files of this user whose probe is gone: the lock on their
   * owner marker is free; or, without a marker, nobody has written them since {@link
   * #ABANDONED_AFTER} before {@code now} and no process here holds them open. Each is unlinked
   * relative to the folder opened once (a link at such a name goes as the link). Files of a probe
   * that still runs are kept; another user's, or those of a probe on another machine, are left
   * alone.
   */
  public static Sweep removeStale(Path dir, Instant now) throws IOException {
    if (!Files.isDirectory(dir)) {
      return Sweep.empty();
    }
    List<Path> removed = new ArrayList<>();
    List<Sweep.LeftAlone> left = new ArrayList<>();
    List<Sweep.LeftAlone> inUse = new ArrayList<>();
    ThisMachine here = ThisMachine.current();
    long myPid = ProcessHandle.current().pid();
    try (SecureFolder folder = SecureFolder.openFollowing(dir)) {
      String me = SecureFolder.currentUser().getName();
      List<SecureFolder.Entry> entries = folder.list(name -> name.startsWith(PREFIX));
      Map<String, String> markers = new HashMap<>(); // uuid -> the marker's name
      for (SecureFolder.Entry e : entries) {
        Matcher m = OWNER.matcher(e.name());
        if (m.matches() && e.kind() == SecureFolder.Kind.FILE && pidOf(m) != myPid) {
          markers.put(m.group(1), e.name());
        }
      }
      Map<String, Optional<OwnerMarker.Verdict>> verdicts = new HashMap<>();
      Set<Path> open = null;
      for (SecureFolder.Entry e : entries) {
        Matcher m = SCRATCH.matcher(e.name());
        if (!m.matches() || e.kind() != SecureFolder.Kind.FILE) {
          continue;
        }
        Path p = dir.resolve(e.name());
        Optional<String> owner = folder.ownerOf(e.name());
        if (owner.isEmpty()) {
          continue; // removed meanwhile by its probe
        }
        if (!owner.get().equals(me)) {
          left.add(new Sweep.LeftAlone(p, "owned by " + owner.get() + ", not " + me));
          continue;
        }
        String marker = markers.get(m.group(1));
        String why = null;
        if (marker != null) {
          Optional<OwnerMarker.Verdict> v = verdicts.get(marker);
          if (v == null) {
            v = OwnerMarker.judge(folder, marker, here);
            verdicts.put(marker, v);
          }
          if (v.isPresent() && v.get().state() == OwnerMarker.State.LIVE) {
            inUse.add(new Sweep.LeftAlone(p, v.get().reason()));
            continue;
          }
          if (v.isPresent() && v.get().state() == OwnerMarker.State.UNKNOWN) {
            left.add(new Sweep.LeftAlone(p, v.get().reason()));
            continue;
          }
          why = v.map(OwnerMarker.Verdict::reason).orElse(null);
        } else if (ownMarkerExists(entries, m.group(1), myPid)) {
          continue; // this process's own probe
        }
        if (why == null) {
          Instant modified = Instant.ofEpochMilli(e.modifiedMillis());
          if (!modified.plus(ABANDONED_AFTER).isBefore(now)) {
            continue;
          }
          if (open == null) {
            open = OpenFiles.now();
          }
          if (open.contains(dir.toRealPath().resolve(e.name()))) {
            inUse.add(new Sweep.LeftAlone(p, "a process holds it open"));
            continue;
          }
          why = "untouched since " + modified;
        }
        if (Ownership.deleteMade(folder, e.name(), Ownership.Made.PART)) {
          removed.add(p);
          LOG.info("Removed the probe's file {}: {}", p, why);
        }
      }
      // Markers of probes that are gone, their files removed above or by the probe itself.
      for (String marker : markers.values()) {
        if (!folder.ownerOf(marker).map(me::equals).orElse(false)) {
          continue;
        }
        Optional<OwnerMarker.Verdict> v = verdicts.get(marker);
        if (v == null) {
          v = OwnerMarker.judge(folder, marker, here);
        }
        if (v.isPresent()
            && v.get().state() == OwnerMarker.State.GONE
            && Ownership.deleteMade(folder, marker, Ownership.Made.PART)) {
          LOG.info("Removed the owner marker {} of a probe that is gone", marker);
        }
      }
    }
    return new Sweep(removed, left, inUse);
  }

  private static boolean ownMarkerExists(
      List<SecureFolder.Entry> entries, String uuid, long myPid) {
    return entries.stream().anyMatch(e -> e.name().equals(PREFIX + uuid + "." + myPid + ".owner"));
  }

  private static long pidOf(Matcher owner) {
    return Long.parseLong(owner.group(2));
  }
}
