package org.secmem.spark;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.secmem.engine.EngineChecks;
import org.secmem.engine.EngineJvm;
import org.secmem.engine.EngineProblem;
import org.secmem.engine.EngineProblem.Setting;
import org.secmem.engine.EngineSettings;

/** What is wrong with engine settings for Spark, each problem naming the setting it is about. */
final class SparkProblems {

  static final int MAX_PARTITIONS = EngineChecks.MAX_PARTITIONS;

  private SparkProblems() {}

  /**
   * The problems of these settings on a JVM whose heap is {@code maxHeapBytes}; empty when they can
   * run.
   */
  static List<EngineProblem> of(EngineSettings settings, long maxHeapBytes) {
    Optional<String> jvm = EngineJvm.problem("spark");
    if (jvm.isPresent()) { // Spark cannot start on this JVM, whatever the settings
      return List.of(new EngineProblem(Setting.ENGINE, jvm.get()));
    }
    List<EngineProblem> problems = new ArrayList<>();
    MasterUrl master = null;
    Optional<String> conflict = SparkConfPlan.masterConflict(settings);
    if (conflict.isPresent()) {
      problems.add(new EngineProblem(Setting.MASTER, conflict.get()));
    } else {
      try {
        master = SparkConfPlan.masterUrl(settings);
      } catch (IllegalArgumentException e) {
        // A master given as spark.master among the engine's settings is refused as that setting.
        boolean asMaster = settings.master().filter(m -> !m.isBlank()).isPresent();
        problems.add(
            new EngineProblem(
                asMaster ? Setting.MASTER : Setting.CONF,
                (asMaster ? "" : SparkConfPlan.SUBMIT_MASTER_PROPERTY + "=") + e.getMessage()));
      }
    }
    for (Map.Entry<String, String> e : settings.conf().entrySet()) {
      if (!e.getKey().startsWith("spark.")) {
        problems.add(
            new EngineProblem(
                Setting.CONF,
                e.getKey() + "=" + e.getValue() + ": a Spark setting's key starts with 'spark.'"));
      }
    }
    JobWatch.firstExecutorProblem(settings.conf())
        .ifPresent(p -> problems.add(new EngineProblem(Setting.CONF, p)));
    settings
        .partitions()
        .ifPresent(
            p -> {
              if (p < 1 || p > MAX_PARTITIONS) {
                problems.add(
                    new EngineProblem(
                        Setting.PARTITIONS,
                        p + " is out of range (allowed: 1 .. " + MAX_PARTITIONS + ")"));
              }
            });
    if (master != null && !master.isLocal() && !settings.workDirs().isEmpty()) {
      // Spark sets each executor's spark.local.dir from its worker (SPARK_LOCAL_DIRS) on a
      // cluster: the folders would reach the driver only, which keeps no shuffle or spill.
      problems.add(
          new EngineProblem(
              Setting.WORK_DIRS,
              "the work folders of a Spark sort reach its executors only in local mode; on a"
                  + " cluster each worker's SPARK_LOCAL_DIRS decides where they write shuffle and"
                  + " spill files (leave the work folders out, and set SPARK_LOCAL_DIRS on the"
                  + " workers)"));
    }
    if (master != null && master.isLocal()) {
      if (settings.memoryInts().isPresent()) {
        long m = settings.memoryInts().getAsLong();
        if (m < 1) {
          problems.add(new EngineProblem(Setting.MEMORY, "M = " + m + " ints: at least 1"));
        } else {
          SparkMemory.localProblem(m, maxHeapBytes)
              .ifPresent(p -> problems.add(new EngineProblem(Setting.MEMORY, p)));
          SparkMemory.perCoreProblem(m, master.localCores())
              .ifPresent(p -> problems.add(new EngineProblem(Setting.MEMORY, p)));
        }
      } else {
        // No M: the heap Spark itself needs, whatever M is.
        SparkMemory.heapProblem(maxHeapBytes)
            .ifPresent(p -> problems.add(new EngineProblem(Setting.MEMORY, p)));
      }
    } else if (settings.memoryInts().isPresent() && settings.memoryInts().getAsLong() < 1) {
      problems.add(
          new EngineProblem(
              Setting.MEMORY, "M = " + settings.memoryInts().getAsLong() + " ints: at least 1"));
    }
    return problems;
  }
}
