package org.secmem.admission;

import static org.secmem.admission.Parameter.Scope.ANY_SORT;
import static org.secmem.admission.Parameter.Scope.OWN_MERGE;
import static org.secmem.admission.Parameter.Scope.OWN_SORT;
import static org.secmem.admission.Parameter.Scope.OWN_TREE;
import static org.secmem.experiment.Experiment.READ;
import static org.secmem.experiment.Experiment.SORT;
import static org.secmem.experiment.Experiment.WRITE;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.ObjIntConsumer;
import java.util.function.ObjLongConsumer;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.secmem.data.DataFiles;
import org.secmem.data.Shape;
import org.secmem.engine.EngineChecks;
import org.secmem.engine.SortEngines;
import org.secmem.experiment.CacheMode;
import org.secmem.experiment.Experiment;
import org.secmem.experiment.RunSettings;
import org.secmem.experiment.SortData;
import org.secmem.experiment.StreamsConfig;
import org.secmem.names.CliName;
import org.secmem.results.ResultColumn;
import org.secmem.sort.Access;
import org.secmem.sort.Merger;
import org.secmem.sort.RunSort;
import org.secmem.sort.SortAlgorithm;
import org.secmem.sort.SortPreset;
import org.secmem.sort.SortSettings;
import org.secmem.sort.SortTuning;
import org.secmem.stream.StreamOptions;
import org.secmem.stream.StreamType;

/**
 * A parameter of an experiment, by the names it goes by at each way in: its option on the command
 * line, its column in a parameter file and its name at the menu's prompt. A problem found by {@link
 * Admission} names the parameter; each way in prefixes the message with its own name for it, so the
 * same problem reads the same after that prefix everywhere.
 *
 * <p>It is also the one list of parameter-file columns, of the experiments each applies to, and of
 * each numeric parameter's range and unit: the parser takes its columns from here, and the command
 * line, parameter files and the menu check a value against its {@link Range} in the same words.
 */
