package org.secmem.engine;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The registry of the sort engines other than secmem's own: the one file of the core that names
 * them (a test holds every other file of the core to that). A new engine is an entry here and a
 * module that implements {@link SortEngine} under the entry's name.
 */
public final class KnownEngines {

  /** Apache Spark, which the spark module provides. */
  private static final KnownEngine SPARK =
      new KnownEngine(
          "spark",
          "Spark",
          "Apache Spark's sort (range partitioning, then a sort of each range) on the same files,"
              + " through the spark module, which scripts/secmem adds",
          "local[N] (N cores of this machine, in this process), local[*] (every core), or"
              + " spark://HOST:7077 (a standalone cluster; input and output on a file system"
              + " every node sees). YARN and Kubernetes are reached by submitting"
              + " spark/target/secmem-spark-submit.jar with spark-submit (default: local[*], or"
              + " the master spark-submit set)",
          "Spark's choice",
          "a further Spark setting (spark.*), given last",
          "spark.sql.shuffle.partitions=64",
          "--engine spark --master 'local[2]'",
          // Hadoop's UserGroupInformation calls Subject.getSubject, which throws
          // UnsupportedOperationException from JDK 24 on (JEP 486).
          Optional.of(new KnownEngine.JdkLimit(24, "Hadoop's Subject.getSubject fails")),
          "spark.master",
          "local[*]",
          List.of("org/apache/spark/log4j2"),
          // Its spark.local.dir in the temporary folder, and its parts folder beside the output.
          List.of(".secmem-spark-local-", ".secmem-spark-parts-"));

  /** Every engine a user may name besides secmem's own, in the order help lists them. */
  public static final List<KnownEngine> ALL = List.of(SPARK);

  private KnownEngines() {}

  /** The entry of the engine of this name, if the core knows one. */
  public static Optional<KnownEngine> named(String name) {
    return ALL.stream().filter(e -> e.name().equals(name)).findFirst();
  }

  /** The names of {@link #ALL}. */
  public static List<String> names() {
    return ALL.stream().map(KnownEngine::name).toList();
  }

  /**
   * The help of {@code sort}'s engine options by their description keys ({@code engine}, {@code
   * master}, {@code partitions}, {@code conf}), made from the engines known, so that the command
   * names no engine itself.
   */
  public static Map<String, String> optionHelp() {
    Map<String, String> help = new LinkedHashMap<>();
    help.put(
        "engine",
        SortEngines.SECMEM
            + ": secmem's own sort, as the preset and options compose it (local is another name"
            + " for it); "
            + ALL.stream().map(e -> e.name() + ": " + e.help()).collect(Collectors.joining("; "))
            + " (default: ${DEFAULT-VALUE}). With another engine, --preset, --d, the stream"
            + " types, --b, --threads and the merge sort's parts do not apply: the row leaves"
            + " them blank and records the engine's stages, shuffle bytes, partitions and"
            + " executors; --m, when given, is each executor's execution memory.");
    help.put("master", perEngine("where it runs: ", KnownEngine::masterHelp) + ".");
    help.put(
        "partitions",
        perEngine(
                "the parts the sorted output is cut into, each sorted by one task (default: ",
                KnownEngine::partitionsDefault)
            + ").");
    help.put(
        "conf",
        perEngine("", KnownEngine::confHelp)
            + "; repeat for more. The row records them in"
            + " engine_conf.");
    return help;
  }

  /** "--engine E: {@code what}{@code text}" for each engine, separated by "; ". */
  private static String perEngine(String what, Function<KnownEngine, String> f) {
    return ALL.stream()
        .map(e -> "--engine " + e.name() + ": " + what + f.apply(e))
        .collect(Collectors.joining("; "));
  }
}
