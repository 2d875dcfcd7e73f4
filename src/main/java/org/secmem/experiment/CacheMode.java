package org.secmem.experiment;

import org.secmem.names.CliName;
import org.secmem.names.Names;

/** The page-cache state asked for before each timed run. */
public enum CacheMode implements CliName {
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

  @Override
  public String cliName() {
    return cliName;
  }

  /**
   * The cache state called {@code name}, case and surrounding spaces ignored.
   *
   * @throws IllegalArgumentException naming the text and the names allowed
   */
  public static CacheMode parse(String name) {
    return Names.parse(CacheMode.class, "cache state", name);
  }

  @Override
  public String toString() {
    return cliName;
  }
}
