package org.secmem.report.advice;

/**
 * One thing the advice asks to add to a sweep: where (the experiment and the group's settings) and
 * what, kept apart so that each rendering takes the part it shows (the report's block names the
 * group once above its suggestions; the end of a run names it on each line).
 *
 * @param where the group, e.g. {@code read n = 2^20 ints, k = 1}
 * @param what what to add there, e.g. {@code one B only for mapped: sweep b, e.g. b=2^12..2^20}
 */
record Suggestion(String where, String what) {

  /** The whole suggestion on one line: {@code where: what}. */
  String line() {
    return where + ": " + what;
  }
}
