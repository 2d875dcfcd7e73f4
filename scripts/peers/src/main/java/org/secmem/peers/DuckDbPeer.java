package org.secmem.peers;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.FileInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;

/**
 * Sorts the ints of a file of big-endian ints with DuckDB, for comparison with secmem: {@code java
 * -cp peers.jar org.secmem.peers.DuckDbPeer IN DB MEMORY_BYTES THREADS TEMP_DIR}. Prints the
 * elapsed milliseconds of the sort.
 *
 * <p>The ints are loaded into table {@code t} of the database file {@code DB} off the clock (once:
 * a later call with the same input finds them there), so that the sort reads them from storage as
 * secmem reads its input file: an in-memory database would hold the whole input in the memory the
 * sort is limited to. On the clock: {@code CREATE TABLE s AS SELECT v FROM t ORDER BY v} with
 * {@code memory_limit} = the sort's memory and {@code threads} = the cores, spilling to {@code
 * TEMP_DIR}. Checked after: the sorted table's count and sum equal the input's, and its first and
 * last rows (in the table's order) are its minimum and maximum.
 */
public final class DuckDbPeer {

  private DuckDbPeer() {}

  public static void main(String[] args) throws Exception {
    Path in = Paths.get(args[0]);
    Path db = Paths.get(args[1]);
    long memory = Long.parseLong(args[2]);
    int threads = Integer.parseInt(args[3]);
    Path temp = Paths.get(args[4]);
    long n = Files.size(in) / Integer.BYTES;
    Files.createDirectories(temp);
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + db.toAbsolutePath());
        Statement s = c.createStatement()) {
      if (count(s, "SELECT count(*) FROM information_schema.tables WHERE table_name = 't'") == 0
          || count(s, "SELECT count(*) FROM t") != n) {
        load((DuckDBConnection) c, s, in);
      }
      s.execute("DROP TABLE IF EXISTS s");
      s.execute("CHECKPOINT");
      s.execute("SET memory_limit = '" + memory / (1 << 20) + "MiB'");
      s.execute("SET threads = " + threads);
      s.execute("SET temp_directory = '" + temp.toAbsolutePath() + "'");
      s.execute("SET preserve_insertion_order = true");
      long t0 = System.nanoTime();
      s.execute("CREATE TABLE s AS SELECT v FROM t ORDER BY v");
      long ms = (System.nanoTime() - t0) / 1_000_000;
      check(s, n);
      s.execute("DROP TABLE s");
      s.execute("CHECKPOINT");
      System.out.println(ms);
    }
  }

  private static void load(DuckDBConnection c, Statement s, Path in)
      throws SQLException, IOException {
    s.execute("DROP TABLE IF EXISTS t");
    s.execute("CREATE TABLE t (v INTEGER)");
    try (DuckDBAppender a = c.createAppender(DuckDBConnection.DEFAULT_SCHEMA, "t");
        DataInputStream data =
            new DataInputStream(
                new BufferedInputStream(new FileInputStream(in.toFile()), 1 << 20))) {
      while (true) {
        int v;
        try {
          v = data.readInt();
        } catch (EOFException e) {
          break;
        }
        a.beginRow();
        a.append(v);
        a.endRow();
      }
    }
    s.execute("CHECKPOINT");
  }

  private static void check(Statement s, long n) throws SQLException {
    try (ResultSet r =
        s.executeQuery(
            "SELECT (SELECT count(*) FROM s), (SELECT sum(v::BIGINT) FROM s),"
                + " (SELECT sum(v::BIGINT) FROM t), (SELECT min(v) FROM s), (SELECT max(v) FROM s),"
                + " (SELECT v FROM s LIMIT 1), (SELECT v FROM s LIMIT 1 OFFSET "
                + (n - 1)
                + ")")) {
      r.next();
      if (r.getLong(1) != n || r.getLong(2) != r.getLong(3)) {
        throw new IllegalStateException(
            "DuckDB's sorted table holds "
                + r.getLong(1)
                + " ints of sum "
                + r.getLong(2)
                + ", not "
                + n
                + " of sum "
                + r.getLong(3));
      }
      if (r.getInt(4) != r.getInt(6) || r.getInt(5) != r.getInt(7)) {
        throw new IllegalStateException(
            "DuckDB's sorted table does not start at its minimum" + " and end at its maximum");
      }
    }
  }

  private static long count(Statement s, String sql) throws SQLException {
    try (ResultSet r = s.executeQuery(sql)) {
      r.next();
      return r.getLong(1);
    }
  }
}
