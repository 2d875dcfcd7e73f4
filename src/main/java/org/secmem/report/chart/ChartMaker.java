package org.secmem.report.chart;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.secmem.fs.Ownership;
import org.secmem.fs.SecureFolder;
import org.secmem.results.MalformedResultsException;
import org.secmem.results.RawResults;
import org.secmem.results.ResultFiles;

/**
 * Draws the charts of a raw results CSV, as PNG and SVG: {@link ChartPlanner} decides which charts
 * (one sweep each, see there), {@link ChartPainter} draws each. At most {@code maxCharts} charts
 * are drawn per file; the rest are logged as skipped. No folder is made when there is no chart.
 *
 * <p>Drawing sets {@code java.awt.headless=true} when it is not set, so that it works without a
 * display.
 */
public final class ChartMaker {

  public static final int DEFAULT_WIDTH = 900;
  public static final int DEFAULT_HEIGHT = 600;
  public static final int DEFAULT_MAX_CHARTS = 60;

  private static final Logger LOG = LogManager.getLogger(ChartMaker.class);

  private final int width;
  private final int height;
  private final int maxCharts;
  private final Raster raster;

  /**
   * @param width image width in pixels, at least 200
   * @param height image height in pixels, at least 150
   * @param maxCharts the most charts drawn for one file, at least 1
   */
  public ChartMaker(int width, int height, int maxCharts) {
    this(width, height, maxCharts, Raster.JAVA_2D);
  }

  ChartMaker(int width, int height, int maxCharts, Raster raster) {
    if (width < 200 || height < 150) {
      throw new IllegalArgumentException(
          "chart size (" + width + "x" + height + ") must be at least 200x150");
    }
    if (maxCharts < 1) {
      throw new IllegalArgumentException("maxCharts (" + maxCharts + ") must be >= 1");
    }
    this.width = width;
    this.height = height;
    this.maxCharts = maxCharts;
    this.raster = raster;
  }

  /** 900x600 pixels, at most {@value #DEFAULT_MAX_CHARTS} charts. */
  public static ChartMaker withDefaults() {
    return new ChartMaker(DEFAULT_WIDTH, DEFAULT_HEIGHT, DEFAULT_MAX_CHARTS);
  }

  /**
   * Reads {@code rawCsv} and draws its charts into {@code outDir} (created when there is a chart),
   * replacing files of the same name.
   *
   * @return the charts drawn, in plan order, each with its files (a PNG and an SVG)
   */
  public List<DrawnChart> draw(Path rawCsv, Path outDir) throws IOException {
    return draw(RawResults.read(rawCsv), outDir);
  }

  /** As {@link #draw(Path, Path)}, from results already read. */
  public List<DrawnChart> draw(RawResults raw, Path outDir) throws IOException {
    List<ChartSpec> specs;
    try {
      specs = plan(raw);
    } catch (IllegalArgumentException e) {
      throw new MalformedResultsException(e.getMessage(), e);
    }
    if (ownFolder(raw, outDir)) {
      removeStaleCharts(outDir, specs);
    }
    if (specs.isEmpty()) {
      LOG.info("{}: nothing to compare, no charts", raw.source());
      return List.of();
    }
    if (System.getProperty("java.awt.headless") == null) {
      // no display on a benchmark server; AWT reads this once, before its first use
      System.setProperty("java.awt.headless", "true");
    }
    Ownership.createFolders(outDir);
    ChartPainter painter = new ChartPainter(width, height, raster);
    List<DrawnChart> written = new ArrayList<>();
    for (ChartSpec spec : specs) {
      written.add(painter.write(spec, outDir));
    }
    LOG.info("{}: wrote {} charts to {}", raw.source(), specs.size(), outDir);
    return written;
  }

  /**
   * Whether {@code outDir} is the charts folder of the file {@code raw} was read from ({@code
   * X-charts/} beside {@code X.csv}): only there are old chart files this file's own.
   */
  private static boolean ownFolder(RawResults raw, Path outDir) {
    try {
      Path own = ResultFiles.chartsFolderFor(Path.of(raw.source()));
      return own.toAbsolutePath().normalize().equals(outDir.toAbsolutePath().normalize());
    } catch (InvalidPathException e) {
      return false;
    }
  }

  /** The names chart files have ({@code read-time-vs-b.png}, {@code sort-time-by-sort.svg}). */
  private static final Pattern CHART_FILE =
      Pattern.compile(
          "[A-Za-z0-9._-]+-(time|throughput|activity|block-pushes|blocks|after-last-key)"
              + "-(vs|by)-[A-Za-z0-9._-]+\\.(png|svg)");

  /**
   * Removes chart files that an earlier drawing of the same results left in its own folder and this
   * one does not write (an older version named them differently), so the folder shows only what
   * this plan says; removes the folder when nothing else is in it. Other files stay. The folder is
   * opened without following links and each file unlinked relative to it: a link at the folder's
   * name (planted, or swapped in meanwhile) makes secmem remove nothing, and a file swapped for a
   * link goes as the link.
   */
  private static void removeStaleCharts(Path outDir, List<ChartSpec> specs) throws IOException {
    Set<String> current = new HashSet<>();
    specs.forEach(
        s -> {
          current.add(s.fileStem() + ".png");
          current.add(s.fileStem() + ".svg");
        });
    Path abs = outDir.toAbsolutePath();
    if (!Files.isDirectory(abs.getParent())) {
      return;
    }
    if (!SecureFolder.supported(abs.getParent())) {
      LOG.info(
          "{}: no old chart is removed (this platform cannot without following links)", outDir);
      return;
    }
    SecureFolder.atEntry(
        abs,
        (parent, name, kind) -> {
          if (kind != SecureFolder.Kind.FOLDER) {
            LOG.warn(
                "{} is {}, not a folder: no old chart is removed from it",
                outDir,
                kind.described());
            return;
          }
          try (SecureFolder dir = parent.openFolder(name)) {
            for (SecureFolder.Entry e : dir.list()) {
              if (e.kind() == SecureFolder.Kind.FILE
                  && CHART_FILE.matcher(e.name()).matches()
                  && !current.contains(e.name())) {
                Ownership.deleteMade(dir, e.name(), Ownership.Made.WHOLE_FILE);
              }
            }
            if (specs.isEmpty()
                && dir.list().isEmpty()
                && Ownership.isMade(abs, Ownership.Made.FOLDER)) {
              Ownership.deleteEmptyFolder(abs);
            }
          } catch (NotDirectoryException e) {
            LOG.warn(
                "{} changed into {} while it was looked at: no old chart is removed from it",
                outDir,
                e.getMessage());
          }
        });
  }

  /**
   * The charts {@code raw} calls for, capped at {@code maxCharts}, without drawing anything.
   *
   * @throws IllegalArgumentException when a parameter or measurement cell is not a number
   */
  public List<ChartSpec> plan(RawResults raw) {
    List<ChartSpec> all = new ChartPlanner().plan(raw);
    if (all.size() > maxCharts) {
      List<String> skipped =
          all.subList(maxCharts, all.size()).stream().map(ChartSpec::fileStem).toList();
      LOG.warn(
          "{}: {} charts called for, drawing the first {}; skipped: {}",
          raw.source(),
          all.size(),
          maxCharts,
          skipped);
      return List.copyOf(all.subList(0, maxCharts));
    }
    return all;
  }
}
