package org.secmem.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.secmem.buffertree.FanoutRule;
import org.secmem.data.Shape;
import org.secmem.data.SortOrder;
import org.secmem.engine.EngineSettings;
import org.secmem.results.ResultColumn;
import org.secmem.results.ResultRow;
import org.secmem.results.RowKind;
import org.secmem.sort.Merger;
import org.secmem.sort.SortAlgorithm;
import org.secmem.sort.SortPreset;
import org.secmem.sort.SortSettings;

/**
 * Each sort method holds what applies to it and records only that: the typed configurations that
 * replaced one record of every field "ignored by the other algorithms".
 */
class SortMethodTest {

  /** The merge sort's own columns: what an in-memory, tree or engine row must leave blank. */
  private static final List<ResultColumn> MERGE_ONLY =
      List.of(
          ResultColumn.D,
          ResultColumn.MERGER,
          ResultColumn.OVERLAP,
          ResultColumn.PARALLEL_MERGE,
          ResultColumn.MERGE_READ_STREAM);

  private static SortSettings.Builder classic() {
    return SortSettings.builder(SortPreset.CLASSIC);
  }

  private static SortSettings merger(Merger m, long memory, int d) {
    return classic().fanIn(d).memoryInts(memory).merger(m).build();
  }

  private static Map<ResultColumn, String> cells(SortMethod method) {
    ResultRow.Builder row = ResultRow.builder(method.rowKind());
    method.configure(row);
    ResultRow r = row.build();
    EnumMap<ResultColumn, String> m = new EnumMap<>(ResultColumn.class);
    for (ResultColumn c : ResultColumn.values()) {
      if (c != ResultColumn.EXPERIMENT && !r.get(c).isEmpty()) {
        m.put(c, r.get(c));
      }
    }
    return m;
  }

  @Test
  void theMergeSort_takesEverySetting_andIsCustomWhenAChoiceDiffers() {
    SortSettings s = merger(Merger.LOSER_TREE, 5000, 7);
    MergeMethod m = (MergeMethod) SortMethod.of(s, SortAlgorithm.MERGE, FanoutRule.DEFAULT);
    assertEquals(5000, m.memoryInts());
    assertEquals(7, m.fanIn());
    assertEquals(Merger.LOSER_TREE, m.tuning().merger());
    assertEquals("custom", m.preset());
    Map<ResultColumn, String> row = cells(m);
    assertEquals("5000", row.get(ResultColumn.M));
    assertEquals("7", row.get(ResultColumn.D));
    assertEquals("loser-tree", row.get(ResultColumn.MERGER));
    assertEquals("merge", row.get(ResultColumn.ALGORITHM));
  }

  @Test
  void theMergesReadStream_isRecordedWhereItIsNotTheInputs_andMakesAnotherConfiguration() {
    SortSettings direct =
        classic()
            .readType(org.secmem.stream.StreamType.CHANNEL)
            .bufferBytes(4096)
            .mergeReadType(org.secmem.stream.StreamType.DIRECT)
            .build();
    MergeMethod m = (MergeMethod) SortMethod.of(direct, SortAlgorithm.MERGE, FanoutRule.DEFAULT);
    assertEquals(org.secmem.stream.StreamType.DIRECT, m.mergeReadType());
    assertEquals("direct", cells(m).get(ResultColumn.MERGE_READ_STREAM));
    assertEquals("channel", cells(m).get(ResultColumn.READ_STREAM));
    assertTrue(m.describe("2^20").contains("merges read direct"), m.describe("2^20"));
    assertEquals(
        "classic", m.preset(), "a stream type is a column of its own, not a custom preset");
    SortSettings same =
        classic()
            .readType(org.secmem.stream.StreamType.CHANNEL)
            .bufferBytes(4096)
            .mergeReadType(org.secmem.stream.StreamType.CHANNEL)
            .build();
    SortMethod plain = SortMethod.of(same, SortAlgorithm.MERGE, FanoutRule.DEFAULT);
    assertNull(
        cells(plain).get(ResultColumn.MERGE_READ_STREAM),
        "blank where the runs are read as the input: rows stay comparable with older files");
    assertEquals(
        plain,
        SortMethod.of(
            classic().readType(org.secmem.stream.StreamType.CHANNEL).bufferBytes(4096).build(),
            SortAlgorithm.MERGE,
            FanoutRule.DEFAULT),
        "choosing the read stream's own type is choosing nothing");
    assertNotEquals(plain, m);
    SortMethod inMemory = SortMethod.of(direct, SortAlgorithm.IN_MEMORY, FanoutRule.DEFAULT);
    assertNull(cells(inMemory).get(ResultColumn.MERGE_READ_STREAM), "the merge sort's alone");
  }

  @Test
  void theInMemorySort_holdsNoMOrD_soSettingsThatDifferOnlyThere_areOneConfiguration() {
    SortMethod a =
        SortMethod.of(
            merger(Merger.LOSER_TREE, 5000, 7), SortAlgorithm.IN_MEMORY, FanoutRule.DEFAULT);
    SortMethod b =
        SortMethod.of(merger(Merger.RADIX, 9000, 3), SortAlgorithm.IN_MEMORY, FanoutRule.DEFAULT);
    assertEquals(a, b, "M, d and the merger do not apply to the in-memory sort");
    assertEquals(1, Set.of(a).size());
    assertEquals("classic", ((InMemoryMethod) a).preset(), "a merger does not make it custom");
    Map<ResultColumn, String> row = cells(a);
    assertNull(row.get(ResultColumn.M));
    for (ResultColumn c : MERGE_ONLY) {
      assertNull(row.get(c), c + " is the merge sort's");
    }
    assertEquals("in-memory", row.get(ResultColumn.ALGORITHM));
    assertEquals("arrays", row.get(ResultColumn.RUN_SORT));
  }

