package org.secmem.spark;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtendWith;
import org.secmem.cli.SortContract;

/**
 * Spark held to the core's {@link SortContract}, as secmem's own sorts are: the same inputs sorted
 * into verified permutations either way, the same bad inputs refused with the same line as secmem's
 * own sort gives.
 */
@ExtendWith(SparkRunsHere.class)
class SparkSortContractTest extends SortContract {

  /** Spark, and secmem's classic sort beside it: a bad input must be refused by both alike. */
  @Override
  protected Map<String, List<String>> engines() {
    Map<String, List<String>> e = new LinkedHashMap<>();
    e.put("spark", List.of("--engine", "spark", "--master", "local[2]"));
    e.put("merge, classic", List.of("--preset", "classic"));
    return e;
  }
}
