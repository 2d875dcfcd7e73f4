package org.secmem.experiment;

import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import org.secmem.names.CliName;
import org.secmem.names.Names;

/** The priority queues the pq experiment times; the {@code algorithm} column names which. */
public enum PqImpl implements CliName {
  /** {@link org.secmem.buffertree.ExternalPriorityQueue}: Arge's buffer tree, M ints of memory. */
  BUFFER_TREE("buffer-tree"),
  /** {@link java.util.PriorityQueue} of boxed Integers: the in-memory baseline. */
  JAVA("java");

  private final String cliName;

  PqImpl(String cliName) {
    this.cliName = cliName;
  }

  @Override
  public String cliName() {
    return cliName;
  }

  /**
   * The implementation called {@code name}.
   *
   * @throws IllegalArgumentException naming the text and the names allowed
   */
  public static PqImpl parse(String name) {
    return Names.parse(PqImpl.class, "priority queue", name);
  }

  /**
   * The queues of {@code text}: names separated by commas, or both; each once, in order.
   *
   * @throws IllegalArgumentException naming the word that is no queue and the words allowed
   */
  public static Set<PqImpl> list(String text) {
    Set<PqImpl> out = new LinkedHashSet<>();
    for (String part : text.split(",", -1)) {
      String t = part.trim().toLowerCase(Locale.ROOT);
      if (t.equals("both")) {
        out.add(BUFFER_TREE);
        out.add(JAVA);
        continue;
      }
      try {
        out.add(parse(t));
      } catch (IllegalArgumentException e) {
        // "both" is a word of the list, not a queue: the message adds it to the queues' names.
        throw new IllegalArgumentException(
            Names.unknown("priority queue", part.trim(), Names.allowed(PqImpl.class) + ", both")
                .getMessage(),
            e);
      }
    }
    return out;
  }

  @Override
  public String toString() {
    return cliName;
  }
}
