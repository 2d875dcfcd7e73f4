package org.secmem.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.SortedSet;
import java.util.TreeSet;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.secmem.cgroup.MemoryCgroup;
import org.secmem.cgroup.MemoryHierarchy;
import org.secmem.experiment.BatchOptions;
import org.secmem.experiment.BatchStep;
import org.secmem.experiment.ExperimentRunner.Runs;
import org.secmem.experiment.ForkChild;
import org.secmem.experiment.ForkedTrial;
import org.secmem.experiment.PlannedTrial;
import org.secmem.experiment.RunListener;
import org.secmem.experiment.RunSchedule;
import org.secmem.experiment.RunSettings;
import org.secmem.experiment.Trial;
import org.secmem.fs.Sweep;
import org.secmem.results.ResultColumn;
import org.secmem.results.ResultRow;
import org.secmem.results.ResultSink;
import org.secmem.sort.WorkDirectory;
import org.secmem.units.Units;
import picocli.CommandLine;

/**
 * The parent's side of {@code --fork N}: each configuration is measured in N fresh JVMs, as JMH's
 * forks are, so that what one configuration leaves in the JVM (compiled code, a grown heap, garbage
 * to collect) cannot speed up or slow down the next. The forks are ordered as the runs would be
 * ({@code --order}: interleaved, the first fork of every configuration, then the second, ...); each
 * runs its configuration's warm-ups and repetitions with the same command line plus {@code
 * --fork-child}, and sends its rows back one line each (see {@link ForkChildSession}), which are
 * recorded as they arrive.
 */
final class ForkedBatch {

  private static final Logger LOG = LogManager.getLogger(ForkedBatch.class);

  /** Lines of a failed fork's error output repeated in the failure message. */
  private static final int ERR_LINES = 3;

  /** The exit code of a JVM killed by SIGKILL (the OOM killer, kill -9). */
  static final int KILLED = 128 + 9;

  private final CommandLine cmd;
  private final ResultSink sink;
  private final RunListener listener;
  private final BatchOptions batch;

  /** Whether the user was told that secmem's own cgroup allows less than a limit asked for. */
  private boolean toldOfCeiling;

  /** Forks killed from outside, one line each: their configurations were not measured whole. */
  private final List<String> killed = new ArrayList<>();

  ForkedBatch(CommandLine cmd, ResultSink sink, RunListener listener, BatchOptions batch) {
    this.cmd = cmd;
    this.sink = sink;
    this.listener = listener;
    this.batch = batch;
  }

  /** One fork: a configuration (the step) and what its JVM runs. */
  private record Unit(
      BatchStep step,
      int fork,
      SortedSet<Integer> warmups,
      SortedSet<Integer> recorded,
      SortedSet<Integer> reps) {
    int runs() {
      return warmups.size() + reps.size();
    }
  }

  /**
   * Runs every fork of {@code steps}; with a {@code sentinel} (the batch's configuration at {@link
   * BatchOptions#sentinel}), a fork of it measuring one repetition after its warm-ups before the
   * first fork, every {@link BatchOptions#sentinelInterval} forks, and after the last.
   */
  void run(List<BatchStep> steps, Optional<PlannedTrial> sentinel) throws IOException {
    List<List<Unit>> units = new ArrayList<>();
    for (BatchStep s : steps) {
      units.add(units(s));
    }
    List<RunSchedule.Slot> slots =
        RunSchedule.of(units.stream().map(List::size).toList(), batch.order(), batch.orderSeed());
    long position = 1;
    int[] round = new int[steps.size()];
    int every = batch.sentinelInterval(steps.size());
    int sentinels = 0;
    for (int i = 0; i < slots.size(); i++) {
      if (sentinel.isPresent() && i % every == 0) {
        position = sentinel(sentinel.get(), ++sentinels, position);
      }
      RunSchedule.Slot slot = slots.get(i);
      Unit u = units.get(slot.config()).get(slot.round() - 1);
      ForkChild child =
          new ForkChild(
              u.step().index(),
              u.fork(),
              u.warmups(),
              u.recorded(),
              u.reps(),
              position,
              round[slot.config()] + 1,
              false);
      listener.runStarting(
          u.step().planned().trial().describe()
              + " (fork "
              + u.fork()
              + " of "
              + batch.forks()
              + ")",
          slot.config() + 1,
          steps.size(),
          round[slot.config()] + 1,
          u.step().runCount());
      fork(child, u.step().planned().trial());
      position += u.runs();
      round[slot.config()] += u.runs();
    }
    if (sentinel.isPresent()) {
      sentinel(sentinel.get(), ++sentinels, position);
    }
  }

  /** A fresh JVM measuring the sentinel once (after its warm-ups, not recorded); next position. */
  private long sentinel(PlannedTrial sentinel, int number, long position) throws IOException {
    int warmups = sentinel.settings().warmup() / Math.max(1, batch.forks());
    ForkChild child =
        new ForkChild(
            batch.sentinel(),
            1,
            Runs.numbers(warmups),
            new TreeSet<>(),
            new TreeSet<>(List.of(number)),
            position,
            1,
            true);
    listener.runStarting(sentinel.trial().describe(), 0, 0, 1, 1);
    fork(child, sentinel.trial());
    return position + child.runs();
  }

