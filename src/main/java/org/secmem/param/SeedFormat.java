package org.secmem.param;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.secmem.experiment.Experiment;
import org.secmem.names.Names;
import org.secmem.stream.StreamType;

/**
 * The seed report's semicolon format (sections 3.1 and 4.3 of {@code 000_…txt}), so that its own
 * files run unchanged, header line included. Streams, 5 fields: {@code Type;N list;k;a,b;loops}
 * with B = 2^a … 2^b (ignored for Simple and Buffer). Merge sort, 9 fields: {@code
 * ReadType;WriteType;d;M;a,b;loops;input;output;ascending}. The report's own sort example writes
 * the B range as {@code 20;20} (10 fields); that form is read as {@code 20,20}. Where the report's
 * program fell back to Simple on a misspelt type, this refuses the line.
 */
final class SeedFormat {

  private SeedFormat() {}

  static List<RunConfig> parse(
      Path file,
      String text,
      Experiment experiment,
      ParamDefaults defaults,
      List<ParamProblem> problems) {
    List<RunConfig> out = new ArrayList<>();
    String[] lines = text.split("\r?\n", -1);
    boolean first = true;
    for (int i = 0; i < lines.length; i++) {
      long lineNo = i + 1;
      String line = lines[i].trim();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      String[] f = line.split(";", -1);
      for (int j = 0; j < f.length; j++) {
        f[j] = f[j].trim();
      }
      if (first) {
        first = false;
        if (isHeader(f)) {
          continue; // the header line, e.g. "Stream Type (only 1 per row); Total integers ..."
        }
      }
      Map<String, String> cells =
          experiment == Experiment.SORT
              ? sortCells(file, lineNo, f, problems)
              : streamCells(file, lineNo, f, problems);
      if (cells != null) {
        out.addAll(RowExpander.expand(file, lineNo, experiment, cells, defaults, problems));
      }
    }
    return out;
  }

  private static Map<String, String> streamCells(
      Path file, long lineNo, String[] f, List<ParamProblem> problems) {
    if (f.length != 5) {
      problems.add(
          new ParamProblem(
              file,
              lineNo,
              "line",
              f.length + " fields; a stream line has 5: Type;N list;k;B exponent range a,b;loops"));
      return null;
    }
    Map<String, String> cells = new HashMap<>();
    cells.put("stream", strict(file, lineNo, "stream", f[0], problems));
    cells.put("n", list(f[1]));
    cells.put("k", list(f[2]));
    StreamType type = typeOrNull(f[0]);
    if (type != null && type.usesBufferSize()) {
      cells.put("b", exponentRange(file, lineNo, f[3], problems));
    }
    cells.put("reps", f[4]);
    return cells;
  }

  private static Map<String, String> sortCells(
      Path file, long lineNo, String[] f, List<ParamProblem> problems) {
    String[] g = f;
    if (f.length == 10 && isInt(f[4]) && isInt(f[5])) {
      // The report's own example: "...;1000;20;20;5;..." — its B range a,b written a;b.
      g = new String[9];
      System.arraycopy(f, 0, g, 0, 4);
      g[4] = f[4] + "," + f[5];
      System.arraycopy(f, 6, g, 5, 4);
    }
    if (g.length != 9) {
      problems.add(
          new ParamProblem(
              file,
              lineNo,
              "line",
              f.length
                  + " fields; a merge-sort line has 9: ReadType;WriteType;d;M;B exponent range a,b;"
                  + "loops;input;output;ascending"));
      return null;
    }
    Map<String, String> cells = new HashMap<>();
    cells.put("read_stream", strict(file, lineNo, "read_stream", g[0], problems));
    cells.put("write_stream", strict(file, lineNo, "write_stream", g[1], problems));
    cells.put("d", list(g[2]));
    cells.put("m", list(g[3]));
    cells.put("b", exponentRange(file, lineNo, g[4], problems));
    cells.put("reps", g[5]);
    cells.put("input", g[6]);
    cells.put("output", g[7]);
    cells.put("order", g[8]);
    return cells;
  }

  /**
   * Whether a first line is the report's header: its field names have spaces or brackets, which no
   * type name or number has (so a misspelt type on line 1 is reported, not skipped).
   */
  private static boolean isHeader(String[] fields) {
    if (ParamFiles.isStreamType(fields[0])) {
      return false;
    }
    return fields[0].contains(" ")
        || fields[0].contains("(")
        || (fields.length > 1
            && fields[1].matches(".*[A-Za-z]{3,}.*")
            && !ParamFiles.isStreamType(fields[1]));
  }

  /** The report's names exactly (its program was case-sensitive), or the CLI names. */
  private static String strict(
      Path file, long lineNo, String field, String value, List<ParamProblem> problems) {
    if (typeOrNull(value) == null) {
      problems.add(
          new ParamProblem(
              file,
              lineNo,
              field,
              "unknown stream type '"
                  + value
                  + "' (allowed: Simple, Buffer, BufferB, Mapping, or "
                  + Names.allowed(StreamType.class)
                  + "); the report's program would silently have used Simple"));
      // Go on checking the line's other fields; the problem alone refuses the file.
      return StreamType.SIMPLE.cliName();
    }
    return value;
  }

  private static StreamType typeOrNull(String value) {
    for (StreamType t : StreamType.values()) {
      if (t.seedName().equals(value) || t.cliName().equals(value)) {
        return t;
      }
    }
    return null;
  }

  /** "1000,10000" → "1000|10000". */
  private static String list(String field) {
    return field.replace(',', '|');
  }

  /** "a,b" (powers of two) → "2^a..2^b"; a single "a" → "2^a". */
  private static String exponentRange(
      Path file, long lineNo, String field, List<ParamProblem> problems) {
    String[] ab = field.split(",", -1);
    if (ab.length > 2 || !isInt(ab[0]) || (ab.length == 2 && !isInt(ab[1]))) {
      problems.add(
          new ParamProblem(
              file,
              lineNo,
              "b",
              "'" + field + "' is not a B exponent range a,b (B = 2^a .. 2^b bytes, e.g. 10,16)"));
      return "";
    }
    long a = Long.parseLong(ab[0].trim());
    long b = ab.length == 2 ? Long.parseLong(ab[1].trim()) : a;
    if (a < 0 || b > 30 || a > b) {
      problems.add(
          new ParamProblem(
              file,
              lineNo,
              "b",
              "exponent range "
                  + a
                  + ","
                  + b
                  + " is not allowed (B = 2^a .. 2^b bytes with 2 <= a <= b <= 30)"));
      return "";
    }
    return a == b ? "2^" + a : "2^" + a + "..2^" + b;
  }

  private static boolean isInt(String s) {
    String t = s.trim();
    if (t.isEmpty() || t.length() > 9) {
      return false;
    }
    for (int i = 0; i < t.length(); i++) {
      if (!Character.isDigit(t.charAt(i)) && !(i == 0 && t.charAt(i) == '-')) {
        return false;
      }
    }
    return !t.equals("-");
  }
}
