package org.secmem.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.secmem.results.ResultColumn;
import org.secmem.results.ResultRow;
import org.secmem.units.Units;

/**
 * A configuration to be measured in forks on one JVM of {@code --jvm} and under one limit of {@code
 * --memory-limit}: the same trial, run in a fork of that JVM inside a memory cgroup of that size.
 * The row says which JVM measured it ({@code java_version}, {@code java_vendor}, filled by the fork
 * from its own runtime) and under which limit ({@code memory_limit}, a configuration column).
 */
public final class ForkedTrial implements ForwardingTrial {

  private final Trial trial;
  private final Optional<Jvm> jvm;
  private final OptionalLong memoryLimit;

  public ForkedTrial(Trial trial, Optional<Jvm> jvm, OptionalLong memoryLimit) {
    this.trial = trial;
    this.jvm = jvm;
    this.memoryLimit = memoryLimit;
  }

  /** The JVM this configuration is to be measured on; empty for the one the user started. */
  public Optional<Jvm> jvm() {
    return jvm;
  }

  /** The memory limit its forks run under, in bytes; empty for none. */
  public OptionalLong memoryLimit() {
    return memoryLimit;
  }

  /**
   * Every configuration of {@code plan} on each of {@code jvms} under each of {@code limits} (or
   * under its own, where it is a {@code ForkedTrial} with a limit: a parameter file's {@code
   * memory_limit}), the variants of one configuration next to each other (JVM outer, limit inner);
   * {@code plan} itself when neither is given. The parent and every fork expand the same command
   * line this way, so a fork finds its configuration by its index.
   */
  public static List<PlannedTrial> expand(
      List<PlannedTrial> plan, List<Jvm> jvms, List<Long> limits) {
    if (jvms.isEmpty() && limits.isEmpty()) {
      return plan;
    }
    List<Optional<Jvm>> js =
        jvms.isEmpty() ? List.of(Optional.empty()) : jvms.stream().map(Optional::of).toList();
    List<OptionalLong> ls =
        limits.isEmpty()
            ? List.of(OptionalLong.empty())
            : limits.stream().map(OptionalLong::of).toList();
    List<PlannedTrial> out = new ArrayList<>(plan.size() * js.size() * ls.size());
    for (PlannedTrial p : plan) {
      // A configuration with its own limit (a parameter file's memory_limit) keeps it.
      Trial inner = p.trial();
      List<OptionalLong> own = ls;
      if (inner instanceof ForkedTrial f && f.memoryLimit().isPresent()) {
        inner = f.trial;
        own = List.of(f.memoryLimit());
      }
      for (Optional<Jvm> j : js) {
        for (OptionalLong l : own) {
          out.add(new PlannedTrial(new ForkedTrial(inner, j, l), p.settings()));
        }
      }
    }
    return out;
  }

  @Override
  public Trial inner() {
    return trial;
  }

  @Override
  public ResultRow.Builder configuration() {
    ResultRow.Builder b = trial.configuration();
    memoryLimit.ifPresent(l -> b.set(ResultColumn.MEMORY_LIMIT, l));
    return b;
  }

  @Override
  public String describe() {
    return trial.describe()
        + jvm.map(j -> " on " + j.label()).orElse("")
        + (memoryLimit.isPresent()
            ? " in " + Units.bytes(memoryLimit.getAsLong()) + " of memory"
            : "");
  }
}
