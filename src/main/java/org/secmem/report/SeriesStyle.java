package org.secmem.report;

import java.awt.Color;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.secmem.report.ChartSpec.Series;

/**
 * The colour and marker of a series, fixed by its key (stream type, preset, tool), not by the order
 * series appear: {@code mapped} looks the same in every chart of every file. Keys the table does
 * not know get a slot from a hash of their name; when two series of one chart would look the same,
 * the later one moves to the next free slot.
 *
 * @param color the line and marker colour
 * @param marker the marker shape
 */
public record SeriesStyle(Color color, Marker marker) {

  /** Marker shapes, each drawn the same in PNG and SVG. */
  public enum Marker {
    CIRCLE,
    SQUARE,
    TRIANGLE,
    DIAMOND,
    TRIANGLE_DOWN,
    CROSS
  }

  /** Colour-blind-safe colours (Okabe-Ito, then Tableau), distinct on white. */
  static final List<Color> PALETTE =
      List.of(
          new Color(0x0072B2), // blue
          new Color(0xD55E00), // vermillion
          new Color(0x009E73), // green
          new Color(0xCC79A7), // purple-pink
          new Color(0xE69F00), // orange
          new Color(0x56B4E9), // sky blue
          new Color(0x000000), // black
          new Color(0x8C564B), // brown
          new Color(0x7F7F7F), // grey
          new Color(0xBCBD22)); // olive

  /** The known keys: stream types, sort presets, tools. */
  private static final Map<String, Integer> KNOWN =
      Map.ofEntries(
          Map.entry("simple", 6),
          Map.entry("buffered", 0),
          Map.entry("user-buffer", 1),
          Map.entry("mapped", 2),
          Map.entry("channel", 3),
          Map.entry("direct", 4),
          Map.entry("async", 5),
          Map.entry("classic", 0),
          Map.entry("fast", 1),
          Map.entry("secmem", 1),
          Map.entry("stxxl", 2),
          Map.entry("gnu-sort", 7),
          Map.entry("big-sorter", 8));

  private static final int SLOTS = PALETTE.size() * Marker.values().length;

  /**
   * The key of the {@code i}-th value of a swept parameter drawn one line per value (M = 1,000 is
   * the first M of its sweep): the palette in order, so that neighbouring values never get
   * look-alike colours and a value looks the same in every chart of its sweep.
   */
  static String ordinalKey(int i) {
    return "#" + i;
  }

  /** The slot of {@code key}: colour index plus marker index times the palette size. */
  static int slot(String key) {
    if (key.matches("#[0-9]{1,6}")) {
      int i = Integer.parseInt(key.substring(1));
      return i % PALETTE.size() + PALETTE.size() * (i % Marker.values().length);
    }
    Integer known = KNOWN.get(key.trim().toLowerCase(Locale.ROOT));
    if (known != null) {
      return known + PALETTE.size() * (known % Marker.values().length);
    }
    return Math.floorMod(key.hashCode(), SLOTS);
  }

  private static SeriesStyle ofSlot(int slot) {
    int s = Math.floorMod(slot, SLOTS);
    return new SeriesStyle(
        PALETTE.get(s % PALETTE.size()),
        Marker.values()[(s / PALETTE.size()) % Marker.values().length]);
  }

  /** The style of {@code key}, the same wherever it appears. */
  public static SeriesStyle of(String key) {
    return ofSlot(slot(key));
  }

  /**
   * The styles of a chart's series, in order: each by its key; a series whose colour another series
   * of the chart already has (a different key) moves on to the next free colour, so no two series
   * of one chart share a colour unless they share a key (a flat line and its measured type).
   */
  public static List<SeriesStyle> forChart(List<Series> series) {
    List<SeriesStyle> styles = new ArrayList<>();
    Map<String, SeriesStyle> byKey = new HashMap<>();
    Set<Color> used = new HashSet<>();
    for (Series s : series) {
      SeriesStyle style = byKey.get(s.key());
      if (style == null) {
        int slot = slot(s.key());
        style = ofSlot(slot);
        for (int i = 1; used.contains(style.color()) && i < SLOTS; i++) {
          style = ofSlot(slot + i * (PALETTE.size() + 1));
        }
        byKey.put(s.key(), style);
        used.add(style.color());
      }
      styles.add(style);
    }
    return styles;
  }

  /** {@code #rrggbb}, for SVG. */
  public String hex() {
    return String.format("#%06x", color.getRGB() & 0xFFFFFF);
  }
}
