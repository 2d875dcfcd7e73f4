package org.secmem.seeds;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The seed findings judged against measurements: per finding id, the first of its lines whose
 * configurations are in the results; and the Markdown table of them with its count line.
 *
 * <p>Measurements of several methods (a shared JVM and fresh JVMs per configuration, two JVMs) are
 * judged apart, and a finding's verdict is settled only where every method that measured it gives
 * the same one; otherwise it is {@link Verdict#UNSETTLED}, with each method's figure and verdict. A
 * method that sees the report's difference beyond the noise and another that sees it within the
 * noise disagree as much as agrees and differs do: neither verdict is this machine's. Every method
 * is judged on the same line of a finding (the first that any method's results measure); a method
 * whose results do not measure that line is named as such and gives no verdict.
 */
public final class FindingsTable {

  /**
   * One finding: the line that judged it and its judgement, or (when no line's configurations are
   * in the results) the first line and no judgement.
   *
   * @param byMethod with several methods, each method's judgement (only those that measured it), in
   *     the methods' order; empty with one method
   */
  public record Row(
      Finding finding,
      List<String> configs,
      Optional<Judgement> judgement,
      List<MethodJudgement> byMethod) {

    public Row {
      byMethod = List.copyOf(byMethod);
    }

    /** A row of one method. */
    public Row(Finding finding, List<String> configs, Optional<Judgement> judgement) {
      this(finding, configs, judgement, List.of());
    }
  }

  /** One method's judgement of a finding, e.g. "forked, JDK 17.0.15" and its judgement. */
  public record MethodJudgement(String method, Judgement judgement) {}

  private final List<Row> rows;
  private final List<String> methods;

  private FindingsTable(List<Row> rows, List<String> methods) {
    this.rows = List.copyOf(rows);
    this.methods = List.copyOf(methods);
  }

  /** Judges every finding in {@code findings} against {@code m}, the results of one method. */
  public static FindingsTable judge(List<Finding> findings, Measurements m) {
    return judge(findings, Map.of("", m));
  }

  /**
   * Judges every finding in {@code findings} against each method's measurements, and settles each
   * across them.
   *
   * @param byMethod the measurements of each method, by its name ("" for one unnamed method), in
   *     the order the table shows them
   */
  public static FindingsTable judge(List<Finding> findings, Map<String, Measurements> byMethod) {
    if (byMethod.isEmpty()) {
      throw new IllegalArgumentException("no measurements to judge");
    }
    Map<String, List<Finding>> byId = new LinkedHashMap<>();
    findings.forEach(f -> byId.computeIfAbsent(f.id(), x -> new ArrayList<>()).add(f));
    List<Row> rows = new ArrayList<>();
    for (List<Finding> lines : byId.values()) {
      List<String> configs = lines.stream().map(Finding::config).distinct().toList();
      // The first line that any method's results judge is the finding's line for every method:
      // methods are settled on the same comparison, never on two lines' different configs.
      Finding shown = null;
      List<MethodJudgement> judged = new ArrayList<>();
      for (Finding f : lines) {
        for (Map.Entry<String, Measurements> method : byMethod.entrySet()) {
          judgeLine(f, method.getValue())
              .ifPresent(j -> judged.add(new MethodJudgement(method.getKey(), j)));
        }
        if (!judged.isEmpty()) {
          shown = f;
          break;
        }
      }
      Finding f = shown == null ? lines.get(0) : shown;
      if (byMethod.size() == 1) {
        rows.add(new Row(f, configs, judged.stream().map(MethodJudgement::judgement).findFirst()));
      } else {
        rows.add(new Row(f, configs, settled(judged, byMethod.keySet()), judged));
      }
    }
    return new FindingsTable(rows, List.copyOf(byMethod.keySet()));
  }

  private static Optional<Judgement> judgeLine(Finding f, Measurements m) {
    long seed = f.id().hashCode();
    Optional<Judgement> j = f.rule().judge(m.measuredBy(f.config()), f.metric(), seed);
    if (j.isPresent() && !f.conditions().isEmpty()) {
      return Optional.of(
          new Judgement(j.get().measured() + "; " + f.conditions(), Verdict.NOT_COMPARABLE));
    }
    return j;
  }

  /**
   * The verdict of the methods that judged a finding: theirs where they all give the same one,
   * unsettled where not; the measured cell gives each method's figure (and, unsettled, its
   * verdict), and names the methods whose results do not measure it.
   */
  private static Optional<Judgement> settled(List<MethodJudgement> judged, Set<String> methods) {
    if (judged.isEmpty()) {
      return Optional.empty();
    }
    Set<Verdict> verdicts = EnumSet.noneOf(Verdict.class);
    judged.forEach(j -> verdicts.add(j.judgement().verdict()));
    Verdict verdict = verdicts.size() == 1 ? verdicts.iterator().next() : Verdict.UNSETTLED;
    List<String> parts = new ArrayList<>();
    for (MethodJudgement j : judged) {
      parts.add(
          "**"
              + j.method()
              + "**"
              + (verdict == Verdict.UNSETTLED ? " (" + j.judgement().verdict().word() + ")" : "")
              + ": "
              + j.judgement().measured());
    }
    for (String m : methods) {
      if (judged.stream().noneMatch(j -> j.method().equals(m))) {
        parts.add("**" + m + "**: not measured");
      }
    }
    return Optional.of(new Judgement(String.join("<br>", parts), verdict));
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
    out.append('\n').append(checked).append(" findings checked");
    if (methods.size() > 1) {
      out.append(" across ")
          .append(methods.size())
          .append(" methods (")
          .append(String.join("; ", methods))
          .append(")");
    } else {
      out.append(" by one method")
          .append(methods.get(0).isEmpty() ? "" : " (" + methods.get(0) + ")")
          .append(", not settled across methods");
    }
    out.append(
        String.format(
            Locale.ROOT,
            ": %d agree, %d within noise, %d differ",
            c.get(Verdict.AGREES),
            c.get(Verdict.WITHIN_NOISE),
            c.get(Verdict.DIFFERS)));
    if (methods.size() > 1) {
      out.append(", ").append(c.get(Verdict.UNSETTLED)).append(" unsettled");
    }
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
