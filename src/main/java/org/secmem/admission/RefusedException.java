package org.secmem.admission;

import java.util.List;

/** A configuration {@link Admission} refused: nothing of it has run. */
public final class RefusedException extends RuntimeException {

  private final transient List<Problem> problems;

  public RefusedException(List<Problem> problems) {
    super(problems.isEmpty() ? "refused" : problems.get(0).message());
    if (problems.isEmpty()) {
      throw new IllegalArgumentException("a refusal needs a problem");
    }
    this.problems = List.copyOf(problems);
  }

  public RefusedException(Problem problem) {
    this(List.of(problem));
  }

  /** Every problem found, the first the one to fix first. */
  public List<Problem> problems() {
    return problems;
  }

  /** The first problem. */
  public Problem first() {
    return problems.get(0);
  }
}
