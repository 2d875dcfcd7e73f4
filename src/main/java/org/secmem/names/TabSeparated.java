package org.secmem.names;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A table kept as text beside the class that reads it (the result columns' meanings, the
 * parameters' help): UTF-8, one row a line, fields separated by tabs, blank lines and lines that
 * start with {@code #} left out.
 */
public final class TabSeparated {

  private TabSeparated() {}

  /**
   * The rows of {@code resource} beside {@code owner}, each split into its {@code fields} fields.
   *
   * @param layout the fields' names for the message, e.g. {@code column<TAB>meaning}
   * @throws IllegalStateException naming the resource when it is missing, or naming the line when
   *     it has another number of fields
   */
  public static List<List<String>> rows(
      Class<?> owner, String resource, int fields, String layout) {
    List<String> lines;
    try (InputStream in = owner.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException(resource + " is missing from the class path");
      }
      lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<List<String>> rows = new ArrayList<>();
    for (String line : lines) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      String[] f = line.split("\t", -1);
      if (f.length != fields) {
        throw new IllegalStateException(resource + ": not '" + layout + "': " + line);
      }
      rows.add(List.of(f));
    }
    return List.copyOf(rows);
  }
}
