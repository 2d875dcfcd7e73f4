package org.secmem.runner;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
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
import org.secmem.experiment.ProcessTrees;
import org.secmem.experiment.RunListener;
import org.secmem.experiment.RunSchedule;
import org.secmem.experiment.RunSettings;
import org.secmem.experiment.TimeEstimate;
import org.secmem.experiment.Trial;
import org.secmem.fs.Sweep;
import org.secmem.results.ResultColumn;
import org.secmem.results.ResultRow;
import org.secmem.results.ResultSink;
import org.secmem.sort.WorkDirectory;
import org.secmem.units.Units;

/**
 * The parent's side of {@code --fork N}: each configuration is measured in N fresh JVMs, as JMH's
 * forks are, so that what one configuration leaves in the JVM (compiled code, a grown heap, garbage
 * to collect) cannot speed up or slow down the next. The forks are ordered as the runs would be
 * ({@code --order}: interleaved, the first fork of every configuration, then the second, ...); each
 * runs its configuration's warm-ups and repetitions with the same command line plus {@code
 * --fork-child}, and sends its rows back one line each (see {@link ForkChildSession}), which are
 * recorded as they arrive. A fork that ends without every row it owes, however it ends, costs its
 * configuration (the batch goes on, and ends with exit code 1 naming it); a watchdog kills a fork
 * that runs far longer than its configuration can take.
 */
final class ForkedBatch {

  private static final Logger LOG = LogManager.getLogger(ForkedBatch.class);

  /** Lines of a failed fork's error output repeated in the failure message. */
  private static final int ERR_LINES = 3;

  /** The exit code of a JVM killed by SIGKILL (the OOM killer, kill -9). */
  static final int KILLED = 128 + 9;

  /**
   * A fork's watchdog allows it this many times the cost model's lower bound on its runs ({@link
   * Trial#secondsAtLeast}), above its floor: slow storage and a cold cache are far slower than the
   * bound, a hung fork slower still.
   */
  static final int WATCHDOG_FACTOR = 100;

  /** What a fork's watchdog allows above its estimate: a JVM's start, its set-up and its checks. */
  static final Duration WATCHDOG_FLOOR = Duration.ofMinutes(10);

  /** The most a watchdog allows, so that an absurd estimate cannot overflow. */
  private static final Duration WATCHDOG_MOST = Duration.ofDays(365);

  /** The floor in use; tests shorten it. */
  static volatile Duration watchdogFloor = WATCHDOG_FLOOR;

  /** Incomplete failures printed at the end of the run; the rest are in the log. */
  static final int INCOMPLETE_LINES = 10;

  private final Invocation call;
  private final ResultSink sink;
  private final RunListener listener;
  private final BatchOptions batch;

  /** Whether the user was told that secmem's own cgroup allows less than a limit asked for. */
  private boolean toldOfCeiling;

  /**
   * Forks that ended without every row they owed (killed from outside, by the watchdog, or ended
   * early), one line each: their configurations were not measured whole.
   */
  private final List<String> incomplete = new ArrayList<>();

