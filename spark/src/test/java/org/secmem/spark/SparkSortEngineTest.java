package org.secmem.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.secmem.data.DataFiles;
import org.secmem.data.FileScan;
import org.secmem.data.Shape;
import org.secmem.data.SortOrder;
import org.secmem.engine.EngineException;
import org.secmem.engine.EngineJob;
import org.secmem.engine.EngineSettings;
import org.secmem.engine.EngineStats;
import org.secmem.fs.OwnerMarker;
import org.secmem.fs.Ownership;
import org.secmem.fs.TempRegistry;
import org.secmem.fs.ThisMachine;
import org.secmem.sort.WorkDirectory;

/** Sorts on one local[2] Spark session shared by the tests of this class. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(SparkRunsHere.class)
class SparkSortEngineTest {

  private static final EngineSettings LOCAL2 =
      new EngineSettings(
          Optional.of("local[2]"), OptionalLong.empty(), OptionalInt.empty(), Map.of(), List.of());

  private final SparkSortEngine engine = new SparkSortEngine();
  @TempDir Path dir;

  @BeforeAll
  void start() throws IOException {
    assertTrue(engine.problems(LOCAL2).isEmpty(), () -> engine.problems(LOCAL2).toString());
    assertTrue(engine.start(LOCAL2) > 0);
    assertEquals(0, engine.start(LOCAL2), "the same settings reuse the running session");
  }

  @AfterAll
  void stop() {
    engine.close();
  }

  static Stream<Arguments> shapesAndOrders() {
    return Stream.of(Shape.values())
        .flatMap(s -> Stream.of(SortOrder.values()).map(o -> Arguments.of(s, o)));
  }

  @ParameterizedTest
  @MethodSource("shapesAndOrders")
  void sortsEveryShapeInBothOrders(Shape shape, SortOrder order) throws IOException {
    Path in = dir.resolve("in.bin");
    DataFiles.generate(in, shape, 1 << 16, 42);
    Path out = dir.resolve("out.bin");
    EngineStats stats = engine.sort(job(in, out, order, LOCAL2, TempRegistry.none()));
    assertEquals(1 << 16, stats.ints());
    assertSortedCopy(in, out, order);
    assertNoLeftovers();
  }

  @Test
  void sortsAMillionIntsAndReportsPlausibleStats() throws IOException {
    Path in = dir.resolve("in.bin");
    DataFiles.generate(in, Shape.UNIFORM, 1 << 20, 7);
    Path out = dir.resolve("out.bin");
    EngineStats s = engine.sort(job(in, out, SortOrder.ASCENDING, LOCAL2, TempRegistry.none()));
    assertSortedCopy(in, out, SortOrder.ASCENDING);
    assertEquals(1 << 20, s.ints());
    assertTrue(s.version().startsWith("4."), s.version());
    assertEquals("local[2]", s.master());
    assertEquals(2, s.cores());
    assertEquals(1, s.executors());
    assertTrue(s.executorMemoryBytes() > 0, s::toString);
    assertTrue(s.shuffleWriteBytes() > 0 && s.shuffleReadBytes() > 0, s::toString);
    assertTrue(s.mapNanos() > 0 && s.reduceNanos() > 0 && s.concatNanos() > 0, s::toString);
    assertTrue(s.sampleNanos() > 0, s::toString);
    assertTrue(s.inputPartitions() >= 1 && s.partitions() >= 1, s::toString);
    assertTrue(s.gcNanos() >= 0 && s.spillBytes() >= 0, s::toString);
  }

  @Test
  void emptyAndOneIntInputs() throws IOException {
    Path empty = dir.resolve("empty.bin");
    Files.createFile(empty);
    Path out = dir.resolve("empty-out.bin");
    assertEquals(
        0, engine.sort(job(empty, out, SortOrder.ASCENDING, LOCAL2, TempRegistry.none())).ints());
    assertEquals(0, Files.size(out));

    Path one = dir.resolve("one.bin");
    Files.write(one, new byte[] {(byte) 0x80, 0, 0, 1});
    Path out1 = dir.resolve("one-out.bin");
    assertEquals(
        1, engine.sort(job(one, out1, SortOrder.DESCENDING, LOCAL2, TempRegistry.none())).ints());
    assertArrayEquals(Files.readAllBytes(one), Files.readAllBytes(out1));
    assertNoLeftovers();
  }

  @Test
  void anInputOfPartialIntsFailsLeavingNothing() throws IOException {
    Path in = dir.resolve("odd.bin");
    Files.write(in, new byte[] {1, 2, 3, 4, 5, 6});
    Path out = dir.resolve("out.bin");
    RecordingTemps temps = new RecordingTemps();
    EngineException e =
        assertThrows(
            EngineException.class,
            () -> engine.sort(job(in, out, SortOrder.ASCENDING, LOCAL2, temps)));
    assertTrue(e.getMessage().contains("not a whole number"), e.getMessage());
    assertFalse(e.getMessage().contains("\n"));
    assertFalse(Files.exists(out));
    assertNoLeftovers();
    assertTrue(
        temps.live.stream()
            .allMatch(p -> p.getFileName().toString().startsWith(".secmem-spark-local-")),
        temps.live::toString);
  }

  @Test
  void aMissingInputFailsLeavingAnOlderOutputAsItWas() throws IOException {
    Path in = dir.resolve("gone.bin");
    DataFiles.generate(in, Shape.UNIFORM, 1 << 16, 1);
    Files.delete(in);
    Path out = dir.resolve("out.bin");
    EngineException e =
        assertThrows(
            EngineException.class,
            () -> engine.sort(job(in, out, SortOrder.ASCENDING, LOCAL2, TempRegistry.none())));
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
    assertFalse(Files.exists(out));
    assertNoLeftovers();
  }

  @Test
  void anExistingOutputIsReplacedOnlyWhenTheSortIsComplete() throws IOException {
    Path in = dir.resolve("in.bin");
    DataFiles.generate(in, Shape.UNIFORM, 1 << 16, 3);
    Path out = dir.resolve("out.bin");
    Files.write(out, new byte[] {9, 9});
    Ownership.mark(out, Ownership.Made.INT_FILE); // an earlier run's output, secmem's to replace
    Path broken = dir.resolve("broken.bin");
    Files.write(broken, new byte[] {1, 2, 3, 4, 5});
    assertThrows(
        EngineException.class,
        () -> engine.sort(job(broken, out, SortOrder.ASCENDING, LOCAL2, TempRegistry.none())));
    assertArrayEquals(new byte[] {9, 9}, Files.readAllBytes(out), "a failed sort left it");
    engine.sort(job(in, out, SortOrder.ASCENDING, LOCAL2, TempRegistry.none()));
    assertEquals(Files.size(in), Files.size(out), "a complete sort replaced it");
    assertNoLeftovers();
  }

  @Test
  void temporariesAreRegisteredAndReleased() throws IOException {
    Path in = dir.resolve("in.bin");
    DataFiles.generate(in, Shape.UNIFORM, 1 << 16, 11);
    Path out = dir.resolve("out.bin");
    RecordingTemps temps = new RecordingTemps();
    engine.sort(job(in, out, SortOrder.ASCENDING, LOCAL2, temps));
    assertTrue(
        temps.registered.stream()
            .anyMatch(
                p ->
                    p.getFileName()
                        .toString()
                        .startsWith(SparkScratch.PREFIX + SparkScratch.PARTS)),
        temps.registered::toString);
    assertTrue(
        temps.registered.stream().anyMatch(p -> p.getFileName().toString().endsWith(".part")),
        temps.registered::toString);
    // Only the session's local folder stays registered, until close().
    assertTrue(
        temps.live.stream()
            .allMatch(p -> p.getFileName().toString().startsWith(".secmem-spark-local-")),
        temps.live::toString);
    assertNoLeftovers();
  }

  /**
   * kill -9 of a sort left its parts folder beside the output (and its spark.local.dir folder in
   * the temporary folder), and nothing removed them: the next sort removes the marked scratch
   * folders whose owner is gone, and leaves a folder secmem did not mark.
   */
  @Test
  void aSortRemovesTheScratchFoldersOfAKilledRun() throws IOException {
    Path where = Files.createDirectory(dir.resolve("killed"));
    long gone = 999_999_999L; // no lock is held on its marker: its owner is gone
    Path parts = leftover(where, SparkScratch.PARTS, gone);
    Path local = leftover(where, SparkScratch.LOCAL, gone);
    Files.createDirectories(local.resolve("blockmgr-1").resolve("0a"));
    Files.write(
        local.resolve("blockmgr-1").resolve("0a").resolve("shuffle_0_0_0.data"), new byte[8]);
    Path foreign =
        Files.createDirectory(where.resolve(SparkScratch.PREFIX + "parts-" + gone + "-x"));
    Path in = dir.resolve("in.bin");
    DataFiles.generate(in, Shape.UNIFORM, 1 << 12, 5);
    engine.sort(
        job(in, where.resolve("out.bin"), SortOrder.ASCENDING, LOCAL2, TempRegistry.none()));
    assertFalse(Files.exists(parts), "the parts folder of a killed run");
    assertFalse(Files.exists(local), "the local folder of a killed run");
    assertTrue(Files.isDirectory(foreign), "a folder secmem did not mark stays");
  }

  /** A scratch folder as a run killed with kill -9 leaves it: marked, its marker's lock free. */
  private static Path leftover(Path parent, String kind, long pid) throws IOException {
    Path f =
        Ownership.createFreshFolder(parent, SparkScratch.PREFIX + kind + "-" + pid + "-" + kind);
    Files.writeString(
        f.resolve(WorkDirectory.MARKER),
        OwnerMarker.text(pid, Optional.empty(), ThisMachine.current()));
    Files.write(f.resolve("part-00000"), new byte[4]);
    return f;
  }

  static EngineJob job(
      Path in, Path out, SortOrder order, EngineSettings settings, TempRegistry temps) {
    return new EngineJob(in, out, order, true, settings, temps);
  }

  /** The output holds the input's ints, sorted, byte for byte. */
  static void assertSortedCopy(Path in, Path out, SortOrder order) throws IOException {
    int[] expected = ints(in);
    Arrays.sort(expected);
    if (order == SortOrder.DESCENDING) {
      for (int i = 0, j = expected.length - 1; i < j; i++, j--) {
        int t = expected[i];
        expected[i] = expected[j];
        expected[j] = t;
      }
    }
    ByteBuffer b = ByteBuffer.allocate(expected.length * 4);
    b.asIntBuffer().put(expected);
    assertArrayEquals(b.array(), Files.readAllBytes(out));
    FileScan scan = DataFiles.scan(out, Optional.of(order));
    assertTrue(scan.inOrder());
    assertEquals(DataFiles.scan(in, Optional.empty()).checksum().hex(), scan.checksum().hex());
  }

  static int[] ints(Path file) throws IOException {
    IntBuffer b = ByteBuffer.wrap(Files.readAllBytes(file)).asIntBuffer();
    int[] a = new int[b.remaining()];
    b.get(a);
    return a;
  }

  /** Nothing of the engine's is left beside the outputs but the outputs and inputs. */
  private void assertNoLeftovers() throws IOException {
    assertNoLeftovers(dir);
  }

  static void assertNoLeftovers(Path dir) throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      List<Path> left = files.filter(p -> p.getFileName().toString().startsWith(".")).toList();
      assertEquals(List.of(), left);
    }
    try (Stream<Path> files = Files.list(dir)) {
      for (Path p : files.filter(p -> p.getFileName().toString().startsWith("out")).toList()) {
        Files.delete(p);
      }
    }
  }
}
