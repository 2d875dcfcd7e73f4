package org.secmem;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaConstructorCall;
import com.tngtech.archunit.core.domain.JavaFieldAccess;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The order of secmem's packages, from the ways in down to the file system: a package may use those
 * below it, never one above. docs/architecture.md explains each; a new package goes into {@link
 * #ORDER} where it belongs, or this test fails.
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
   * One ownership rule at every write and delete ({@link org.secmem.fs.Ownership}): outside {@code
   * fs} nothing deletes, moves, truncates, creates-or-truncates or opens a file for writing by
   * itself; each such step goes through the gate, which says why it may (secmem made and marked the
   * file, it is this process's fresh temporary, a file of a work folder it holds, a kernel's
   * control file).
   */
  @Test
  void everyWriteAndDelete_goesThroughTheOwnershipGate() {
    noClasses()
        .that()
        .resideOutsideOfPackage("org.secmem.fs..")
        .should()
        .callMethodWhere(FILE_CHANGES)
        .orShould()
        .callConstructorWhere(FILE_OPENERS)
        .orShould()
        .accessFieldWhere(REPLACING_OPTIONS)
        .because("a file or folder is secmem's to change only as org.secmem.fs.Ownership says")
        .check(classes);
  }

  /** Methods that delete, move, copy over or write a file from its start. */
  private static final DescribedPredicate<JavaMethodCall> FILE_CHANGES =
      new DescribedPredicate<>("a call that deletes, moves or overwrites a file") {
        @Override
        public boolean test(JavaMethodCall call) {
          String owner = call.getTargetOwner().getFullName();
          String name = call.getName();
          return switch (owner) {
            case "java.nio.file.Files" ->
                Set.of(
                        "delete",
                        "deleteIfExists",
                        "move",
                        "copy",
                        "write",
                        "writeString",
                        "newOutputStream",
                        "newBufferedWriter")
                    .contains(name);
            case "java.io.File" -> Set.of("delete", "deleteOnExit", "renameTo").contains(name);
            case "org.apache.commons.io.FileUtils" ->
                name.startsWith("delete")
                    || name.startsWith("forceDelete")
                    || name.startsWith("write")
                    || name.startsWith("copy")
                    || name.startsWith("move")
                    || name.startsWith("clean")
                    || name.startsWith("touch");
            case "org.secmem.fs.SecureFolder" ->
                Set.of("deleteFile", "deleteEmptyFolder").contains(name);
            default -> false;
          };
        }
      };

  /**
   * Constructors that open a file for writing (creating or truncating it); a stream on a descriptor
   * already open opens nothing.
   */
  private static final DescribedPredicate<JavaConstructorCall> FILE_OPENERS =
      new DescribedPredicate<>("a constructor that opens a file for writing") {
        @Override
        public boolean test(JavaConstructorCall call) {
          boolean onDescriptor =
              call.getTarget().getRawParameterTypes().stream()
                  .anyMatch(t -> t.getFullName().equals("java.io.FileDescriptor"));
          return !onDescriptor
              && Set.of(
                      "java.io.FileOutputStream", "java.io.FileWriter", "java.io.RandomAccessFile")
                  .contains(call.getTargetOwner().getFullName());
        }
      };

  /** The options that create or truncate on open, or rename over a file. */
  private static final DescribedPredicate<JavaFieldAccess> REPLACING_OPTIONS =
      new DescribedPredicate<>("CREATE, TRUNCATE_EXISTING or REPLACE_EXISTING") {
        @Override
        public boolean test(JavaFieldAccess access) {
          String owner = access.getTargetOwner().getFullName();
          String name = access.getName();
          return owner.equals("java.nio.file.StandardOpenOption")
                  && (name.equals("CREATE") || name.equals("TRUNCATE_EXISTING"))
              || owner.equals("java.nio.file.StandardCopyOption")
                  && name.equals("REPLACE_EXISTING");
        }
      };

  @Test
  void packages_areFreeOfCycles() {
    slices().matching("org.secmem.(*)..").should().beFreeOfCycles().check(classes);
  }
}
