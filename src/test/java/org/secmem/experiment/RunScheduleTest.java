package org.secmem.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class RunScheduleTest {

  /**
   * Whatever the order: every run once, each configuration's runs in their order, positions 1...
   */
  @Property(tries = 200)
  void everyRunOnce_inItsConfigurationsOrder(
      @ForAll @Size(min = 0, max = 12) List<@IntRange(min = 0, max = 7) Integer> runs,
      @ForAll RunOrder order,
      @ForAll long seed) {
    List<RunSchedule.Slot> slots = RunSchedule.of(runs, order, seed);
    assertEquals(runs.stream().mapToInt(Integer::intValue).sum(), slots.size());
    Map<Integer, Integer> last = new HashMap<>();
    for (int i = 0; i < slots.size(); i++) {
      RunSchedule.Slot s = slots.get(i);
      assertEquals(i + 1, s.position());
      assertEquals(
          last.getOrDefault(s.config(), 0) + 1, s.round(), "runs of a configuration in order");
      last.put(s.config(), s.round());
    }
    for (int c = 0; c < runs.size(); c++) {
      assertEquals(runs.get(c), last.getOrDefault(c, 0), "configuration " + c);
    }
  }

  @Property(tries = 100)
  void interleaved_finishesEachRoundBeforeTheNext(
      @ForAll @Size(min = 1, max = 12) List<@IntRange(min = 0, max = 7) Integer> runs,
      @ForAll long seed) {
    int round = 0;
    for (RunSchedule.Slot s : RunSchedule.of(runs, RunOrder.INTERLEAVED, seed)) {
      assertTrue(s.round() >= round, "round " + s.round() + " after round " + round);
      round = s.round();
    }
  }

  @Test
  void sequential_isTheListedOrder() {
    List<RunSchedule.Slot> slots = RunSchedule.of(List.of(2, 1, 2), RunOrder.SEQUENTIAL, 7);
    assertEquals(List.of(0, 0, 1, 2, 2), slots.stream().map(RunSchedule.Slot::config).toList());
    assertEquals(List.of(1, 2, 1, 1, 2), slots.stream().map(RunSchedule.Slot::round).toList());
  }

  @Test
  void interleaved_shufflesEachRoundAnew_andTheSameSeedGivesTheSameSchedule() {
    List<Integer> runs = List.of(6, 6, 6, 6, 6, 6, 6, 6, 6, 6);
    List<RunSchedule.Slot> a = RunSchedule.of(runs, RunOrder.INTERLEAVED, 42);
    assertEquals(a, RunSchedule.of(runs, RunOrder.INTERLEAVED, 42));
    assertNotEquals(a, RunSchedule.of(runs, RunOrder.INTERLEAVED, 43));
    Set<List<Integer>> orders = new HashSet<>();
    for (int r = 0; r < 6; r++) {
      orders.add(a.subList(r * 10, r * 10 + 10).stream().map(RunSchedule.Slot::config).toList());
    }
    assertTrue(orders.size() >= 5, "rounds in (nearly) distinct orders: " + orders);
    // No configuration keeps a fixed place: the first of a round is not always the same one.
    Set<Integer> firsts = new HashSet<>();
    for (int r = 0; r < 6; r++) {
      firsts.add(a.get(r * 10).config());
    }
    assertTrue(firsts.size() > 1, "round leaders " + firsts);
  }

  /**
   * The point of interleaving: a drift that grows with time (position) shows up in every
   * configuration alike, so the mean position of each configuration's runs is about the same; in
   * sequential order it grows with the configuration's index (a fake trend).
   */
  @Test
  void interleaved_givesEveryConfigurationTheSameMeanPosition() {
    List<Integer> runs = new ArrayList<>();
    for (int c = 0; c < 8; c++) {
      runs.add(10);
    }
    double[] seq = meanPositions(RunSchedule.of(runs, RunOrder.SEQUENTIAL, 1), 8);
    double[] inter = meanPositions(RunSchedule.of(runs, RunOrder.INTERLEAVED, 1), 8);
    assertTrue(seq[7] - seq[0] > 60, "sequential: last configuration runs 70 positions later");
    for (double p : inter) {
      assertEquals(40.5, p, 4.0, "interleaved: every configuration's runs centred on the middle");
    }
  }

  private static double[] meanPositions(List<RunSchedule.Slot> slots, int configs) {
    double[] sum = new double[configs];
    int[] n = new int[configs];
    for (RunSchedule.Slot s : slots) {
      sum[s.config()] += s.position();
      n[s.config()]++;
    }
    for (int c = 0; c < configs; c++) {
      sum[c] /= n[c];
    }
    return sum;
  }
}
