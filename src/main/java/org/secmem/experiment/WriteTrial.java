package org.secmem.experiment;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.secmem.data.Checksum;
import org.secmem.data.PartFile;
import org.secmem.data.Shape;
import org.secmem.data.ValueGenerator;
import org.secmem.fs.EachOf;
import org.secmem.fs.Ownership;
import org.secmem.fs.TempRegistry;
import org.secmem.results.ResultColumn;
import org.secmem.results.ResultRow;
import org.secmem.results.RowKind;
import org.secmem.sort.WorkDirectory;
import org.secmem.stream.StreamType;
import org.secmem.stream.Streams;
import org.secmem.stream.WriteStream;
import org.secmem.units.Units;

/**
 * The write experiment: create k files and write N ints to each, round-robin, one int to each
 * stream in turn; timed from creation to close (and to storage with sync). The values are generated
 * in the timed loop (about a nanosecond per int) so that memory does not bound N.
 *
 * <p>The files appear under their names ({@link DataSet}) only when complete, like every data file:
 * each is written under a temporary name ({@link PartFile}, registered so that an interrupt removes
 * it) and renamed into place after the clock has stopped ({@link #verify}). A run that fails, on a
 * full disk say, removes its temporaries and leaves no partial file.
 *
 * <p>The temporaries are not marked as secmem's while the clock runs (see {@link #run}); they are
 * written inside a work folder beside the files ({@link WorkDirectory}, made before the clock
 * starts and removed after the run), whose owner marker this process holds locked: a run killed
 * with kill -9 leaves a folder that {@code secmem clean} recognises and removes once the lock is
 * free, rather than unmarked files nobody may remove.
 */
public final class WriteTrial implements Trial {

  private static final Logger LOG = LogManager.getLogger(WriteTrial.class);

  private final StreamTrialSpec spec;
  private final TempRegistry temps;
  private final List<Path> files;

  /** The temporaries of the run being prepared or measured; empty between runs. */
  private List<PartFile> parts = List.of();

  /** The work folder holding the temporaries of the run being prepared or measured; or null. */
  private WorkDirectory work;

  public WriteTrial(StreamTrialSpec spec) {
    this(spec, TempRegistry.none());
  }

  /**
   * @param temps told about the temporaries being written, so that an interrupt removes them
   */
  public WriteTrial(StreamTrialSpec spec, TempRegistry temps) {
    this.spec = spec;
    this.temps = temps;
    this.files = DataSet.files(spec.dir(), spec.n(), spec.k(), spec.seed());
  }

  @Override
  public String describe() {
    return "write "
        + spec.type()
        + ", N="
        + Units.typedInts(spec.n())
        + ", k="
        + spec.k()
        + (spec.type().usesBufferSize() ? ", B=" + Units.bytes(spec.options().bufferBytes()) : "");
  }

  @Override
  public ResultRow.Builder configuration() {
    return ResultRow.builder(RowKind.WRITE)
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

  /**
   * Untimed: removes the files of an earlier run (so that every run creates new files, as the first
   * one does, and the disk never holds an old and a new copy at once), makes the work folder the
   * run writes in, and names the temporaries the run will write there.
   */
  @Override
  public void prepare() throws IOException {
    Ownership.createFolders(spec.dir());
    discard();
    for (Path f : files) {
      // An earlier run's file; a file secmem did not write is left, and the run stops here.
      Ownership.deleteMade(f, Ownership.Made.INT_FILE);
    }
    // Beside the files, on their file system: the commit stays one rename.
    work = WorkDirectory.create(spec.dir(), temps);
    List<PartFile> next = new ArrayList<>(files.size());
    for (Path f : files) {
      next.add(PartFile.in(work.path(), f, temps));
    }
    parts = next;
  }

  /**
   * The folder its runs make their work folder in: swept when a forked JVM running it is killed.
   */
  @Override
  public List<Path> workFolders() {
    return List.of(spec.dir());
  }

  /**
   * The timed span: creating the k temporaries, writing N ints to each round-robin, closing them
   * (with sync: forcing them to storage), then recomputing the checksum from the seeds. The renames
   * come after, in {@link #verify}.
   */
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
        // Not marked as secmem's here: an attribute write per file costs 20-40 us, 7-10 % of a
        // 16-file run of 2^14 ints on the clock (measured). The work folder's locked owner marker,
        // made in prepare, says whose they are (clean removes the folder a kill -9 leaves);
        // commit marks the finished file.
        out[j] = group.add(Streams.createWriter(spec.type(), parts.get(j).path(), spec.options()));
      }
      // Rounds in slices, so that an interrupt (Ctrl-C in the menu) stops a long run within a
      // slice; the per-int loop itself is the one the seeds time.
      for (long start = 0; start < n; start += Interrupts.SLICE_INTS) {
        Interrupts.check();
        long end = Math.min(n, start + Interrupts.SLICE_INTS);
        for (long i = start; i < end; i++) {
          for (int j = 0; j < k; j++) {
            out[j].write(gens[j].next());
          }
        }
      }
    } catch (IOException e) {
      IOException explained = explain(e);
      discard(explained);
      throw explained;
    } catch (InternalError e) {
      IOException fault = Streams.mappingFault(e, files);
      discard(fault);
      throw fault;
    } catch (RuntimeException | Error e) {
      discard(e);
      throw e;
    }
    return new TrialOutcome(n * k, n * k * Integer.BYTES, checksum(), Optional.empty(), Map.of());
  }

  /**
   * Untimed, right after the clock stops: moves the complete files into place under their names.
   */
  @Override
  public Optional<Boolean> verify(TrialOutcome outcome) throws IOException {
    try {
      for (PartFile p : parts) {
        p.commit();
      }
    } catch (IOException | RuntimeException e) {
      discard(e);
      throw e;
    }
    parts = List.of();
    return outcome.verified();
  }

  /** Removes the temporaries of a run that did not complete, and the run's work folder. */
  @Override
  public void finish() throws IOException {
    discard();
  }

  /** The failure as the user knows the files: naming the data file, not its temporary. */
  private IOException explain(IOException e) {
    for (PartFile p : parts) {
      IOException x = p.explain(e);
      if (x != e) {
        return x;
      }
    }
    return e;
  }

  /** Removes the temporaries (those not committed), attaching a failure to {@code cause}. */
  private void discard(Throwable cause) {
    try {
      discard();
    } catch (IOException e) {
      LOG.warn("Could not remove the temporaries of {}", describe(), e);
      cause.addSuppressed(e);
    }
  }

  /** Removes the temporaries (those not committed), then the work folder, its marker last. */
  private void discard() throws IOException {
    List<PartFile> closing = parts;
    WorkDirectory folder = work;
    parts = List.of();
    work = null;
    IOException failure = null;
    try {
      EachOf.run(closing, PartFile::close);
    } catch (IOException e) {
      failure = e;
    }
    if (folder != null) {
      try {
        folder.close();
      } catch (IOException e) {
        if (failure == null) {
          failure = e;
        } else {
          failure.addSuppressed(e);
        }
      }
    }
    if (failure != null) {
      throw failure;
    }
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
  public double secondsAtLeast() {
    return TimeEstimate.streamSeconds(
        spec.type(), true, spec.n(), spec.k(), spec.options().bufferBytes());
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
