package org.secmem.engine;

import java.util.List;
import java.util.Optional;

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
}
