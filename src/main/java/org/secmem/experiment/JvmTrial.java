package org.secmem.experiment;

import java.util.ArrayList;
import java.util.List;

/**
 * A configuration to be measured on one JVM of {@code --jvm}: the same trial, run in a fork of that
 * JVM. The row says which JVM measured it ({@code java_version}, {@code java_vendor}), as the fork
 * fills them from its own runtime.
 */
public final class JvmTrial implements ForwardingTrial {

  private final Trial trial;
  private final Jvm jvm;

  public JvmTrial(Trial trial, Jvm jvm) {
    this.trial = trial;
    this.jvm = jvm;
  }

  /** The JVM this configuration is to be measured on. */
  public Jvm jvm() {
    return jvm;
  }

  /**
   * Every configuration of {@code plan} on each of {@code jvms}, the JVMs of one configuration next
   * to each other; {@code plan} itself when no JVM is given. The parent and every fork expand the
   * same command line this way, so a fork finds its configuration by its index.
   */
  public static List<PlannedTrial> expand(List<PlannedTrial> plan, List<Jvm> jvms) {
    if (jvms.isEmpty()) {
      return plan;
    }
    List<PlannedTrial> out = new ArrayList<>(plan.size() * jvms.size());
    for (PlannedTrial p : plan) {
      for (Jvm j : jvms) {
        out.add(new PlannedTrial(new JvmTrial(p.trial(), j), p.settings()));
      }
    }
    return out;
  }

  @Override
  public Trial inner() {
    return trial;
  }

  @Override
  public String describe() {
    return trial.describe() + " on " + jvm.label();
  }
}
