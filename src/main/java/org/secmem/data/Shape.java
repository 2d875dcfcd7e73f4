package org.secmem.data;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The shapes of generated data. */
public enum Shape {
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

  public String cliName() {
    return cliName;
  }

  public static String allowedNames() {
    return Arrays.stream(values()).map(Shape::cliName).collect(Collectors.joining(", "));
  }

  /**
   * Parses a CLI name, ignoring case.
   *
   * @throws IllegalArgumentException naming the value and the allowed names
   */
  public static Shape parse(String name) {
    String n = name.trim().toLowerCase(Locale.ROOT);
    for (Shape s : values()) {
      if (s.cliName.equals(n)) {
        return s;
      }
    }
    throw new IllegalArgumentException(
        "unknown shape '" + name + "' (allowed: " + allowedNames() + ")");
  }

  @Override
  public String toString() {
    return cliName;
  }
}