  /**
   * The forks of one configuration that have something left to measure: fork f runs warm-ups
   * (f-1)W+1 .. fW and the repetitions of (f-1)R+1 .. fR that the step still needs.
   */
  private List<Unit> units(BatchStep step) {
    RunSettings s = step.planned().settings();
    int reps = s.reps() / batch.forks();
    int warmups = s.warmup() / batch.forks();
    List<Unit> out = new ArrayList<>();
    for (int f = 1; f <= batch.forks(); f++) {
      SortedSet<Integer> r =
          new TreeSet<>(step.runs().reps().subSet((f - 1) * reps + 1, f * reps + 1));
      if (r.isEmpty()) {
        continue;
      }
      SortedSet<Integer> w = Runs.range((f - 1) * warmups + 1, f * warmups);
      SortedSet<Integer> rec = new TreeSet<>(w);
      rec.retainAll(step.runs().recordedWarmups());
      out.add(new Unit(step, f, w, rec, r));
    }
    return out;
  }

  /**
   * Forks killed from outside (exit {@value #KILLED}: the OOM killer, kill -9), each as one line
   * naming the fork and its configuration; the batch went on without them.
   */
  List<String> killed() {
    return List.copyOf(killed);
  }

  /**
   * Runs one fork to its end, recording each row it sends as it arrives. The fork's standard input
   * stays open until it ends: when this process dies, however, the fork reads the end of its input
   * and stops ({@link ForkChildSession#endWithParent}). A fork killed from outside (exit {@value
   * #KILLED}) is recorded in {@link #killed}, its work folders are removed, and the batch goes on;
   * any other failure ends the batch.
   */
  private void fork(ForkChild child, Trial trial) throws IOException {
    OptionalLong limit = trial instanceof ForkedTrial f ? f.memoryLimit() : OptionalLong.empty();
    if (limit.isEmpty()) {
      fork(child, trial, Optional.empty());
      return;
    }
    MemoryHierarchy h =
        MemoryHierarchy.locate()
            .orElseThrow(() -> new IOException("the memory cgroup of this process is gone"));
    try (MemoryCgroup cgroup = MemoryCgroup.create(h, limit.getAsLong())) {
      if (cgroup.tighterCeiling().isPresent() && !toldOfCeiling) {
        toldOfCeiling = true;
        listener.warning(ceilingWarning(cgroup));
      }
      fork(child, trial, Optional.of(cgroup));
    }
  }

