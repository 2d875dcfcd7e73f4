package org.secmem.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.buffertree.FanoutRule;
import org.secmem.data.Shape;
import org.secmem.data.SortOrder;
import org.secmem.fs.TempRegistry;
import org.secmem.results.EnvironmentRecord;
import org.secmem.results.RawResults;
import org.secmem.results.RawResultsWriter;
import org.secmem.results.RawRow;
import org.secmem.results.ResultColumn;
import org.secmem.results.ResultRow;
import org.secmem.results.RowKind;
import org.secmem.sort.SortAlgorithm;
import org.secmem.sort.SortPreset;
import org.secmem.sort.SortSettings;
import org.secmem.stream.StreamOptions;
import org.secmem.stream.StreamType;

/**
 * One run of every experiment (write, read by several stream types, each sort algorithm under both
 * presets, the priority queue two ways) written to a CSV and a JSON Lines file at once; the JSON
 * Lines file read back by a standard JSON parser (Jackson's tree model, not secmem's reader) must
 * say what the CSV says, cell by cell, with numbers as JSON numbers and flags as booleans, and
 * secmem's own reader must give the same rows from either file.
 */
class JsonLinesRoundTripTest {

  @TempDir Path dir;

  private static final RunSettings SETTINGS = new RunSettings(2, 1, CacheMode.AS_IS, false, 11);

  @Test
  void jsonLines_sayWhatTheCsvOfTheSameRunSays() throws IOException {
    Path csv = dir.resolve("r.csv");
    Path jsonl = dir.resolve("r.jsonl");
    Map<String, String> entries =
        new LinkedHashMap<>(EnvironmentRecord.capture(dir, List.of("secmem", "test")).entries());
    entries.put(EnvironmentRecord.SESSION, "s20261128T132040Z-3f9a");
    EnvironmentRecord env = new EnvironmentRecord(entries);
    try (RawResultsWriter a = RawResultsWriter.open(csv);
        RawResultsWriter b = RawResultsWriter.open(jsonl)) {
      a.begin(env);
      b.begin(env);
      RunListener quiet = new RunListener() {};
      ExperimentRunner runner =
          new ExperimentRunner(
              row -> {
                a.accept(row);
                b.accept(row);
              },
              quiet,
              new CacheController(() -> {}, quiet));
      runAll(runner);
    }

    RawResults fromCsv = RawResults.read(csv);
    RawResults fromJson = RawResults.read(jsonl);
    assertTrue(fromCsv.problems().isEmpty(), fromCsv.problems().toString());
    assertTrue(fromJson.problems().isEmpty(), fromJson.problems().toString());
    assertTrue(fromCsv.rows().size() >= 20, fromCsv.rows().size() + " rows");
    assertEquals(List.of(ResultColumn.headers()), fromJson.header());
    assertEquals(cells(fromCsv), cells(fromJson));

    ObjectMapper mapper = new ObjectMapper();
    List<String> lines = Files.readAllLines(jsonl);
    // Every line a run (issue 49, item 13): the environment is the file beside, joined by session.
    assertEquals(fromCsv.rows().size(), lines.size(), "one line a run, no environment line");
    Set<ResultColumn.Kind> seen = new HashSet<>();
    for (int i = 0; i < fromCsv.rows().size(); i++) {
      RawRow row = fromCsv.rows().get(i);
      JsonNode object = mapper.readTree(lines.get(i));
      assertEquals("s20261128T132040Z-3f9a", object.get("session").asText(), "line " + (i + 1));
      Set<String> keys = new HashSet<>();
      object.fieldNames().forEachRemaining(keys::add);
      for (ResultColumn c : ResultColumn.values()) {
        String cell = row.get(c.header());
        String where = "line " + (i + 1) + ", " + c.header() + " = '" + cell + "'";
        if (cell.isEmpty()) {
          assertFalse(keys.contains(c.header()), where + ": an empty cell is left out");
          continue;
        }
        JsonNode v = object.get(c.header());
        assertTrue(v != null, where + ": missing");
        seen.add(c.kind());
        switch (c.kind()) {
          case INTEGER -> {
            assertTrue(v.isIntegralNumber(), where + " is " + v.getNodeType());
            assertEquals(Long.parseLong(cell), v.asLong(), where);
          }
          case DECIMAL -> {
            assertTrue(v.isNumber(), where + " is " + v.getNodeType());
            assertEquals(0, new BigDecimal(cell).compareTo(v.decimalValue()), where);
          }
          case BOOLEAN -> {
            assertTrue(v.isBoolean(), where + " is " + v.getNodeType());
            assertEquals(Boolean.parseBoolean(cell), v.asBoolean(), where);
          }
          case TEXT -> {
            assertTrue(v.isTextual(), where + " is " + v.getNodeType());
            assertEquals(cell, v.asText(), where);
          }
        }
        keys.remove(c.header());
      }
      assertTrue(keys.isEmpty(), "keys no column has: " + keys);
    }
    assertEquals(Set.of(ResultColumn.Kind.values()), seen, "every kind was checked");
  }

