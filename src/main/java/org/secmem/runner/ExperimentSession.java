package org.secmem.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.secmem.experiment.BatchOptions;
import org.secmem.experiment.BatchStep;
import org.secmem.experiment.CacheController;
import org.secmem.experiment.ExperimentRunner;
import org.secmem.experiment.ForkedTrial;
import org.secmem.experiment.GeneratedInputs;
import org.secmem.experiment.Jvm;
import org.secmem.experiment.LinuxPageCache;
import org.secmem.experiment.PlannedTrial;
import org.secmem.experiment.RunOrder;
import org.secmem.experiment.RunSettings;
import org.secmem.experiment.Trial;
import org.secmem.fs.Ownership;
import org.secmem.report.advice.Advice;
import org.secmem.report.advice.AdviceText;
import org.secmem.report.chart.ChartMaker;
import org.secmem.report.chart.DrawnChart;
import org.secmem.report.comparison.Comparison;
import org.secmem.report.drift.DriftWarnings;
import org.secmem.report.page.ReportPage;
import org.secmem.report.page.Reports;
import org.secmem.results.EnvironmentRecord;
import org.secmem.results.RawResults;
import org.secmem.results.RawResultsWriter;
import org.secmem.results.ResultFiles;

/**
 * The one results path: every command that measures runs its configurations here. The environment
 * record is written before the first run, every row is flushed as it is measured, and the summary
 * and charts are drawn from the raw file at the end — also after a failure, for what was measured.
 */
public final class ExperimentSession {

  private static final Logger LOG = LogManager.getLogger(ExperimentSession.class);

  private ExperimentSession() {}

  public static int run(
      Invocation call,
      List<? extends Trial> trials,
      RunSettings settings,
      BatchOptions batch,
      Path results,
      Path dataDir)
      throws IOException {
    return run(
        call,
        trials.stream().map(t -> new PlannedTrial(t, settings)).toList(),
        batch,
        results,
        dataDir);
  }

  public static int run(
      Invocation call, List<PlannedTrial> plan, BatchOptions batch, Path results, Path dataDir)
      throws IOException {
    return run(call, plan, batch, results, dataDir, null);
  }

  /**
   * As above; with a {@code baseline}, the results are compared with it once the sweep ends.
   *
   * @param baseline what to compare the results with, or null
   */
  public static int run(
      Invocation call,
      List<PlannedTrial> plan,
      BatchOptions batch,
      Path results,
      Path dataDir,
      Baseline baseline)
      throws IOException {
    List<PlannedTrial> measured = measured(plan, batch);
    if (batch.child().isPresent()) {
      int config = batch.child().get().config();
      if (config < measured.size()
          && measured.get(config).trial() instanceof ForkedTrial f
          && f.jvm().isPresent()
          && !f.jvm().get().isCurrent()) {
        // A fork that runs on another JVM than its configuration's would record wrong rows.
        throw new IllegalStateException(
            "a fork for " + f.jvm().get().label() + " runs on " + Jvm.current().label());
      }
      return ForkChildSession.run(call, measured, batch.child().get(), batch);
    }
    return runSteps(call, measured, Resume.all(measured), batch, results, dataDir, baseline);
  }

  /**
   * The configurations as measured: with --jvm and --memory-limit every configuration once per JVM
   * and limit (the same expansion in the parent and in forks, which find theirs by index), each
   * with its forks' repetitions ({@link #perConfiguration}). A resumed sweep plans the same way.
   */
  public static List<PlannedTrial> measured(List<PlannedTrial> plan, BatchOptions batch) {
    return perConfiguration(ForkedTrial.expand(plan, batch.jvms(), batch.memoryLimits()), batch);
  }

  /**
   * A results file to compare a sweep's results with when it ends ({@code run --baseline}), read
   * and checked before the sweep starts.
   *
   * @param file the baseline's path
   * @param raw its rows
   * @param by the column compared, or null
   * @param level the confidence level of the intervals
   * @param failIfSlower {@code --fail-if-slower} in percent, NaN when not given
   */
  public record Baseline(
      Path file, RawResults raw, Comparison.By by, double level, double failIfSlower) {}

