package org.secmem.names;

import java.util.List;

/**
 * A constant a user names in words: on the command line, in parameter files, in the menu. Enums
 * implement it so that {@link Names} turns a user's word into the constant, the same way for all of
 * them.
 */
public interface CliName {

  /**
   * The name the command line, parameter files and result files use, e.g. {@code user-buffer}:
   * lower case, and what messages list as allowed.
   */
  String cliName();

  /**
   * Other spellings accepted for this constant (matched as the name is: case and surrounding spaces
   * ignored), e.g. the seed report's {@code BufferB}; never listed as allowed. None unless
   * overridden. No alias may name another constant of the same type.
   */
  default List<String> aliases() {
    return List.of();
  }
}
