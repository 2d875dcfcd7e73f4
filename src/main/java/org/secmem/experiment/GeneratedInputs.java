package org.secmem.experiment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.secmem.fs.SecureFolder;
import org.secmem.fs.Sweep;

/**
 * The inputs secmem generates and keeps for later runs, named here and recognised here: a write or
 * read experiment's streams ({@code ints-n<N>-s<seed>-<j>.bin}, see {@link DataSet}) and a sort's
 * generated input ({@code sort-input-n<N>-<shape>-s<seed>.bin}). {@code secmem clean --data}
 * removes them; a later run makes them again.
 */
public final class GeneratedInputs {

  /** A file written this recently may be in the making, or in use where {@code /proc} is blind. */
  public static final Duration IN_USE_WINDOW = Duration.ofMinutes(1);

  private static final Pattern STREAM =
      Pattern.compile("ints-n\\d{1,19}-s-?\\d{1,19}-\\d{1,9}\\.bin");

  private static final Pattern SORT_INPUT =
      Pattern.compile("sort-input-n\\d{1,19}-[a-z][a-z-]{0,31}-s-?\\d{1,19}\\.bin");

  private static final Logger LOG = LogManager.getLogger(GeneratedInputs.class);

  private GeneratedInputs() {}

  /** Stream {@code j}'s file of a write or read experiment. */
  static String streamName(long n, long seed, int j) {
    return "ints-n" + n + "-s" + seed + "-" + j + ".bin";
  }

  /** A sort's generated input. */
  static String sortInputName(long n, String shape, long seed) {
    return "sort-input-n" + n + "-" + shape + "-s" + seed + ".bin";
  }

  /** Whether {@code name} is one of the names above. */
  public static boolean isGenerated(String name) {
    return STREAM.matcher(name).matches() || SORT_INPUT.matcher(name).matches();
  }

  /**
   * Removes the generated inputs in {@code dir}: plain files of this user only, each unlinked
   * relative to the folder opened once (a link at such a name is left alone, never followed). A
   * file another process holds open ({@code open}, real paths) or that changed within {@link
   * #IN_USE_WINDOW} of {@code now} is kept and listed as in use.
   *
   * @return what was removed, left alone (another user's, a link) and kept in use
   */
  public static Sweep remove(Path dir, Instant now, Set<Path> open) throws IOException {
    List<Path> removed = new ArrayList<>();
    List<Sweep.LeftAlone> left = new ArrayList<>();
    List<Sweep.LeftAlone> inUse = new ArrayList<>();
    if (!Files.isDirectory(dir)) {
      return Sweep.empty();
    }
    Path real = dir.toRealPath();
    try (SecureFolder folder = SecureFolder.openFollowing(dir)) {
      String me = SecureFolder.currentUser().getName();
      List<SecureFolder.Entry> entries = new ArrayList<>(folder.list(GeneratedInputs::isGenerated));
      entries.sort(Comparator.comparing(SecureFolder.Entry::name));
      for (SecureFolder.Entry e : entries) {
        Path p = dir.resolve(e.name());
        if (e.kind() != SecureFolder.Kind.FILE) {
          left.add(new Sweep.LeftAlone(p, "not a plain file (" + e.kind().described() + ")"));
          continue;
        }
        Optional<String> owner = folder.ownerOf(e.name());
        if (owner.isEmpty()) {
          continue; // gone meanwhile
        }
        if (!owner.get().equals(me)) {
          left.add(new Sweep.LeftAlone(p, "owned by " + owner.get() + ", not " + me));
          continue;
        }
        if (open.contains(real.resolve(e.name()))) {
          inUse.add(new Sweep.LeftAlone(p, "a process has it open"));
          continue;
        }
        Instant modified = Instant.ofEpochMilli(e.modifiedMillis());
        if (modified.plus(IN_USE_WINDOW).isAfter(now)) {
          inUse.add(new Sweep.LeftAlone(p, "written at " + modified + ", under a minute ago"));
          continue;
        }
        if (folder.deleteFile(e.name())) {
          removed.add(p);
          LOG.info("Removed generated input {}", p);
        }
      }
    }
    return new Sweep(removed, left, inUse);
  }
}