  @Test
  void theBufferTree_recordsMBAndItsFanout_neverD() {
    SortSettings s = merger(Merger.RADIX, 1 << 20, 9);
    BufferTreeMethod t =
        (BufferTreeMethod) SortMethod.of(s, SortAlgorithm.BUFFER_TREE, FanoutRule.DEFAULT);
    assertEquals(1 << 20, t.memoryInts());
    Map<ResultColumn, String> row = cells(t);
    assertEquals(Integer.toString(s.bufferBytes()), row.get(ResultColumn.B));
    assertEquals("1", row.get(ResultColumn.THREADS));
    assertTrue(row.containsKey(ResultColumn.FANOUT_A) && row.containsKey(ResultColumn.FANOUT_B));
    for (ResultColumn c : MERGE_ONLY) {
      assertNull(row.get(c), c + " is the merge sort's");
    }
    assertTrue(t.describe("1000").contains("B="), "the tree's block is always part of its line");
  }

  @Test
  void anotherEngine_recordsItsOwnSettings_andNoneOfSecmems() {
    EngineMethod e =
        new EngineMethod(
            "spark",
            new EngineSettings(
                Optional.of("local[2]"),
                OptionalLong.of(4096),
                OptionalInt.of(3),
                Map.of("spark.x", "1"),
                List.of()));
    Map<ResultColumn, String> row = cells(e);
    assertEquals(
        Map.of(
            ResultColumn.M, "4096",
            ResultColumn.MASTER, "local[2]",
            ResultColumn.PARTITIONS, "3",
            ResultColumn.ENGINE_CONF, "spark.x=1"),
        row);
    assertTrue(e.predictedIos(1000).isEmpty());
    assertThrows(
        IllegalArgumentException.class,
        () -> new EngineMethod("secmem", EngineSettings.defaults()),
        "secmem's own sort is not an engine");
  }

  private static SortData data(Optional<Path> input, long arrival, List<Path> work) {
    return new SortData(
        input,
        Optional.empty(),
        input.isPresent() ? 0 : 1000,
        Shape.UNIFORM,
        1,
        SortOrder.ASCENDING,
        false,
        Path.of("data"),
        work,
        arrival);
  }

  @Test
  void theData_refusesOnlineSortingOfAFile_andArrivalsOutOfRange() {
    assertThrows(
        IllegalArgumentException.class, () -> data(Optional.of(Path.of("in.bin")), 10, List.of()));
    assertThrows(
        IllegalArgumentException.class,
        () -> data(Optional.empty(), SortData.MAX_ARRIVAL_NANOS + 1, List.of()));
    assertTrue(data(Optional.empty(), 10, List.of()).online());
    assertEquals(
        Path.of("data").resolve(GeneratedInputs.sortInputName(1000, "uniform", 1)),
        data(Optional.empty(), 0, List.of()).inputFile());
  }

  @Test
  void anEngine_sortsNoArrivingKeys_andUsesTheDatasWorkFolders() {
    EngineMethod e = new EngineMethod("spark", EngineSettings.defaults());
    assertThrows(
        IllegalArgumentException.class,
        () -> new SortTrialSpec(data(Optional.empty(), 10, List.of()), e));
    assertThrows(
        IllegalArgumentException.class,
        () -> new SortTrialSpec(data(Optional.empty(), 0, List.of(Path.of("w"))), e));
    SortMethod own = SortMethod.of(classic().build(), SortAlgorithm.MERGE, FanoutRule.DEFAULT);
    assertEquals(
        Experiment.SORT,
        new SortTrialSpec(data(Optional.empty(), 10, List.of()), own).experiment());
    assertNotEquals(own, e);
  }

  /** Each method's rows are of the kind their cells name, and each experiment has its kinds. */
  @Test
  void eachMethodsRows_areOfTheKindTheirCellsName() {
    for (SortAlgorithm a : SortAlgorithm.values()) {
      SortMethod m = SortMethod.of(classic().build(), a, FanoutRule.DEFAULT);
      ResultRow.Builder row = ResultRow.builder(m.rowKind());
      m.configure(row);
      ResultRow r = row.set(ResultColumn.ENGINE, m.engine()).build();
      assertEquals(m.rowKind(), r.kindNamedByCells(), a.cliName());
    }
    EngineMethod engine = new EngineMethod("spark", EngineSettings.defaults());
    assertEquals(RowKind.ENGINE_SORT, engine.rowKind());
    Set<String> experiments = new HashSet<>();
    for (RowKind k : RowKind.values()) {
      experiments.add(k.experiment());
    }
    Set<String> named = new HashSet<>();
    for (Experiment e : Experiment.values()) {
      named.add(e.cliName());
    }
    assertEquals(named, experiments, "a kind of row for every experiment, and no other");
  }
}
