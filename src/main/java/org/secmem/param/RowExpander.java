package org.secmem.param;

import com.google.common.collect.Lists;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.secmem.admission.Admission;
import org.secmem.admission.InputRule;
import org.secmem.admission.Machine;
import org.secmem.admission.Parameter;
import org.secmem.admission.Problem;
import org.secmem.admission.RefusedException;
import org.secmem.admission.SortRequest;
import org.secmem.admission.SortResolver;
import org.secmem.admission.StreamsRequest;
import org.secmem.buffertree.FanoutRule;
import org.secmem.buffertree.TreeMemory;
import org.secmem.data.Shape;
import org.secmem.data.SortOrder;
import org.secmem.engine.SortEngines;
import org.secmem.experiment.CacheMode;
import org.secmem.experiment.Experiment;
import org.secmem.experiment.RunSettings;
import org.secmem.experiment.SortData;
import org.secmem.experiment.SortMethod;
import org.secmem.experiment.SortTrialSpec;
import org.secmem.experiment.StreamsConfig;
import org.secmem.names.Names;
import org.secmem.sort.SortAlgorithm;
import org.secmem.sort.SortPreset;
import org.secmem.sort.SortSettings;
import org.secmem.stream.StreamType;

/**
 * Turns one parameter line's cells (by column name) into checked configurations: the cross product
 * of every list and range in it. Both file formats end up here, so their checks are the same.
 */
final class RowExpander {

  /** The most configurations one file may expand to. */
  static final int MAX_CONFIGS = 100_000;

  /** A sort's stream types that the stream cell sets when their own cells are empty. */
  private static final Set<Parameter> SET_BY_STREAM =
      EnumSet.of(Parameter.READ_STREAM, Parameter.WRITE_STREAM, Parameter.MERGE_READ_STREAM);

  private RowExpander() {}

  /**
   * The (a, b) a fanout rule gives with M and B, to tell two rules that make the same tree; the
   * rule itself when it makes none (admission then says why).
   */
  private static Object treeShape(SortSettings st, FanoutRule fanout) {
    try {
      return TreeMemory.plan(
              0, st.memoryInts(), st.bufferBytes(), fanout, st.readType(), st.writeType())
          .fanout();
    } catch (IllegalArgumentException e) {
      return fanout;
    }
  }

  /** The parameters a line gives a value (a non-empty cell) for. */
  private static Set<Parameter> given(RowChecker check) {
    Set<Parameter> out = EnumSet.noneOf(Parameter.class);
    for (Parameter p : Parameter.values()) {
      if (!check.blank(p)) {
        out.add(p);
      }
    }
    return out;
  }

  static List<RunConfig> expand(
      Path file,
      long line,
      Experiment experiment,
      Map<String, String> cells,
      ParamDefaults defaults,
      List<ParamProblem> problems) {
    RowChecker check = new RowChecker(file, line, problems, cells);
    List<RunConfig> configs = configs(file, line, experiment, cells, defaults, check);
    List<Optional<Long>> limits = check.optionalNumbers(Parameter.MEMORY_LIMIT);
    if (!check.ok()) {
      return List.of();
    }
    if (limits.stream().anyMatch(Optional::isPresent)) {
      // Each configuration under each limit, the limits of one configuration side by side.
      List<RunConfig> limited = new ArrayList<>(configs.size() * limits.size());
      for (RunConfig c : configs) {
        for (Optional<Long> l : limits) {
          limited.add(c.withMemoryLimit(l.map(OptionalLong::of).orElse(OptionalLong.empty())));
        }
      }
      if (limited.size() > MAX_CONFIGS) {
        check.problem(
            Parameter.MEMORY_LIMIT, "expands to more than " + MAX_CONFIGS + " configurations");
        return List.of();
      }
      configs = limited;
    }
    if (defaults.machine().isPresent()) {
      // Every configuration, admitted here before anything of the file runs; the first one
      // refused is the line's problem.
      for (RunConfig c : configs) {
        if (c.request() == null) {
          continue;
        }
        try {
          Admission.admit(c.request(), defaults.machine().get());
        } catch (RefusedException e) {
          for (Problem p : e.problems()) {
            check.problem(p.parameter().column(), p.message());
          }
          return List.of();
        }
      }
    }
    return configs;
  }

