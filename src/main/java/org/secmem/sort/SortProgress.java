package org.secmem.sort;

/** Hears how far a sort is, at coarse intervals (per run or per merge group, never per int). */
@FunctionalInterface
public interface SortProgress {

  /**
   * @param phase e.g. {@code run formation} or {@code merge pass 2 of 3}
   * @param done ints done in this phase
   * @param total ints in this phase
   */
  void update(String phase, long done, long total);

  static SortProgress none() {
    return (phase, done, total) -> {};
  }
}
