package org.secmem.experiment;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Collectors;
import org.secmem.data.Checksum;
import org.secmem.data.Shape;
import org.secmem.fs.TempRegistry;
import org.secmem.results.ResultColumn;
import org.secmem.results.ResultRow;
import org.secmem.results.RowKind;
import org.secmem.stream.ReadStream;
import org.secmem.stream.Streams;
import org.secmem.units.Units;

/**
 * The read experiment: open k files and read them round-robin, one int from each in turn, until all
 * are at the end; every int is folded into a checksum so the work cannot be skipped.
 */
public final class ReadTrial implements Trial {

  private final StreamTrialSpec spec;
  private final TempRegistry temps;
  private final boolean ownDataSet;
  private List<Path> files;

  public ReadTrial(StreamTrialSpec spec) {
    this(spec, TempRegistry.none());
  }

  /**
   * @param temps told about the temporaries of data files being generated, so that an interrupt
   *     removes them
   */
  public ReadTrial(StreamTrialSpec spec, TempRegistry temps) {
    this.spec = spec;
    this.temps = temps;
    this.ownDataSet = spec.files().isEmpty();
    this.files =
        ownDataSet ? DataSet.files(spec.dir(), spec.n(), spec.k(), spec.seed()) : spec.files();
  }

  @Override
  public String describe() {
    return "read "
        + spec.type()
        + ", N="
        + Units.typedInts(spec.n())
        + ", k="
        + files.size()
        + (spec.type().usesBufferSize() ? ", B=" + Units.bytes(spec.options().bufferBytes()) : "")
        + (spec.bulk() ? ", bulk" : "");
  }

  @Override
  public ResultRow.Builder configuration() {
    return ResultRow.builder(RowKind.READ)
        .set(ResultColumn.STREAM, spec.type().cliName())
        .set(ResultColumn.N, spec.n())
        .set(ResultColumn.K, files.size())
        .set(ResultColumn.B, spec.bufferCell())
        .set(ResultColumn.ACCESS, spec.bulk() ? "block" : "int")
        .set(ResultColumn.SHAPE, ownDataSet ? Shape.UNIFORM.cliName() : null)
        .set(ResultColumn.SEED, ownDataSet ? Long.toString(spec.seed()) : null)
        .set(
            ResultColumn.INPUT,
            ownDataSet ? null : files.stream().map(Path::toString).collect(Collectors.joining("|")))
        .set(ResultColumn.INPUT_BYTES, InputSize.of(files));
  }

  @Override
  public List<Path> inputs() {
    return files;
  }

  @Override
  public void prepare() throws IOException {
    if (ownDataSet) {
      files = DataSet.ensure(spec.dir(), spec.n(), spec.k(), spec.seed(), temps);
    }
  }

  @Override
  public TrialOutcome run() throws IOException {
    try {
      return spec.bulk() ? runBlocks() : runInts();
    } catch (InternalError e) {
      throw Streams.mappingFault(e, files);
    }
  }

  /** Round-robin by blocks: one bulk read of a block from each stream in turn. */
  private TrialOutcome runBlocks() throws IOException {
    int k = files.size();
    ReadStream[] in = new ReadStream[k];
    int[] block = new int[spec.blockInts()];
    long sum = 0;
    long ints = 0;
    try (StreamGroup group = new StreamGroup()) {
      for (int j = 0; j < k; j++) {
        in[j] = group.add(Streams.openReader(spec.type(), files.get(j), spec.options()));
      }
      boolean more = true;
      while (more) {
        Interrupts.check();
        more = false;
        for (int j = 0; j < k; j++) {
          int n = in[j].read(block, 0, block.length);
          for (int i = 0; i < n; i++) {
            sum += Checksum.mix(block[i]);
          }
          ints += n;
          more |= n > 0;
        }
      }
    }
    Checksum checksum = new Checksum();
    checksum.addMixed(sum, ints);
    return new TrialOutcome(ints, ints * Integer.BYTES, checksum, Optional.empty(), Map.of());
  }

  private TrialOutcome runInts() throws IOException {
    int k = files.size();
    ReadStream[] in = new ReadStream[k];
    long sum = 0;
    long ints = 0;
    try (StreamGroup group = new StreamGroup()) {
      long common = Long.MAX_VALUE;
      for (int j = 0; j < k; j++) {
        in[j] = group.add(Streams.openReader(spec.type(), files.get(j), spec.options()));
        common = Math.min(common, Streams.intCount(files.get(j)));
      }
      // Rounds in which every stream still has an int need no end-of-stream checks.
      for (long start = 0; start < common; start += Interrupts.SLICE_INTS) {
        Interrupts.check();
        long end = Math.min(common, start + Interrupts.SLICE_INTS);
        for (long i = start; i < end; i++) {
          for (int j = 0; j < k; j++) {
            sum += Checksum.mix(in[j].readNext());
          }
        }
      }
      ints = common * k;
      // Files of different lengths (read --files): go on round-robin until all are at the end.
      boolean more = true;
      while (more) {
        more = false;
        for (int j = 0; j < k; j++) {
          if (!in[j].endOfStream()) {
            sum += Checksum.mix(in[j].readNext());
            ints++;
            more = true;
          }
        }
      }
    }
    Checksum checksum = new Checksum();
    checksum.addMixed(sum, ints);
    return new TrialOutcome(ints, ints * Integer.BYTES, checksum, Optional.empty(), Map.of());
  }

  /** Its read; its own data set's generation before the first run is of the same order. */
  @Override
  public double secondsAtLeast() {
    return TimeEstimate.streamSeconds(
        spec.type(), false, spec.n(), files.size(), spec.options().bufferBytes());
  }

  @Override
  public OptionalLong predictedIos() {
    return OptionalLong.of(
        StreamCostModel.predictedCalls(
            spec.type(), false, spec.n(), files.size(), spec.options().bufferBytes()));
  }
}
