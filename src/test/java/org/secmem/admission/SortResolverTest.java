package org.secmem.admission;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.secmem.buffertree.TreeDefaults;
import org.secmem.sort.Access;
import org.secmem.sort.SortAlgorithm;
import org.secmem.sort.SortPreset;
import org.secmem.sort.SortSettings;
import org.secmem.stream.StreamType;

/**
 * The one resolution of a sort's settings: each registry entry that sets one reaches that setting
 * and no other, whatever value it is given, on either preset.
 */
class SortResolverTest {

  /** Where each setting lands in the resolved settings. */
  private static final Map<Parameter, Function<SortSettings, Object>> LANDS =
      new EnumMap<>(
          Map.ofEntries(
              Map.entry(Parameter.READ_STREAM, SortSettings::readType),
              Map.entry(Parameter.WRITE_STREAM, SortSettings::writeType),
              Map.entry(Parameter.MERGE_READ_STREAM, SortSettings::mergeReadType),
              Map.entry(Parameter.B, s -> (long) s.bufferBytes()),
              Map.entry(Parameter.D, s -> (long) s.fanIn()),
              Map.entry(Parameter.M, SortSettings::memoryInts),
              Map.entry(Parameter.THREADS, s -> (long) s.tuning().threads()),
              Map.entry(Parameter.MERGER, s -> s.tuning().merger()),
              Map.entry(Parameter.RUN_SORT, s -> s.tuning().runSort()),
              Map.entry(Parameter.OVERLAP, s -> s.tuning().overlap()),
              Map.entry(Parameter.PARALLEL_MERGE, s -> s.tuning().parallelMerge()),
              Map.entry(Parameter.ACCESS, s -> Access.of(s.tuning().blockIo()))));

  @Test
  void theSweptSettings_areEveryEntryThatSetsOne() {
    Set<Parameter> setting =
        Arrays.stream(Parameter.values())
            .filter(Parameter::setsSortSetting)
            .collect(Collectors.toSet());
    assertEquals(setting, Set.copyOf(SortResolver.SETTINGS), "a new setting joins the sweep");
    assertEquals(SortResolver.SETTINGS.size(), Set.copyOf(SortResolver.SETTINGS).size());
    assertEquals(setting, LANDS.keySet(), "this test knows where each lands");
  }

  /** Each setting with each value it can take (numbers: both ends of a small span). */
  static Stream<Arguments> everyValue() {
    return Arrays.stream(SortPreset.values())
        .flatMap(
            preset ->
                SortResolver.SETTINGS.stream()
                    .flatMap(p -> values(p).stream().map(v -> Arguments.of(preset, p, v))));
  }

  private static List<Object> values(Parameter p) {
    if (p.numeric()) {
      long min = Math.max(p.range().min(), p == Parameter.B ? 4096 : 1);
      return List.of(min, Math.min(p.range().max(), min * 3));
    }
    if (p.negatable()) {
      return List.of(true, false);
    }
    return p.words().stream().map(p::parse).toList();
  }

  @ParameterizedTest
  @MethodSource("everyValue")
  void eachEntry_setsItsSetting_andNoOther(SortPreset preset, Parameter p, Object value) {
    SortSettings plain = SortResolver.resolve(preset, SortAlgorithm.MERGE, Map.of());
    SortSettings chosen;
    try {
      chosen = SortResolver.resolve(preset, SortAlgorithm.MERGE, Map.of(p, value));
    } catch (IllegalArgumentException e) {
      // The one pair that cannot go together: a parallel merge needs a write stream with regions.
      assertEquals(Parameter.PARALLEL_MERGE, p, e.getMessage());
      return;
    }
    assertEquals(value, LANDS.get(p).apply(chosen), p + " lands on its setting");
    for (Map.Entry<Parameter, Function<SortSettings, Object>> other : LANDS.entrySet()) {
      Parameter q = other.getKey();
      boolean follows =
          (p == Parameter.READ_STREAM && q == Parameter.MERGE_READ_STREAM)
              || (p == Parameter.WRITE_STREAM && q == Parameter.PARALLEL_MERGE);
      if (q != p && !follows) {
        assertEquals(
            other.getValue().apply(plain),
            other.getValue().apply(chosen),
            p + "=" + value + " leaves " + q + " the preset's");
      }
    }
    if (p == Parameter.READ_STREAM) {
      assertEquals(value, chosen.mergeReadType(), "the merges read as the input unless told");
    }
  }

  @Test
  void theBufferTree_takesItsOwnMAndB_whereNoneIsGiven() {
    SortSettings tree =
        SortResolver.resolve(SortPreset.CLASSIC, SortAlgorithm.BUFFER_TREE, Map.of());
    assertEquals(TreeDefaults.BUFFER_BYTES, tree.bufferBytes());
    assertEquals(TreeDefaults.MEMORY_INTS, tree.memoryInts());
    SortSettings b =
        SortResolver.resolve(
            SortPreset.CLASSIC, SortAlgorithm.BUFFER_TREE, Map.of(Parameter.B, 8192L));
    assertEquals(TreeDefaults.memoryInts(8192), b.memoryInts(), "m = 125 blocks of the B given");
    SortSettings merge =
        SortResolver.resolve(SortPreset.CLASSIC, SortAlgorithm.MERGE, Map.of(Parameter.B, 8192L));
    assertEquals(SortPreset.CLASSIC_DEFAULT_M, merge.memoryInts(), "the merge sort keeps its M");
  }

  @Test
  void aParallelMerge_withAWriteStreamWithoutRegions_isRefusedInItsWords() {
    Map<Parameter, Object> given = new EnumMap<>(Parameter.class);
    given.put(Parameter.WRITE_STREAM, StreamType.DIRECT);
    given.put(Parameter.PARALLEL_MERGE, true);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> SortResolver.resolve(SortPreset.FAST, SortAlgorithm.MERGE, given));
    assertEquals(
        "parallel merge: direct streams cannot write regions of a file (O_DIRECT needs aligned"
            + " offsets); choose another write stream or no parallel merge",
        e.getMessage());
  }

  @Test
  void anEntryThatSetsNoSetting_isAMistakeOfTheCaller() {
    assertThrows(
        IllegalStateException.class,
        () ->
            SortResolver.resolve(SortPreset.CLASSIC, SortAlgorithm.MERGE, Map.of(Parameter.N, 5L)));
  }
}
