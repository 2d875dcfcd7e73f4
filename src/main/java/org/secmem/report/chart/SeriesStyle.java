package org.secmem.report.chart;

import java.awt.Color;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.secmem.report.chart.ChartSpec.Series;

/**
 * The colour and marker of a series, fixed by its key (stream type, read/write pair, preset, tool),
 * not by the order series appear nor by the other series of a chart: {@code simple} is black and
 * {@code mapped} green in every chart of every file.
 *
 * <p>Each stream type has a colour and a marker of its own. A read/write pair of two types ({@code
 * read buffered, write simple}) is drawn in the read type's colour with the write type's marker,
 * and a bar of it is split, the read type's colour on the left and the write type's on the right:
 * its two types can be read off, and it never takes a third type's colour. Keys the table does not
 * know get a slot from a hash of their name, among the colours no stream type has first; when such
 * a key would look like another series of its chart, it moves to the next free slot. Known keys
 * never move.
 *
 * @param color the line and marker colour (a pair's read type's)
 * @param marker the marker shape (a pair's write type's)
 * @param second the colour of a bar's right half: a pair's write type's, else {@code color}
 */
public record SeriesStyle(Color color, Marker marker, Color second) {

  /** Marker shapes, each drawn the same in PNG and SVG. */
  public enum Marker {
    CIRCLE,
    SQUARE,
    TRIANGLE,
    DIAMOND,
    TRIANGLE_DOWN,
    CROSS,
    PLUS
  }