  /**
   * The configuration {@code --sentinel} names, checked against the batch.
   *
   * @throws BadInputException when the batch has no such configuration
   */
  static Optional<PlannedTrial> sentinel(List<PlannedTrial> plan, BatchOptions batch) {
    if (!batch.hasSentinel()) {
      return Optional.empty();
    }
    if (batch.sentinel() >= plan.size()) {
      throw new BadInputException(
          "--sentinel "
              + (batch.sentinel() + 1)
              + ": the batch has "
              + plan.size()
              + (plan.size() == 1
                  ? " configuration (1)"
                  : " configurations (1 .. " + plan.size() + ")"));
    }
    return Optional.of(plan.get(batch.sentinel()));
  }

  /**
   * The plan with each configuration's settings as measured: with {@code --fork N}, N times the
   * repetitions and warm-ups (each fork runs them all), so that progress, resume and the summary
   * count every row.
   */
  static List<PlannedTrial> perConfiguration(List<PlannedTrial> plan, BatchOptions batch) {
    return plan.stream()
        .map(p -> new PlannedTrial(p.trial(), batch.perConfiguration(p.settings())))
        .toList();
  }

  /**
   * Runs the given runs of each configuration (all of them, or what a resume left) into {@code
   * results}. When no row was written to a file this session created, the file and its environment
   * record are removed again: nothing measured, nothing left. With a {@code baseline} (else null),
   * the results are compared with it after the summary and charts and before the page: exit code 1
   * only when its {@code --fail-if-slower} is exceeded.
   */
  public static int runSteps(
      Invocation call,
      List<PlannedTrial> plan,
      List<BatchStep> steps,
      BatchOptions batch,
      Path results,
      Path dataDir,
      Baseline baseline)
      throws IOException {
    Optional<PlannedTrial> sentinel = sentinel(plan, batch);
    long totalRuns = steps.stream().mapToLong(s -> s.runs().count(s.planned().settings())).sum();
    if (sentinel.isPresent()) {
      // With forks the warm-ups run inside each sentinel fork, unseen.
      totalRuns +=
          batch.sentinelRuns(totalRuns, steps.size())
              + (batch.forks() == 0 ? sentinel.get().settings().warmup() : 0);
    }
    boolean terminal = System.console() != null;
    long rows = 0;
    String kept = RAW_COMPLETE;
    int code = ExitCodes.OK;
    boolean created = false;
    List<Path> folders = List.of();
    List<String> incomplete = List.of();
    ShutdownCleanup cleanup = call.cleanup();
    try (GeneratedInputs.InputsInUse using = inputsInUse(dataDir);
        RawResultsWriter writer = RawResultsWriter.open(results);
        ProgressListener listener =
            new ProgressListener(call.out(), call.err(), totalRuns, terminal)) {
      created = writer.created();
      folders = writer.createdFolders();
      writer.removedLastLine().ifPresent(line -> call.err().println("warning: " + line));
      call.err().flush();
      cleanup.sessionStarted(writer);
      writer.begin(writeEnvironment(call, results, dataDir, batch));
      if (batch.order() == RunOrder.INTERLEAVED && steps.size() > 1) {
        call.out()
            .println(
                "runs are interleaved: each round runs every configuration once, in a new order,"
                    + " so that a machine that speeds up or slows down during the batch touches"
                    + " every configuration alike (--order sequential runs them one after"
                    + " another)");
        call.out().flush();
      }
      ExperimentRunner runner =
          new ExperimentRunner(
              writer, listener, new CacheController(new LinuxPageCache(), listener));
      try {
        if (batch.forks() > 0) {
          ForkedBatch forked = new ForkedBatch(call, writer, listener, batch);
          try {
            forked.run(steps, sentinel);
          } finally {
            incomplete = forked.incomplete();
          }
        } else {
          runner.run(steps, batch, sentinel);
        }
      } finally {
        RawResultsWriter.Tally tally = writer.tally();
        rows = tally.added();
        kept = kept(tally);
        listener.close();
        call.out()
            .println(
                tally.inFile() == 0 && created
                    ? "results: nothing measured; " + results + " is not kept"
                    : "results: " + results + " (" + rowsText(tally) + ")");
        call.out().flush();
      }
    } finally {
      cleanup.sessionEnded();
      if (rows > 0) {
        code = report(call, results, baseline, kept);
      } else if (created) {
        removeUnused(results, folders);
      }
    }
    if (!incomplete.isEmpty()) {
      // Every other configuration was measured; these were not, and the run says so at its end.
      int shown = Math.min(incomplete.size(), ForkedBatch.INCOMPLETE_LINES);
      for (String k : incomplete.subList(0, shown)) {
        call.err().println("secmem: " + UserText.line(k));
      }
      if (incomplete.size() > shown) {
        call.err()
            .println(
                "secmem: and "
                    + (incomplete.size() - shown)
                    + " more forks that did not send every row they owed (see the log)");
      }
      call.err().flush();
      code = code == ExitCodes.OK ? ExitCodes.FAILURE : code;
    }
    return code;
  }

