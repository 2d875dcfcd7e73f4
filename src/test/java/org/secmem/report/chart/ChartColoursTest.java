package org.secmem.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.secmem.report.chart.ChartSpec.Series;
import org.secmem.stream.StreamType;

/**
 * Issue 33: a series looks the same in every chart of the shipped quick and sweep-small runs, a
 * type never takes another's colour, and a read/write pair shows its two types.
 */
class ChartColoursTest {

  private static final List<String> FILES = List.of("quick.csv", "sweep-small.csv");

  /** Every chart the shipped files' results call for. */
  private static List<ChartSpec> charts() throws IOException {
    List<ChartSpec> all = new ArrayList<>();
    for (String f : FILES) {
      all.addAll(new ChartPlanner().plan(ShippedConfigResults.of(f)));
    }
    return all;
  }

  /** A legend label without what makes it a level line ("simple, no B" is simple). */
  private static String label(Series s) {
    return s.flat() ? s.name().replaceAll(", no [^,]*$", "") : s.name();
  }

  private static String look(SeriesStyle s) {
    return s.hex() + " " + s.marker() + (s.split() ? " / " + s.second() : "");
  }

  @Test
  void everyLabel_looksTheSameInEveryChart_ofQuickAndSweepSmall() throws IOException {
    Map<String, Set<String>> looks = new TreeMap<>();
    Map<String, Set<String>> where = new TreeMap<>();
    List<ChartSpec> charts = charts();
    assertTrue(charts.size() > 15, "the shipped files make many charts: " + charts.size());
    for (ChartSpec spec : charts) {
      List<SeriesStyle> styles = SeriesStyle.forChart(spec.series());
      for (int i = 0; i < styles.size(); i++) {
        String label = label(spec.series().get(i));
        if (label.matches("[A-Za-z] = .*")) {
          continue; // a line per value of M or d: its colour is the value's place in its sweep
        }
        looks.computeIfAbsent(label, k -> new TreeSet<>()).add(look(styles.get(i)));
        where
            .computeIfAbsent(label, k -> new TreeSet<>())
            .add(spec.fileStem() + " " + look(styles.get(i)));
      }
    }
    looks.forEach(
        (label, set) -> assertEquals(1, set.size(), label + " differs: " + where.get(label)));
    assertTrue(looks.containsKey("simple") && looks.containsKey("read buffered, write simple"));
  }

  @Test
  void simpleIsBlack_andAPairHasItsReadTypesColour_andItsWriteTypesMarker() throws IOException {
    for (ChartSpec spec : charts()) {
      List<SeriesStyle> styles = SeriesStyle.forChart(spec.series());
      for (int i = 0; i < styles.size(); i++) {
        String label = label(spec.series().get(i));
        SeriesStyle st = styles.get(i);
        if (label.equals("simple")) {
          assertEquals("#000000", st.hex(), spec.fileStem());
        }
        if (label.startsWith("read ")) {
          String[] rw = label.substring(5).split(", write ");
          SeriesStyle read = SeriesStyle.of(rw[0]);
          SeriesStyle write = SeriesStyle.of(rw[1]);
          assertEquals(read.color(), st.color(), spec.fileStem() + " " + label);
          assertEquals(write.marker(), st.marker(), spec.fileStem() + " " + label);
          assertEquals(write.color(), st.second(), spec.fileStem() + " " + label);
        }
      }
    }
  }

  @Test
  void theIssuesThreeSeries_keepTheirTypesColours() {
    // before: simple brown in sort-time-by-sort, its black on "read buffered, write simple", and
    // "read user-buffer, write mapped" in direct's orange
    List<Series> bySort =
        List.of(
            new Series("read buffered, write simple", List.of()),
            new Series("buffered", List.of()),
            new Series("read simple, write buffered", List.of()),
            new Series("simple", List.of()));
    List<SeriesStyle> styles = SeriesStyle.forChart(bySort);
    assertEquals("#000000", styles.get(3).hex());
    assertEquals(SeriesStyle.of("buffered").color(), styles.get(0).color());
    assertEquals(SeriesStyle.of("simple").color(), styles.get(0).second());
    assertEquals(
        SeriesStyle.of("user-buffer").color(),
        SeriesStyle.of("read user-buffer, write mapped").color());
    assertEquals(4, new TreeSet<>(styles.stream().map(ChartColoursTest::look).toList()).size());
  }

  @Test
  void aKeyNoTableKnows_takesNoStreamTypesColour_whileOneIsFree() {
    Set<String> typeColours = new TreeSet<>();
    for (StreamType t : StreamType.values()) {
      typeColours.add(SeriesStyle.of(t.cliName()).hex());
    }
    assertEquals(StreamType.values().length, typeColours.size(), "a colour per type");
    for (String key : List.of("in-memory", "spark local[2]", "runs in /a + /b", "tool-7")) {
      assertFalse(typeColours.contains(SeriesStyle.of(key).hex()), key);
    }
  }
}