  /** A style of one colour (not a pair). */
  public SeriesStyle(Color color, Marker marker) {
    this(color, marker, color);
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

  /** Each stream type's own colour (an index into {@link #PALETTE}) and marker. */
  private static final Map<String, SeriesStyle> TYPES =
      Map.of(
          "simple", style(6, Marker.PLUS),
          "buffered", style(0, Marker.CIRCLE),
          "user-buffer", style(1, Marker.SQUARE),
          "mapped", style(2, Marker.TRIANGLE),
          "channel", style(3, Marker.DIAMOND),
          "direct", style(4, Marker.TRIANGLE_DOWN),
          "async", style(5, Marker.CROSS));

  /** The other known keys: sort presets and tools, by their slot. */
  private static final Map<String, Integer> KNOWN =
      Map.ofEntries(
          Map.entry("classic", 0),
          Map.entry("fast", 1),
          Map.entry("secmem", 1),
          Map.entry("stxxl", 2),
          Map.entry("gnu-sort", 7),
          Map.entry("big-sorter", 8));

  /** A read/write pair's key as {@link SeriesNames} writes it. */
  private static final Pattern PAIR = Pattern.compile("read (\\S+), write (\\S+)");

  private static final int SLOTS = PALETTE.size() * Marker.values().length;

  /** The colours that mean a stream type; a key not in the tables takes another first. */
  private static final Set<Color> TYPE_COLOURS =
      Set.copyOf(TYPES.values().stream().map(SeriesStyle::color).toList());

  private static SeriesStyle style(int colour, Marker marker) {
    return new SeriesStyle(PALETTE.get(colour), marker);
  }

  /**
   * The key of the {@code i}-th value of a swept parameter drawn one line per value (M = 1,000 is
   * the first M of its sweep): the palette in order, so that neighbouring values never get
   * look-alike colours and a value looks the same in every chart of its sweep.
   */
  static String ordinalKey(int i) {
    return "#" + i;
  }

  /** The key of the pair that reads with {@code read} and writes with {@code write}. */
  static String pairKey(String read, String write) {
    return read.equals(write) ? read : "read " + read + ", write " + write;
  }

  /** The slot of {@code key}: colour index plus marker index times the palette size. */
  static int slot(String key) {
    if (key.matches("#[0-9]{1,6}")) {
      int i = Integer.parseInt(key.substring(1));
      return i % PALETTE.size() + PALETTE.size() * (i % Marker.values().length);
    }
    Integer known = KNOWN.get(norm(key));
    if (known != null) {
      return known + PALETTE.size() * (known % Marker.values().length);
    }
    return Math.floorMod(key.hashCode(), SLOTS);
  }

  private static String norm(String key) {
    return key.trim().toLowerCase(Locale.ROOT);
  }

  private static SeriesStyle ofSlot(int slot) {
    int s = Math.floorMod(slot, SLOTS);
    return new SeriesStyle(
        PALETTE.get(s % PALETTE.size()),
        Marker.values()[(s / PALETTE.size()) % Marker.values().length]);
  }

  /** The fixed style of a stream type or a pair of two: empty for any other key. */
  static Optional<SeriesStyle> ofTypes(String key) {
    String k = norm(key);
    SeriesStyle type = TYPES.get(k);
    if (type != null) {
      return Optional.of(type);
    }
    Matcher m = PAIR.matcher(k);
    if (m.matches() && TYPES.containsKey(m.group(1)) && TYPES.containsKey(m.group(2))) {
      SeriesStyle read = TYPES.get(m.group(1));
      SeriesStyle write = TYPES.get(m.group(2));
      return Optional.of(new SeriesStyle(read.color(), write.marker(), write.color()));
    }
    return Optional.empty();
  }

  /**
   * The stream types a key names: {@code [read, write]} for a pair of two known types, {@code
   * [type]} for one known type, else none.
   */
  static List<String> types(String key) {
    String k = norm(key);
    if (TYPES.containsKey(k)) {
      return List.of(k);
    }
    Matcher m = PAIR.matcher(k);
    if (m.matches() && TYPES.containsKey(m.group(1)) && TYPES.containsKey(m.group(2))) {
      return List.of(m.group(1), m.group(2));
    }
    return List.of();
  }

  /** Whether {@code key}'s style is fixed (a type, a pair of types, a preset, a tool, a value). */
  private static boolean fixed(String key) {
    return ofTypes(key).isPresent() || KNOWN.containsKey(norm(key)) || key.matches("#[0-9]{1,6}");
  }

  /**
   * The style of {@code key}, the same wherever it appears; a key the tables do not know is hashed
   * among the colours no stream type has.
   */
  public static SeriesStyle of(String key) {
    Optional<SeriesStyle> types = ofTypes(key);
    if (types.isPresent()) {
      return types.get();
    }
    if (fixed(key)) {
      return ofSlot(slot(key));
    }
    int slot = slot(key);
    for (int i = 0; i < SLOTS; i++) {
      SeriesStyle s = ofSlot(slot + i);
      if (!TYPE_COLOURS.contains(s.color())) {
        return s;
      }
    }
    return ofSlot(slot);
  }

  /**
   * The styles of a chart's series, in order: each by its key ({@link #of}). Types, pairs, presets,
   * tools and values keep theirs whatever else the chart holds; a key the tables do not know moves
   * on to the next slot while its colour is taken by another key of the chart (or, once every
   * colour is taken, while another key looks the same), so it never passes for another series.
   */
  public static List<SeriesStyle> forChart(List<Series> series) {
    Map<String, SeriesStyle> byKey = new HashMap<>();
    Set<Color> used = new HashSet<>();
    Set<SeriesStyle> usedStyles = new HashSet<>();
    for (Series s : series) {
      if (!byKey.containsKey(s.key()) && fixed(s.key())) {
        SeriesStyle style = of(s.key());
        byKey.put(s.key(), style);
        used.add(style.color());
        used.add(style.second());
        usedStyles.add(style);
      }
    }
    for (Series s : series) {
      if (byKey.containsKey(s.key())) {
        continue;
      }
      SeriesStyle first = of(s.key());
      SeriesStyle style = first;
      int slot = slot(s.key());
      for (int i = 1; used.contains(style.color()) && i < SLOTS; i++) {
        style = ofSlot(slot + i * (PALETTE.size() + 1));
      }
      if (used.contains(style.color())) {
        // every colour is taken: keep the hashed colour, with a marker no other series has
        style = first;
        for (int i = 1; usedStyles.contains(style) && i < SLOTS; i++) {
          style = ofSlot(slot + i * PALETTE.size());
        }
      }
      byKey.put(s.key(), style);
      used.add(style.color());
      usedStyles.add(style);
    }
    return series.stream().map(s -> byKey.get(s.key())).toList();
  }

  /** Whether a bar of this style is split in two colours (a pair of two types). */
  public boolean split() {
    return !second.equals(color);
  }

  /** {@code #rrggbb}, for SVG. */
  public String hex() {
    return String.format("#%06x", color.getRGB() & 0xFFFFFF);
  }
}
