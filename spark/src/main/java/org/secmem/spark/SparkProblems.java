package org.secmem.spark;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.secmem.engine.EngineSettings;

/** What is wrong with engine settings for Spark, each problem naming the setting. */
final class SparkProblems {

  static final int MAX_PARTITIONS = org.secmem.engine.EngineChecks.MAX_PARTITIONS;

  private SparkProblems() {}

  /**
   * The problems of these settings on a JVM whose heap is {@code maxHeapBytes}; empty when they
   * can run.
   */
  static List<String> of(EngineSettings settings, long maxHeapBytes) {
    List<String> problems = new ArrayList<>();
    MasterUrl master = null;
    try {
      master = SparkConfPlan.masterUrl(settings);
    } catch (IllegalArgumentException e) {
      problems.add(e.getMessage());
    }
    for (Map.Entry<String, String> e : settings.conf().entrySet()) {
      if (!e.getKey().startsWith("spark.")) {
        problems.add("--conf " + e.getKey() + "=" + e.getValue()
            + ": a Spark setting's key starts with 'spark.'");
      }
    }
    settings.partitions().ifPresent(p -> {
      if (p < 1 || p > MAX_PARTITIONS) {
        problems.add("--partitions " + p + ": allowed 1.." + MAX_PARTITIONS);
      }
    });
    if (master != null && master.isLocal()) {
      if (settings.memoryInts().isPresent()) {
        long m = settings.memoryInts().getAsLong();
        if (m < 1) {
          problems.add("--m: M = " + m + " ints: at least 1");
        } else {
          SparkMemory.localProblem(m, maxHeapBytes).ifPresent(problems::add);
          SparkMemory.perCoreProblem(m, master.localCores()).ifPresent(problems::add);
        }
      } else {
        SparkMemory.heapProblem(maxHeapBytes).ifPresent(problems::add);
      }
    } else if (settings.memoryInts().isPresent() && settings.memoryInts().getAsLong() < 1) {
      problems.add("--m: M = " + settings.memoryInts().getAsLong() + " ints: at least 1");
    }
    return problems;
  }
}
