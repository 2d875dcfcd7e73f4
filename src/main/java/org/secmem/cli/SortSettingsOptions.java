package org.secmem.cli;

import java.util.Optional;
import org.secmem.buffertree.FanoutRule;
import org.secmem.buffertree.TreeDefaults;
import org.secmem.sort.Merger;
import org.secmem.sort.RunSort;
import org.secmem.sort.SortAlgorithm;
import org.secmem.sort.SortChoices;
import org.secmem.sort.SortPreset;
import org.secmem.sort.SortSettings;
import org.secmem.stream.StreamType;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * How {@code secmem sort} sorts: the algorithm, the preset and every option that changes one of its
 * settings (M, B, the streams, d, the merger, the run sort, threads, the buffer tree's fanout).
 */
final class SortSettingsOptions {

  @Mixin BlockMemoryOptions memory;

  @Option(names = "--merge-read-stream")
  StreamType mergeReadStream;

  @Option(names = "--d")
  Integer d;

  @Option(names = "--preset", defaultValue = "classic")
  String preset;

  @Option(names = "--merger")
  String merger;

  @Option(names = "--run-sort")
  String runSort;

  @Option(names = "--overlap", negatable = true)
  Boolean overlap;

  @Option(names = "--parallel-merge", negatable = true)
  Boolean parallelMerge;

  @Option(names = "--threads")
  Integer threads;

  @Option(names = "--algorithm", defaultValue = "merge")
  String algorithm;

  @Mixin FanoutOptions fanout;

  /** The algorithm of --algorithm. */
  SortAlgorithm algorithm(CommandLine cmd) {
    try {
      return SortAlgorithm.parse(algorithm);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cmd, "--algorithm: " + e.getMessage());
    }
  }

  /** The buffer tree's fanout rule of --fanout or --b-over-m. */
  FanoutRule fanoutRule(CommandLine cmd) {
    return fanout.rule(cmd);
  }

  /**
   * The settings this command line asks for: the preset's, with every option given applied — the
   * same resolution parameter files and the menu go through.
   */
  SortSettings resolve(CommandLine cmd, boolean tree) {
    try {
      SortChoices choices =
          new SortChoices(
              memory.readStream(),
              memory.writeStream(),
              memory.b(),
              Optional.ofNullable(d),
              memory.m(),
              Optional.ofNullable(merger).map(Merger::parse),
              Optional.ofNullable(runSort).map(RunSort::parse),
              Optional.ofNullable(overlap),
              Optional.ofNullable(parallelMerge),
              Optional.ofNullable(threads),
              Optional.ofNullable(mergeReadStream));
      // The buffer tree's own M and B (seed 004's) where none is given.
      return SortPreset.parse(preset).resolve(tree ? TreeDefaults.apply(choices) : choices);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cmd, e.getMessage());
    }
  }
}
