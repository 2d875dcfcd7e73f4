package org.secmem.experiment;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * The order of a batch's runs: which configuration runs its how-many-th run at each position. Pure
 * data, computed before anything runs, so the same batch, order and seed always give the same
 * schedule (the seed is recorded, so a reader can rebuild it).
 *
 * <p>Whatever the order, each configuration's own runs keep theirs: warm-ups first, then the
 * repetitions. Only how configurations alternate changes.
 */
public final class RunSchedule {

  /**
   * One run of the schedule.
   *
   * @param config 0-based index of the configuration in the batch
   * @param round 1-based index of this run among its configuration's runs (warm-ups first)
   * @param position 1-based position in the whole schedule (the {@code order_index} column)
   */
  public record Slot(int config, int round, long position) {}

  private RunSchedule() {}

  /**
   * The schedule of a batch whose configuration {@code i} has {@code runs.get(i)} runs.
   *
   * @param seed the order seed: interleaved shuffles round r with {@code seed} and r, random the
   *     whole batch with {@code seed}
   */
  public static List<Slot> of(List<Integer> runs, RunOrder order, long seed) {
    for (int r : runs) {
      if (r < 0) {
        throw new IllegalArgumentException("a configuration's run count is negative: " + runs);
      }
    }
    List<int[]> slots =
        switch (order) {
          case SEQUENTIAL -> sequential(runs);
          case INTERLEAVED -> interleaved(runs, seed);
          case RANDOM -> random(runs, seed);
        };
    List<Slot> out = new ArrayList<>(slots.size());
    long position = 0;
    for (int[] s : slots) {
      out.add(new Slot(s[0], s[1], ++position));
    }
    return List.copyOf(out);
  }

  private static List<int[]> sequential(List<Integer> runs) {
    List<int[]> slots = new ArrayList<>();
    for (int c = 0; c < runs.size(); c++) {
      for (int r = 1; r <= runs.get(c); r++) {
        slots.add(new int[] {c, r});
      }
    }
    return slots;
  }

  private static List<int[]> interleaved(List<Integer> runs, long seed) {
    int rounds = runs.stream().mapToInt(Integer::intValue).max().orElse(0);
    List<int[]> slots = new ArrayList<>();
    for (int r = 1; r <= rounds; r++) {
      List<Integer> these = new ArrayList<>();
      for (int c = 0; c < runs.size(); c++) {
        if (runs.get(c) >= r) {
          these.add(c);
        }
      }
      // A generator per round, so that round r's order does not depend on how many rounds came
      // before or how many configurations they had.
      Collections.shuffle(these, new Random(seed * 31 + r));
      for (int c : these) {
        slots.add(new int[] {c, r});
      }
    }
    return slots;
  }

  private static List<int[]> random(List<Integer> runs, long seed) {
    List<Integer> configs = new ArrayList<>();
    for (int c = 0; c < runs.size(); c++) {
      for (int r = 0; r < runs.get(c); r++) {
        configs.add(c);
      }
    }
    Collections.shuffle(configs, new Random(seed));
    int[] next = new int[runs.size()];
    List<int[]> slots = new ArrayList<>(configs.size());
    for (int c : configs) {
      slots.add(new int[] {c, ++next[c]});
    }
    return slots;
  }
}
