package org.secmem;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.sun.management.UnixOperatingSystemMXBean;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.nio.file.FileStore;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.secmem.admission.Machine;

/**
 * The order of secmem's packages, from the ways in down to the file system: a package may use those
 * below it, never one above. docs/architecture.md explains each, in this order ({@link
 * ArchitectureDocTest}); a new package goes into {@link #ORDER} where it belongs, or this test
 * fails.
 */
class ArchitectureTest {

  /** Top to bottom. */
  static final List<String> ORDER =
      List.of(
          "cli", // the ways in: commands, options, parameter files run, the menu's command
          "menu", // the interactive menu: answers checked as asked, each choice a command line
          "seeds", // the seed reports' findings judged against results (secmem findings)
          "param", // parameter files: cells to configurations
          "admission", // can this configuration run here? the one check
          "runner", // runs a typed plan: sessions, forks, resume, progress, the log, cleanup
          "report", // summaries, charts, the report page, comparison, advice: reads results
          "experiment", // trials, timing, runs, forks, the cost model's predictions
          "results", // the results model and its files: columns, rows, formats, environment
          "engine", // the sort-engine plug-in interface (Spark lives in its own module)
          "buffertree", // Arge's buffer tree, its sort and priority queue
          "sort", // the external merge sort and the in-memory baseline
          "probe", // secmem probe: the machine's ceilings (device, page cache, memory), kept
          "cgroup", // memory cgroups: a run's memory limit, heap and page cache counted together
          "data", // input generation, checksums, int files
          "stream", // the ReadStream / WriteStream family
          "fs", // safe file-system primitives, markers, temporary files
          "names", // how a user's word becomes an enum constant: every package may use it
          "units"); // counts of ints and sizes in bytes as people read them

  /**
   * The sub-packages of {@code report}, top to bottom, by the same rule: each may use those below
   * it, never one above; all of them sit in report's place in {@link #ORDER}.
   */
  static final List<String> REPORT_ORDER =
      List.of(
          "page", // the report page, the summary file, and what a command asks of report
          "comparison", // two results files compared: ratios, their intervals, table and chart
          "advice", // which stream type, sort settings and tree to use, and its text
          "drift", // runs that grew slower or faster within one configuration
          "chart", // chart plans, drawing as SVG and PNG, number and HTML text of labels
          "stats"); // medians, quartiles, the bootstrap, the order of configurations

  private static JavaClasses classes;

  @BeforeAll
  static void importClasses() {
    classes =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.secmem");
  }

  @Test
  void everyPackage_hasItsPlaceInTheOrder() {
    Set<String> packages = new TreeSet<>();
    for (JavaClass c : classes) {
      String name = c.getPackageName();
      if (!name.equals("org.secmem")) {
        packages.add(name.substring("org.secmem.".length()).split("\\.")[0]);
      }
    }
    assertEquals(
        new TreeSet<>(ORDER),
        packages,
        "a package missing from ArchitectureTest.ORDER, or one gone");
  }