  private static List<RunConfig> configs(
      Path file,
      long line,
      Experiment experiment,
      Map<String, String> cells,
      ParamDefaults defaults,
      RowChecker check) {
    Path base = file.toAbsolutePath().getParent();
    Set<String> allowed = Parameter.columnsOf(experiment);
    for (Map.Entry<String, String> e : cells.entrySet()) {
      if (!e.getValue().isBlank() && !allowed.contains(e.getKey())) {
        check.problem(e.getKey(), "does not apply to the " + experiment + " experiment");
      }
    }
    RunSettings s = defaults.settings();
    List<Long> reps = check.numbers(Parameter.REPS, s.reps());
    List<Long> warmups = check.numbers(Parameter.WARMUP, s.warmup());
    List<CacheMode> caches = check.words(Parameter.CACHE, CacheMode::parse, s.cache());
    List<Boolean> syncs = check.booleans(Parameter.SYNC, s.sync());
    List<Long> seeds = check.numbers(Parameter.SEED, s.seed());
    // A sort reads its B below, as one of the preset's choices; read here too, a bad B would be
    // reported twice.
    List<Long> bs =
        experiment == Experiment.SORT ? List.of() : check.numbers(Parameter.B, defaults.b());

    List<RunConfig> out = new ArrayList<>();
    if (experiment == Experiment.SORT) {
      List<SortAlgorithm> algorithms = check.words(Parameter.ALGORITHM, SortAlgorithm.class);
      List<Long> arrivals = check.numbers(Parameter.ARRIVAL, 0);
      List<FanoutRule> fanouts =
          check.words(Parameter.FANOUT, FanoutRule::parse, FanoutRule.DEFAULT);
      List<SortPreset> presets = check.words(Parameter.PRESET, SortPreset.class);
      // Each setting's values, in the order the line sweeps them; an empty cell, the preset's.
      List<List<Optional<Object>>> choiceValues = new ArrayList<>();
      for (Parameter p : SortResolver.SETTINGS) {
        choiceValues.add(choices(check, p));
      }
      List<SortOrder> orders =
          check.words(Parameter.ORDER, RowExpander::order, SortOrder.ASCENDING);
      List<Shape> shapes = check.words(Parameter.SHAPE, Shape.class);
      String inputCell = check.cell(Parameter.INPUT);
      Optional<Path> input = Optional.empty();
      List<Long> ns = List.of(0L);
      if (!check.blank(Parameter.INPUT)) {
        InputRule.inputOrN(inputCell, check.blank(Parameter.N) ? null : check.cell(Parameter.N))
            .ifPresent(p -> check.problem(p.parameter(), p.message()));
        Path in = check.path(Parameter.INPUT, base, inputCell);
        input = in == null ? Optional.empty() : Optional.of(check.inputFile(Parameter.INPUT, in));
      } else if (check.blank(Parameter.N)) {
        check.problem(Parameter.INPUT, "a sort needs an input file, or n to generate one");
      } else {
        ns = check.numbers(Parameter.N, defaults.n());
      }
      String outCell = check.cell(Parameter.OUTPUT);
      Path outPath =
          check.blank(Parameter.OUTPUT) ? null : check.path(Parameter.OUTPUT, base, outCell);
      boolean overwrite = check.booleans(Parameter.OVERWRITE, false).contains(true);
      Optional<Path> output =
          outPath == null
              ? Optional.empty()
              : Optional.of(
                  check.outputFile(Parameter.OUTPUT, outPath, input.orElse(null), overwrite));
      List<List<Path>> workDirs =
          check.workDirs(Parameter.WORK_DIR, base, check.cell(Parameter.WORK_DIR));
      List<String> engines = check.words(Parameter.ENGINE, String.class);
      if (!check.ok()) {
        return List.of();
      }
      List<Problem> misplaced =
          Admission.applicability(
              given(check),
              engines.contains(SortEngines.SECMEM),
              engines.stream().filter(e -> !e.equals(SortEngines.SECMEM)).findFirst(),
              Set.copyOf(algorithms));
      if (!misplaced.isEmpty()) {
        for (Problem p : misplaced) {
          check.problem(p.parameter().column(), p.message());
        }
        return List.of();
      }
      long inputInts = input.isPresent() ? fileInts(input.get()) : 0;
      // The machine the lines are admitted on, when they are: the d chosen is the d admitted.
      long freeDescriptors = defaults.machine().orElseGet(Machine::current).freeDescriptors();
      boolean memoryGiven = !check.blank(Parameter.M);
      for (String engine : engines) {
        if (engine.equals(SortEngines.SECMEM)) {
          continue;
        }
        List<RunConfig> engineRuns =
            EngineRows.configs(
                check,
                defaults,
                cells,
                engine,
                ns,
                input,
                output,
                orders,
                shapes,
                settings(reps, warmups, caches, syncs, seeds),
                workDirs);
        if (!check.ok()) {
          return List.of();
        }
        out.addAll(engineRuns);
      }
      if (!engines.contains(SortEngines.SECMEM)) {
        return out;
      }
      // The in-memory sort takes of a combination only its streams, B, threads and access: one
      // configuration each, however many M, d, mergers ... the line sweeps for the merge sort.
      Set<SortMethod> inMemorySeen = new HashSet<>();
      // The buffer tree takes its streams, B, M and fanout: one configuration each.
      Set<List<Object>> treeSeen = new HashSet<>();
      boolean treeAsked = algorithms.contains(SortAlgorithm.BUFFER_TREE);
      Optional<Problem> online =
          InputRule.arrival(
              arrivals.stream().mapToLong(Long::longValue).max().orElse(0), input.isPresent());
      if (online.isPresent()) {
        check.problem(online.get().parameter(), online.get().message());
        return List.of();
      }
      for (SortPreset preset : presets) {
        for (List<Optional<Object>> c : Lists.cartesianProduct(choiceValues)) {
          Map<Parameter, Object> given = new EnumMap<>(Parameter.class);
          for (int i = 0; i < c.size(); i++) {
            Parameter p = SortResolver.SETTINGS.get(i);
            c.get(i).ifPresent(v -> given.put(p, v));
          }
          SortSettings merge;
          try {
            // Empty cells take the preset's values: the one resolution the command line uses.
            merge = SortResolver.resolve(preset, SortAlgorithm.MERGE, given);
          } catch (IllegalArgumentException e) {
            check.problem(Parameter.PARALLEL_MERGE, e.getMessage());
            return List.of();
          }
          for (SortAlgorithm algorithm : algorithms) {
            boolean inMemory = algorithm == SortAlgorithm.IN_MEMORY;
            // The buffer tree's own M and B (seed 004's) where the cells are empty.
            SortSettings st =
                algorithm == SortAlgorithm.BUFFER_TREE
                    ? SortResolver.resolve(preset, algorithm, given)
                    : merge;
            // An in-memory sort holds only what applies to it: lines that differ in M, d or
            // the merge sort's parts are one configuration.
            if (inMemory && !inMemorySeen.add(SortMethod.of(st, algorithm, FanoutRule.DEFAULT))) {
              continue;
            }
            boolean tree = algorithm == SortAlgorithm.BUFFER_TREE;
            for (FanoutRule fanout : tree ? fanouts : List.of(FanoutRule.DEFAULT)) {
              // m/8 and a fixed 4:16 can be the same tree: one configuration.
              if (tree
                  && !treeSeen.add(
                      List.of(
                          st.readType(),
                          st.writeType(),
                          st.bufferBytes(),
                          st.memoryInts(),
                          treeShape(st, fanout),
                          st.preset()))) {
                continue;
              }
              for (long n : ns) {
                long ints = input.isPresent() ? inputInts : n;
                // The fast preset's own d grows to merge a large input's runs in fewer passes.
                SortSettings sn =
                    algorithm == SortAlgorithm.MERGE ? st.forInput(ints, freeDescriptors) : st;
                for (SortOrder o : orders) {
                  for (Shape shape : shapes) {
                    for (RunSettings rs : settings(reps, warmups, caches, syncs, seeds)) {
                      for (long arrival : arrivals) {
                        for (List<Path> work : workDirs) {
                          if (!add(
                              out,
                              check,
                              check.config(
                                  new SortTrialSpec(
                                      SortData.of(
                                          input,
                                          output,
                                          n,
                                          shape,
                                          o,
                                          rs,
                                          defaults.dataDir(),
                                          work,
                                          arrival),
                                      SortMethod.of(sn, algorithm, fanout)),
                                  rs,
                                  new SortRequest(
                                      ints, sn, algorithm, fanout, memoryGiven, arrival)))) {
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
      return out;
    }

    String streamCell = check.cell(Parameter.STREAM);
    List<StreamType> types = List.of();
    if (check.blank(Parameter.STREAM)) {
      check.problem(
          Parameter.STREAM,
          "a "
              + experiment
              + " row needs a stream type (allowed: "
              + Names.allowed(StreamType.class)
              + ", or all)");
    } else if (streamCell.trim().equalsIgnoreCase(StreamType.ALL)) {
      types = List.of(StreamType.values());
    } else {
      types = check.words(Parameter.STREAM, streamCell, StreamType::parse, StreamType.SIMPLE);
    }
    List<Long> ns = check.numbers(Parameter.N, defaults.n());
    List<Long> ks = check.numbers(Parameter.K, defaults.k());
    String dirCell = check.cell(Parameter.DIR);
    Path dir =
        check.blank(Parameter.DIR) ? defaults.dataDir() : check.path(Parameter.DIR, base, dirCell);
    if (dir == null) {
      dir = defaults.dataDir();
    } else {
      check.writableFolder(Parameter.DIR, dir, experiment == Experiment.WRITE);
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
              if (!add(
                  out,
                  check,
                  check.config(
                      new StreamsConfig(experiment, t, n, (int) k, (int) b, dir),
                      rs,
                      new StreamsRequest(t, k, b, false)))) {
                return List.of();
              }
            }
          }
        }
      }
    }
    return out;
  }

  /**
   * Adds {@code config} to {@code out}; false, with the problem said, when the line has expanded to
   * more than {@link #MAX_CONFIGS} configurations.
   */
  /**
   * Adds {@code config}; false (and a problem on the line) once the line expands to more than
   * {@link #MAX_CONFIGS}.
   */
  static boolean add(List<RunConfig> out, RowChecker check, RunConfig config) {
    out.add(config);
    if (out.size() > MAX_CONFIGS) {
      check.problem(
          Parameter.EXPERIMENT, "expands to more than " + MAX_CONFIGS + " configurations");
      return false;
    }
    return true;
  }

  private static List<RunSettings> settings(
      List<Long> reps,
      List<Long> warmups,
      List<CacheMode> caches,
      List<Boolean> syncs,
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

  /** The ints of an input file the checks have seen exist, a whole number of ints long. */
  private static long fileInts(Path input) {
    try {
      return Files.size(input) / Integer.BYTES;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * A sort setting's values in its cell, or one empty value (the preset's) when it is empty; a
   * stream type's cell, when empty, takes the cell that sets both stream types.
   */
  private static List<Optional<Object>> choices(RowChecker check, Parameter p) {
    if (p.numeric()) {
      return values(check.optionalNumbers(p));
    }
    if (p.negatable()) {
      return values(check.optionalBooleans(p));
    }
    String cell = check.cell(p);
    if (SET_BY_STREAM.contains(p)) {
      cell = orElse(cell, check.cell(Parameter.STREAM));
    }
    // A line with a word that is none of these has its problem said and runs nothing.
    Object any = p.parse(p.words().get(0));
    return check.optionalWords(p, cell, p::parse, any);
  }

  /** Optional values as values of any setting: each is read, never written, so the view holds. */
  @SuppressWarnings("unchecked")
  private static List<Optional<Object>> values(List<? extends Optional<?>> typed) {
    return (List<Optional<Object>>) (List<?>) typed;
  }

  private static String orElse(String a, String b) {
    return a == null || a.isBlank() ? b : a;
  }

  static SortOrder order(String w) {
    switch (w.toLowerCase(Locale.ROOT)) {
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
