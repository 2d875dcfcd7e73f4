package org.secmem.admission;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.secmem.buffertree.TreeDefaults;
import org.secmem.sort.SortAlgorithm;
import org.secmem.sort.SortPreset;
import org.secmem.sort.SortSettings;

/**
 * The one resolution of a sort's settings: the command line, a parameter-file line and the menu's
 * answers each hand it the values they were given, keyed by registry entry, and it applies each
 * through its entry ({@link Parameter#choose}) to the preset's settings.
 */
public final class SortResolver {

  /** The settings a line swept before the registry made them, in that order. */
  private static final List<Parameter> FIRST =
      List.of(
          Parameter.READ_STREAM,
          Parameter.WRITE_STREAM,
          Parameter.B,
          Parameter.D,
          Parameter.M,
          Parameter.THREADS,
          Parameter.MERGER,
          Parameter.RUN_SORT,
          Parameter.OVERLAP,
          Parameter.PARALLEL_MERGE,
          Parameter.MERGE_READ_STREAM);

  /**
   * The parameters that set a sort's settings, in the order a parameter-file line sweeps them
   * (outermost first): the first eleven as they always have been, so that a line keeps its order of
   * configurations; any later one in the registry's order after them.
   */
  public static final List<Parameter> SETTINGS = settings();

  private static List<Parameter> settings() {
    List<Parameter> out = new ArrayList<>(FIRST);
    for (Parameter p : Parameter.values()) {
      if (p.setsSortSetting() && !out.contains(p)) {
        out.add(p);
      }
    }
    return List.copyOf(out);
  }

  private SortResolver() {}

  /**
   * {@code preset}'s settings with every value {@code given} applied; for the buffer tree, its own
   * M and B (seed 004's) where none is given.
   *
   * @param given values by parameter, each of its parameter's type: a number, the value of a word
   *     ({@link Parameter#parse}) or a flag; a parameter left out takes the preset's value
   * @throws IllegalArgumentException for values that cannot go together (the message names the
   *     option, e.g. a parallel merge with a write stream that cannot write regions)
   */
  public static SortSettings resolve(
      SortPreset preset, SortAlgorithm algorithm, Map<Parameter, ?> given) {
    for (Parameter p : given.keySet()) {
      if (!p.setsSortSetting()) {
        throw new IllegalStateException(p.column() + " sets no sort setting");
      }
    }
    SortSettings.Builder b = SortSettings.builder(preset);
    for (Parameter p : SETTINGS) {
      Object value = given.get(p);
      if (value != null) {
        p.choose(b, value);
      }
    }
    return (algorithm == SortAlgorithm.BUFFER_TREE ? TreeDefaults.apply(b) : b).build();
  }
}