  ForkedBatch(Invocation call, ResultSink sink, RunListener listener, BatchOptions batch) {
    this.call = call;
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
   * Forks that did not send every row they owed, each as one line naming the fork, its
   * configuration (with its JVM) and the rows that came: killed from outside (exit {@value
   * #KILLED}: the OOM killer, kill -9), killed by the watchdog, or ended with exit code 0 early.
   * The batch went on without them.
   */
  List<String> incomplete() {
    return List.copyOf(incomplete);
  }

  /**
   * How long a fork of {@code runs} runs of at least {@code secondsPerRun} each may take: {@value
   * #WATCHDOG_FACTOR} times their estimate, plus {@code floor}.
   */
  static Duration watchdog(double secondsPerRun, int runs, Duration floor) {
    double s = secondsPerRun * runs * WATCHDOG_FACTOR;
    if (!(s > 0)) {
      return floor;
    }
    Duration d = floor.plusSeconds((long) Math.min(s, WATCHDOG_MOST.toSeconds()));
    return d.compareTo(WATCHDOG_MOST) > 0 ? WATCHDOG_MOST : d;
  }

  /**
   * Runs one fork to its end, recording each row it sends as it arrives. The fork's standard input
   * stays open until it ends: when this process dies, however, the fork reads the end of its input
   * and stops ({@link ForkChildSession#endWithParent}). A fork that ends without every row it owes
   * with exit code 0, is killed from outside (exit {@value #KILLED}) or by the watchdog (see {@link
   * #watchdog}) is recorded in {@link #incomplete}, its work folders are removed, and the batch
   * goes on; any other exit code ends the batch.
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
    try (MemoryCgroup cgroup =
        MemoryCgroup.create(h, limit.getAsLong(), call.cleanup().cgroups())) {
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
    String what = describe(child, trial);
    List<String> command = command(child, trial);
    if (cgroup.isPresent()) {
      command = cgroup.get().enter(command);
    }
    // A fork may also spend the steady warm-up's budget before its first measured run.
    Duration limit =
        watchdog(trial.secondsAtLeast(), child.runs(), watchdogFloor).plus(batch.steady().budget());
    LOG.info("fork {} of {} (watchdog: {} s): {}", child.fork(), what, limit.toSeconds(), command);
    ProcessBuilder pb = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.PIPE);
    pb.environment().put(ForkChildSession.PARENT_PIPE_ENV, "1");
    Process p = pb.start();
    Deque<String> errTail = new ArrayDeque<>();
    Thread errReader = new Thread(() -> drain(p, errTail), "secmem-fork-stderr");
    errReader.setDaemon(true);
    errReader.start();
    AtomicBoolean overdue = new AtomicBoolean();
    Thread watchdog = new Thread(() -> watch(p, limit, overdue), "secmem-fork-watchdog");
    watchdog.setDaemon(true);
    watchdog.start();
    int rows = 0;
    try (BufferedReader out =
        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = out.readLine()) != null) {
        // A row's marker may follow what a wrapper of the JVM wrote without a line end.
        int at = line.indexOf(ForkChildSession.ROW_PREFIX);
        if (at >= 0) {
          if (at > 0) {
            LOG.warn(
                "fork {} of {}: text before a row, on its line: {}",
                child.fork(),
                what,
                line.substring(0, at));
          }
          ResultRow row = parse(line.substring(at + ForkChildSession.ROW_PREFIX.length()));
          if (cgroup.isPresent()) {
            row = underLimitOf(row, cgroup.get());
          }
          sink.accept(row);
          listener.runFinished(row);
          rows++;
        } else {
          LOG.info("fork {}: {}", child.fork(), line);
        }
      }
      int code = p.waitFor();
      errReader.join(1000);
      String sent = "it sent " + rows + " of " + child.rowsOwed() + " rows";
      if (overdue.get()) {
        if (rows == child.rowsOwed()) {
          // Measured whole; only its end hung.
          LOG.warn(
              "fork {} of {} sent every row, then hung: killed by the watchdog",
              child.fork(),
              what);
          return;
        }
        incomplete(
            trial,
            p,
            "fork "
                + child.fork()
                + " of "
                + what
                + " was killed by the watchdog after "
                + TimeEstimate.format(limit.toSeconds())
                + " ("
                + WATCHDOG_FACTOR
                + " times the cost model's lower bound on its runs, plus "
                + TimeEstimate.format(watchdogFloor.toSeconds())
                + "); "
                + sent);
        return;
      }
      if (code == KILLED) {
        boolean oom = cgroup.isPresent() && cgroup.get().oomKills().orElse(0) > 0;
        incomplete(
            trial,
            p,
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
                + "); "
                + sent);
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
                + " after "
                + sent.substring("it ".length())
                + (tail.isBlank() ? "" : ": " + tail));
      }
      if (rows < child.rowsOwed()) {
        incomplete(
            trial,
            p,
            "fork "
                + child.fork()
                + " of "
                + what
                + " ended with exit code 0 before its work was done: "
                + sent);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException(
          "interrupted while fork " + child.fork() + " of " + what + " ran");
    } finally {
      watchdog.interrupt();
      closeQuietly(p.getOutputStream());
      if (p.isAlive()) {
        p.destroy();
      }
    }
  }

  /** The fork, its configuration and the JVM it runs on, by name and path. */
  private static String describe(ForkChild child, Trial trial) {
    String jvm =
        trial instanceof ForkedTrial f ? f.jvm().map(j -> " (" + j.java() + ")").orElse("") : "";
    return (child.sentinel() ? "the sentinel " : "") + trial.describe() + jvm;
  }

  /**
   * The fork {@code p} ran past {@code limit}: it is killed with every process it started (a
   * wrapper script's too, which would hold its output open), and {@code overdue} says so.
   */
  private static void watch(Process p, Duration limit, AtomicBoolean overdue) {
    try {
      if (!p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
        overdue.set(true);
        LOG.warn("fork {} ran past its watchdog's {} s: killing it", p.pid(), limit.toSeconds());
        ProcessTrees.kill(p.toHandle());
      }
    } catch (InterruptedException e) {
      // The fork's output ended: it is waited for there.
    }
  }

  /**
   * Records a fork that did not send every row it owed: its configuration is not measured whole
   * (the rows it sent are kept), its work folders are swept, and the batch goes on.
   */
  private void incomplete(Trial trial, Process p, String said) {
    String line =
        said + "; its configuration is not measured whole ('--resume' runs what is missing)";
    LOG.warn(line);
    incomplete.add(line);
    removeLeftovers(trial, p.pid());
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
    List<String> typed = call.commandLine();
    c.addAll(typed.subList(1, typed.size()));
    c.add("--fork-child");
    c.add(child.format());
    return c;
  }
}