  /**
   * "3 rows", or "70167 rows, 462 of them from this run" when the file held rows before; then what
   * could not be written, when a write failed.
   */
  static String rowsText(RawResultsWriter.Tally tally) {
    String text = tally.inFile() + (tally.inFile() == 1 ? " row" : " rows");
    text =
        tally.added() == tally.inFile()
            ? text
            : text + ", " + tally.added() + " of them from this run";
    if (tally.notWritten() > 0) {
      text +=
          "; "
              + tally.notWritten()
              + (tally.notWritten() == 1 ? " row" : " rows")
              + " could not be written";
    }
    return tally.partialRow() ? text + "; it ends in a partial row, which readers leave out" : text;
  }

  /** What warnings say of the raw results when nothing went wrong writing them. */
  static final String RAW_COMPLETE = "the raw results are complete";

  /**
   * What a warning about the summary, charts or page may say of the raw results file: complete only
   * when every row measured was written whole.
   */
  static String kept(RawResultsWriter.Tally tally) {
    if (tally.partialRow()) {
      return "the raw results end in a partial row, which readers leave out; the rows above it"
          + " are whole";
    }
    if (tally.notWritten() > 0) {
      return "the raw results hold "
          + tally.inFile()
          + (tally.inFile() == 1 ? " row" : " rows")
          + ", each whole; "
          + (tally.notWritten() == 1
              ? "the row that could not be written is"
              : "the " + tally.notWritten() + " rows that could not be written are")
          + " not among them";
    }
    return RAW_COMPLETE;
  }

  /**
   * Says in {@code dataDir}, while the session runs, that it uses the generated inputs there, so
   * that {@code secmem clean --data} keeps them between repetitions; null where the folder does not
   * exist yet (its inputs are then made during the session, and clean keeps files under a minute
   * old).
   */
  private static GeneratedInputs.InputsInUse inputsInUse(Path dataDir) throws IOException {
    if (dataDir == null || !Files.isDirectory(dataDir)) {
      return null;
    }
    try {
      return GeneratedInputs.use(dataDir);
    } catch (IOException e) {
      // A read-only data folder still serves its inputs; only clean --data cannot see the use.
      LOG.warn("Cannot mark {} as in use by this run", dataDir, e);
      return null;
    }
  }

  /**
   * A results file this session created and wrote no row to, its environment record and sessions
   * file, and the folders created for them while they are empty.
   */
  static void removeUnused(Path results, List<Path> folders) {
    try {
      Ownership.deleteMade(results, Ownership.Made.RESULTS);
      Ownership.deleteMade(ResultFiles.environmentFor(results), Ownership.Made.WHOLE_FILE);
      Ownership.deleteMade(ResultFiles.sessionsFor(results), Ownership.Made.WHOLE_FILE);
      for (Path f : folders) {
        if (!Ownership.deleteEmptyFolder(f)) {
          LOG.info("Keeping {}: something else is in it", f);
          return;
        }
      }
    } catch (IOException e) {
      LOG.warn("Could not remove what holds no measurement beside {}", results, e);
    }
  }

