package org.secmem.param;

import java.nio.file.Path;

/**
 * One problem in a parameter file, reported as {@code path:line: field: problem}.
 *
 * @param line 1-based line number
 * @param field the column (or seed-format field) the problem is in
 */
public record ParamProblem(Path file, long line, String field, String problem) {

  @Override
  public String toString() {
    return file + ":" + line + ": " + field + ": " + problem;
  }
}