public enum Parameter {
  EXPERIMENT(def(ResultColumn.EXPERIMENT, "experiment", ANY_SORT).on(WRITE, READ, SORT)),
  /** Ints per file; bounded so that byte counts stay far from overflow. */
  N(
      def(ResultColumn.N, "N", ANY_SORT)
          .option("--n")
          .range(Range.of(1, Long.MAX_VALUE / 4 / 65536, "ints"))
          .byDefault(StreamsConfig.DEFAULT_N, WRITE, READ)
          .on(WRITE, READ, SORT)),
  K(
      def(ResultColumn.K, "k", ANY_SORT)
          .option("--k")
          .range(Range.of(1, 1_000_000, ""))
          .byDefault(StreamsConfig.DEFAULT_K)
          .on(WRITE, READ)),
  B(
      def(ResultColumn.B, "B", OWN_SORT)
          .option("--b")
          .range(Range.bytes(StreamOptions.MIN_BUFFER_BYTES, StreamOptions.MAX_BUFFER_BYTES))
          .setsInt(SortSettings.Builder::bufferBytes)
          .byDefault(StreamOptions.DEFAULT_BUFFER_BYTES, WRITE, READ)
          .on(WRITE, READ, SORT)),
  /** Ints in memory: one Java array. */
  M(
      def(ResultColumn.M, "M", ANY_SORT)
          .option("--m")
          .range(Range.of(1, Integer.MAX_VALUE - 8, "ints"))
          .setsLong(SortSettings.Builder::memoryInts)
          .on(SORT)),
  D(
      def(ResultColumn.D, "d", OWN_MERGE)
          .option("--d")
          .range(Range.of(2, 1_000_000, ""))
          .setsInt(SortSettings.Builder::fanIn)
          .on(SORT)),
  /** The stream type of write and read; a sort's read and write stream type both. */
  STREAM(
      def(ResultColumn.STREAM, "stream types", OWN_SORT)
          .option("--stream")
          .words(Parameter::streamTypesOrAll, StreamType::parse)
          .on(WRITE, READ, SORT)),
  READ_STREAM(
      def(ResultColumn.READ_STREAM, "read stream type", OWN_SORT)
          .option("--read-stream")
          .words(StreamType.values(), StreamType::parse)
          .sets(StreamType.class, SortSettings.Builder::readType)
          .on(SORT)),
  WRITE_STREAM(
      def(ResultColumn.WRITE_STREAM, "write stream type", OWN_SORT)
          .option("--write-stream")
          .words(StreamType.values(), StreamType::parse)
          .sets(StreamType.class, SortSettings.Builder::writeType)
          .on(SORT)),
  /** The merge sort's stream type reading its runs; the read stream's when not given. */
  MERGE_READ_STREAM(
      def(ResultColumn.MERGE_READ_STREAM, "merge read stream type", OWN_MERGE)
          .option("--merge-read-stream")
          .words(StreamType.values(), StreamType::parse)
          .sets(StreamType.class, SortSettings.Builder::mergeReadType)
          .on(SORT)),
  PRESET(
      def(ResultColumn.PRESET, "preset", OWN_SORT)
          .option("--preset")
          .words(SortPreset.values(), SortPreset::parse)
          .byDefault(SortPreset.CLASSIC)
          .on(SORT)),
  MERGER(
      def(ResultColumn.MERGER, "merger", OWN_MERGE)
          .option("--merger")
          .words(Merger.values(), Merger::parse)
          .sets(Merger.class, SortSettings.Builder::merger)
          .on(SORT)),
  RUN_SORT(
      def(ResultColumn.RUN_SORT, "run sort", OWN_MERGE)
          .option("--run-sort")
          .words(RunSort.values(), RunSort::parse)
          .sets(RunSort.class, SortSettings.Builder::runSort)
          .on(SORT)),
  OVERLAP(
      def(ResultColumn.OVERLAP, "overlap", OWN_MERGE)
          .flag("--overlap")
          .sets(Boolean.class, SortSettings.Builder::overlap)
          .on(SORT)),
  PARALLEL_MERGE(
      def(ResultColumn.PARALLEL_MERGE, "parallel merge", OWN_MERGE)
          .flag("--parallel-merge")
          .sets(Boolean.class, SortSettings.Builder::parallelMerge)
          .on(SORT)),
  /** How the merge sort and the in-memory sort move ints: a call per int or a block per call. */
  ACCESS(
      def(ResultColumn.ACCESS, "access", OWN_MERGE)
          .option("--access")
          .words(Access.values(), Access::parse)
          .sets(Access.class, SortSettings.Builder::access)
          .on(SORT)),
  THREADS(
      def(ResultColumn.THREADS, "threads", OWN_SORT)
          .option("--threads")
          .range(Range.of(1, SortTuning.MAX_THREADS, ""))
          .setsInt(SortSettings.Builder::threads)
          .on(SORT)),
  ALGORITHM(
      def(ResultColumn.ALGORITHM, "algorithm", OWN_SORT)
          .option("--algorithm")
          .words(SortAlgorithm.values(), SortAlgorithm::parse)
          .byDefault(SortAlgorithm.MERGE)
          .on(SORT)),
  FANOUT(def("fanout", "fanout", OWN_TREE).option("--fanout", "--b-over-m").on(SORT)),
  ARRIVAL(
      def(ResultColumn.ARRIVAL_NS_PER_KEY, "arrival ns per key", OWN_SORT)
          .option("--arrival-ns")
          .range(Range.of(0, SortData.MAX_ARRIVAL_NANOS, "ns"))
          .on(SORT)),
  ENGINE(
      def(ResultColumn.ENGINE, "engine", ANY_SORT)
          .option("--engine")
          .words(() -> SortEngines.NAMES, SortEngines::parse)
          .byDefault(SortEngines.SECMEM)
          .on(SORT)),
  MASTER(def(ResultColumn.MASTER, "master", Scope.ENGINE).option("--master").on(SORT)),
  PARTITIONS(
      def(ResultColumn.PARTITIONS, "partitions", Scope.ENGINE)
          .option("--partitions")
          .range(Range.of(1, EngineChecks.MAX_PARTITIONS, ""))
          .on(SORT)),
  ENGINE_CONF(
      def(ResultColumn.ENGINE_CONF, "engine settings", Scope.ENGINE).option("--conf").on(SORT)),
  WORK_DIR(def(ResultColumn.WORK_DIR, "work folders", ANY_SORT).option("--work-dir").on(SORT)),
  INPUT(def(ResultColumn.INPUT, "input file", ANY_SORT).option("--in").on(SORT)),
  OUTPUT(def("output", "output file", ANY_SORT).option("--out").on(SORT)),
  OVERWRITE(def("overwrite", "overwrite", ANY_SORT).option("--overwrite").on(SORT)),
  SHAPE(
      def(ResultColumn.SHAPE, "shape", ANY_SORT)
          .option("--shape")
          .words(Shape.values(), Shape::parse)
          .byDefault(Shape.UNIFORM)
          .on(SORT)),
  ORDER(def(ResultColumn.ORDER, "order", ANY_SORT).option("--descending").on(SORT)),
  /** The folder of write's and read's data files. */
  DIR(
      def("dir", "data folder", ANY_SORT)
          .option("--dir")
          .byDefault(DataFiles.DEFAULT_FOLDER)
          .on(WRITE, READ)),
  REPS(
      def("reps", "repetitions", ANY_SORT)
          .option("--reps")
          .range(Range.of(1, 1_000_000, ""))
          .byDefault(RunSettings.DEFAULT_REPS)
          .on(WRITE, READ, SORT)),
  WARMUP(
      def("warmup", "warm-up runs", ANY_SORT)
          .option("--warmup")
          .range(Range.of(0, 1_000_000, ""))
          .byDefault(RunSettings.DEFAULT_WARMUP)
          .on(WRITE, READ, SORT)),
  CACHE(
      def(ResultColumn.CACHE, "page cache before each run", ANY_SORT)
          .option("--cache")
          .words(CacheMode.values(), CacheMode::parse)
          .byDefault(CacheMode.AS_IS)
          .on(WRITE, READ, SORT)),
  SYNC(
      def(ResultColumn.SYNC, "force writes to storage (sync)", ANY_SORT)
          .option("--sync")
          .on(WRITE, READ, SORT)),
  SEED(
      def(ResultColumn.SEED, "seed", ANY_SORT)
          .option("--seed")
          .range(Range.of(Long.MIN_VALUE, Long.MAX_VALUE, ""))
          .byDefault(RunSettings.DEFAULT_SEED)
          .on(WRITE, READ, SORT)),
  /**
   * The memory cgroup each run's fork is measured in: heap and page cache counted together; from 1
   * MiB (what the JVM needs is checked before a run) to 1 PiB.
   */
  MEMORY_LIMIT(
      def(ResultColumn.MEMORY_LIMIT, "memory limit", ANY_SORT)
          .option("--memory-limit")
          .range(Range.bytes(1L << 20, 1L << 50))
          .on(WRITE, READ, SORT));

