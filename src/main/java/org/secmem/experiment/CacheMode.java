package org.secmem.experiment;

import java.util.Locale;

/** The page-cache state asked for before each timed run. */
public enum CacheMode {
  /** Page cache dropped (needs root): data comes from storage. */
  COLD("cold"),
  /** The files read once before the clock starts: data comes from memory. */
  WARM("warm"),
  /** Nothing done: whatever the previous run left. */
  AS_IS("as-is");

  private final String cliName;

  CacheMode(String cliName) {
    this.cliName = cliName;
  }

  public String cliName() {
    return cliName;
  }

  public static CacheMode parse(String name) {
    String n = name.trim().toLowerCase(Locale.ROOT);
    for (CacheMode m : values()) {
      if (m.cliName.equals(n)) {
        return m;
      }
    }
    throw new IllegalArgumentException(
        "unknown cache state '" + name + "' (allowed: cold, warm, as-is)");
  }

  @Override
  public String toString() {
    return cliName;
  }
}
