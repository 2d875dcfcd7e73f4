package org.secmem.cli;

import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.secmem.admission.DiskSpace;
import org.secmem.admission.FileChecks;
import org.secmem.admission.Parameter;
import org.secmem.data.Checksum;
import org.secmem.data.DataFiles;
import org.secmem.data.Shape;
import org.secmem.results.ResultColumns;
import org.secmem.runner.ExitCodes;
import org.secmem.units.Units;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code secmem generate}: writes a data file of a chosen shape. */
@Command(
    modelTransformer = RegistryOptions.class,
    mixinStandardHelpOptions = true,
    name = "generate",
    description = {
      "Write a data file of N ints of a chosen shape.",
      "",
      "The ints are 32-bit, big-endian, no header.",
      "The same N, shape and seed always give the same bytes."
    },
    footer = {
      "%nExamples:",
      "  secmem generate --out data/in.bin --n 2^26",
      "  secmem generate --out data/rev.bin --n 1000000 --shape reverse",
      ExitCodes.HELP
    })
final class GenerateCommand implements Callable<Integer> {

  @Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--out", required = true)
  Path out;

  @Option(names = "--n", required = true)
  long n;

  @Option(names = "--shape")
  Shape shape;

  @Option(names = "--overwrite")
  boolean overwrite;

  @Option(names = "--seed")
  long seed;

  @Override
  public Integer call() throws Exception {
    CommandLine cmd = spec.commandLine();
    Refusals.within(cmd, Parameter.N, n);
    FileChecks.intOutput("--out", out, null, overwrite, "give --overwrite");
    Path parent = out.toAbsolutePath().getParent();
    DiskSpace.CHECKED.check(parent, n * Integer.BYTES, "the file");
    long start = System.nanoTime();
    Checksum c = DataFiles.generate(out, shape, n, seed, SecmemCommand.cleanupOf(cmd));
    double seconds = (System.nanoTime() - start) / 1e9;
    cmd.getOut()
        .printf(
            Locale.ROOT,
            "wrote %s %s ints (%s) to %s in %.2f s, checksum %s%n",
            Units.count(n),
            shape.cliName(),
            Units.bytes(n * Integer.BYTES),
            out,
            seconds,
            ResultColumns.CHECKSUM_PREFIX + c.hex());
    cmd.getOut().flush();
    return ExitCodes.OK;
  }
}
