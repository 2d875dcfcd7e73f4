package org.secmem.report.chart;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A chart as drawn: what its plan says of it (its title, the experiment it belongs to, its file
 * stem) and the files it was written to. The report page and the console take titles and groups
 * from here, never from the files' names or contents.
 *
 * @param title the chart's title, as drawn above it
 * @param experiment the experiment whose rows it shows ({@code write}, {@code sort} ...); empty for
 *     a chart of no one experiment (a comparison)
 * @param stem the files' name without extension, e.g. {@code read-time-vs-b-n1000000}
 * @param svg the SVG file
 * @param png the PNG file; empty where this JVM could draw no PNG
 */
public record DrawnChart(
    String title, String experiment, String stem, Path svg, Optional<Path> png) {

  public DrawnChart {
    if (title == null || experiment == null || stem == null || svg == null || png == null) {
      throw new IllegalArgumentException("every part of a drawn chart must be given");
    }
  }

  /** Its files: the PNG (when there is one), then the SVG. */
  public List<Path> files() {
    List<Path> out = new ArrayList<>(2);
    png.ifPresent(out::add);
    out.add(svg);
    return out;
  }

  /** The files of {@code charts}, in order. */
  public static List<Path> files(List<DrawnChart> charts) {
    List<Path> out = new ArrayList<>();
    charts.forEach(c -> out.addAll(c.files()));
    return out;
  }

  /**
   * How {@code charts} are described to the user: {@code "3 charts, PNG and SVG"}, or {@code "3
   * charts, SVG only (…)"} where this JVM could draw no PNG.
   */
  public static String describe(List<DrawnChart> charts) {
    long svg = charts.size();
    long png = charts.stream().filter(c -> c.png().isPresent()).count();
    String text = svg + (svg == 1 ? " chart" : " charts");
    if (png >= svg) {
      return text + ", PNG and SVG";
    }
    return text
        + (png == 0 ? ", SVG only" : ", " + png + " of them also PNG")
        + ": this JVM could not draw PNG, its font or graphics libraries are missing (e.g."
        + " libfreetype6, libfontconfig1 or libharfbuzz0b; the log says which)";
  }
}
