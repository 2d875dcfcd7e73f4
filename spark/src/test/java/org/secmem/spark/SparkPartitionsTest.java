package org.secmem.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.data.DataFiles;
import org.secmem.data.Shape;
import org.secmem.data.SortOrder;
import org.secmem.engine.EngineJob;
import org.secmem.engine.EngineSettings;
import org.secmem.engine.EngineStats;
import org.secmem.fs.TempRegistry;

/** --partitions, M and work folders reach Spark; other settings start a new session. */
@ExtendWith(SparkRunsHere.class)
class SparkPartitionsTest {

  @TempDir Path dir;

  @Test
  void givenPartitionsCutTheOutputAndNewSettingsRestart() throws IOException {
    Path work = Files.createDirectory(dir.resolve("work"));
    Path work2 = Files.createDirectory(dir.resolve("work2"));
    EngineSettings three =
        new EngineSettings(
            Optional.of("local[2]"),
            OptionalLong.of(1 << 22),
            OptionalInt.of(3),
            Map.of(),
            List.of(work));
    EngineSettings five =
        new EngineSettings(
            Optional.of("local[2]"),
            OptionalLong.empty(),
            OptionalInt.of(5),
            Map.of(),
            List.of(work2));
    Path in = dir.resolve("in.bin");
    DataFiles.generate(in, Shape.UNIFORM, 1 << 18, 9);
    try (SparkSortEngine engine = new SparkSortEngine()) {
      assertTrue(engine.start(three) > 0);
      assertSparkUses(work);
      Path out = dir.resolve("out3.bin");
      EngineStats s = engine.sort(new EngineJob3(in, out, three).job());
      assertEquals(3, s.partitions(), s::toString);
      SparkSortEngineTest.assertSortedCopy(in, out, SortOrder.ASCENDING);
      // Spark's unified memory is 4·M bytes, give or take the fraction's rounding.
      assertEquals(4L << 22, s.executorMemoryBytes(), (4L << 22) / 100.0, s::toString);

      assertTrue(engine.start(five) > 0, "other settings: a new session");
      assertSparkUses(work2);
      try (var left = Files.list(work)) {
        assertEquals(List.of(), left.toList(), "the first session's folders are gone");
      }
      Path out5 = dir.resolve("out5.bin");
      EngineStats s5 = engine.sort(new EngineJob3(in, out5, five).job());
      assertEquals(5, s5.partitions(), s5::toString);
      SparkSortEngineTest.assertSortedCopy(in, out5, SortOrder.ASCENDING);
    }
    // Spark's own folders in the work folder are gone once it stops.
    try (var left = Files.list(work2)) {
      assertEquals(List.of(), left.toList());
    }
  }

  /** Spark's driver made its spark-* folder in this work folder, not in an earlier session's. */
  private static void assertSparkUses(Path work) throws IOException {
    try (var entries = Files.list(work)) {
      List<String> names = entries.map(p -> p.getFileName().toString()).toList();
      assertTrue(names.stream().anyMatch(n -> n.startsWith("spark-")), names::toString);
    }
  }

  private record EngineJob3(Path in, Path out, EngineSettings settings) {
    EngineJob job() {
      return SparkSortEngineTest.job(in, out, SortOrder.ASCENDING, settings, TempRegistry.none());
    }
  }
}
