package org.secmem.results;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.secmem.engine.SortEngines;

/**
 * What a row of the raw results file is a run of: an experiment, and for a sort its algorithm (or
 * another engine). Each kind has its own schema, the columns it may fill ({@link
 * ResultColumn#rows()}): a {@link ResultRow} of one kind refuses a cell in another kind's column,
 * so a trial cannot fill a column that its documentation says stays blank for it. Every kind shares
 * one file and one header; a column that does not apply to a row's kind is blank in it.
 */
public enum RowKind {
  WRITE("write", ""),
  READ("read", ""),
  MERGE_SORT("sort", "merge"),
  IN_MEMORY_SORT("sort", "in-memory"),
  BUFFER_TREE_SORT("sort", "buffer-tree"),
  /** A sort by another engine (one of the engine registry's). */
  ENGINE_SORT("sort", "engine"),
  PQ("pq", "");

  /** Every kind's rows. */
  public static final Set<RowKind> ALL = Collections.unmodifiableSet(EnumSet.allOf(RowKind.class));

  /** Write and read. */
  public static final Set<RowKind> STREAMS = of(WRITE, READ);

  /** Every sort, secmem's own and another engine's. */
  public static final Set<RowKind> SORTS =
      of(MERGE_SORT, IN_MEMORY_SORT, BUFFER_TREE_SORT, ENGINE_SORT);

  /** secmem's own sorts: its streams, its memory plan, its counters. */
  public static final Set<RowKind> OWN_SORTS = of(MERGE_SORT, IN_MEMORY_SORT, BUFFER_TREE_SORT);

  /** The sorts that form runs and merge them (the in-memory sort: one run, no merge). */
  public static final Set<RowKind> RUN_SORTS = of(MERGE_SORT, IN_MEMORY_SORT);

  /** The rows of a buffer tree: its sort and its priority queue. */
  public static final Set<RowKind> TREES = of(BUFFER_TREE_SORT, PQ);

  private static final String SORT = "sort";

  private final String experiment;
  private final String algorithm;

  RowKind(String experiment, String algorithm) {
    this.experiment = experiment;
    this.algorithm = algorithm;
  }

  /** The {@code experiment} cell of its rows. */
  public String experiment() {
    return experiment;
  }

  /** What it is, in a sentence: "write", "merge sort", "engine sort". */
  public String title() {
    return algorithm.isEmpty() ? experiment : algorithm + " " + experiment;
  }

  /** The kinds of {@code first} and {@code more}, as an unmodifiable set. */
  public static Set<RowKind> of(RowKind first, RowKind... more) {
    return Collections.unmodifiableSet(EnumSet.of(first, more));
  }

  /** The union of {@code sets}, as an unmodifiable set. */
  @SafeVarargs
  public static Set<RowKind> union(Set<RowKind>... sets) {
    EnumSet<RowKind> all = EnumSet.noneOf(RowKind.class);
    for (Set<RowKind> s : sets) {
      all.addAll(s);
    }
    return Collections.unmodifiableSet(all);
  }

  /**
   * The kind of a row whose {@code experiment}, {@code algorithm} and {@code engine} cells are
   * these: a sort by another engine when its engine is neither blank nor {@code secmem}, else the
   * algorithm's sort.
   *
   * @throws IllegalArgumentException when they name no kind
   */
  public static RowKind of(String experiment, String algorithm, String engine) {
    for (RowKind k : values()) {
      if (!k.experiment.equals(experiment)) {
        continue;
      }
      if (!k.experiment.equals(SORT)) {
        return k;
      }
      boolean other = !engine.isEmpty() && !engine.equals(SortEngines.SECMEM);
      if (other ? k == ENGINE_SORT : k.algorithm.equals(algorithm)) {
        return k;
      }
    }
    throw new IllegalArgumentException(
        "no kind of row has experiment '"
            + experiment
            + "', algorithm '"
            + algorithm
            + "' and engine '"
            + engine
            + "'");
  }

  /**
   * Kinds as the documentation names them: {@code all}, or the experiments in order, a sort's
   * algorithms in brackets unless every sort's ("sort (merge, in-memory), pq").
   */
  public static String describe(Set<RowKind> kinds) {
    if (kinds.containsAll(ALL)) {
      return "all";
    }
    List<String> parts = new ArrayList<>();
    List<String> sorts = new ArrayList<>();
    for (RowKind k : values()) {
      if (!kinds.contains(k)) {
        continue;
      }
      if (k.experiment.equals(SORT)) {
        if (sorts.isEmpty()) {
          parts.add(SORT);
        }
        sorts.add(k.algorithm);
      } else {
        parts.add(k.experiment);
      }
    }
    if (!sorts.isEmpty() && !kinds.containsAll(SORTS)) {
      int at = parts.indexOf(SORT);
      parts.set(at, SORT + " (" + String.join(", ", sorts) + ")");
    }
    return String.join(", ", parts).toLowerCase(Locale.ROOT);
  }
}
