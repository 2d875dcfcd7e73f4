package org.secmem.experiment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.secmem.data.Shape;
import org.secmem.fs.OwnerMarker;
import org.secmem.fs.Ownership;
import org.secmem.fs.SecureFolder;
import org.secmem.fs.Sweep;
import org.secmem.fs.ThisMachine;

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
      Pattern.compile("ints-n(0|[1-9]\\d{0,18})-s(0|-?[1-9]\\d{0,18})-(0|[1-9]\\d{0,8})\\.bin");

  private static final Pattern SORT_INPUT =
      Pattern.compile(
          "sort-input-n(0|[1-9]\\d{0,18})-([a-z][a-z-]{0,31})-s(0|-?[1-9]\\d{0,18})\\.bin");

  /**
   * The marker a run holds in the data folder while it uses the inputs there: {@code
   * .secmem-inputs.<pid>.<uuid>.owner}, locked for the run's life ({@link OwnerMarker}).
   */
  private static final Pattern IN_USE =
      Pattern.compile("\\.secmem-inputs\\.\\d{1,18}\\.[0-9a-f-]{36}\\.owner");

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

  /**
   * The number of ints a generated input of this name holds; empty when the name is none secmem
   * gives (a shape it has not, a number it would not write so, a number too large for a file).
   */
  static Optional<Long> intsNamed(String name) {
    try {
      Matcher m = STREAM.matcher(name);
      if (m.matches()) {
        return ints(m.group(1));
      }
      Matcher sort = SORT_INPUT.matcher(name);
      if (sort.matches()) {
        String named = sort.group(2);
        boolean shape = Arrays.stream(Shape.values()).anyMatch(sh -> sh.cliName().equals(named));
        return shape ? ints(sort.group(1)) : Optional.empty();
      }
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
    return Optional.empty();
  }

  private static Optional<Long> ints(String n) {
    long ints = Long.parseLong(n);
    return ints <= Long.MAX_VALUE / Integer.BYTES ? Optional.of(ints) : Optional.empty();
  }

  /** Whether {@code name} is one of the names above. */
  public static boolean isGenerated(String name) {
    return intsNamed(name).isPresent();
  }

  /**
   * Says, while the returned marker is open, that this process uses the generated inputs in {@code
   * dir}: {@code secmem clean --data} keeps them all meanwhile (between two repetitions too, when
   * no file is open). The folder must exist.
   */
  public static InputsInUse use(Path dir) throws IOException {
    Path marker =
        dir.resolve(
            ".secmem-inputs." + ProcessHandle.current().pid() + "." + UUID.randomUUID() + ".owner");
    OwnerMarker m = OwnerMarker.create(marker);
    return new InputsInUse(marker, m);
  }

  /** The marker of {@link #use}: closing it removes it. */
  public static final class InputsInUse implements java.io.Closeable {
    private final Path path;
    private final OwnerMarker marker;

    private InputsInUse(Path path, OwnerMarker marker) {
      this.path = path;
      this.marker = marker;
    }

    @Override
    public void close() throws IOException {
      try {
        Ownership.discardTemporary(path);
      } finally {
        marker.close();
      }
    }
  }

  /**
   * Removes the generated inputs in {@code dir}: files secmem wrote and marked as int files ({@link
   * Ownership}), of this user, whose name is one secmem gives and whose length is the N it names,
   * each unlinked relative to the folder opened once without following links (a folder that is a
   * link is left alone). Anything else is left as it is, silently where it only shares a name's
   * look. A file another process holds open ({@code open}, real paths) or that changed within
   * {@link #IN_USE_WINDOW} of {@code now} is kept and listed as in use; all of them are while a
   * secmem run that uses this folder's inputs is alive ({@link #use}).
   *
   * @return what was removed, left alone (another user's, a link) and kept in use
   */
  public static Sweep remove(Path dir, Instant now, Set<Path> open) throws IOException {
    List<Path> removed = new ArrayList<>();
    List<Sweep.LeftAlone> left = new ArrayList<>();
    List<Sweep.LeftAlone> inUse = new ArrayList<>();
    if (Files.isSymbolicLink(dir)) {
      return new Sweep(
          List.of(),
          List.of(
              new Sweep.LeftAlone(
                  dir,
                  "a symbolic link: secmem removes nothing through links (name the folder it"
                      + " points to)")));
    }
    if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
      return new Sweep(
          List.of(),
          List.of(new Sweep.LeftAlone(dir, Files.exists(dir) ? "not a folder" : "no such folder")));
    }
    Path real = dir.toRealPath();
    ThisMachine here = ThisMachine.current();
    long myPid = ProcessHandle.current().pid();
    try (SecureFolder folder = SecureFolder.open(dir)) {
      String me = SecureFolder.currentUser().getName();
      Optional<String> user = Optional.empty();
      for (SecureFolder.Entry e : folder.list(name -> IN_USE.matcher(name).matches())) {
        if (e.kind() != SecureFolder.Kind.FILE) {
          continue;
        }
        if (e.name().startsWith(".secmem-inputs." + myPid + ".")) {
          // This very process uses them (judging its marker would drop its lock).
          user = Optional.of("this process (" + myPid + ") uses them");
          continue;
        }
        Optional<OwnerMarker.Verdict> v = OwnerMarker.judge(folder, e.name(), here);
        if (v.isPresent() && v.get().state() != OwnerMarker.State.GONE) {
          user = Optional.of(v.get().reason());
        } else if (v.isPresent() && folder.ownerOf(e.name()).map(me::equals).orElse(false)) {
          Ownership.deleteMade(folder, e.name(), Ownership.Made.PART);
        }
      }
      List<SecureFolder.Entry> entries = new ArrayList<>(folder.list(GeneratedInputs::isGenerated));
      entries.sort(Comparator.comparing(SecureFolder.Entry::name));
      for (SecureFolder.Entry e : entries) {
        Path p = dir.resolve(e.name());
        if (e.kind() != SecureFolder.Kind.FILE) {
          left.add(new Sweep.LeftAlone(p, "not a plain file (" + e.kind().described() + ")"));
          continue;
        }
        Optional<String> owner = folder.ownerOf(e.name());
        Optional<BasicFileAttributes> a = folder.attributes(e.name());
        if (owner.isEmpty() || a.isEmpty()) {
          continue; // gone meanwhile
        }
        if (!owner.get().equals(me)) {
          left.add(new Sweep.LeftAlone(p, "owned by " + owner.get() + ", not " + me));
          continue;
        }
        long n = intsNamed(e.name()).orElseThrow();
        if (a.get().size() != n * Integer.BYTES || !Ownership.isMade(p, Ownership.Made.INT_FILE)) {
          left.add(
              new Sweep.LeftAlone(
                  p,
                  a.get().size() != n * Integer.BYTES
                      ? a.get().size() + " bytes, not the " + n * Integer.BYTES + " its name says"
                      : "secmem did not write it (no user.secmem mark)"));
          continue;
        }
        if (user.isPresent()) {
          inUse.add(
              new Sweep.LeftAlone(p, "a secmem run uses this folder's inputs: " + user.get()));
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
        if (Ownership.deleteMade(folder, e.name(), Ownership.Made.INT_FILE)) {
          removed.add(p);
          LOG.info("Removed generated input {}", p);
        }
      }
    }
    return new Sweep(removed, left, inUse);
  }
}
