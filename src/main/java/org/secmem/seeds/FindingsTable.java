package org.secmem.seeds;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The seed findings judged against measurements: per finding id, the first of its lines whose
 * configurations are in the results; and the Markdown table of them with its count line.
 */
public final class FindingsTable {

  /**
   * One finding: the line that judged it and its judgement, or (when no line's configurations are
   * in the results) the first line and no judgement.
   */
  public record Row(Finding finding, List<String> configs, Optional<Judgement> judgement) {}

  private final List<Row> rows;

  private FindingsTable(List<Row> rows) {
    this.rows = List.copyOf(rows);
  }

  /** Judges every finding in {@code findings} against {@code m}. */
  public static FindingsTable judge(List<Finding> findings, Measurements m) {
    Map<String, List<Finding>> byId = new LinkedHashMap<>();
    findings.forEach(f -> byId.computeIfAbsent(f.id(), x -> new ArrayList<>()).add(f));
    List<Row> rows = new ArrayList<>();
    for (List<Finding> lines : byId.values()) {
      List<String> configs = lines.stream().map(Finding::config).distinct().toList();
      Row row = new Row(lines.get(0), configs, Optional.empty());
      for (Finding f : lines) {
        long seed = f.id().hashCode();
        Optional<Judgement> j = f.rule().judge(m.measuredBy(f.config()), f.metric(), seed);
        if (j.isPresent()) {
          Judgement judged = j.get();
          if (!f.conditions().isEmpty()) {
            judged =
                new Judgement(judged.measured() + "; " + f.conditions(), Verdict.NOT_COMPARABLE);
          }
          row = new Row(f, configs, Optional.of(judged));
          break;
        }
      }
      rows.add(row);
    }
    return new FindingsTable(rows);
  }

  /** Every finding, judged or not, in the findings file's order. */
  public List<Row> rows() {
    return rows;
  }

  /** How many judged findings have each verdict. */
  public Map<Verdict, Integer> counts() {
    Map<Verdict, Integer> counts = new EnumMap<>(Verdict.class);
    for (Verdict v : Verdict.values()) {
      counts.put(v, 0);
    }
    rows.stream()
        .flatMap(r -> r.judgement().stream())
        .forEach(j -> counts.merge(j.verdict(), 1, Integer::sum));
    return counts;
  }

  /**
   * The Markdown table and its count line.
   *
   * @param all whether findings whose configurations are not in the results get a row too
   */
  public String markdown(boolean all) {
    StringBuilder out = new StringBuilder();
    out.append("| Report | Table / figure | Finding (the report's numbers) |")
        .append(" Measured here (medians, 95 % intervals) | Verdict |\n")
        .append("|---|---|---|---|---|\n");
    int missing = 0;
    for (Row r : rows) {
      Finding f = r.finding();
      if (r.judgement().isEmpty()) {
        missing++;
        if (!all) {
          continue;
        }
      }
      String measured =
          r.judgement()
              .map(Judgement::measured)
              .orElse(
                  "not measured: run "
                      + String.join(
                          " or ",
                          r.configs().stream().map(c -> "configs/" + c + "-*.csv").toList()));
      String verdict = r.judgement().map(j -> j.verdict().word()).orElse("-");
      out.append("| ")
          .append(cell(f.report()))
          .append(" | ")
          .append(cell(f.where()))
          .append(" | ")
          .append(cell(f.text()))
          .append(" | ")
          .append(cell(measured))
          .append(" | ")
          .append(verdict)
          .append(" |\n");
    }
    Map<Verdict, Integer> c = counts();
    int checked = rows.size() - missing - c.get(Verdict.NOT_COMPARABLE);
    out.append('\n')
        .append(
            String.format(
                Locale.ROOT,
                "%d findings checked: %d agree, %d within noise, %d differ",
                checked,
                c.get(Verdict.AGREES),
                c.get(Verdict.WITHIN_NOISE),
                c.get(Verdict.DIFFERS)));
    if (c.get(Verdict.NOT_COMPARABLE) > 0) {
      out.append("; ")
          .append(c.get(Verdict.NOT_COMPARABLE))
          .append(" not comparable here (the configs do not reproduce their conditions)");
    }
    if (missing > 0) {
      out.append("; ").append(missing).append(" not in these results");
      if (!all) {
        out.append(" (--all lists them)");
      }
    }
    return out.append(".\n").toString();
  }

  private static String cell(String s) {
    return s.replace("|", "\\|");
  }
}
