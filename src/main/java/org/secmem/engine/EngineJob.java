package org.secmem.engine;

import java.nio.file.Path;
import org.secmem.data.SortOrder;
import org.secmem.fs.TempRegistry;

/**
 * One sort for an engine.
 *
 * @param input the file of big-endian ints to sort (left unchanged)
 * @param output where the sorted file goes; it appears only when complete
 * @param order ascending or descending
 * @param sync whether the output is forced to storage before the sort counts as done
 * @param settings how the engine runs
 * @param temps told of every temporary file or folder the engine makes, so that Ctrl-C or a failure
 *     removes them
 */
public record EngineJob(
    Path input,
    Path output,
    SortOrder order,
    boolean sync,
    EngineSettings settings,
    TempRegistry temps) {

  public EngineJob {
    if (input == null || output == null || order == null || settings == null || temps == null) {
      throw new IllegalArgumentException("input, output, order, settings and temps must be given");
    }
  }
}