  private final Def def;

  Parameter(Def def) {
    this.def = def;
  }

  /** An entry's definition: {@code column} in parameter files, {@code label} at the menu. */
  private static Def def(String column, String label, Scope scope) {
    return new Def(column, null, label, scope);
  }

  /** An entry that rows record in {@code recorded}, its parameter-file column of the same name. */
  private static Def def(ResultColumn recorded, String label, Scope scope) {
    return new Def(recorded.header(), recorded, label, scope);
  }

  /**
   * One entry of the registry, as its constant declares it: names, scope, the experiments that take
   * it, and what its values are (a number in a range, one of a list of words, a negatable flag, or
   * free text). Every part a way in needs of a parameter is read from here.
   */
  private static final class Def {
    private final String column;
    private final ResultColumn recorded;
    private final String label;
    private final Scope scope;
    private List<String> options = List.of();
    private boolean negatable;
    private Range range;
    private Supplier<List<String>> words = List::of;
    private Function<String, ?> parser;
    private Set<Experiment> experiments = Set.of();
    private BiConsumer<SortSettings.Builder, Object> setting;
    private Object byDefault;
    private Set<Experiment> defaultFor = Set.of();

    Def(String column, ResultColumn recorded, String label, Scope scope) {
      this.column = column;
      this.recorded = recorded;
      this.label = label;
      this.scope = scope;
    }

