package org.secmem.seeds;

import java.util.List;
import java.util.Optional;

/**
 * How a finding is judged against measurements. Each rule names its configurations by {@link
 * Selector}s; a selector that selects several configurations (or a swept value that has several)
 * stands for the best of them. The rules, as a findings file writes them (arguments tab-separated):
 *
 * <ul>
 *   <li>{@code better A B [SIZE]}: A beats B beyond the noise; with SIZE (the report's advantage,
 *       e.g. 1.06 for "about 6 %" or 100 for "two orders of magnitude") also by about that much.
 *   <li>{@code flat A B [TOL]}: A and B within a factor TOL of each other (default 1.25): the
 *       interval of their ratio inside [1/TOL, TOL] agrees, wholly outside differs, across an edge
 *       is within noise.
 *   <li>{@code about S VALUE [TOL]}: the metric of S is about the report's VALUE, within a factor
 *       TOL (default 1.25): the interval of its median inside [VALUE / TOL, VALUE * TOL] agrees,
 *       wholly outside differs, across an edge is within noise (the {@code floor} metric: the share
 *       of the least time the machine's probed rates allow that a sort reached).
 *   <li>{@code morethan A B C D}: the gain from A to B beats the gain from C to D.
 *   <li>{@code best P S LO HI [tie=X%]} (or {@code best P S V1|V2|... - [tie=X%]}): over the values
 *       of parameter P among the configurations S selects, the best of the report's values (those
 *       in [LO, HI], or the listed ones: its best and the values its table ties with it) against
 *       the best of the others: ahead beyond the noise agrees, or within the report's own tie X %
 *       (values it counts as the same); behind beyond the noise and the tie differs; else within
 *       noise. A positional TOL (a fraction) is the same tie.
 *   <li>{@code exponent P S MIN MAX [LO HI]}: the metric grows as P^e with e in [MIN, MAX] (a
 *       least-squares fit of log metric against log P over the values in [LO, HI]); the exponent's
 *       interval inside [MIN, MAX] agrees, wholly outside differs, across an edge is within noise.
 *   <li>{@code grows P S [LO HI] [steadily]} and {@code falls ...}: the metric at the largest P (in
 *       [LO, HI]) is above (below) the one at the smallest, beyond the noise; "steadily": and no
 *       step between neighbouring values goes the other way beyond the noise.
 * </ul>
 *
 * A bound written {@code *} is open.
 */
public sealed interface Rule
    permits Rules.Better, Rules.Flat, Rules.About, Rules.MoreThan, Best, Rules.OverRange {

  /**
   * The judgement, or empty when the measurements lack the configurations the rule names.
   *
   * @param seed the bootstrap's seed, so that a finding's interval is the same every time
   */
  Optional<Judgement> judge(Measurements m, Metric metric, long seed);

  /**
   * Parses a rule and its arguments.
   *
   * @throws IllegalArgumentException saying which argument is wrong and what each rule takes
   */
  static Rule parse(String name, List<String> args) {
    return Rules.parse(name, args);
  }
}
