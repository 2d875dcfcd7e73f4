package org.secmem.experiment;

import org.secmem.names.CliName;
import org.secmem.names.Names;

/**
 * The order in which a batch's runs are measured. A sweep measured configuration after
 * configuration turns any drift of the machine (a filling page cache, a heating CPU, a neighbour's
 * load) into a trend along the swept parameter; interleaving spreads it over every configuration.
 */
public enum RunOrder implements CliName {
  /** Every configuration's warm-ups and repetitions, then the next configuration's: as listed. */
  SEQUENTIAL("sequential"),
  /**
   * Round by round: the first run of every configuration, then the second, and so on, the
   * configurations shuffled anew in each round (from the order seed).
   */
  INTERLEAVED("interleaved"),
  /**
   * Every run of the batch in one random order, each configuration's own runs still in their order
   * (warm-ups first).
   */
  RANDOM("random");

  /** The default: drift cannot become a trend, and each round still sees every configuration. */
  public static final RunOrder DEFAULT = INTERLEAVED;

  private final String cliName;

  RunOrder(String cliName) {
    this.cliName = cliName;
  }

  @Override
  public String cliName() {
    return cliName;
  }

  /**
   * The run order called {@code name}, case and surrounding spaces ignored.
   *
   * @throws IllegalArgumentException naming the text and the names allowed
   */
  public static RunOrder parse(String name) {
    return Names.parse(RunOrder.class, "run order", name);
  }

  @Override
  public String toString() {
    return cliName;
  }
}
