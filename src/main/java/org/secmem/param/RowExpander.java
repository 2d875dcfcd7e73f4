package org.secmem.param;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.secmem.data.Shape;
import org.secmem.data.SortOrder;
import org.secmem.experiment.CacheMode;
import org.secmem.experiment.Experiment;
import org.secmem.experiment.RunSettings;
import org.secmem.sort.Merger;
import org.secmem.sort.RunSort;
import org.secmem.sort.SortPreset;
import org.secmem.sort.SortTuning;
import org.secmem.stream.StreamType;

/**
 * Turns one parameter line's cells (by column name) into checked configurations: the cross product
 * of every list and range in it. Both file formats end up here, so their checks are the same.
 */
final class RowExpander {

  /** Columns each experiment takes; a value in any other column is a mistake worth reporting. */
  private static final Set<String> COMMON =
      Set.of("experiment", "reps", "warmup", "cache", "sync", "seed", "b");

  private static final Set<String> STREAM_COLUMNS = Set.of("stream", "n", "k", "dir");
  private static final Set<String> SORT_COLUMNS =
      Set.of("read_stream", "write_stream", "stream", "n", "m", "d", "shape", "input", "output",
          "order", "preset", "merger", "run_sort", "overlap", "parallel_merge");

  /** The most configurations one file may expand to. */
  static final int MAX_CONFIGS = 100_000;

  private RowExpander() {}

