package org.secmem.admission;

import java.util.List;

/**
 * What a parameter's option says of itself on the commands that take it: the line of {@code
 * parameter-help.tsv} for those commands.
 *
 * @param option the option, e.g. {@code --read-stream}
 * @param parameter the registry's parameter whose option it is
 * @param commands the commands whose help this is; empty for every command without a line of its
 *     own
 * @param label the value's name in the usage line ({@code READ_TYPE}); empty for a flag
 * @param text the help, one line, the parameter's range filled in
 */
public record OptionHelp(
    String option, Parameter parameter, List<String> commands, String label, String text) {

  public OptionHelp {
    commands = List.copyOf(commands);
  }
}
