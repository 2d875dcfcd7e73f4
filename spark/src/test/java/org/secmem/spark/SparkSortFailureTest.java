package org.secmem.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.data.DataFiles;
import org.secmem.data.Shape;
import org.secmem.data.SortOrder;
import org.secmem.engine.EngineException;
import org.secmem.engine.EngineSettings;

/** A sort that fails inside Spark's tasks (a compression codec that does not exist). */
@ExtendWith(SparkRunsHere.class)
class SparkSortFailureTest {

  @TempDir Path dir;

  @Test
  void aFailureInsideSparkLeavesNoOutputNoTemporariesAndOneLine() throws IOException {
    EngineSettings broken =
        new EngineSettings(
            Optional.of("local[2]"),
            OptionalLong.empty(),
            OptionalInt.empty(),
            Map.of("spark.io.compression.codec", "no-such-codec"),
            List.of());
    Path in = dir.resolve("in.bin");
    DataFiles.generate(in, Shape.UNIFORM, 1 << 16, 5);
    Path out = dir.resolve("out.bin");
    Path older = dir.resolve("older.bin");
    Files.write(older, new byte[] {1, 2, 3, 4});
    RecordingTemps temps = new RecordingTemps();
    try (SparkSortEngine engine = new SparkSortEngine()) {
      assertEquals(List.of(), engine.problems(broken));
      try {
        engine.start(broken);
      } catch (EngineException e) {
        // Spark may refuse the codec when it starts: that is a clean failure too.
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        return;
      }
      EngineException e =
          assertThrows(
              EngineException.class,
              () ->
                  engine.sort(
                      SparkSortEngineTest.job(in, out, SortOrder.ASCENDING, broken, temps)));
      assertFalse(e.getMessage().contains("\n"), e.getMessage());
      assertTrue(e.getMessage().contains("no-such-codec"), e.getMessage());
      assertFalse(Files.exists(out));
      // An existing file at the output is left as it was when the sort fails.
      EngineException again =
          assertThrows(
              EngineException.class,
              () ->
                  engine.sort(
                      SparkSortEngineTest.job(in, older, SortOrder.ASCENDING, broken, temps)));
      assertFalse(again.getMessage().contains("\n"));
      assertArrayEquals(new byte[] {1, 2, 3, 4}, Files.readAllBytes(older));
      Files.delete(older);
      SparkSortEngineTest.assertNoLeftovers(dir);
      assertTrue(
          temps.live.stream()
              .allMatch(p -> p.getFileName().toString().startsWith(".secmem-spark-local-")),
          temps.live::toString);
    }
    assertEquals(Set.of(), temps.live, "close() releases the local folder");
  }
}
