package org.secmem.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.awt.Color;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.secmem.report.chart.ChartSpec.Series;

class SeriesStyleTest {

  private static Series s(String key) {
    return new Series(key, List.of());
  }

  @Test
  void styleFollowsTheKey_notTheOrderSeriesAppear() {
    List<SeriesStyle> ab = SeriesStyle.forChart(List.of(s("simple"), s("mapped"), s("channel")));
    List<SeriesStyle> ba = SeriesStyle.forChart(List.of(s("channel"), s("mapped")));
    assertEquals(ab.get(1), ba.get(1));
    assertEquals(ab.get(2), ba.get(0));
    assertEquals(SeriesStyle.of("mapped"), ab.get(1));
  }

  @Test
  void everyStreamType_hasItsOwnColour() {
    List<String> types =
        List.of("simple", "buffered", "user-buffer", "mapped", "channel", "direct", "async");
    Set<Color> colours =
        types.stream().map(t -> SeriesStyle.of(t).color()).collect(Collectors.toSet());
    assertEquals(types.size(), colours.size());
  }

  @Test
  void keysThatWouldLookAlike_getDifferentColoursInOneChart() {
    // unknown keys are hashed into the palette; find two that land on one colour
    String a = "tool-0";
    String b = null;
    for (int i = 1; b == null; i++) {
      if (SeriesStyle.of("tool-" + i).color().equals(SeriesStyle.of(a).color())) {
        b = "tool-" + i;
      }
    }
    List<SeriesStyle> styles = SeriesStyle.forChart(List.of(s(a), s(b), s("mapped")));
    assertEquals(3, new HashSet<>(styles.stream().map(SeriesStyle::color).toList()).size());
    assertNotEquals(styles.get(0), styles.get(1));
  }

  @Test
  void aFlatLineKeepsTheColourOfItsType() {
    Series measured = new Series("mapped", List.of(), "mapped", false);
    Series flat = new Series("mapped, no B", List.of(), "mapped", true);
    List<SeriesStyle> styles = SeriesStyle.forChart(List.of(measured, flat));
    assertEquals(styles.get(0), styles.get(1));
  }
}
