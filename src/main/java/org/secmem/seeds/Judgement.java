package org.secmem.seeds;

/**
 * A finding judged: what was measured here, as the table shows it, and the verdict.
 *
 * @param measured the medians compared and the interval of their ratio, e.g. "18.9 ms against 1111
 *     ms (x58.7, 95 % interval x52.1 .. x63.0)"
 * @param verdict the verdict
 */
public record Judgement(String measured, Verdict verdict) {}