    /** Its options on the command line, the main one first. */
    Def option(String... names) {
      options = List.of(names);
      return this;
    }

    /** A negatable option, {@code --x} and {@code --no-x}. */
    Def flag(String name) {
      options = List.of(name);
      negatable = true;
      return this;
    }

    /** A numeric parameter: its values are checked against {@code r}. */
    Def range(Range r) {
      range = r;
      return this;
    }

    /** A parameter whose values are the names of {@code values}, read by {@code parse}. */
    Def words(CliName[] values, Function<String, ?> parse) {
      List<String> names = Arrays.stream(values).map(CliName::cliName).toList();
      return words(() -> names, parse);
    }

    /** A parameter whose values are {@code list}'s words, read by {@code parse}. */
    Def words(Supplier<List<String>> list, Function<String, ?> parse) {
      words = list;
      parser = parse;
      return this;
    }

    /** A parameter that sets one of a sort's settings: {@code set} gives it a {@code type}. */
    <T> Def sets(Class<T> type, BiConsumer<SortSettings.Builder, T> set) {
      setting = (b, v) -> set.accept(b, type.cast(v));
      return this;
    }

    /** A number that sets an {@code int} setting of a sort (its range keeps it an int). */
    Def setsInt(ObjIntConsumer<SortSettings.Builder> set) {
      setting = (b, v) -> set.accept(b, Math.toIntExact(((Number) v).longValue()));
      return this;
    }

    /** A number that sets a {@code long} setting of a sort. */
    Def setsLong(ObjLongConsumer<SortSettings.Builder> set) {
      setting = (b, v) -> set.accept(b, ((Number) v).longValue());
      return this;
    }

    /**
     * Its value when none is given, at every way in that takes it (a constant of the typed
     * component it sets, so the value is written once); with {@code only}, for those experiments
     * and their commands alone.
     */
    Def byDefault(Object value, Experiment... only) {
      byDefault = value;
      defaultFor = Set.of(only);
      return this;
    }

    Def on(Experiment... taking) {
      experiments = Set.copyOf(List.of(taking));
      return this;
    }
  }

  private static List<String> streamTypesOrAll() {
    return Stream.concat(
            Arrays.stream(StreamType.values()).map(StreamType::cliName), Stream.of(StreamType.ALL))
        .toList();
  }

  /** Whether it is numeric: its values have a {@link #range()}. */
  public boolean numeric() {
    return def.range != null;
  }

  /**
   * The values a numeric parameter allows and their unit.
   *
   * @throws IllegalStateException for a parameter that is not numeric
   */
  public Range range() {
    if (def.range == null) {
      throw new IllegalStateException(def.column + " is not numeric");
    }
    return def.range;
  }

  /** Null when {@code value} is in its range, else the problem ({@link Range#problem}). */
  public String problem(long value) {
    return range().problem(value);
  }

  /** Whether its option is negatable ({@code --x} and {@code --no-x}, either matching). */
  public boolean negatable() {
    return def.negatable;
  }

  /** The experiments whose rows take it. */
  public Set<Experiment> experiments() {
    return def.experiments;
  }

  /** Every parameter-file column, of any experiment. */
  public static Set<String> columns() {
    return Arrays.stream(values())
        .map(Parameter::column)
        .collect(Collectors.toCollection(TreeSet::new));
  }

  /** The columns a row of {@code experiment} takes; a value in any other is a mistake. */
  public static Set<String> columnsOf(Experiment experiment) {
    return Arrays.stream(values())
        .filter(p -> p.def.experiments.contains(experiment))
        .map(Parameter::column)
        .collect(Collectors.toCollection(TreeSet::new));
  }

  /** Its column in a parameter file, e.g. {@code read_stream}. */
  public String column() {
    return def.column;
  }

  /**
   * Its options on the command line, the main one first (the fanout with its {@code --b-over-m}
   * shorthand; a negatable option by its positive name); empty when the command line has none.
   */
  public List<String> options() {
    return def.options;
  }

