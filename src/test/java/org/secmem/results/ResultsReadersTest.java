package org.secmem.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.fs.RootOnly;

/**
 * The results files, as the real writer writes them, load into the readers users reach for with
 * each column's type right (issue 49, items 13 and 14): DuckDB here through its JDBC driver, pandas
 * and Polars through {@code scripts/check-results-readers}. No all-empty first row (JSON Lines used
 * to start with the environment record), flags as booleans, and the checksum as text, equal to what
 * the console prints ({@code 0x...} was a HUGEINT to DuckDB).
 */
class ResultsReadersTest {

  @TempDir Path dir;

  /** Checksums as printed: one all decimal digits (a number to a sniffer), one with letters. */
  private static final List<String> CHECKSUMS =
      List.of(
          ResultColumns.CHECKSUM_PREFIX + "0012345678901234",
          ResultColumns.CHECKSUM_PREFIX + "ff12ab34cd56ef78",
          ResultColumns.CHECKSUM_PREFIX + "1e10000000000000");

  private static final String SESSION = "s20261128T132040Z-3f9a";

  private Path csv;
  private Path jsonl;

  @BeforeEach
  void write() throws IOException {
    csv = written(dir.resolve("r.csv"));
    jsonl = written(dir.resolve("r.jsonl"));
  }

  private static Path written(Path file) throws IOException {
    Map<String, String> env = new LinkedHashMap<>();
    env.put("command", "secmem write");
    env.put(EnvironmentRecord.SESSION, SESSION);
    try (RawResultsWriter w = RawResultsWriter.open(file)) {
      w.begin(new EnvironmentRecord(env));
      for (int i = 0; i < CHECKSUMS.size(); i++) {
        w.accept(
            ResultRow.builder(RowKind.WRITE)
                .set(ResultColumn.WHEN, "2026-11-28T13:20:4" + i + ".123Z")
                .set(ResultColumn.EXPERIMENT, "write")
                .set(ResultColumn.STREAM, "buffered")
                .set(ResultColumn.N, 1000)
                .set(ResultColumn.REP, i)
                .set(ResultColumn.WARMUP, i == 0)
                .set(ResultColumn.ELAPSED_NS, 1_500_000 + i)
                .set(ResultColumn.ELAPSED_MS, 1.5 + i, 3)
                .set(ResultColumn.MIB_PER_S, 2.544 + i, 3)
                .set(ResultColumn.BYTES, 4000)
                .set(ResultColumn.CHECKSUM, CHECKSUMS.get(i))
                .build());
      }
    }
    return file;
  }

  @Test
  void duckDb_readsEachColumnAsItsType_andTheChecksumAsPrinted() throws SQLException {
    for (String source :
        List.of("read_csv_auto('" + csv + "')", "read_json_auto('" + jsonl + "')")) {
      try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
          Statement s = c.createStatement()) {
        Map<String, String> types = new LinkedHashMap<>();
        try (ResultSet r = s.executeQuery("DESCRIBE SELECT * FROM " + source)) {
          while (r.next()) {
            types.put(r.getString("column_name"), r.getString("column_type"));
          }
        }
        assertEquals("VARCHAR", types.get("checksum"), source);
        assertEquals("VARCHAR", types.get("session"), source);
        assertEquals("VARCHAR", types.get("experiment"), source);
        assertEquals("BOOLEAN", types.get("warmup"), source);
        assertEquals("BIGINT", types.get("elapsed_ns"), source);
        assertEquals("BIGINT", types.get("n"), source);
        assertEquals("DOUBLE", types.get("mib_per_s"), source);
        List<String> checksums = new ArrayList<>();
        int measured = 0;
        try (ResultSet r =
            s.executeQuery(
                "SELECT checksum, experiment, session, warmup FROM " + source + " ORDER BY rep")) {
          while (r.next()) {
            checksums.add(r.getString(1));
            assertEquals("write", r.getString(2), source + ": no row of NULLs");
            assertEquals(SESSION, r.getString(3), source);
            measured += r.getBoolean(4) ? 0 : 1;
          }
        }
        assertEquals(CHECKSUMS, checksums, source + ": as the console prints them");
        assertEquals(2, measured, source + ": NOT warmup selects the measured runs");
      }
    }
  }

  @Test
  void pandasAndPolars_readEachColumnAsItsType() throws IOException, InterruptedException {
    RootOnly.require(RootOnly.available("python3", "-c", "import venv"), "python3 with venv");
    Path script = script();
    List<String> command = new ArrayList<>(List.of(script.toString(), csv.toString()));
    command.add(jsonl.toString());
    command.addAll(CHECKSUMS);
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(10, TimeUnit.MINUTES), "the script ended");
    if (p.exitValue() == 3) {
      RootOnly.require(false, "pip installs pandas and polars: " + out);
    }
    assertEquals(0, p.exitValue(), out);
  }

  /** scripts/check-results-readers, looked for from the working folder up. */
  private static Path script() {
    for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
      Path s = d.resolve("scripts/check-results-readers");
      if (Files.isExecutable(s)) {
        return s;
      }
    }
    throw new AssertionError(
        "no scripts/check-results-readers above " + Path.of("").toAbsolutePath());
  }
}
