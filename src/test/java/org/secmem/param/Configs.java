package org.secmem.param;

import org.secmem.experiment.MergeMethod;
import org.secmem.experiment.OwnSort;
import org.secmem.experiment.SortTrialSpec;
import org.secmem.experiment.StreamsConfig;
import org.secmem.sort.SortAlgorithm;

/** A parameter file's configuration, seen as the type a test expects it to be. */
public final class Configs {

  private Configs() {}

  /** The sort configuration; fails the test when it is not one. */
  public static SortTrialSpec sort(RunConfig c) {
    return cast(c.configuration(), SortTrialSpec.class, c);
  }

  /** The write or read configuration. */
  public static StreamsConfig streams(RunConfig c) {
    return cast(c.configuration(), StreamsConfig.class, c);
  }

  /** secmem's own sort of the configuration. */
  public static OwnSort own(RunConfig c) {
    return cast(sort(c).method(), OwnSort.class, c);
  }

  /** The merge sort of the configuration. */
  public static MergeMethod merge(RunConfig c) {
    return cast(sort(c).method(), MergeMethod.class, c);
  }

  /** secmem's own sort algorithm of the configuration; null for write, read or another engine. */
  public static SortAlgorithm algorithm(RunConfig c) {
    return c.configuration() instanceof SortTrialSpec s && s.method() instanceof OwnSort own
        ? own.algorithm()
        : null;
  }

  /** N: ints per file of write and read, ints to generate for a sort (0 for a given input). */
  public static long n(RunConfig c) {
    return c.configuration() instanceof SortTrialSpec s ? s.data().n() : streams(c).n();
  }

  private static <T> T cast(Object o, Class<T> type, RunConfig c) {
    if (!type.isInstance(o)) {
      throw new AssertionError(c.origin() + ": expected a " + type.getSimpleName() + ", got " + o);
    }
    return type.cast(o);
  }
}