  /**
   * Its option as a message names it: {@code --[no-]overlap} for a negatable one, else the main
   * option; the column when the command line has none.
   */
  public String option() {
    if (def.options.isEmpty()) {
      return def.column;
    }
    String main = def.options.get(0);
    return def.negatable ? "--[no-]" + main.substring(2) : main;
  }

  /**
   * The words a value may be, as every way in accepts and lists them (completion, help, the
   * parameter documents); empty for numbers and free text.
   */
  public List<String> words() {
    return def.words.get();
  }

  /**
   * The value {@code word} names, read as every way in reads it (e.g. a {@code StreamType} for a
   * stream type parameter).
   *
   * @throws IllegalArgumentException naming the word and the words allowed
   * @throws IllegalStateException for a parameter whose values are not words
   */
  public Object parse(String word) {
    if (def.parser == null) {
      throw new IllegalStateException(def.column + " takes no words");
    }
    return def.parser.apply(word);
  }

  /** Which sorts a sort parameter applies to; {@link #scope()} says it for each. */
  public enum Scope {
    /** Every sort, secmem's own or another engine's (and any parameter of write and read). */
    ANY_SORT,
    /** secmem's own sorts, of any algorithm; another engine does not have it. */
    OWN_SORT,
    /**
     * secmem's own merge sort (and its in-memory baseline): the buffer tree merges by its fanout.
     */
    OWN_MERGE,
    /** secmem's buffer tree alone. */
    OWN_TREE,
    /** Another engine alone. */
    ENGINE;

    /** Whether only secmem's own sorts have it. */
    public boolean own() {
      return this == OWN_SORT || this == OWN_MERGE || this == OWN_TREE;
    }

    /** The sorts it applies to, as the parameters' document says them; empty for any sort. */
    public String sorts() {
      return switch (this) {
        case ANY_SORT -> "";
        case OWN_SORT -> "secmem's own sorts, not another engine";
        case OWN_MERGE -> "secmem's merge sort, not the buffer tree";
        case OWN_TREE -> "the buffer tree only";
        case ENGINE -> "another engine only";
      };
    }
  }

  /**
   * The results column that records it under its own name (its parameter-file column is that
   * column's header); empty for a parameter no row records by name (output, reps, dir, ...).
   */
  public Optional<ResultColumn> recordedAs() {
    return Optional.ofNullable(def.recorded);
  }

  /**
   * Its value when none is given to {@code experiment} (empty: the command for no experiment, such
   * as {@code pq} or {@code generate}); empty where it has none there (a sort's B is its preset's).
   */
  public Optional<Object> defaultValue(Optional<Experiment> experiment) {
    boolean applies =
        def.defaultFor.isEmpty() || experiment.map(def.defaultFor::contains).orElse(false);
    return applies ? Optional.ofNullable(def.byDefault) : Optional.empty();
  }

  /** {@link #defaultValue} as a user writes it: a word's name, a number's digits. */
  public Optional<String> defaultText(Optional<Experiment> experiment) {
    return defaultValue(experiment)
        .map(v -> v instanceof CliName c ? c.cliName() : String.valueOf(v));
  }

  /** Whether it sets one of a sort's settings ({@link #choose}). */
  public boolean setsSortSetting() {
    return def.setting != null;
  }

  /**
   * Sets {@code value}, of this parameter's type (a number, a word it {@link #parse parsed} or a
   * flag), on a sort's settings.
   *
   * @throws IllegalStateException for a parameter that sets none of them
   */
  public SortSettings.Builder choose(SortSettings.Builder settings, Object value) {
    if (def.setting == null) {
      throw new IllegalStateException(def.column + " sets no sort setting");
    }
    def.setting.accept(settings, value);
    return settings;
  }

  /** Which sorts it applies to, which {@link Admission#applicability} holds a request to. */
  public Scope scope() {
    return def.scope;
  }

  /** The parameters of {@code scope}. */
  public static Set<Parameter> of(Scope scope) {
    return Arrays.stream(values())
        .filter(p -> p.scope() == scope)
        .collect(Collectors.toCollection(() -> EnumSet.noneOf(Parameter.class)));
  }

  /** Its name at the menu's prompts, e.g. {@code M}. */
  public String label() {
    return def.label;
  }
}
