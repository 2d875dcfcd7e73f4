package org.secmem.data;

import org.secmem.names.CliName;
import org.secmem.names.Names;

/** The shapes of generated data. */
public enum Shape implements CliName {
  /** Uniformly random 32-bit ints. */
  UNIFORM("uniform"),
  /** Non-decreasing, spread evenly over the int range. */
  SORTED("sorted"),
  /** Non-increasing, spread evenly over the int range. */
  REVERSE("reverse"),
  /** Random picks among 16 seeded values. */
  FEW_DISTINCT("few-distinct"),
  /** One seeded value repeated. */
  EQUAL("equal");

  private final String cliName;

  Shape(String cliName) {
    this.cliName = cliName;
  }

  @Override
  public String cliName() {
    return cliName;
  }

  /**
   * The shape called {@code name}, case and surrounding spaces ignored.
   *
   * @throws IllegalArgumentException naming the value and the allowed names
   */
  public static Shape parse(String name) {
    return Names.parse(Shape.class, "shape", name);
  }

  @Override
  public String toString() {
    return cliName;
  }
}
