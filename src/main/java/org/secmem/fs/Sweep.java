package org.secmem.fs;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What a sweep for leftovers did: what it removed, and what it found but left alone, with why
 * (another user's, a live process's on another machine, holding something secmem never makes).
 */
public record Sweep(List<Path> removed, List<LeftAlone> leftAlone) {

  /** Something that looked like a leftover and was not removed. */
  public record LeftAlone(Path path, String reason) {}

  public Sweep {
    removed = List.copyOf(removed);
    leftAlone = List.copyOf(leftAlone);
  }

  public static Sweep empty() {
    return new Sweep(List.of(), List.of());
  }

  /** This sweep and {@code other}'s, in that order. */
  public Sweep and(Sweep other) {
    List<Path> r = new ArrayList<>(removed);
    r.addAll(other.removed);
    List<LeftAlone> l = new ArrayList<>(leftAlone);
    l.addAll(other.leftAlone);
    return new Sweep(r, l);
  }
}
