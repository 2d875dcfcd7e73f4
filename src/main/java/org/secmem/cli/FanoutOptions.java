package org.secmem.cli;

import org.secmem.buffertree.FanoutRule;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The buffer tree's (a, b), as {@code sort --algorithm buffer-tree} and {@code pq} take it: {@code
 * --fanout a,b|m|m/K} or {@code --b-over-m K}, at most one of them; m/8 when neither is given.
 */
final class FanoutOptions {

  @Option(names = "--fanout")
  String fanout;

  @Option(names = "--b-over-m", converter = Converters.IntCount.class)
  Integer bOverM;

  /** The option given ({@code --fanout} or {@code --b-over-m}), or null when neither was. */
  String given() {
    return fanout != null ? "--fanout" : bOverM != null ? "--b-over-m" : null;
  }

  /**
   * The rule the options give, {@link FanoutRule#DEFAULT} when none.
   *
   * @throws CommandLine.ParameterException naming the option, for both given or a bad value
   */
  FanoutRule rule(CommandLine cmd) {
    if (fanout != null && bOverM != null) {
      throw new CommandLine.ParameterException(
          cmd,
          "--fanout and --b-over-m both give the fanout: give one of them (--b-over-m K is"
              + " --fanout m/K)");
    }
    try {
      if (fanout != null) {
        return FanoutRule.parse(fanout);
      }
      if (bOverM != null) {
        Refusals.between(cmd, "--b-over-m", bOverM, 1, FanoutRule.MAX_B_OVER_M, "");
        return FanoutRule.ratio(bOverM);
      }
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cmd, given() + ": " + e.getMessage());
    }
    return FanoutRule.DEFAULT;
  }
}
