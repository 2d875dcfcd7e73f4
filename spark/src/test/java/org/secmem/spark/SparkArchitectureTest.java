package org.secmem.spark;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;
import org.secmem.OwnershipGateRule;

/**
 * The Spark engine writes and deletes through the core's ownership gate too, as the core does, and
 * uses the core as an engine: its plug-in interface and the packages below it.
 */
class SparkArchitectureTest {

  /**
   * The core packages at and below {@code engine} in the core's ArchitectureTest.ORDER; one added
   * above {@code engine} stays out of Spark's reach without a change here.
   */
  private static final String[] ENGINE_AND_BELOW = {
    "org.secmem.spark..",
    "org.secmem.engine..",
    "org.secmem.buffertree..",
    "org.secmem.sort..",
    "org.secmem.probe..",
    "org.secmem.cgroup..",
    "org.secmem.data..",
    "org.secmem.stream..",
    "org.secmem.fs..",
    "org.secmem.names..",
    "org.secmem.units.."
  };

  private static JavaClasses spark() {
    JavaClasses spark =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.secmem.spark");
    assertTrue(spark.size() > 10, spark.size() + " classes of the Spark module found");
    return spark;
  }

  @Test
  void everyWriteAndDelete_goesThroughTheOwnershipGate() {
    OwnershipGateRule.rule().check(spark());
  }

  @Test
  void spark_usesTheEngineAndBelow_only() {
    classes()
        .that()
        .resideInAPackage("org.secmem.spark..")
        .should()
        .onlyDependOnClassesThat(
            resideOutsideOfPackage("org.secmem..").or(resideInAnyPackage(ENGINE_AND_BELOW)))
        .because("Spark is a sort engine: it plugs into engine and may use what engine may use")
        .check(spark());
  }
}
