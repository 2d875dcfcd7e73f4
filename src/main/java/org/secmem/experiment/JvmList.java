package org.secmem.experiment;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The JVMs a sweep is measured on ({@code --jvm}): paths separated by '|', each a java binary or a
 * JDK's folder, each probed, no JVM named twice and no two of one version (rows tell JVMs apart by
 * {@code java_version}).
 */
public final class JvmList {

  private JvmList() {}

  /**
   * The JVMs of {@code values}, in order, each asked what it is.
   *
   * @throws IllegalArgumentException naming the path and what is wrong with it
   */
  public static List<Jvm> of(List<String> values) {
    List<String> given = paths(values);
    List<Jvm> out = new ArrayList<>();
    for (int i = 0; i < given.size(); i++) {
      String p = given.get(i);
      Jvm j;
      // A path that cannot be one is the IllegalArgumentException it throws, as is a bad JVM.
      j = Jvm.probe(Path.of(p));
      for (int o = 0; o < out.size(); o++) {
        Jvm other = out.get(o);
        String otherPath = given.get(o);
        if (other
            .java()
            .toAbsolutePath()
            .normalize()
            .equals(j.java().toAbsolutePath().normalize())) {
          throw new IllegalArgumentException(
              (otherPath.equals(p)
                      ? p + " is given twice"
                      : p + " names the JVM that " + otherPath + " names too")
                  + ": give each JVM once");
        }
        if (other.version().equals(j.version())) {
          // Rows tell JVMs apart by java_version: two of one version would be one configuration.
          throw new IllegalArgumentException(
              p
                  + " is "
                  + j.label()
                  + ", the version of "
                  + otherPath
                  + " too: give JVMs of different versions");
        }
      }
      out.add(j);
    }
    return out;
  }

  /**
   * The paths of {@code --jvm}'s values, each split at '|'.
   *
   * @throws IllegalArgumentException for an empty path (which would name the current folder, or be
   *     dropped), and for a path with '|' in it, which cannot be given: saying so
   */
  static List<String> paths(List<String> values) {
    List<String> out = new ArrayList<>();
    for (String value : values) {
      String[] parts = value.split("\\|", -1);
      for (int i = 0; i < parts.length; i++) {
        if (parts[i].isEmpty()) {
          throw new IllegalArgumentException(
              "an empty path in '"
                  + value
                  + "'; give a java binary or a JDK's folder, several separated by '|'");
        }
        if (!exists(parts[i])) {
          // A path with '|' in it is split like two: say so, rather than "no such file".
          for (int j = i + 1; j < parts.length; j++) {
            String joined = String.join("|", List.of(parts).subList(i, j + 1));
            if (exists(joined)) {
              throw new IllegalArgumentException(
                  joined
                      + " is one path with '|' in it, which --jvm splits at: give it through a"
                      + " link whose path has no '|'");
            }
          }
        }
        out.add(parts[i]);
      }
    }
    return out;
  }

  private static boolean exists(String path) {
    try {
      return Files.exists(Path.of(path));
    } catch (InvalidPathException e) {
      return false; // said when it is probed
    }
  }
}