  /**
   * Every run's row is of the kind its method says, and every column its kind's schema opens is
   * filled by some run of that kind (or is one that only some runs fill: a sweep's, a fork's, a
   * floor's, an online sort's, a memory limit's, another engine's): a schema that names a column
   * its rows never fill fails here, as the builder fails a row that fills a column outside it.
   */
  @Test
  void everyKindOfRow_fillsTheColumnsItsSchemaNames() throws IOException {
    List<ResultRow> rows = new ArrayList<>();
    RunListener quiet = new RunListener() {};
    runAll(new ExperimentRunner(rows::add, quiet, new CacheController(() -> {}, quiet)));
    Map<RowKind, Set<ResultColumn>> filled = new EnumMap<>(RowKind.class);
    for (ResultRow row : rows) {
      assertEquals(row.kind(), row.kindNamedByCells(), "the kind its cells name");
      for (ResultColumn c : ResultColumn.values()) {
        if (!row.get(c).isEmpty()) {
          filled.computeIfAbsent(row.kind(), k -> EnumSet.noneOf(ResultColumn.class)).add(c);
        }
      }
    }
    // Runs of another engine are EngineSortTrialTest's (an engine of its own).
    assertEquals(EnumSet.complementOf(EnumSet.of(RowKind.ENGINE_SORT)), filled.keySet());
    // Columns a run may leave blank by design; cpu_ns, for one, where a thread ended during a
    // short run and the tick clock says under 100 ms (a loaded machine's merge sorts here).
    Set<ResultColumn> sometimes =
        EnumSet.of(
            ResultColumn.CPU_NS,
            ResultColumn.MERGE_READ_STREAM,
            ResultColumn.SWEEP,
            ResultColumn.ORDER_INDEX,
            ResultColumn.ROUND,
            ResultColumn.SENTINEL,
            ResultColumn.FORK,
            ResultColumn.DIRTY_BYTES,
            ResultColumn.MEMORY_LIMIT,
            ResultColumn.MEMORY_PEAK_BYTES,
            ResultColumn.STEADY_WARMUPS,
            ResultColumn.SESSION,
            ResultColumn.FLOOR_NS,
            ResultColumn.FLOOR_REGIME,
            ResultColumn.FLOOR_PROBE,
            ResultColumn.FLOOR_SETTLED,
            ResultColumn.ARRIVAL_NS_PER_KEY,
            ResultColumn.GENERATE_NS,
            ResultColumn.WORK_DIR,
            ResultColumn.WORK_WRITE_BYTES,
            ResultColumn.WORK_READ_BYTES,
            ResultColumn.INPUT,
            ResultColumn.INSERT_RATIO,
            ResultColumn.STORAGE_READ_BYTES,
            ResultColumn.STORAGE_WRITE_BYTES,
            ResultColumn.READ_SYSCALLS,
            ResultColumn.WRITE_SYSCALLS,
            ResultColumn.PEAK_HEAP_BYTES);
    List<String> neverFilled = new ArrayList<>();
    for (Map.Entry<RowKind, Set<ResultColumn>> e : filled.entrySet()) {
      for (ResultColumn c : ResultColumn.values()) {
        if (c.appliesTo(e.getKey()) && !e.getValue().contains(c) && !sometimes.contains(c)) {
          neverFilled.add(e.getKey().title() + ": " + c.header());
        }
      }
    }
    assertEquals(List.of(), neverFilled, "in the schema, filled by no run");
  }

  /** Every row's cells by column, in file order. */
  private static List<List<String>> cells(RawResults r) {
    List<List<String>> out = new ArrayList<>();
    for (RawRow row : r.rows()) {
      List<String> cells = new ArrayList<>();
      for (String c : ResultColumn.headers()) {
        cells.add(row.get(c));
      }
      out.add(cells);
    }
    return out;
  }

  private void runAll(ExperimentRunner runner) throws IOException {
    for (StreamType t : List.of(StreamType.USER_BUFFER, StreamType.MAPPED)) {
      StreamTrialSpec spec =
          new StreamTrialSpec(t, 3000, 2, StreamOptions.ofBuffer(256), dir, List.of(), 11, false);
      runner.run(new WriteTrial(spec), SETTINGS);
      runner.run(new ReadTrial(spec), SETTINGS);
    }
    for (SortPreset preset : SortPreset.values()) {
      for (SortAlgorithm algorithm : SortAlgorithm.values()) {
        SortSettings small =
            SortSettings.builder(preset).bufferBytes(256).fanIn(4).memoryInts(1 << 12).build();
        SortTrialSpec spec =
            new SortTrialSpec(
                new SortData(
                    Optional.empty(),
                    Optional.of(dir.resolve("out-" + preset.cliName() + "-" + algorithm.cliName())),
                    40_000,
                    Shape.UNIFORM,
                    11,
                    SortOrder.ASCENDING,
                    false,
                    dir,
                    List.of(),
                    0),
                SortMethod.of(small, algorithm, FanoutRule.DEFAULT));
        runner.run(new SortTrial(spec, TempRegistry.none()), SETTINGS);
      }
    }
    for (PqImpl impl : PqImpl.values()) {
      runner.run(
          new PqTrial(
              new PqTrialSpec(
                  2000,
                  Shape.UNIFORM,
                  7,
                  PqWorkload.INSERT_THEN_DELETE,
                  Double.NaN,
                  impl,
                  256,
                  FanoutRule.DEFAULT,
                  StreamType.USER_BUFFER,
                  StreamType.USER_BUFFER,
                  StreamOptions.ofBuffer(16),
                  dir.resolve("work")),
              TempRegistry.none()),
          SETTINGS);
    }
  }
}
