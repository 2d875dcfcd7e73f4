package org.secmem.report.chart;

import java.awt.Color;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.secmem.report.chart.ChartCanvas.Anchor;
import org.secmem.report.chart.ChartSpec.Kind;
import org.secmem.report.chart.ChartSpec.Series;

/**
 * The key (legend) of a bar chart: which colour is which stream type, and, when a bar is split,
 * which half is the read and which the write. A bar of a read/write pair is split, the read type's
 * colour on the left and the write type's on the right ({@link SeriesStyle}); its two types each
 * get an entry by their own name, so a colour is named once however many bars it appears in. A bar
 * of a key that names no stream type (a preset, a tool, a queue) is named as its series.
 */
final class BarKey {

  /** The note under a key whose bars are split. */
  static final String SPLIT_NOTE = "split bar: left half read, right half write";

  /** The note under the legend of lines of read/write pairs (drawn as {@link SeriesStyle} says). */
  static final String PAIR_NOTE = "pair: read type's colour, write type's marker";

  /**
   * One entry of the key.
   *
   * @param label what the colour stands for: a stream type or a series name
   * @param color its colour
   */
  record Entry(String label, Color color) {}

  private BarKey() {}

  /** The entries of the bars of {@code series} drawn in {@code styles}, first seen first. */
  static List<Entry> entries(List<Series> series, List<SeriesStyle> styles) {
    Set<Entry> entries = new LinkedHashSet<>();
    for (int i = 0; i < series.size(); i++) {
      Series s = series.get(i);
      SeriesStyle st = styles.get(i);
      List<String> types = SeriesStyle.types(s.key());
      if (types.size() == 2 && st.split()) {
        entries.add(new Entry(types.get(0), st.color()));
        entries.add(new Entry(types.get(1), st.second()));
      } else if (types.size() >= 1) {
        entries.add(new Entry(types.get(0), st.color()));
      } else {
        entries.add(new Entry(s.name(), st.color()));
      }
    }
    return new ArrayList<>(entries);
  }

  /** The note that says how a chart's pairs are drawn, if it has any. */
  static Optional<String> note(ChartSpec spec, List<SeriesStyle> styles) {
    if (spec.kind() == Kind.BAR) {
      return anySplit(styles) ? Optional.of(SPLIT_NOTE) : Optional.empty();
    }
    return anyPair(spec.series()) ? Optional.of(PAIR_NOTE) : Optional.empty();
  }

  /** One entry: a swatch of its colour and its label, at ({@code x}, {@code y}). */
  static void draw(ChartCanvas c, Entry e, double x, double y) {
    c.beginLegendEntry(e.label(), e.color());
    c.rect(x + 6, y - 6, 12, 12, e.color(), null);
    c.text(x + 30, y + 4, e.label(), 12, false, Anchor.START, false);
    c.endLegendEntry();
  }

  /** Whether any of {@code series} is a read/write pair of two stream types. */
  static boolean anyPair(List<Series> series) {
    return series.stream().anyMatch(s -> SeriesStyle.types(s.key()).size() == 2);
  }

  /** Whether any bar of {@code styles} is split in two colours. */
  static boolean anySplit(List<SeriesStyle> styles) {
    return styles.stream().anyMatch(SeriesStyle::split);
  }
}
