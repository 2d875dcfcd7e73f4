package org.secmem.experiment;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Ending a program with everything it started. {@link Process#destroyForcibly} kills the one
 * process: a script's children live on under init (a {@code sleep} keeps running, and keeps the
 * pipe it inherited open, so a reader of the script's output waits for it).
 */
public final class ProcessTrees {

  private static final Logger LOG = LogManager.getLogger(ProcessTrees.class);

  /** util-linux's {@code setsid}: runs a program as the leader of a process group of its own. */
  static final Path SETSID = Path.of("/usr/bin/setsid");

  /** Rounds of killing what is left, for children started while the others were killed. */
  private static final int ROUNDS = 5;

  private ProcessTrees() {}

  /**
   * {@code command} run as a process group of its own where {@code setsid} is installed (so that
   * {@link #kill} also finds what left the tree, a daemon's double fork), else as it is. A program
   * started from Java is no group's leader, so {@code setsid} makes it one without forking: the
   * process started is the program, its exit code the program's.
   */
  public static List<String> inOwnGroup(List<String> command) {
    if (!Files.isExecutable(SETSID)) {
      return command;
    }
    List<String> c = new ArrayList<>(command.size() + 1);
    c.add(SETSID.toString());
    c.addAll(command);
    return c;
  }

  /**
   * Kills {@code root} and every process it started: its descendants first (killed first, they
   * would be found no more once the root is gone) with the members of the process group it leads,
   * if any (see {@link #inOwnGroup}: they are found even when they left the tree), then the root.
   */
  public static void kill(ProcessHandle root) {
    // A group's id is its leader's PID, which is not reused while the group has members.
    long group = root.pid();
    for (int round = 0; round < ROUNDS; round++) {
      List<ProcessHandle> left = new ArrayList<>(root.descendants().toList());
      ProcessHandle.allProcesses()
          .filter(p -> p.pid() != group && processGroup(p.pid()).orElse(-1) == group)
          .forEach(left::add);
      if (left.isEmpty()) {
        break;
      }
      for (ProcessHandle p : left) {
        LOG.debug("Killing {} (started by {})", p.pid(), root.pid());
        p.destroyForcibly();
      }
    }
    root.destroyForcibly();
  }

  /** The process group of {@code pid} (Linux's /proc), empty where it cannot be read. */
  static OptionalLong processGroup(long pid) {
    try {
      String stat =
          new String(
              Files.readAllBytes(Path.of("/proc", Long.toString(pid), "stat")),
              StandardCharsets.UTF_8);
      // pid (comm) state ppid pgrp ...: comm may hold spaces and parentheses, so after the last ')'
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      return OptionalLong.of(Long.parseLong(f[2]));
    } catch (IOException | RuntimeException e) {
      return OptionalLong.empty(); // gone meanwhile, or no /proc
    }
  }
}
