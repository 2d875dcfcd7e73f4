package org.secmem.cli;

import java.util.Arrays;
import java.util.Iterator;
import org.secmem.experiment.RunOrder;
import org.secmem.results.ResultFormat;

/**
 * The values of word options that are not parameters, for tab completion (picocli's {@code
 * generate-completion} script): the same names the parsers accept, taken from the enums so they
 * cannot drift. A parameter's words are the registry's ({@code Parameter.words()}), which {@link
 * RegistryOptions} gives its option.
 */
final class Completions {

  private Completions() {}

  static final class Formats implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return Arrays.stream(ResultFormat.values()).map(ResultFormat::cliName).iterator();
    }
  }

  static final class RunOrders implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return Arrays.stream(RunOrder.values()).map(RunOrder::cliName).iterator();
    }
  }
}
