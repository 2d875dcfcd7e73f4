package org.secmem.experiment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.secmem.data.Checksum;
import org.secmem.data.Shape;
import org.secmem.data.ValueGenerator;
import org.secmem.report.ResultColumn;
import org.secmem.report.ResultRow;
import org.secmem.stream.StreamType;
import org.secmem.stream.Streams;
import org.secmem.stream.WriteStream;

/**
 * The write experiment: create k files and write N ints to each, round-robin, one int to each
 * stream in turn; timed from creation to close (and to storage with sync). The values are generated
 * in the timed loop (about a nanosecond per int) so that memory does not bound N.
 */
public final class WriteTrial implements Trial {

  private final StreamTrialSpec spec;
  private final List<Path> files;

  public WriteTrial(StreamTrialSpec spec) {
    this.spec = spec;
    this.files = DataSet.files(spec.dir(), spec.n(), spec.k(), spec.seed());
  }

  @Override
  public String describe() {
    return "write "
        + spec.type()
        + " N="
        + spec.n()
        + " k="
        + spec.k()
        + (spec.type().usesBufferSize() ? " B=" + spec.options().bufferBytes() : "");
  }

  @Override
  public ResultRow.Builder configuration() {
    return ResultRow.builder()
        .set(ResultColumn.EXPERIMENT, Experiment.WRITE.cliName())
        .set(ResultColumn.STREAM, spec.type().cliName())
        .set(ResultColumn.N, spec.n())
        .set(ResultColumn.K, spec.k())
        .set(ResultColumn.B, spec.bufferCell())
        .set(ResultColumn.ACCESS, "int")
        .set(ResultColumn.SHAPE, Shape.UNIFORM.cliName())
        .set(ResultColumn.SEED, spec.seed());
  }

  @Override
  public List<Path> inputs() {
    return List.of();
  }

  @Override
  public void prepare() throws IOException {
    Files.createDirectories(spec.dir());
  }

  @Override
  public TrialOutcome run() throws IOException {
    int k = spec.k();
    long n = spec.n();
    ValueGenerator[] gens = new ValueGenerator[k];
    for (int j = 0; j < k; j++) {
      gens[j] = new ValueGenerator(Shape.UNIFORM, n, ValueGenerator.streamSeed(spec.seed(), j));
    }
    WriteStream[] out = new WriteStream[k];
    try (StreamGroup group = new StreamGroup()) {
      for (int j = 0; j < k; j++) {
        out[j] = group.add(Streams.createWriter(spec.type(), files.get(j), spec.options()));
      }
      for (long i = 0; i < n; i++) {
        for (int j = 0; j < k; j++) {
          out[j].write(gens[j].next());
        }
      }
    }
    return new TrialOutcome(
        n * k, n * k * Integer.BYTES, checksum(), Optional.empty(), Map.of());
  }

  /** The checksum of what was written, recomputed from the seeds outside the timed loop. */
  private Checksum checksum() {
    Checksum c = new Checksum();
    for (int j = 0; j < spec.k(); j++) {
      ValueGenerator g =
          new ValueGenerator(Shape.UNIFORM, spec.n(), ValueGenerator.streamSeed(spec.seed(), j));
      for (long i = 0; i < spec.n(); i++) {
        c.add(g.next());
      }
    }
    return c;
  }

  @Override
  public OptionalLong predictedIos() {
    return OptionalLong.of(
        StreamCostModel.predictedCalls(
            spec.type(), true, spec.n(), spec.k(), spec.options().bufferBytes()));
  }

  /** The type measured. */
  public StreamType type() {
    return spec.type();
  }
}
