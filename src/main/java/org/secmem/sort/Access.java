package org.secmem.sort;

import org.secmem.names.CliName;
import org.secmem.names.Names;

/**
 * How a sort moves ints through its streams: one call per int, as the seed reports measure, or a
 * block per call. It also says what M holds ({@link SortMemory}): with one call per int, the run
 * array's ints (the buffers on top, as in the seed reports); with blocks, the whole budget.
 */
public enum Access implements CliName {
  /** One {@code readNext} / {@code write} per int (the classic preset). */
  INT("int"),
  /** A block of B bytes per call (the fast preset, and the buffer tree always). */
  BLOCK("block");

  private final String cliName;

  Access(String cliName) {
    this.cliName = cliName;
  }

  @Override
  public String cliName() {
    return cliName;
  }

  /** The access of a sort that moves a block per call or not. */
  public static Access of(boolean blockIo) {
    return blockIo ? BLOCK : INT;
  }

  /**
   * The access called {@code name}.
   *
   * @throws IllegalArgumentException naming the text and the names allowed
   */
  public static Access parse(String name) {
    return Names.parse(Access.class, "access", name);
  }

  @Override
  public String toString() {
    return cliName;
  }
}
