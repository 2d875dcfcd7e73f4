package org.secmem.fs;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * What a sweep for leftovers did: what it removed, what it found but left alone, with why (another
 * user's, a live process's on another machine, holding something secmem never makes), and what it
 * kept because its owner still runs here (a sort at work, or a killed one whose JVM is still
 * exiting and so still holds its lock).
 */
public record Sweep(List<Path> removed, List<LeftAlone> leftAlone, List<LeftAlone> inUse) {

  /** Something that looked like a leftover and was not removed. */
  public record LeftAlone(Path path, String reason) {}

  /**
   * How long what a process left (a folder or file without its owner marker, an empty cgroup) is
   * left untouched before it counts as abandoned: a live writer makes its marker right after its
   * file and keeps its modification time fresh.
   */
  public static final Duration ABANDONED_AFTER = Duration.ofMinutes(1);

  public Sweep {
    removed = List.copyOf(removed);
    leftAlone = List.copyOf(leftAlone);
    inUse = List.copyOf(inUse);
  }

  /** A sweep that found nothing in use. */
  public Sweep(List<Path> removed, List<LeftAlone> leftAlone) {
    this(removed, leftAlone, List.of());
  }

  public static Sweep empty() {
    return new Sweep(List.of(), List.of(), List.of());
  }

  /** This sweep and {@code other}'s, in that order. */
  public Sweep and(Sweep other) {
    return new Sweep(
        joined(removed, other.removed),
        joined(leftAlone, other.leftAlone),
        joined(inUse, other.inUse));
  }

  private static <T> List<T> joined(List<T> a, List<T> b) {
    List<T> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }
}
