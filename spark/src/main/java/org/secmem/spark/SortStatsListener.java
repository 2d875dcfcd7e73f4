package org.secmem.spark;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.spark.executor.TaskMetrics;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobEnd;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerStageCompleted;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.StageInfo;

/**
 * Collects, for the jobs of one sort (those of its job group), each stage's run time and task
 * metrics, classified as sample, map or reduce (see {@link SortStages}). Registered once per Spark
 * context; Spark calls it on its listener thread, after the fact, so {@link #await} waits for the
 * sort's jobs to be reported ended.
 */
final class SortStatsListener extends SparkListener {

  /** The local property that holds a job's group ({@code SparkContext.setJobGroup}). */
  static final String JOB_GROUP_PROPERTY = "spark.jobGroup.id";

  private String group;
  private final Set<Integer> jobsStarted = new HashSet<>();
  private final Set<Integer> jobsEnded = new HashSet<>();
  private final Set<Integer> stages = new HashSet<>();
  private final Set<String> executors = new HashSet<>();
  private final Map<Kind, long[]> figures = new HashMap<>();
  private int inputPartitions;
  private int partitions;
  private long shuffleWriteBytes;
  private long shuffleReadBytes;
  private long spillBytes;
  private long gcMillis;

  private enum Kind {
    SAMPLE,
    MAP,
    REDUCE
  }

  /** Forgets the last sort; from now on collects the jobs of {@code jobGroup}. */
  synchronized void begin(String jobGroup) {
    group = jobGroup;
    jobsStarted.clear();
    jobsEnded.clear();
    stages.clear();
    executors.clear();
    figures.clear();
    inputPartitions = 0;
    partitions = 0;
    shuffleWriteBytes = 0;
    shuffleReadBytes = 0;
    spillBytes = 0;
    gcMillis = 0;
  }

  @Override
  public synchronized void onJobStart(SparkListenerJobStart jobStart) {
    Properties p = jobStart.properties();
    if (group == null || p == null || !group.equals(p.getProperty(JOB_GROUP_PROPERTY))) {
      return;
    }
    jobsStarted.add(jobStart.jobId());
    jobStart.stageIds().foreach(id -> stages.add((Integer) id));
  }

  @Override
  public synchronized void onJobEnd(SparkListenerJobEnd jobEnd) {
    if (jobsStarted.contains(jobEnd.jobId())) {
      jobsEnded.add(jobEnd.jobId());
      notifyAll();
    }
  }

  @Override
  public synchronized void onTaskEnd(SparkListenerTaskEnd taskEnd) {
    if (stages.contains(taskEnd.stageId()) && taskEnd.taskInfo() != null) {
      executors.add(taskEnd.taskInfo().executorId());
    }
  }

  @Override
  public synchronized void onStageCompleted(SparkListenerStageCompleted completed) {
    StageInfo info = completed.stageInfo();
    if (!stages.contains(info.stageId())) {
      return;
    }
    Kind kind =
        info.shuffleDepId().isDefined()
            ? Kind.MAP
            : info.parentIds().isEmpty() ? Kind.SAMPLE : Kind.REDUCE;
    long millis =
        info.submissionTime().isDefined() && info.completionTime().isDefined()
            ? (Long) info.completionTime().get() - (Long) info.submissionTime().get()
            : 0;
    figures.computeIfAbsent(kind, k -> new long[1])[0] += millis;
    if (kind == Kind.MAP) {
      inputPartitions = Math.max(inputPartitions, info.numTasks());
    } else if (kind == Kind.REDUCE) {
      partitions = Math.max(partitions, info.numTasks());
    }
    TaskMetrics m = info.taskMetrics();
    if (m != null) {
      shuffleWriteBytes += m.shuffleWriteMetrics().bytesWritten();
      shuffleReadBytes += m.shuffleReadMetrics().totalBytesRead();
      spillBytes += m.diskBytesSpilled();
      gcMillis += m.jvmGCTime();
    }
  }

  /**
   * Waits up to {@code timeoutMillis} for every job of the sort that started to be reported ended,
   * then returns what was collected.
   */
  synchronized SortStages await(long timeoutMillis) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
    while (jobsStarted.isEmpty() || !jobsEnded.containsAll(jobsStarted)) {
      long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
      if (left <= 0) {
        break;
      }
      wait(left);
    }
    boolean complete = !jobsStarted.isEmpty() && jobsEnded.containsAll(jobsStarted);
    return new SortStages(
        nanos(Kind.SAMPLE),
        nanos(Kind.MAP),
        nanos(Kind.REDUCE),
        inputPartitions,
        partitions,
        shuffleWriteBytes,
        shuffleReadBytes,
        spillBytes,
        TimeUnit.MILLISECONDS.toNanos(gcMillis),
        executors.size(),
        complete);
  }

  private long nanos(Kind kind) {
    long[] f = figures.get(kind);
    return f == null ? 0 : TimeUnit.MILLISECONDS.toNanos(f[0]);
  }
}