  static List<RunConfig> expand(
      Path file,
      long line,
      Experiment experiment,
      Map<String, String> cells,
      ParamDefaults defaults,
      List<ParamProblem> problems) {
    RowChecker check = new RowChecker(file, line, problems);
    Path base = file.toAbsolutePath().getParent();
    Set<String> allowed = experiment == Experiment.SORT ? SORT_COLUMNS : STREAM_COLUMNS;
    for (Map.Entry<String, String> e : cells.entrySet()) {
      if (!e.getValue().isBlank() && !COMMON.contains(e.getKey())
          && !allowed.contains(e.getKey())) {
        check.problem(e.getKey(), "does not apply to the " + experiment + " experiment");
      }
    }
    RunSettings s = defaults.settings();
    List<Long> reps = check.numbers("reps", cells.get("reps"), NumericField.REPS, s.reps());
    List<Long> warmups =
        check.numbers("warmup", cells.get("warmup"), NumericField.WARMUP, s.warmup());
    List<CacheMode> caches = check.words("cache", cells.get("cache"), CacheMode::parse, s.cache());
    List<Boolean> syncs = check.booleans("sync", cells.get("sync"), s.sync());
    List<Long> seeds = check.numbers("seed", cells.get("seed"), NumericField.SEED, s.seed());
    List<Long> bs = check.numbers("b", cells.get("b"), NumericField.B, defaults.b());

    List<RunConfig> out = new ArrayList<>();
    if (experiment == Experiment.SORT) {
      List<SortPreset> presets =
          check.words("preset", cells.get("preset"), SortPreset::parse, SortPreset.CLASSIC);
      List<Optional<Merger>> mergers = blank(cells.get("merger"))
          ? List.of(Optional.empty())
          : optional(check.words("merger", cells.get("merger"), Merger::parse,
              Merger.LOSER_TREE));
      List<Optional<RunSort>> runSorts = blank(cells.get("run_sort"))
          ? List.of(Optional.empty())
          : optional(check.words("run_sort", cells.get("run_sort"), RunSort::parse,
              RunSort.RADIX));
      List<Optional<Boolean>> overlaps = blank(cells.get("overlap"))
          ? List.of(Optional.empty())
          : check.booleans("overlap", cells.get("overlap"), false).stream().map(Optional::of)
              .toList();
      List<Optional<Boolean>> parallelMerges = blank(cells.get("parallel_merge"))
          ? List.of(Optional.empty())
          : check.booleans("parallel_merge", cells.get("parallel_merge"), false).stream()
              .map(Optional::of).toList();
      String both = cells.get("stream");
      List<Long> ms = check.numbers("m", cells.get("m"), NumericField.M, defaults.m());
      List<SortOrder> orders =
          check.words("order", cells.get("order"), RowExpander::order, SortOrder.ASCENDING);
      List<Shape> shapes = check.words("shape", cells.get("shape"), Shape::parse, Shape.UNIFORM);
      String inputCell = cells.get("input");
      String nCell = cells.get("n");
      Optional<Path> input = Optional.empty();
      List<Long> ns = List.of(0L);
      if (inputCell != null && !inputCell.isBlank()) {
        if (nCell != null && !nCell.isBlank()) {
          check.problem("n", "give either an input file or n (to generate one), not both");
        }
        input = Optional.of(check.inputFile("input", base.resolve(inputCell.trim()).normalize()));
      } else if (nCell == null || nCell.isBlank()) {
        check.problem("input", "a sort needs an input file, or n to generate one");
      } else {
        ns = check.numbers("n", nCell, NumericField.N, defaults.n());
      }
      String outCell = cells.get("output");
      Optional<Path> output =
          outCell == null || outCell.isBlank()
              ? Optional.empty()
              : Optional.of(check.outputFile("output", base.resolve(outCell.trim()).normalize(),
                  input.orElse(null)));
      for (SortPreset preset : presets) {
        // Empty cells take the preset's defaults: fast has its own streams, B and d.
        boolean fast = preset == SortPreset.FAST;
        List<StreamType> reads = check.words("read_stream",
            orElse(cells.get("read_stream"), both), StreamType::parse, preset.streams());
        List<StreamType> writes = check.words("write_stream",
            orElse(cells.get("write_stream"), both), StreamType::parse, preset.streams());
        List<Long> ds = check.numbers("d", cells.get("d"), NumericField.D,
            fast ? preset.fanIn() : defaults.d());
        List<Long> pbs = cells.get("b") == null || cells.get("b").isBlank()
            ? List.of(fast ? (long) preset.bufferBytes() : (long) defaults.b()) : bs;
        for (StreamType t : List.of(reads, writes).stream().flatMap(List::stream).distinct()
            .toList()) {
          for (long b : pbs) {
            String p = t.bufferProblem(b);
            if (p != null) {
              check.problem("b", p);
            }
          }
        }
        if (!check.ok()) {
          return List.of();
        }
        for (Optional<Merger> mg : mergers) {
          for (Optional<RunSort> rsort : runSorts) {
            for (Optional<Boolean> ov : overlaps) {
             for (Optional<Boolean> pm : parallelMerges) {
              Optional<SortTuning> tuning;
              try {
                tuning = preset.tuning(mg, rsort, ov, pm);
              } catch (IllegalArgumentException e) {
                check.problem("parallel_merge", e.getMessage());
                return List.of();
              }
              String label = preset.label(tuning);
              for (StreamType r : reads) {
                for (StreamType w : writes) {
                  for (long n : ns) {
                    for (long m : ms) {
                      for (long d : ds) {
                        for (long b : pbs) {
                          for (SortOrder o : orders) {
                            for (Shape shape : shapes) {
                              for (RunSettings rs : settings(reps, warmups, caches, syncs,
                                  seeds)) {
                                out.add(new RunConfig(file, line, experiment, null, r, w, n, 0,
                                    (int) b, m, (int) d, shape, input, output, o,
                                    defaults.dataDir(), rs, tuning, label));
                                if (out.size() > MAX_CONFIGS) {
                                  check.problem("experiment", "expands to more than "
                                      + MAX_CONFIGS + " configurations");
                                  return List.of();
                                }
                              }
                            }
                          }
                        }
                      }
                    }
                  }
                }
              }
             }
            }
          }
        }
      }
      return out;
    }

    String streamCell = cells.get("stream");
    List<StreamType> types = List.of();
    if (streamCell == null || streamCell.isBlank()) {
      check.problem("stream", "a " + experiment + " row needs a stream type (allowed: "
          + StreamType.allowedNames() + ", or all)");
    } else if (streamCell.trim().equalsIgnoreCase("all")) {
      types = List.of(StreamType.values());
    } else {
      types = check.words("stream", streamCell, StreamType::parse, StreamType.SIMPLE);
    }
    List<Long> ns = check.numbers("n", cells.get("n"), NumericField.N, defaults.n());
    List<Long> ks = check.numbers("k", cells.get("k"), NumericField.K, defaults.k());
    String dirCell = cells.get("dir");
    Path dir =
        dirCell == null || dirCell.isBlank()
            ? defaults.dataDir()
            : base.resolve(dirCell.trim()).normalize();
    for (StreamType t : types) {
      for (long b : t.usesBufferSize() ? bs : List.<Long>of()) {
        String p = t.bufferProblem(b);
        if (p != null) {
          check.problem("b", p);
        }
      }
    }
    if (!check.ok()) {
      return List.of();
    }
    for (StreamType t : types) {
      for (long n : ns) {
        for (long k : ks) {
          // B changes nothing for simple and buffered: one configuration, not one per B.
          for (long b : t.usesBufferSize() ? bs : bs.subList(0, 1)) {
            for (RunSettings rs : settings(reps, warmups, caches, syncs, seeds)) {
              out.add(new RunConfig(file, line, experiment, t, null, null, n, (int) k, (int) b, 0,
                  0, Shape.UNIFORM, Optional.empty(), Optional.empty(), SortOrder.ASCENDING, dir,
                  rs, Optional.empty(), ""));
              if (out.size() > MAX_CONFIGS) {
                check.problem("experiment", "expands to more than " + MAX_CONFIGS
                    + " configurations");
                return List.of();
              }
            }
          }
        }
      }
    }
    return out;
  }

  private static List<RunSettings> settings(
      List<Long> reps, List<Long> warmups, List<CacheMode> caches, List<Boolean> syncs,
      List<Long> seeds) {
    List<RunSettings> out = new ArrayList<>();
    for (long r : reps) {
      for (long w : warmups) {
        for (CacheMode c : caches) {
          for (boolean s : syncs) {
            for (long seed : seeds) {
              out.add(new RunSettings((int) r, (int) w, c, s, seed));
            }
          }
        }
      }
    }
    return out;
  }

  /** Optional values of a cell that may be empty (then: one empty, "the preset's"). */
  private static <T> List<Optional<T>> optional(List<T> values) {
    return values.stream().map(Optional::ofNullable).toList();
  }

  private static boolean blank(String cell) {
    return cell == null || cell.isBlank();
  }

  private static String orElse(String a, String b) {
    return a == null || a.isBlank() ? b : a;
  }

  static SortOrder order(String w) {
    switch (w.toLowerCase(java.util.Locale.ROOT)) {
      case "ascending":
      case "asc":
      case "true":
        return SortOrder.ASCENDING;
      case "descending":
      case "desc":
      case "false":
        return SortOrder.DESCENDING;
      default:
        throw new IllegalArgumentException(
            "'" + w + "' is not an order (allowed: ascending, descending)");
    }
  }
}
