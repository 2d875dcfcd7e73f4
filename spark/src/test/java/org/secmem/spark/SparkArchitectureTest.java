package org.secmem.spark;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;
import org.secmem.OwnershipGateRule;

/** The Spark engine writes and deletes through the core's ownership gate too, as the core does. */
class SparkArchitectureTest {

  @Test
  void everyWriteAndDelete_goesThroughTheOwnershipGate() {
    JavaClasses spark =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.secmem.spark");
    assertTrue(spark.size() > 10, spark.size() + " classes of the Spark module found");
    OwnershipGateRule.rule().check(spark);
  }
}
