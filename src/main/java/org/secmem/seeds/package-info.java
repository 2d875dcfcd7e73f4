/**
 * The seed reports' findings judged against this machine's results: the findings file
 * (configs/seed-findings.tsv), its rules, the noise margin each verdict carries (a bootstrap
 * interval over the measured runs), and the Markdown table that {@code secmem findings} prints.
 * Reads results files through {@code report}; never runs anything.
 */
package org.secmem.seeds;
