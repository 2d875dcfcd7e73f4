package org.secmem.seeds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.secmem.experiment.BufferTreeMethod;
import org.secmem.experiment.MergeMethod;
import org.secmem.experiment.OwnSort;
import org.secmem.experiment.SortTrialSpec;
import org.secmem.experiment.StreamsConfig;
import org.secmem.param.ParamDefaults;
import org.secmem.param.ParamFileException;
import org.secmem.param.ParamFiles;
import org.secmem.param.RunConfig;
import org.secmem.results.RawRow;

/**
 * The findings of seed 002 and seed 004's Figure 8, which configs/seed002-laptop.csv and
 * seed002-full.csv measure: they parse, and every selector of their rules names configurations of
 * each config's plan (the configurations the file expands to, without running them), so that a run
 * of either file judges every one of them.
 */
class Seed002FindingsTest {

  private static final Path ROOT = Path.of(System.getProperty("secmem.root", "."));

  private static final List<String> IDS =
      List.of(
          "002-F331",
          "002-S32r",
          "002-S32rm",
          "002-S32w",
          "002-S32wm",
          "002-S32m",
          "002-F324",
          "002-F324p",
          "002-F331p",
          "004-F8");

  /** The lines of {@code config}: "seed002" (laptop scale) or "seed002-full". */
  private static List<Finding> linesOf(String config) throws IOException {
    return FindingsFile.read(ROOT.resolve("configs/seed-findings.tsv")).stream()
        .filter(f -> f.config().equals(config))
        .toList();
  }

  @Test
  void theFindings_parse_eachWithALaptopAndAFullLine() throws IOException {
    List<Finding> findings = new ArrayList<>(linesOf("seed002"));
    assertEquals(IDS, findings.stream().map(Finding::id).toList());
    assertEquals(IDS, linesOf("seed002-full").stream().map(Finding::id).toList());
    findings.addAll(linesOf("seed002-full"));
    for (Finding f : findings) {
      assertTrue(f.conditions().isEmpty(), f.id() + " is meant to be judged: " + f.conditions());
      assertTrue(f.text().contains("\""), f.id() + " quotes its report");
    }
  }

  @Test
  void everySelector_namesConfigurationsOfTheLaptopPlan() throws IOException {
    selectorsMatch("seed002-laptop.csv", "seed002");
  }

  @Test
  void everySelector_namesConfigurationsOfTheFullPlan() throws IOException {
    selectorsMatch("seed002-full.csv", "seed002-full");
  }

  /**
   * Each selector of a two-sided rule names exactly one configuration of the plan (never a pool),
   * each best rule's sweep has a value inside and outside the report's range, and the findings
   * table judges every finding from results of the plan.
   */
  private static void selectorsMatch(String file, String config) throws IOException {
    List<RawRow> rows = plan(ROOT.resolve("configs").resolve(file));
    Measurements m = Measurements.ofRows(rows);
    List<String> problems = new ArrayList<>();
    for (Finding f : linesOf(config)) {
      List<Selector> one = new ArrayList<>();
      if (f.rule() instanceof Rules.Better r) {
        one.addAll(List.of(r.a(), r.b()));
      } else if (f.rule() instanceof Rules.MoreThan r) {
        one.addAll(List.of(r.a(), r.b(), r.c(), r.d()));
      } else if (f.rule() instanceof Rules.About r) {
        one.add(r.sel());
      } else if (f.rule() instanceof Best r) {
        List<Double> values =
            m.configurations().stream()
                .filter(r.sel()::matches)
                .map(c -> c.number(r.parameter()).orElseThrow())
                .toList();
        if (values.stream().noneMatch(v -> v >= r.lo() && v <= r.hi())
            || values.stream().allMatch(v -> v >= r.lo() && v <= r.hi())) {
          problems.add(f.id() + ": " + r.parameter() + " values " + values);
        }
      } else {
        problems.add(f.id() + ": an unexpected rule " + f.rule());
      }
      for (Selector s : one) {
        long n = m.configurations().stream().filter(s::matches).count();
        if (n != 1) {
          problems.add(f.id() + ": " + s.text() + " names " + n + " configurations of " + file);
        }
      }
    }
    assertEquals(List.of(), problems);
    FindingsTable table = FindingsTable.judge(linesOf(config), m);
    for (FindingsTable.Row r : table.rows()) {
      assertTrue(r.judgement().isPresent(), file + ": " + r.finding().id() + " not judged");
    }
  }

  /** One made-up run per configuration of {@code file}, as a run of it would record it. */
  private static List<RawRow> plan(Path file) throws IOException {
    List<RunConfig> configs;
    try {
      configs = ParamFiles.read(file, Optional.empty(), ParamDefaults.standard());
    } catch (ParamFileException e) {
      throw new IllegalStateException(e.getMessage(), e);
    }
    List<RawRow> rows = new ArrayList<>();
    String sweep = "configs/" + file.getFileName();
    for (RunConfig c : configs) {
      Map<String, String> cells = new LinkedHashMap<>();
      cells.put("experiment", c.experiment().cliName());
      if (c.configuration() instanceof SortTrialSpec spec) {
        OwnSort own = (OwnSort) spec.method();
        cells.put("read_stream", own.readType().cliName());
        cells.put("write_stream", own.writeType().cliName());
        cells.put("n", Long.toString(spec.data().n()));
        cells.put("b", Integer.toString(own.bufferBytes()));
        cells.put("algorithm", own.algorithm().cliName());
        if (own instanceof MergeMethod merge) {
          cells.put("m", Long.toString(merge.memoryInts()));
          cells.put("d", Integer.toString(merge.fanIn()));
          // A merge sort on a probed file system records its floor (002-F324p judges it).
          cells.put("floor_ns", Long.toString(500_000L));
        } else if (own instanceof BufferTreeMethod tree) {
          cells.put("m", Long.toString(tree.memoryInts()));
          long blocks = tree.memoryInts() * 4 / tree.bufferBytes();
          cells.put("fanout_b", Integer.toString(tree.fanout().resolve(blocks).b()));
        }
      } else {
        StreamsConfig s = (StreamsConfig) c.configuration();
        cells.put("stream", s.stream().cliName());
        cells.put("n", Long.toString(s.n()));
        cells.put("k", Integer.toString(s.k()));
        cells.put("b", Integer.toString(s.bufferBytes()));
      }
      cells.put("cache", c.settings().cache().cliName());
      cells.put("sweep", sweep + ":" + c.line());
      cells.put("elapsed_ns", Long.toString(1_000_000L + 1000L * rows.size()));
      rows.add(new RawRow(sweep, rows.size() + 2, cells));
    }
    return rows;
  }
}