  /** As above, the fork's JVM started inside {@code cgroup} where there is one. */
  private void fork(ForkChild child, Trial trial, Optional<MemoryCgroup> cgroup)
      throws IOException {
    String what = (child.sentinel() ? "the sentinel " : "") + trial.describe();
    List<String> command = command(child, trial);
    if (cgroup.isPresent()) {
      command = cgroup.get().enter(command);
    }
    LOG.info("fork {} of {}: {}", child.fork(), what, command);
    ProcessBuilder pb = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.PIPE);
    pb.environment().put(ForkChildSession.PARENT_PIPE_ENV, "1");
    Process p = pb.start();
    Deque<String> errTail = new ArrayDeque<>();
    Thread errReader = new Thread(() -> drain(p, errTail), "secmem-fork-stderr");
    errReader.setDaemon(true);
    errReader.start();
    try (BufferedReader out =
        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = out.readLine()) != null) {
        if (line.startsWith(ForkChildSession.ROW_PREFIX)) {
          ResultRow row = parse(line.substring(ForkChildSession.ROW_PREFIX.length()));
          if (cgroup.isPresent()) {
            row = underLimitOf(row, cgroup.get());
          }
          sink.accept(row);
          listener.runFinished(row);
        } else {
          LOG.debug("fork {}: {}", child.fork(), line);
        }
      }
      int code = p.waitFor();
      errReader.join(1000);
      if (code == KILLED) {
        boolean oom = cgroup.isPresent() && cgroup.get().oomKills().orElse(0) > 0;
        String said =
            "fork "
                + child.fork()
                + " of "
                + what
                + " was killed (exit code "
                + code
                + (oom
                    ? ": the kernel's OOM killer, in its memory limit of "
                        + Units.bytes(cgroup.get().limitBytes())
                        + ": the JVM and the memory it could not give back did not fit"
                    : ": the OOM killer or kill -9")
                + "); its configuration is not measured whole ("
                + "'--resume' runs what is missing)";
        LOG.warn(said);
        killed.add(said);
        removeLeftovers(trial, p.pid());
        return;
      }
      if (code != ExitCodes.OK) {
        String tail;
        synchronized (errTail) {
          tail = String.join(" / ", errTail);
        }
        throw new IOException(
            "fork "
                + child.fork()
                + " of "
                + what
                + " (a fresh JVM) failed"
                + " with exit code "
                + code
                + (tail.isBlank() ? "" : ": " + tail));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException(
          "interrupted while fork " + child.fork() + " of " + what + " ran");
    } finally {
      closeQuietly(p.getOutputStream());
      if (p.isAlive()) {
        p.destroy();
      }
    }
  }

  /**
   * The work folders a killed fork left: its lock on them is gone, so the sweep takes them, and one
   * named with its PID even without a marker (killed between making the two).
   */
  private static void removeLeftovers(Trial trial, long forkPid) {
    for (Path folder : trial.workFolders()) {
      try {
        Sweep s = WorkDirectory.removeLeftoversOf(folder, forkPid);
        LOG.info("Swept {} for what fork {} left: {}", folder, forkPid, s);
        s.removed().forEach(r -> LOG.info("Removed {}, left by a killed fork", r));
      } catch (IOException e) {
        LOG.warn("Could not sweep {} for what a killed fork left", folder, e);
      }
    }
  }

  private static void closeQuietly(OutputStream s) {
    try {
      s.close();
    } catch (IOException e) {
      LOG.debug("a fork's input was already closed", e); // it ended: nothing to tell it
    }
  }

  private static void drain(Process p, Deque<String> tail) {
    try (BufferedReader err =
        new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = err.readLine()) != null) {
        LOG.info("fork stderr: {}", line);
        if (line.isBlank()) {
          continue;
        }
        synchronized (tail) {
          tail.addLast(line.trim());
          while (tail.size() > ERR_LINES) {
            tail.removeFirst();
          }
        }
      }
    } catch (IOException e) {
      LOG.debug("fork stderr closed", e);
    }
  }

  /**
   * {@code row} as measured in {@code cgroup}: its {@code memory_limit} the limit the fork was held
   * to, which is less than the one asked for (the fork's configuration's) where secmem's own cgroup
   * or an ancestor allows less.
   */
  static ResultRow underLimitOf(ResultRow row, MemoryCgroup cgroup) {
    return cgroup.effectiveLimitBytes() == cgroup.limitBytes()
        ? row
        : row.toBuilder().set(ResultColumn.MEMORY_LIMIT, cgroup.effectiveLimitBytes()).build();
  }

  /** Says that the limit asked for is above what secmem's own cgroup allows, and what follows. */
  static String ceilingWarning(MemoryCgroup cgroup) {
    MemoryHierarchy.Ceiling c = cgroup.tighterCeiling().orElseThrow();
    return "a memory limit of "
        + Units.bytes(cgroup.limitBytes())
        + " is above the "
        + Units.bytes(c.bytes())
        + " that secmem's own cgroup allows ("
        + c.file()
        + "): forks under a larger limit are held to "
        + Units.bytes(c.bytes())
        + ", and their rows record that as memory_limit";
  }

  /** A row sent by a fork: every column in {@link ResultColumn} order. */
  static ResultRow parse(String csv) throws IOException {
    try (CSVParser parser = CSVParser.parse(csv, CSVFormat.RFC4180)) {
      List<CSVRecord> records = parser.getRecords();
      if (records.size() != 1) {
        throw new IOException("a fork sent a line that is not one row: " + csv);
      }
      return ResultRow.ofCellsInColumnOrder(records.get(0).toList());
    } catch (IllegalArgumentException e) {
      throw new IOException("a fork sent a row of another secmem version: " + e.getMessage(), e);
    }
  }

  /**
   * The java of the JVM the trial is to run on (--jvm), else this JVM's; this JVM's options and
   * class path (secmem is Java 17 bytecode: a newer JVM runs the same jar), the command as typed,
   * and the fork's part.
   */
  private List<String> command(ForkChild child, Trial trial) {
    List<String> c = new ArrayList<>();
    Optional<ForkedTrial> forked =
        trial instanceof ForkedTrial f ? Optional.of(f) : Optional.empty();
    c.add(
        forked
            .flatMap(ForkedTrial::jvm)
            .map(j -> j.java().toString())
            .orElseGet(() -> Path.of(System.getProperty("java.home"), "bin", "java").toString()));
    List<String> options = new ArrayList<>();
    for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      // A debugger's port cannot be opened twice; the rest (heap, properties) is kept.
      if (!arg.startsWith("-agentlib:jdwp") && !arg.startsWith("-Xrunjdwp")) {
        options.add(arg);
      }
    }
    // Under a memory limit the JVM would size a heap it is not told from the limit, and plan
    // another M than the one admitted here: it gets this JVM's.
    boolean limited = forked.map(f -> f.memoryLimit().isPresent()).orElse(false);
    c.addAll(limited ? ForkHeap.withHeap(options) : options);
    c.add("-cp");
    c.add(System.getProperty("java.class.path"));
    c.add("org.secmem.Main");
    List<String> typed = ExperimentSession.commandLine(cmd);
    c.addAll(typed.subList(1, typed.size()));
    c.add("--fork-child");
    c.add(child.format());
    return c;
  }
}
