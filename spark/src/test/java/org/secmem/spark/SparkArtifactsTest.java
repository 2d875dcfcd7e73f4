package org.secmem.spark;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.apache.spark.sql.artifact.ArtifactManager$;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.data.DataFiles;
import org.secmem.data.Shape;
import org.secmem.data.SortOrder;
import org.secmem.engine.EngineSettings;
import org.secmem.fs.TempRegistry;

/**
 * Spark keeps its sessions' artifacts in one folder per JVM, which it makes in the JVM's temporary
 * folder ({@code artifacts-<uuid>}) and removes only in a shutdown hook: a sort killed with kill -9
 * left it there for good. It goes in the run's own scratch folder instead, which the run removes,
 * and {@code secmem clean} after a kill.
 */
@ExtendWith(SparkRunsHere.class)
class SparkArtifactsTest {

  @TempDir Path dir;

  @Test
  void sparksArtifactsFolder_isInsideTheRunsOwnScratchFolder() throws IOException {
    EngineSettings settings =
        new EngineSettings(
            Optional.of("local[1]"),
            OptionalLong.empty(),
            OptionalInt.empty(),
            Map.of(),
            List.of());
    try (SparkSortEngine engine = new SparkSortEngine()) {
      engine.start(settings);
      Path in = dir.resolve("in.bin");
      DataFiles.generate(in, Shape.UNIFORM, 1 << 10, 3);
      engine.sort(
          SparkSortEngineTest.job(
              in, dir.resolve("out.bin"), SortOrder.ASCENDING, settings, TempRegistry.none()));
      Path root = ArtifactManager$.MODULE$.artifactRootDirectory();
      Path scratch = root.getParent();
      assertTrue(
          scratch != null
              && scratch.getFileName().toString().startsWith(SparkScratch.PREFIX + "local-"),
          "Spark's artifacts folder: " + root);
    }
    // A session with work folders has no scratch folder of its own: Spark's own folder again, not
    // the one removed with the earlier session's.
    Path work = dir.resolve("work");
    EngineSettings withWork =
        new EngineSettings(
            Optional.of("local[1]"),
            OptionalLong.empty(),
            OptionalInt.empty(),
            Map.of(),
            List.of(work));
    try (SparkSortEngine engine = new SparkSortEngine()) {
      engine.start(withWork);
      Path in = dir.resolve("in2.bin");
      DataFiles.generate(in, Shape.UNIFORM, 1 << 10, 4);
      engine.sort(
          SparkSortEngineTest.job(
              in, dir.resolve("out2.bin"), SortOrder.ASCENDING, withWork, TempRegistry.none()));
      Path root = ArtifactManager$.MODULE$.artifactRootDirectory();
      assertTrue(Files.isDirectory(root), "Spark's artifacts folder is there: " + root);
      assertFalse(
          root.toString().contains(SparkScratch.PREFIX),
          "not in a removed scratch folder: " + root);
    }
  }
}
