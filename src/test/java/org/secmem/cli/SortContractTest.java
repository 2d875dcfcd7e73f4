package org.secmem.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * secmem's own sorts held to the {@link SortContract}: the merge sort under both presets, the
 * in-memory baseline and the buffer tree (Spark's module holds Spark to it too).
 */
class SortContractTest extends SortContract {

  @Override
  protected Map<String, List<String>> engines() {
    Map<String, List<String>> e = new LinkedHashMap<>();
    e.put(
        "merge, classic", List.of("--preset", "classic", "--m", "1024", "--d", "4", "--b", "256"));
    e.put("merge, fast", List.of("--preset", "fast", "--m", "2^16", "--b", "4K"));
    e.put("in-memory", List.of("--algorithm", "in-memory"));
    e.put("buffer tree", List.of("--algorithm", "buffer-tree", "--m", "2^12", "--b", "256"));
    return e;
  }
}