  /**
   * Summary, charts, the comparison with a baseline (when given) and report page of what is in the
   * results file, the page's path printed last; a failure here loses no measurement, and a page
   * that cannot be written hides no summary.
   *
   * @return {@link ExitCodes#FAILURE} when the baseline's {@code --fail-if-slower} is exceeded,
   *     else {@link ExitCodes#OK}
   */
  private static int report(Invocation call, Path results, Baseline baseline, String kept) {
    RawResults raw;
    List<DrawnChart> written = List.of();
    try {
      raw = RawResults.read(results);
    } catch (IOException | RuntimeException e) {
      warnNoReport(call, results, "the summary, charts or report page", e, kept);
      return ExitCodes.OK;
    }
    try {
      for (String line : Reports.describeProblems(raw)) {
        call.err().println("warning: " + line);
      }
      call.err().flush();
      written =
          Reports.write(
                  raw, results, ResultFiles.chartsFolderFor(results), ChartMaker.withDefaults())
              .charts();
      DriftWarnings.sentinel(raw).ifPresent(call.out()::println);
      call.out().flush();
      for (String line : DriftWarnings.of(raw)) {
        call.err().println("warning: " + line);
      }
      call.err().flush();
      long charts = written.size();
      call.out().println("summary: " + ResultFiles.summaryFor(results));
      call.out().println("environment: " + ResultFiles.environmentFor(results));
      if (charts > 0) {
        call.out()
            .println(
                "charts: "
                    + ResultFiles.chartsFolderFor(results)
                    + " ("
                    + DrawnChart.describe(written)
                    + ")");
      }
      call.out().flush();
    } catch (IOException | RuntimeException e) {
      warnNoReport(call, results, "the summary or charts", e, kept);
    }
    advise(call, raw, results, kept);
    int code = baseline == null ? ExitCodes.OK : compare(call, raw, results, baseline, kept);
    page(call, raw, results, written, kept);
    return code;
  }

  /**
   * Prints the comparison of the results with the baseline and writes its files beside them; a
   * comparison that cannot be made is a warning, never a lost row.
   *
   * @return {@link ExitCodes#FAILURE} when {@code --fail-if-slower} is exceeded, else OK
   */
  private static int compare(
      Invocation call, RawResults raw, Path results, Baseline baseline, String kept) {
    Comparison c;
    try {
      call.out().println();
      call.out().println("compared with the baseline " + baseline.file() + ":");
      c = Comparisons.compare(baseline.raw(), raw, baseline.by(), baseline.level());
      Comparisons.print(call, c);
    } catch (RuntimeException e) {
      LOG.error("Could not compare {} with {}", results, baseline.file(), e);
      warn(call, "could not compare " + results + " with the baseline " + baseline.file(), e, kept);
      return ExitCodes.OK;
    }
    try {
      Comparisons.writeFiles(call, c, results);
    } catch (IOException | RuntimeException e) {
      warnNoReport(call, results, "the comparison with the baseline", e, kept);
    }
    return Comparisons.exitCode(call, c, baseline.failIfSlower());
  }

  /** The most lines of advice printed at the end of a run. */
  public static final int ADVICE_LINES = 12;

  /**
   * After a sweep of B, d or M: the advice in brief (which type and B, which d and M, what to add
   * to the sweep) and how to see it in full. A failure here is a warning: the results are written.
   */
  public static void advise(Invocation call, RawResults raw, Path results) {
    advise(call, raw, results, RAW_COMPLETE);
  }

