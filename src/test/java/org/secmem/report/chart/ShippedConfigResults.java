package org.secmem.report.chart;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.secmem.experiment.BufferTreeMethod;
import org.secmem.experiment.MergeMethod;
import org.secmem.experiment.OwnSort;
import org.secmem.experiment.SortTrialSpec;
import org.secmem.experiment.StreamsConfig;
import org.secmem.param.ParamDefaults;
import org.secmem.param.ParamFiles;
import org.secmem.param.RunConfig;
import org.secmem.results.RawResults;
import org.secmem.stream.StreamType;

/**
 * Results as a shipped parameter file would leave them, without running it: every configuration the
 * file expands to, its warm-up and repetitions, with times from a made-up cost per int per stream
 * type (simple a hundred times the others, as measured), so that chart tests see the charts, series
 * and sweeps a real run of {@code configs/quick.csv} or {@code configs/sweep-small.csv} makes in a
 * moment.
 */
final class ShippedConfigResults {

  static final Path CONFIGS = Path.of(System.getProperty("secmem.root", "."), "configs");

  private static final String HEADER =
      "experiment,stream,read_stream,write_stream,n,k,b,m,d,algorithm,preset,engine,sweep,rep,"
          + "warmup,cache,sync,elapsed_ms,mib_per_s,runs,passes\n";

  private ShippedConfigResults() {}

  /** The results of {@code configs/<name>}, read as a results file. */
  static RawResults of(String name) throws IOException {
    return RawResults.parse(name + "-results.csv", new StringReader(csv(name)));
  }

  /** The results CSV of {@code configs/<name>}. */
  static String csv(String name) throws IOException {
    return csv(CONFIGS.resolve(name), name);
  }

  /** The results of the parameter file {@code file}, read as a results file. */
  static RawResults of(Path file) throws IOException {
    String name = String.valueOf(file.getFileName());
    return RawResults.parse(name + "-results.csv", new StringReader(csv(file, name)));
  }

  private static String csv(Path file, String name) throws IOException {
    List<RunConfig> configs;
    try {
      configs = ParamFiles.read(file, Optional.empty(), ParamDefaults.standard());
    } catch (org.secmem.param.ParamFileException e) {
      throw new IllegalStateException(e.getMessage(), e);
    }
    StringBuilder csv = new StringBuilder(HEADER);
    for (RunConfig c : configs) {
      int reps = c.settings().reps();
      int warmup = c.settings().warmup();
      for (int rep = 1 - warmup; rep <= reps; rep++) {
        row(csv, name, c, rep);
      }
    }
    return csv.toString();
  }

  private static void row(StringBuilder csv, String name, RunConfig c, int rep) {
    String experiment = c.experiment().cliName();
    boolean sort = c.configuration() instanceof SortTrialSpec;
    StreamType read;
    StreamType write;
    int b;
    long n;
    int k = 1;
    // M and d as the row records them: blank where they do not apply (d for the tree, both for
    // the in-memory sort).
    String m = "";
    String d = "";
    String algorithm = "";
    double nsPerInt;
    long runs = 0;
    long passes = 0;
    if (c.configuration() instanceof SortTrialSpec spec) {
      OwnSort own = (OwnSort) spec.method();
      read = own.readType();
      write = own.writeType();
      b = own.bufferBytes();
      n = spec.data().n();
      algorithm = own.algorithm().cliName();
      long memory = n;
      int fanIn = 2;
      if (own instanceof MergeMethod merge) {
        memory = merge.memoryInts();
        fanIn = merge.fanIn();
        m = Long.toString(memory);
        d = Integer.toString(fanIn);
      } else if (own instanceof BufferTreeMethod tree) {
        memory = tree.memoryInts();
        m = Long.toString(memory);
      }
      runs = (n + memory - 1) / memory;
      passes = 1 + (long) Math.ceil(Math.log(Math.max(runs, 1)) / Math.log(fanIn) - 1e-9);
      nsPerInt = 90 + passes * (nsPerInt(read, b) + nsPerInt(write, b));
    } else {
      StreamsConfig streams = (StreamsConfig) c.configuration();
      read = streams.stream();
      write = streams.stream();
      b = streams.bufferBytes();
      n = streams.n();
      k = streams.k();
      nsPerInt = nsPerInt(read, b);
    }
    boolean usesB = read.usesBufferSize() || write.usesBufferSize();
    // a little spread between repetitions, the same every time
    double noise = 1 + 0.02 * Math.floorMod(rep * 7 + (int) (n % 5), 5);
    double ms = n * k * nsPerInt * noise / 1e6;
    double mib = n * k * 4.0 / (1 << 20) / (ms / 1000);
    csv.append(experiment)
        .append(',')
        .append(sort ? "" : read.cliName())
        .append(',')
        .append(sort ? read.cliName() : "")
        .append(',')
        .append(sort ? write.cliName() : "")
        .append(',')
        .append(n)
        .append(',')
        .append(sort ? "" : Integer.toString(k))
        .append(',')
        .append(usesB ? Integer.toString(b) : "")
        .append(',')
        .append(m)
        .append(',')
        .append(d)
        .append(',')
        .append(algorithm)
        .append(',')
        .append(sort ? "classic" : "")
        .append(',')
        .append(sort ? "secmem" : "")
        .append(',')
        .append(name)
        .append(':')
        .append(c.line())
        .append(',')
        .append(rep)
        .append(',')
        .append(rep <= 0)
        .append(",as-is,false,")
        .append(String.format(Locale.ROOT, "%.3f,%.2f", ms, mib))
        .append(',')
        .append(sort ? Long.toString(runs) : "")
        .append(',')
        .append(sort ? Long.toString(passes) : "")
        .append('\n');
  }

  /** Made-up nanoseconds per int of a stream type at buffer size {@code b}. */
  private static double nsPerInt(StreamType t, int b) {
    double perCall = 2000.0 / Math.max(b, 4) * 4;
    return switch (t) {
      case SIMPLE -> 400;
      case BUFFERED -> 6;
      case USER_BUFFER -> 3 + perCall;
      case MAPPED -> 2 + perCall * 2;
      case CHANNEL -> 2.5 + perCall;
      case DIRECT -> 4 + perCall * 3;
      case ASYNC -> 2.2 + perCall;
    };
  }
}
