package org.secmem.admission;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.secmem.buffertree.BufferTree;
import org.secmem.buffertree.ExternalPriorityQueue;
import org.secmem.buffertree.FanoutRule;
import org.secmem.buffertree.TreeMemory;
import org.secmem.engine.EngineChecks;
import org.secmem.engine.EngineProblem;
import org.secmem.engine.EngineSettings;
import org.secmem.engine.KnownEngines;
import org.secmem.experiment.PqTrial;
import org.secmem.experiment.StreamMemory;
import org.secmem.sort.InMemorySort;
import org.secmem.sort.InsufficientMemoryException;
import org.secmem.sort.SortAlgorithm;
import org.secmem.sort.SortMemory;
import org.secmem.sort.SortPreset;
import org.secmem.sort.SortSettings;
import org.secmem.stream.StreamType;
import org.secmem.units.Units;

/**
 * The one answer to "can this configuration run here?": the command line, parameter files (every
 * row, before the first runs), the menu and {@code pq} ask it, and differ only in how they name the
 * parameter a problem blames ({@code --m}, {@code file:line: m:}, "M").
 *
 * <p>It judges against a {@link Machine}: the heap a plan needs, the files it holds open, the
 * buffer sizes each stream type takes, and which parameters apply to the engine and algorithm asked
 * for.
 */
public final class Admission {

  /** Files the in-memory sort holds open at once: its input and its output. */
  static final long IN_MEMORY_FILES = 2;

  /** Files the buffer tree holds open at once: input, a buffer or leaf, a leaf, a writer. */
  static final long TREE_FILES = 4;

  private Admission() {}

  /**
   * Which of the {@code given} parameters do not apply to a sort by {@code engines} with {@code
   * algorithms}; empty when all do.
   *
   * @param ownSort whether secmem's own sort is among the engines
   * @param otherEngine the other engine among them, if any (one of {@link KnownEngines})
   */
  public static List<Problem> applicability(
      Set<Parameter> given,
      boolean ownSort,
      Optional<String> otherEngine,
      Set<SortAlgorithm> algorithms) {
    List<Problem> out = new ArrayList<>();
    for (Parameter p : given) {
      Parameter.Scope scope = p.scope();
      String why = null;
      if (!ownSort && scope.own()) {
        why =
            "does not apply to engine "
                + otherEngine.orElse("?")
                + ": it is secmem's own sort's (the engine cuts the input into ranges by a sample"
                + " and sorts each range)";
      } else if (otherEngine.isEmpty() && scope == Parameter.Scope.ENGINE) {
        why = "applies to engine " + String.join(" or ", KnownEngines.names()) + " only";
      } else if (ownSort
          && scope == Parameter.Scope.OWN_TREE
          && !algorithms.contains(SortAlgorithm.BUFFER_TREE)) {
        why = "applies to the buffer-tree algorithm only";
      } else if (ownSort
          && scope == Parameter.Scope.OWN_MERGE
          && algorithms.equals(Set.of(SortAlgorithm.BUFFER_TREE))) {
        why = "applies to the merge sort only: the buffer tree merges by its fanout";
      }
      if (why != null) {
        out.add(new Problem(p, "", why));
      }
    }
    return out;
  }

  /**
   * Admits a configuration, or refuses it: a sort as {@link #sort}, streams as {@link #streams}.
   *
   * @throws RefusedException naming the parameter to change
   */
  public static void admit(Request request, Machine machine) {
    if (request instanceof SortRequest s) {
      sort(s, machine);
    } else if (request instanceof StreamsRequest s) {
      streams(s.type(), s.k(), s.bufferBytes(), s.bulk(), machine);
    } else {
      throw new AssertionError(request);
    }
  }

