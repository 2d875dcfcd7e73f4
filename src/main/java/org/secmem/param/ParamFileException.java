package org.secmem.param;

import java.util.List;
import java.util.stream.Collectors;

/** A parameter file that cannot run: every problem found in it, each with file, line and field. */
public final class ParamFileException extends Exception {

  private final transient List<ParamProblem> problems;

  public ParamFileException(List<ParamProblem> problems) {
    super(problems.stream().map(ParamProblem::toString).collect(Collectors.joining("\n")));
    if (problems.isEmpty()) {
      throw new IllegalArgumentException("a ParamFileException needs at least one problem");
    }
    this.problems = List.copyOf(problems);
  }

  public List<ParamProblem> problems() {
    return problems;
  }
}