  /** As above; a warning says {@code kept} of the raw results. */
  static void advise(Invocation call, RawResults raw, Path results, String kept) {
    try {
      Advice advice = Advice.of(raw);
      if (!advice.sweepsBufferOrSort()) {
        return;
      }
      List<String> lines = AdviceText.brief(advice);
      if (lines.isEmpty()) {
        return;
      }
      // a sweep of many N and k would bury the page's path: the full text is one command away
      lines.stream().limit(ADVICE_LINES).forEach(call.out()::println);
      if (lines.size() > ADVICE_LINES) {
        call.out().println("advice: ... " + (lines.size() - ADVICE_LINES) + " more lines");
      }
      call.out().println("advice in full: secmem advise " + results);
      call.out().flush();
    } catch (RuntimeException e) {
      LOG.error("Could not advise on {}", results, e);
      call.err()
          .println("warning: no advice for " + results + ": " + e.getMessage() + " (" + kept + ")");
      call.err().flush();
    }
  }

  /**
   * Writes the report page of {@code results} and prints {@code report: PATH}; a failure is a
   * warning on the error stream (logged), never an exception.
   *
   * @return whether the page was written
   */
  public static boolean page(
      Invocation call, RawResults raw, Path results, List<DrawnChart> written) {
    return page(call, raw, results, written, RAW_COMPLETE);
  }

  /** As above; a warning says {@code kept} of the raw results. */
  static boolean page(
      Invocation call, RawResults raw, Path results, List<DrawnChart> written, String kept) {
    try {
      Path page = Reports.writePage(raw, results, written);
      call.out().println("report: " + page);
      call.out().flush();
      return true;
    } catch (IOException | RuntimeException e) {
      warnNoReport(call, results, "the report page", e, kept);
      return false;
    }
  }

  private static void warnNoReport(
      Invocation call, Path results, String what, Exception e, String kept) {
    LOG.error("Could not write {} of {}", what, results, e);
    warn(call, "could not write " + what + " of " + results, e, kept);
  }

  /** A warning line: what could not be done, why, and what is kept all the same. */
  private static void warn(Invocation call, String what, Exception e, String kept) {
    call.err().println("warning: " + what + ": " + e.getMessage() + " (" + kept + ")");
    call.err().flush();
  }

  /** The most of a parameter file's text kept in the environment record, in characters. */
  static final int PARAM_TEXT_MAX = 256 * 1024;

  /**
   * The environment record beside {@code results}, with the path and lines of every parameter file
   * the command ran ({@code param_file.1}, {@code param_file.1.lines}, ...): the report page shows
   * what ran, also when the file has changed since or is read on another machine; and a new session
   * id, which the results file's writer puts on every row of the session. Returned for that writer.
   */
  static EnvironmentRecord writeEnvironment(
      Invocation call, Path results, Path dataDir, BatchOptions batch) throws IOException {
    Map<String, String> entries =
        new LinkedHashMap<>(EnvironmentRecord.capture(dataDir, call.commandLine()).entries());
    entries.put(EnvironmentRecord.SESSION, EnvironmentRecord.newSessionId(Clock.systemUTC()));
    entries.put(ReportPage.RUN_ORDER_KEY, batch.order().cliName());
    entries.put(ReportPage.ORDER_SEED_KEY, Long.toString(batch.orderSeed()));
    entries.put(ReportPage.FLUSH_KEY, Boolean.toString(batch.flush()));
    entries.put(ReportPage.FORKS_KEY, Integer.toString(batch.forks()));
    entries.put(ReportPage.STEADY_WARMUP_KEY, Long.toString(batch.steady().budget().toMillis()));
    int i = 0;
    for (Path f : call.paramFiles()) {
      i++;
      entries.put(ReportPage.PARAM_FILE_KEY + i, f.toString());
      try {
        String text = Files.readString(f);
        entries.put(
            ReportPage.PARAM_FILE_KEY + i + ".lines",
            text.length() <= PARAM_TEXT_MAX
                ? text
                : text.substring(0, PARAM_TEXT_MAX)
                    + "\n… (cut at "
                    + PARAM_TEXT_MAX
                    + " characters)");
      } catch (IOException | RuntimeException e) {
        LOG.warn("environment record: cannot keep the lines of {}", f, e);
      }
    }
    EnvironmentRecord record = new EnvironmentRecord(entries);
    record.write(ResultFiles.environmentFor(results));
    record.appendTo(ResultFiles.sessionsFor(results));
    return record;
  }
}