  /**
   * Admits a sort by secmem's own engine, or refuses it.
   *
   * @throws RefusedException naming the parameter to change: B a stream type cannot use, a write
   *     stream the buffer tree cannot write with, M too small for a plan or too large for the heap,
   *     a fanout that makes no tree, d over the open-file limit, an N the in-memory sort cannot
   *     hold
   */
  public static SortPlan sort(SortRequest r, Machine machine) {
    SortSettings s = r.settings();
    bufferProblems(s.readType(), s.writeType(), s.bufferBytes());
    if (r.algorithm() == SortAlgorithm.MERGE) {
      bufferProblems(s.mergeReadType(), s.writeType(), s.bufferBytes());
    }
    long ints = r.ints();
    switch (r.algorithm()) {
      case IN_MEMORY -> {
        try {
          InMemorySort.requireHeap(
              machine.maxHeapBytes(),
              ints,
              s.tuning().runSort(),
              s.tuning().threads(),
              s.bufferBytes(),
              s.readType(),
              s.writeType());
        } catch (InsufficientMemoryException e) {
          throw refuse(Parameter.ALGORITHM, r.algorithm().cliName(), e.getMessage());
        }
        return new SortPlan(r, Optional.empty(), Optional.empty(), IN_MEMORY_FILES);
      }
      case BUFFER_TREE -> {
        TreeMemory tree = tree(ints, s, r.fanout(), machine);
        return new SortPlan(r, Optional.empty(), Optional.of(tree), TREE_FILES);
      }
      default -> {
        SortMemory memory = merge(r, machine);
        return new SortPlan(r, Optional.of(memory), Optional.empty(), memory.openFiles());
      }
    }
  }

  private static SortMemory merge(SortRequest r, Machine machine) {
    SortSettings s = r.settings();
    String m = Long.toString(s.memoryInts());
    SortMemory memory;
    try {
      memory =
          SortMemory.plan(
              s.tuning(),
              r.ints(),
              s.memoryInts(),
              s.fanIn(),
              s.bufferBytes(),
              s.readType(),
              s.writeType(),
              s.mergeReadType());
    } catch (InsufficientMemoryException e) {
      if (r.memoryGiven() || s.preset() != SortPreset.FAST) {
        throw refuse(Parameter.M, m, e.getMessage());
      }
      // M was not chosen: the fast preset took the largest the heap holds, so the heap is what is
      // too small, not an M the user never gave.
      throw refuse(
          Parameter.M,
          m,
          "the fast preset sizes M to the heap, and this heap ("
              + (machine.maxHeapBytes() >> 20)
              + " MiB) holds M = "
              + Units.typedInts(s.memoryInts())
              + ", too little for a"
              + " run-formation worker's buffers and a run: give the JVM more (SECMEM_HEAP=1g with"
              + " scripts/secmem, or java -Xmx1g)");
    }
    try {
      memory.requireHeap(machine.maxHeapBytes(), s.memoryInts(), s.fanIn(), s.bufferBytes());
    } catch (InsufficientMemoryException e) {
      throw refuse(Parameter.M, m, e.getMessage());
    }
    String files = machine.openFilesProblem(memory.openFiles());
    if (files != null) {
      throw refuse(Parameter.D, Integer.toString(s.fanIn()), files);
    }
    return memory;
  }

  private static TreeMemory tree(long ints, SortSettings s, FanoutRule fanout, Machine machine) {
    String writeProblem = BufferTree.writeProblem(s.writeType());
    if (writeProblem != null) {
      throw refuse(Parameter.WRITE_STREAM, s.writeType().cliName(), writeProblem);
    }
    TreeMemory plan;
    try {
      plan =
          TreeMemory.plan(
              ints, s.memoryInts(), s.bufferBytes(), fanout, s.readType(), s.writeType());
    } catch (IllegalArgumentException e) {
      // The fanout is to blame only when M would do with the default one.
      boolean fanoutToBlame =
          !fanout.equals(FanoutRule.DEFAULT) && makesTree(ints, s, FanoutRule.DEFAULT);
      throw fanoutToBlame
          ? refuse(Parameter.FANOUT, fanout.text(), e.getMessage())
          : refuse(Parameter.M, Long.toString(s.memoryInts()), e.getMessage());
    }
    try {
      plan.requireHeap(machine.maxHeapBytes());
    } catch (InsufficientMemoryException e) {
      throw refuse(Parameter.M, Long.toString(s.memoryInts()), e.getMessage());
    }
    return plan;
  }

