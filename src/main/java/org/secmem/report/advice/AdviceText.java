package org.secmem.report.advice;

import static org.secmem.report.advice.Advice.LEVEL_PERCENT;
import static org.secmem.report.advice.Advice.MATERIAL_PERCENT;
import static org.secmem.report.advice.Advice.plural;

import java.util.ArrayList;
import java.util.List;
import org.secmem.report.chart.HtmlText;

/**
 * The text of {@link Advice}, which holds the findings: the whole advice for {@code secmem advise},
 * one line per group at the end of {@code secmem run}, and an experiment's part of the report page.
 * Each group's lines come from {@link StreamAdviceText} and {@link SortAdviceText}.
 */
public final class AdviceText {

  private AdviceText() {}

  /** The full advice as aligned lines of text, for {@code secmem advise}. */
  public static List<String> text(Advice a) {
    List<String> out = new ArrayList<>();
    out.add("Advice from " + a.source());
    if (!a.nothing().isEmpty()) {
      out.addAll(a.nothing());
      return out;
    }
    out.add(
        "(measured runs only; within noise = the "
            + LEVEL_PERCENT
            + "% bootstrap interval of"
            + " the ratio of two medians includes 1)");
    for (StreamAdvice s : a.streams()) {
      out.add("");
      out.addAll(StreamAdviceText.text(s));
    }
    if (!a.sorts().isEmpty()) {
      out.add("");
      out.addAll(sortLines(a.sorts()));
    }
    for (TreeAdvice t : a.trees()) {
      out.add("");
      out.addAll(t.text());
    }
    int add = a.toAdd().size();
    out.add("");
    out.add(
        add == 0
            ? "Nothing to add: the sweep answers what it asks."
            : plural(add, "thing", "things") + " to add to the sweep (the add: lines above).");
    return out;
  }

  /** The lines of one experiment's groups (for its section of the report page). */
  static List<String> text(Advice a, String experiment) {
    List<String> out = new ArrayList<>();
    for (StreamAdvice s : a.streams()) {
      if (s.experiment().equals(experiment)) {
        if (!out.isEmpty()) {
          out.add("");
        }
        out.addAll(StreamAdviceText.text(s));
      }
    }
    if (experiment.equals("sort") && !a.sorts().isEmpty()) {
      if (!out.isEmpty()) {
        out.add("");
      }
      out.addAll(sortLines(a.sorts()));
    }
    if (experiment.equals("sort")) {
      for (TreeAdvice t : a.trees()) {
        if (!out.isEmpty()) {
          out.add("");
        }
        out.addAll(t.text());
      }
    }
    return out;
  }

  /** One line per group and one per thing to add: the end of {@code secmem run}. */
  public static List<String> brief(Advice a) {
    List<String> out = new ArrayList<>();
    if (a.answersNothing()) {
      return out;
    }
    a.streams().forEach(s -> out.add("advice: " + StreamAdviceText.brief(s)));
    long single = a.sorts().stream().filter(s -> !s.chooses()).count();
    a.sorts().stream()
        .filter(s -> s.chooses() || single < 2)
        .forEach(s -> out.add("advice: " + SortAdviceText.brief(s)));
    if (single > 1) {
      out.add(
          "advice: sort: "
              + single
              + " groups with one (d, M) each: nothing to choose in d"
              + " and M");
    }
    a.trees().forEach(t -> out.add("advice: " + t.brief()));
    a.toAdd().forEach(s -> out.add("advice: add " + s));
    return out;
  }

  /** The "Advice" part of an experiment on the report page, with its note; nothing when none. */
  static void html(Advice a, StringBuilder h, String experiment) {
    html(a, h, experiment, true);
  }

  /**
   * The "Advice" part of an experiment on the report page; nothing when none.
   *
   * @param withNote whether the note on what "within noise" and "knee" mean comes first (the page
   *     says it once, before its first experiment's advice)
   * @return whether there was advice
   */
  public static boolean html(Advice a, StringBuilder h, String experiment, boolean withNote) {
    List<String> lines = text(a, experiment);
    if (lines.isEmpty()) {
      return false;
    }
    h.append("<h3 id=\"advice-")
        .append(HtmlText.esc(experiment))
        .append("\">Advice: ")
        .append(HtmlText.esc(experiment))
        .append("</h3>\n");
    if (withNote) {
      note(h);
    }
    // its tables keep their columns; a long line wraps (the page's style), it is not cut off in a
    // box that scrolls sideways
    h.append("<pre class=\"advice\">");
    lines.forEach(l -> h.append(HtmlText.esc(l)).append('\n'));
    h.append("</pre>\n");
    return true;
  }

  private static void note(StringBuilder h) {
    h.append(
        "<p class=\"note\">What this file says about which settings to use "
            + "(<code>secmem advise</code> prints the same). <i>within noise</i>: the "
            + LEVEL_PERCENT
            + "% bootstrap interval of the ratio of the two medians includes 1 (one slow run cannot"
            + " make two results look alike, as it can when min\u2013max ranges are compared);"
            + " <i>knee</i>: the smallest B within noise of the best B and less than "
            + MATERIAL_PERCENT
            + "% below it.</p>\n");
  }

  /**
   * The lines of the sort groups: each group's block, but groups with one (d, M) each, when there
   * are several, as one line (a sweep of other settings, such as presets or work folders, has
   * nothing to choose in d and M, and a block per group would only say so again and again).
   */
  private static List<String> sortLines(List<SortAdvice> sorts) {
    List<SortAdvice> single = sorts.stream().filter(s -> !s.chooses()).toList();
    List<String> out = new ArrayList<>();
    for (SortAdvice s : sorts) {
      if (single.size() > 1 && !s.chooses()) {
        continue;
      }
      if (!out.isEmpty()) {
        out.add("");
      }
      out.addAll(SortAdviceText.text(s));
    }
    if (single.size() > 1) {
      if (!out.isEmpty()) {
        out.add("");
      }
      out.add(
          "sort: "
              + single.size()
              + " groups with one (d, M) each: nothing to choose between"
              + " in d and M");
      out.add("  add: " + Advice.SWEEP_D_AND_M);
    }
    return out;
  }
}
