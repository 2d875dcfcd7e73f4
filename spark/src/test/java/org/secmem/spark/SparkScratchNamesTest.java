package org.secmem.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.secmem.engine.KnownEngine;
import org.secmem.engine.KnownEngines;

/**
 * {@code secmem clean} knows the Spark scratch folders by the core's registry entry, without this
 * module: the names it looks for are the ones this module makes.
 */
class SparkScratchNamesTest {

  @Test
  void theRegistryEntry_namesTheScratchFoldersThisModuleMakes() {
    KnownEngine spark = KnownEngines.named(new SparkSortEngine().name()).orElseThrow();
    assertEquals(SparkScratch.PREFIXES, spark.scratchPrefixes());
  }
}