  private static boolean makesTree(long ints, SortSettings s, FanoutRule fanout) {
    try {
      TreeMemory.plan(ints, s.memoryInts(), s.bufferBytes(), fanout, s.readType(), s.writeType());
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  /**
   * Admits the buffer-tree priority queue of {@code pq}, or refuses it.
   *
   * @return the tree's memory plan
   * @throws RefusedException naming B, the write stream, M or the fanout
   */
  public static TreeMemory queue(QueueRequest q, Machine machine) {
    bufferProblems(q.read(), q.write(), q.bufferBytes());
    String writeProblem = BufferTree.writeProblem(q.write());
    if (writeProblem != null) {
      throw refuse(Parameter.WRITE_STREAM, q.write().cliName(), writeProblem);
    }
    String m = Long.toString(q.memoryInts());
    boolean fanoutChosen = !q.fanout().equals(FanoutRule.DEFAULT);
    Parameter shape = fanoutChosen ? Parameter.FANOUT : Parameter.M;
    String shapeValue = fanoutChosen ? q.fanout().text() : m;
    TreeMemory plan;
    try {
      plan =
          TreeMemory.plan(q.n(), q.memoryInts(), q.bufferBytes(), q.fanout(), q.read(), q.write());
    } catch (IllegalArgumentException e) {
      boolean fewBlocks =
          TreeMemory.blocks(q.memoryInts(), q.bufferBytes()) < TreeMemory.MIN_BLOCKS;
      throw fewBlocks
          ? refuse(Parameter.M, m, e.getMessage())
          : refuse(shape, shapeValue, e.getMessage());
    }
    if (plan.fanout().b() < 4) {
      throw refuse(
          shape,
          shapeValue,
          String.format(
              Locale.ROOT,
              "the priority queue needs b >= 4, but M = %s and B = %s (m = %d blocks)"
                  + " give the fanout %s; raise M, lower B or choose a fanout with b >= 4 (e.g."
                  + " m/K with a smaller K)",
              Units.typedInts(q.memoryInts()),
              Units.bytes(q.bufferBytes()),
              plan.m(),
              plan.fanout()));
    }
    if (plan.leafInts() > Integer.MAX_VALUE - 8) {
      throw refuse(
          shape,
          shapeValue,
          String.format(
              Locale.ROOT,
              "the queue's in-memory part of b·B = %s does not fit a Java array; lower b or B",
              Units.typedInts(plan.leafInts())));
    }
    long need = ExternalPriorityQueue.requiredHeapBytes(plan);
    long heap = machine.maxHeapBytes();
    if (need > heap) {
      long suggest = (need >> 20) + 9;
      throw refuse(
          Parameter.M,
          m,
          String.format(
              Locale.ROOT,
              "the buffer-tree priority queue with M = %s and B = %s needs about %d MiB"
                  + " of heap (its tree's plan and the in-memory part of b·B = %s), but the"
                  + " heap is %d MiB; use a smaller M, or %s",
              Units.typedInts(q.memoryInts()),
              Units.bytes(q.bufferBytes()),
              (need + (1 << 20) - 1) >> 20,
              Units.typedInts(plan.leafInts()),
              heap >> 20,
              Units.largerHeap(suggest)));
    }
    return plan;
  }

  /**
   * Admits {@code k} streams of {@code type} with buffer {@code b} held at once (the write and read
   * experiments), or refuses them.
   *
   * @param bulk whether they read in bulk (a read of whole files)
   * @throws RefusedException naming B a type cannot use, k for the open-file limit, B (k for a type
   *     without B) for the heap or direct memory their buffers need
   */
  public static void streams(StreamType type, long k, long b, boolean bulk, Machine machine) {
    if (type.usesBufferSize()) {
      bufferProblems(type, type, b);
    }
    openFiles(k, machine);
    streamMemory(type, k, b, bulk, machine);
  }

  /**
   * Admits the buffers of {@code k} streams of {@code type} with buffer {@code b}, or refuses them,
   * naming B (k for a type without B) for the heap or direct memory they need.
   */
  public static void streamMemory(StreamType type, long k, long b, boolean bulk, Machine machine) {
    String what =
        "k = "
            + k
            + " "
            + type.cliName()
            + " stream"
            + (k == 1 ? "" : "s")
            + (type.usesBufferSize() ? " of B = " + Units.bytes(b) : "");
    String memory =
        StreamMemory.of(type, k, b, bulk)
            .problem(what, machine.maxHeapBytes(), machine.maxDirectBytes());
    if (memory == null) {
      memory =
          machine
              .heapLayout()
              .problem(what, StreamMemory.largestArrayBytes(type, b, bulk), machine.maxHeapBytes());
    }
    if (memory != null) {
      throw type.usesBufferSize()
          ? refuse(Parameter.B, Long.toString(b), memory)
          : refuse(Parameter.K, Long.toString(k), memory);
    }
  }

  /**
   * Admits {@code k} files open at once (the write and read experiments' streams), or refuses them,
   * naming k.
   */
  public static void openFiles(long k, Machine machine) {
    String files = machine.openFilesProblem(k);
    if (files != null) {
      throw refuse(Parameter.K, Long.toString(k), files);
    }
  }

  /**
   * Admits a sort by another engine with these settings, or refuses it: the engine's module on the
   * class path, and what the engine itself finds wrong.
   *
   * @throws RefusedException with every problem, each naming the engine, the master, M, the
   *     partitions or the engine's settings
   */
  public static void engine(String engineName, EngineSettings settings) {
    List<Problem> problems = new ArrayList<>();
    for (EngineProblem p : EngineChecks.problems(engineName, settings)) {
      problems.add(
          switch (p.setting()) {
            case ENGINE -> new Problem(Parameter.ENGINE, engineName, p.message());
            case MASTER -> new Problem(Parameter.MASTER, settings.master().orElse(""), p.message());
            case MEMORY ->
                new Problem(
                    Parameter.M,
                    settings.memoryInts().isPresent()
                        ? Long.toString(settings.memoryInts().getAsLong())
                        : "",
                    p.message());
            case PARTITIONS ->
                new Problem(
                    Parameter.PARTITIONS,
                    settings.partitions().isPresent()
                        ? Integer.toString(settings.partitions().getAsInt())
                        : "",
                    p.message());
            case CONF ->
                new Problem(Parameter.ENGINE_CONF, settings.conf().toString(), p.message());
            case WORK_DIRS ->
                new Problem(
                    Parameter.WORK_DIR,
                    settings.workDirs().stream()
                        .map(Path::toString)
                        .collect(Collectors.joining(",")),
                    p.message());
          });
    }
    if (!problems.isEmpty()) {
      throw new RefusedException(problems);
    }
  }

  /** Refuses a B that either stream type cannot use (direct I/O needs whole blocks). */
  public static void bufferProblems(StreamType read, StreamType write, long b) {
    for (StreamType t : List.of(read, write)) {
      String p = t.bufferProblem(b);
      if (p != null) {
        throw refuse(Parameter.B, Long.toString(b), p);
      }
    }
  }

  /**
   * The direct memory an admitted configuration's streams hold at once: what a fork allocates off
   * the heap, counted against a memory limit with the heap and the JVM's own footprint.
   *
   * @throws RefusedException where the configuration is not admitted (as {@link #admit})
   */
  public static DirectNeed direct(Request request, Machine machine) {
    if (request instanceof SortRequest s) {
      return direct(sort(s, machine));
    } else if (request instanceof StreamsRequest s) {
      return direct(s.type(), s.k(), s.bufferBytes());
    }
    throw new AssertionError(request);
  }

  /**
   * The direct memory of {@code k} streams of {@code type} with buffer {@code b}: readers or
   * writers, whichever hold more.
   */
  public static DirectNeed direct(StreamType type, long k, long b) {
    long bytes = k * Math.max(type.directBytes(b, true), type.directBytes(b, false));
    return bytes == 0
        ? DirectNeed.NONE
        : new DirectNeed(
            bytes,
            k
                + " "
                + type.cliName()
                + " stream"
                + (k == 1 ? "" : "s")
                + " of B = "
                + Units.bytes(b));
  }

  /**
   * The direct memory of a sort's streams at its peak: the in-memory sort's reader and writer, the
   * buffer tree's three readers and writer, or the larger of the merge sort's phases (each
   * run-formation worker's reader and writer; each merge's k = min(d, runs) readers and writer).
   */
  public static DirectNeed direct(SortPlan plan) {
    SortSettings s = plan.request().settings();
    StreamType read = s.readType();
    StreamType write = s.writeType();
    long b = s.bufferBytes();
    if (plan.tree().isPresent()) {
      return direct(1, 3, read, write, b, "the buffer tree's", "");
    }
    if (plan.merge().isEmpty()) {
      return direct(1, 1, read, write, b, "the in-memory sort's", "");
    }
    SortMemory m = plan.merge().get();
    DirectNeed form =
        direct(m.workers(), 1, read, write, b, "run formation's", "run-formation workers");
    if (m.runs() <= 1) {
      return form;
    }
    int k = (int) Math.min(s.fanIn(), m.runs());
    return form.max(
        direct(
            m.mergeThreads(),
            k,
            s.mergeReadType(),
            write,
            m.mergeBufferBytes(),
            "the merge's",
            "merges at once"));
  }

  /** The direct memory of {@code pq}'s buffer tree: three readers and a writer. */
  public static DirectNeed direct(QueueRequest q) {
    return direct(1, 3, q.read(), q.write(), q.bufferBytes(), "the priority queue's", "");
  }

  /**
   * {@code times} groups, each of {@code readers} readers of {@code read} and one writer of {@code
   * write}: {@code whose} names one group, {@code many} several.
   */
  private static DirectNeed direct(
      long times,
      long readers,
      StreamType read,
      StreamType write,
      long b,
      String whose,
      String many) {
    long bytes = times * (readers * read.directBytes(b, true) + write.directBytes(b, false));
    if (bytes == 0) {
      return DirectNeed.NONE;
    }
    String group =
        readers
            + " "
            + read.cliName()
            + " reader"
            + (readers == 1 ? "" : "s")
            + " and 1 "
            + write.cliName()
            + " writer of B = "
            + Units.bytes(b);
    return new DirectNeed(
        bytes, times == 1 ? whose + " " + group : times + " " + many + ", each with " + group);
  }

  private static RefusedException refuse(Parameter p, String value, String message) {
    return new RefusedException(new Problem(p, value, message));
  }

  /**
   * Why java.util.PriorityQueue cannot hold {@code n} boxed keys on {@code machine} (its size
   * limit, or the heap they need), or empty when it can.
   */
  public static Optional<String> javaQueue(long n, Machine machine) {
    if (n > Integer.MAX_VALUE - 8) {
      return Optional.of(
          String.format(
              Locale.ROOT,
              "java.util.PriorityQueue holds at most %d keys, not N"
                  + " = %d; use --impl buffer-tree",
              Integer.MAX_VALUE - 8,
              n));
    }
    long need = PqTrial.javaHeapBytes(n);
    long heap = machine.maxHeapBytes();
    if (need > heap) {
      return Optional.of(
          String.format(
              Locale.ROOT,
              "java.util.PriorityQueue of N = %d boxed keys needs about %d MiB of heap (%d bytes a"
                  + " key and the JVM), but the heap is %d MiB; use a smaller --n, --impl"
                  + " buffer-tree, or a larger heap (java -Xmx, scripts/secmem: SECMEM_HEAP)",
              n,
              (need + (1 << 20) - 1) >> 20,
              PqTrial.JAVA_BYTES_PER_KEY,
              heap >> 20));
    }
    return Optional.empty();
  }
}
