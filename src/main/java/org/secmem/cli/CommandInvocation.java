package org.secmem.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.secmem.runner.Invocation;
import org.secmem.runner.ShutdownCleanup;
import picocli.CommandLine;

/** A picocli command as the runner sees it: its streams, its cleanup, what the user typed. */
record CommandInvocation(CommandLine cmd) implements Invocation {

  /** The invocation of {@code cmd}. */
  static Invocation of(CommandLine cmd) {
    return new CommandInvocation(cmd);
  }

  @Override
  public PrintWriter out() {
    return cmd.getOut();
  }

  @Override
  public PrintWriter err() {
    return cmd.getErr();
  }

  @Override
  public ShutdownCleanup cleanup() {
    return SecmemCommand.cleanupOf(cmd);
  }

  /** The command as typed: "secmem" and the original arguments. */
  @Override
  public List<String> commandLine() {
    CommandLine root = cmd;
    while (root.getParent() != null) {
      root = root.getParent();
    }
    List<String> command = new ArrayList<>();
    command.add("secmem");
    if (root.getParseResult() != null) {
      command.addAll(root.getParseResult().originalArgs());
    }
    return command;
  }

  /** The parameter files of the command: {@code --params F}, or the files of {@code run}. */
  @Override
  public List<Path> paramFiles() {
    List<Path> files = new ArrayList<>();
    CommandLine.ParseResult parsed = cmd.getParseResult();
    if (parsed != null && parsed.hasMatchedOption("--params")) {
      Object value = parsed.matchedOption("--params").getValue();
      if (value != null) {
        files.add(Path.of(value.toString()));
      }
    }
    if (cmd.getCommand() instanceof RunCommand run && run.files != null) {
      files.addAll(run.files);
    }
    return files;
  }
}
