package org.secmem;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

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
          "cli", // the three ways in: command line, parameter files run, menu
          "seeds", // the seed reports' findings judged against results (secmem findings)
          "param", // parameter files: cells to configurations
          "admission", // can this configuration run here? the one check
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

  @Test
  void packages_areFreeOfCycles() {
    slices().matching("org.secmem.(*)..").should().beFreeOfCycles().check(classes);
  }
}
