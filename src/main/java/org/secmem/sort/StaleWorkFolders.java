package org.secmem.sort;

import static org.secmem.sort.WorkDirectory.ABANDONED_AFTER;
import static org.secmem.sort.WorkDirectory.MARKER;
import static org.secmem.sort.WorkDirectory.PREFIX;

import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
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
import org.secmem.fs.SecureFolder;
import org.secmem.fs.Sweep;
import org.secmem.fs.ThisMachine;

/**
 * The sweep for work folders whose sort is gone ({@link WorkDirectory#removeStale}): which folders
 * are secmem's and abandoned, judged and removed relative to folders opened without following
 * links, and which are left alone, with why.
 */
final class StaleWorkFolders {

  private static final Pattern NAME_PID = Pattern.compile(Pattern.quote(PREFIX) + "(\\d{1,18})-.*");

  private static final Logger LOG = LogManager.getLogger(StaleWorkFolders.class);

  private StaleWorkFolders() {}

  static Sweep sweep(Path parent, Instant now, WorkDirectory.Deleter deleter, long deadPid)
      throws IOException {
    List<Path> removed = new ArrayList<>();
    List<Sweep.LeftAlone> left = new ArrayList<>();
    List<Sweep.LeftAlone> inUse = new ArrayList<>();
    if (!Files.isDirectory(parent)) {
      return Sweep.empty();
    }
    if (!SecureFolder.supported(parent)) {
      LOG.warn(
          "{}: this platform cannot remove folders without following links"
              + " (no SecureDirectoryStream); leftovers of killed sorts are not removed",
          parent);
      return new Sweep(
          List.of(),
          List.of(
              new Sweep.LeftAlone(
                  parent,
                  "this platform cannot remove folders without following links, so no leftover in"
                      + " it is removed")));
    }
    ThisMachine here = ThisMachine.current();
    String me = SecureFolder.currentUser().getName();
    long myPid = ProcessHandle.current().pid();
    try (SecureFolder p = SecureFolder.openFollowing(parent)) {
      for (SecureFolder.Entry e : p.list(name -> name.startsWith(PREFIX))) {
        if (!e.name().startsWith(PREFIX)
            || e.kind() != SecureFolder.Kind.FOLDER
            || pidInName(e.name()).filter(pid -> pid == myPid).isPresent()) {
          continue;
        }
        Path path = parent.resolve(e.name());
        boolean ofTheDead =
            deadPid > 0 && pidInName(e.name()).filter(pid -> pid == deadPid).isPresent();
        try (SecureFolder f = p.openFolder(e.name())) {
          OwnerMarker.Verdict v = staleBecause(f, me, ofTheDead ? Instant.MAX : now, here);
          if (v.state() != OwnerMarker.State.GONE) {
            LOG.debug("Kept {}: {}", path, v.reason());
            if (ofTheDead) {
              LOG.info(
                  "Kept {}, though its process {} ended: its marker says it runs", path, deadPid);
            }
            inUse.add(new Sweep.LeftAlone(path, v.reason()));
            continue;
          }
          Optional<String> refused = removeLeftover(p, f, e.name(), deleter);
          if (refused.isEmpty()) {
            removed.add(path);
            LOG.info("Removed stale work folder {}: {}", path, v.reason());
          } else {
            left.add(new Sweep.LeftAlone(path, refused.get()));
          }
        } catch (Refusal r) {
          left.add(new Sweep.LeftAlone(path, r.getMessage()));
          LOG.info("Left {} alone: {}", path, r.getMessage());
        } catch (NoSuchFileException | NotDirectoryException x) {
          // Removed or replaced meanwhile (by its owner, another clean, or someone swapping in a
          // link): nothing of secmem's is at that name now.
          LOG.debug("{} went away or changed while it was looked at", path, x);
        }
      }
    }
    return new Sweep(removed, left, inUse);
  }

  /** A folder that is not to be removed, and why, in words for the user. */
  private static final class Refusal extends Exception {
    private static final long serialVersionUID = 1L;

    Refusal(String why) {
      super(why, null, false, false);
    }
  }

  /**
   * Whether the open folder {@code f} is abandoned ({@code GONE}) or may belong to a live sort
   * ({@code LIVE}), and why.
   *
   * @throws Refusal when it is not secmem's to judge (another user's, holding what secmem never
   *     makes, an owner that cannot be checked from here)
   */
  private static OwnerMarker.Verdict staleBecause(
      SecureFolder f, String me, Instant now, ThisMachine here) throws IOException, Refusal {
    String owner = f.owner().getName();
    if (!owner.equals(me)) {
      throw new Refusal("owned by " + owner + ", not " + me);
    }
    Optional<String> foreign = foreignEntry(f);
    if (foreign.isPresent()) {
      throw new Refusal(foreign.get());
    }
    Optional<OwnerMarker.Verdict> v = OwnerMarker.judge(f, MARKER, here);
    if (v.isPresent()) {
      if (v.get().state() == OwnerMarker.State.UNKNOWN) {
        throw new Refusal(v.get().reason());
      }
      return v.get();
    }
    Instant modified = Instant.ofEpochMilli(f.modifiedMillis());
    if (modified.plus(ABANDONED_AFTER).isBefore(now)) {
      return new OwnerMarker.Verdict(
          OwnerMarker.State.GONE, "no marker, untouched since " + modified);
    }
    return new OwnerMarker.Verdict(
        OwnerMarker.State.LIVE,
        "no marker yet, changed at " + modified + ": a sort may be starting");
  }

  /** What in {@code f} secmem never makes in a work folder (anything but a file); empty if none. */
  private static Optional<String> foreignEntry(SecureFolder f) throws IOException {
    for (SecureFolder.Entry x : f.list()) {
      if (x.kind() != SecureFolder.Kind.FILE) {
        return Optional.of(
            "holds "
                + x.kind().described()
                + " ('"
                + x.name()
                + "'), which secmem never makes in a work folder");
      }
    }
    return Optional.empty();
  }

  /**
   * Deletes the files of the abandoned folder {@code f} (named {@code name} in {@code p}), the
   * marker last, then the folder. Each file is unlinked relative to the open folder, so a file
   * swapped for a link goes as a link and one swapped for a folder is refused.
   *
   * @return empty when it is gone, else why it was left
   */
  private static Optional<String> removeLeftover(
      SecureFolder p, SecureFolder f, String name, WorkDirectory.Deleter deleter)
      throws IOException {
    try {
      for (SecureFolder.Entry x : f.list()) {
        if (!x.name().equals(MARKER)) {
          deleter.delete(f, x.name());
        }
      }
      deleter.delete(f, MARKER);
      deleter.delete(p, name);
      return Optional.empty();
    } catch (DirectoryNotEmptyException e) {
      return Optional.of("something was added to it while it was removed");
    } catch (FileSystemException e) {
      if (e instanceof NoSuchFileException) {
        throw e;
      }
      String reason = e.getReason() == null ? e.getClass().getSimpleName() : e.getReason();
      return Optional.of("could not be removed: " + reason);
    }
  }

  private static Optional<Long> pidInName(String name) {
    Matcher m = NAME_PID.matcher(name);
    return m.matches() ? Optional.of(Long.parseLong(m.group(1))) : Optional.empty();
  }
}
