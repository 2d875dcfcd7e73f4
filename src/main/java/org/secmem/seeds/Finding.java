package org.secmem.seeds;

/**
 * One line of a findings file: a finding of a seed report and how one config checks it.
 *
 * @param id the finding's id; a finding may have several lines (laptop and full configs)
 * @param report the report, e.g. "000 (2018)"
 * @param where its table, figure or section
 * @param text the finding in the report's words and numbers
 * @param config the configs/ file stem that measures it, e.g. "seed-streams"
 * @param metric what is compared
 * @param conditions empty, or why these configs cannot reproduce the finding's conditions (data
 *     larger than memory, files of gigabytes): then the verdict is "not comparable here", whatever
 *     the measurement
 * @param rule how it is judged
 * @param line the line of the findings file, for messages
 */
public record Finding(
    String id,
    String report,
    String where,
    String text,
    String config,
    Metric metric,
    String conditions,
    Rule rule,
    long line) {}
