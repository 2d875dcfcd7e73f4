package org.secmem.param;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.admission.SortRequest;
import org.secmem.sort.SortAlgorithm;

/**
 * A parameter-file row of the fast preset with an empty d gets, per N, the d that merges its runs
 * in the fewest passes (what the row records); a d given in the file is kept.
 */
class AutomaticFanInRowsTest {

  @TempDir Path dir;

  private List<RunConfig> parse(String text) throws ParamFileException {
    return ParamFiles.parse(dir.resolve("p.csv"), text, Optional.empty(), ParamDefaults.standard());
  }

  @Test
  void anEmptyD_growsWithN_aGivenDStays() throws ParamFileException {
    List<RunConfig> c =
        parse(
            "experiment,preset,n,m,threads,d,algorithm\n"
                + "sort,fast,2^28|2^32,2^29,16,,merge|in-memory\n"
                + "sort,fast,2^32,2^29,16,256,merge\n");
    List<RunConfig> merge =
        c.stream().filter(r -> Configs.algorithm(r) == SortAlgorithm.MERGE).toList();
    assertEquals(3, merge.size(), c.toString());
    assertEquals(
        256,
        Configs.merge(merge.get(0)).fanIn(),
        "2^28 ints make one pass's runs at the preset's d");
    assertTrue(
        Configs.merge(merge.get(1)).fanIn() > 256,
        "2^32 ints: " + Configs.merge(merge.get(1)).fanIn());
    assertEquals(
        Configs.merge(merge.get(1)).fanIn(),
        ((SortRequest) merge.get(1).request()).settings().fanIn(),
        "the admission check sees the d the row runs");
    assertEquals("fast", Configs.merge(merge.get(1)).preset());
    assertEquals(256, Configs.merge(merge.get(2)).fanIn(), "given in the file");
  }
}