  @Test
  void noPackage_dependsOnOneAboveIt() {
    for (int i = 1; i < ORDER.size(); i++) {
      String[] above =
          ORDER.subList(0, i).stream().map(p -> "org.secmem." + p + "..").toArray(String[]::new);
      noClasses()
          .that()
          .resideInAPackage("org.secmem." + ORDER.get(i) + "..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(above)
          .because(ORDER.get(i) + " is below " + String.join(", ", ORDER.subList(0, i)))
          .check(classes);
    }
  }

  @Test
  void everyReportPackage_hasItsPlaceInTheReportOrder() {
    Set<String> packages = new TreeSet<>();
    for (JavaClass c : classes) {
      String name = c.getPackageName();
      if (name.startsWith("org.secmem.report")) {
        packages.add(name.equals("org.secmem.report") ? "" : name.split("\\.")[3]);
      }
    }
    assertEquals(
        new TreeSet<>(REPORT_ORDER),
        packages,
        "a report package missing from ArchitectureTest.REPORT_ORDER, one gone, or a class left in"
            + " report itself");
  }

  @Test
  void noReportPackage_dependsOnOneAboveIt() {
    for (int i = 1; i < REPORT_ORDER.size(); i++) {
      String[] above =
          REPORT_ORDER.subList(0, i).stream()
              .map(p -> "org.secmem.report." + p + "..")
              .toArray(String[]::new);
      noClasses()
          .that()
          .resideInAPackage("org.secmem.report." + REPORT_ORDER.get(i) + "..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(above)
          .because(
              "report."
                  + REPORT_ORDER.get(i)
                  + " is below "
                  + String.join(", ", REPORT_ORDER.subList(0, i)))
          .check(classes);
    }
  }

  /**
   * The runner knows no command-line parser: a way in parses, calls it with a typed plan and an
   * {@code Invocation} it implements, and prints; so that the runner can serve another way in.
   */
  @Test
  void runner_knowsNoCommandLineParser() {
    noClasses()
        .that()
        .resideInAPackage("org.secmem.runner..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("picocli..")
        .check(classes);
  }

  /**
   * Only {@code admission} refuses a run for what the machine cannot give: nothing else reads a
   * file system's free space, the open-file limit or the descriptors free to decide. Beside it,
   * free space is only recorded (the environment record), explained after a write failed (the error
   * handler) or told apart from a bad mapping (mapping faults).
   */
  @Test
  void onlyAdmission_decidesWhatTheMachineCanGive() {
    noClasses()
        .that()
        .resideOutsideOfPackage("org.secmem.admission..")
        .and()
        .doNotHaveFullyQualifiedName("org.secmem.results.EnvironmentRecord")
        .and()
        .doNotHaveFullyQualifiedName("org.secmem.runner.Failure")
        .and()
        .doNotHaveFullyQualifiedName("org.secmem.stream.MappingFaults")
        .should()
        .callMethod(FileStore.class, "getUsableSpace")
        .orShould()
        .callMethod(Machine.class, "openFilesProblem", long.class)
        .orShould()
        .callMethod(UnixOperatingSystemMXBean.class, "getMaxFileDescriptorCount")
        .because("a refusal is admission's: one check, worded once, for every way in")
        .check(classes);
  }

  /**
   * The command line, the menu and parameter files judge a configuration against the machine their
   * way in was given (the process's, or a test's), never one of their own: so that one
   * configuration is admitted or refused alike whichever way it came in ({@code
   * AdmissionAcrossWaysInTest}).
   */
  @Test
  void waysIn_judgeAgainstTheMachineTheyAreGiven() {
    noClasses()
        .that()
        .resideInAnyPackage("org.secmem.cli..", "org.secmem.menu..", "org.secmem.param..")
        .should()
        .callMethod(Machine.class, "current")
        .check(classes);
  }

  /**
   * The menu knows no command-line parser: it asks, checks each answer through admission and hands
   * each choice as a command line to the caller, which runs it as the command line would.
   */
  @Test
  void menu_knowsNoCommandLineParser() {
    noClasses()
        .that()
        .resideInAPackage("org.secmem.menu..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("picocli..")
        .check(classes);
  }

  /**
   * Reporting is made of results files alone: it never runs a trial nor reads a parameter file, so
   * a chart or a summary says only what the file holds (the order puts it above them for the
   * command line's sake).
   */
  @Test
  void report_readsResults_neverRunsAnything() {
    noClasses()
        .that()
        .resideInAPackage("org.secmem.report..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "org.secmem.param..", "org.secmem.admission..", "org.secmem.experiment..")
        .check(classes);
  }

  /**
   * Nothing outside {@code org.secmem.fs} deletes, moves, truncates or creates-or-truncates a file
   * itself (see {@link OwnershipGateRule}); the Spark module checks its classes by the same rule.
   */
  @Test
  void everyWriteAndDelete_goesThroughTheOwnershipGate() {
    OwnershipGateRule.rule().check(classes);
  }

  /**
   * No static mutable state: what a process keeps (temporaries, the cgroups it made, results being
   * written) belongs to an instance the command owns and passes down ({@code ShutdownCleanup}), so
   * that two command lines in one JVM (the tests, the menu) never share it. Forbidden: a static
   * field that is not final; a static field of a java.util.concurrent type or of a mutable
   * java.util class (ArrayList, HashMap, ...); and a static collection or map whose class's static
   * initializer makes a concurrent or synchronized one (a {@code Set} made by {@code
   * ConcurrentHashMap.newKeySet()}, as the cgroups' set was). A static final {@code List}, {@code
   * Set} or {@code Map} made by {@code List.of} and the like is a constant and allowed. {@link
   * #STATIC_STATE_ALLOWED} lists the exceptions, each with why.
   */
  @Test
  void noStaticMutableState() {
    fields()
        .that()
        .areStatic()
        .should(notBeMutableState())
        .because("state lives in an instance the command owns (see ShutdownCleanup)")
        .check(classes);
  }

  /** Static fields that may change, by full name, each with why. */
  static final Set<String> STATIC_STATE_ALLOWED =
      Set.of(
          // Volatile reads the JIT cannot see through (a page touch it must not drop, an array
          // size it must not fold): they never change, they are not state.
          "org.secmem.stream.MappedWriteStream.zero",
          "org.secmem.stream.MappingFaults.one",
          // Where MappingFaults' probe allocation goes so that it is not optimized away; never
          // read.
          "org.secmem.stream.MappingFaults.sink",
          // Known debt, left for a follow-up: the progress bars on screen, which the shutdown hook
          // and the log's failure path erase (should be kept by ShutdownCleanup) ...
          "org.secmem.runner.ProgressListener.SHOWN",
          // ... and the fork watchdog's floor that ForkFailureTest shortens (should be a
          // BatchOptions setting).
          "org.secmem.runner.ForkedBatch.watchdogFloor");

  /** Mutable java.util classes: a static field of one is state whatever its modifiers. */
  private static final Set<String> MUTABLE_UTIL =
      Set.of(
          "java.util.ArrayList",
          "java.util.LinkedList",
          "java.util.ArrayDeque",
          "java.util.PriorityQueue",
          "java.util.HashMap",
          "java.util.LinkedHashMap",
          "java.util.TreeMap",
          "java.util.IdentityHashMap",
          "java.util.WeakHashMap",
          "java.util.EnumMap",
          "java.util.HashSet",
          "java.util.LinkedHashSet",
          "java.util.TreeSet",
          "java.util.BitSet",
          "java.util.Vector",
          "java.util.Stack",
          "java.util.Hashtable");

  private static ArchCondition<JavaField> notBeMutableState() {
    return new ArchCondition<>("not be mutable static state") {
      @Override
      public void check(JavaField field, ConditionEvents events) {
        if (STATIC_STATE_ALLOWED.contains(field.getFullName())
            || field.getModifiers().contains(JavaModifier.SYNTHETIC)) {
          return;
        }
        JavaClass type = field.getRawType();
        String why = null;
        if (!field.getModifiers().contains(JavaModifier.FINAL)) {
          why = "is static and not final";
        } else if (type.getName().startsWith("java.util.concurrent.")
            || MUTABLE_UTIL.contains(type.getName())) {
          why = "is a static " + type.getName();
        } else if ((type.isAssignableTo(java.util.Collection.class)
                || type.isAssignableTo(java.util.Map.class))
            && makesConcurrentCollections(field.getOwner())) {
          why = "is a static collection and its class's static initializer makes a concurrent one";
        }
        if (why != null) {
          events.add(SimpleConditionEvent.violated(field, field.getFullName() + " " + why));
        }
      }
    };
  }

  /** Whether {@code c}'s static initializer makes a concurrent or synchronized collection. */
  private static boolean makesConcurrentCollections(JavaClass c) {
    return c.getStaticInitializer()
        .map(
            init ->
                init.getMethodCallsFromSelf().stream()
                        .anyMatch(
                            call ->
                                call.getTargetOwner().getName().startsWith("java.util.concurrent.")
                                    || call.getTargetOwner()
                                            .getName()
                                            .equals("java.util.Collections")
                                        && (call.getName().startsWith("synchronized")
                                            || call.getName().equals("newSetFromMap")))
                    || init.getConstructorCallsFromSelf().stream()
                        .anyMatch(
                            call ->
                                call.getTargetOwner().getName().startsWith("java.util.concurrent.")
                                    || MUTABLE_UTIL.contains(call.getTargetOwner().getName())))
        .orElse(false);
  }

  @Test
  void packages_areFreeOfCycles() {
    slices().matching("org.secmem.(*)..").should().beFreeOfCycles().check(classes);
  }
}
