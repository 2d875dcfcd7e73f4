package org.secmem.seeds;

/** How a finding fares here. */
public enum Verdict {
  /** The measurement goes the report's way, beyond the noise of the runs. */
  AGREES("agrees"),
  /** The difference the report found is inside the noise here (its interval includes no change). */
  WITHIN_NOISE("within noise"),
  /** The measurement goes against the report, beyond the noise. */
  DIFFERS("differs"),
  /**
   * The results cannot test the finding: its conditions (data larger than memory, files of
   * gigabytes from the disk, the report's range of a parameter) are not in the configs run.
   */
  NOT_COMPARABLE("not comparable here"),
  /**
   * The methods that measured it (a shared JVM and fresh ones, two JVMs) give different verdicts:
   * none of them is this machine's.
   */
  UNSETTLED("unsettled");

  private final String word;

  Verdict(String word) {
    this.word = word;
  }

  /** The table's word. */
  public String word() {
    return word;
  }
}
