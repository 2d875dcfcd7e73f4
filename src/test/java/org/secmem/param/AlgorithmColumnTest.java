package org.secmem.param;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.sort.SortAlgorithm;

/** The parameter files' {@code algorithm} column: merge by default, swept like other words. */
class AlgorithmColumnTest {

  @TempDir Path dir;

  private List<RunConfig> parse(String text) throws ParamFileException {
    return ParamFiles.parse(dir.resolve("p.csv"), text, Optional.empty(), ParamDefaults.standard());
  }

  @Test
  void noColumn_isTheMergeSort_andWriteRowsHaveNone() throws ParamFileException {
    List<RunConfig> c =
        parse("experiment,n,m,stream\nsort,1000,100,channel\n" + "write,1000,,simple\n");
    assertEquals(SortAlgorithm.MERGE, Configs.algorithm(c.get(0)));
    assertEquals(null, Configs.algorithm(c.get(1)));
  }

  @Test
  void aSweepOfBoth_givesOneInMemoryConfiguration_perStreamPair_whateverMAndDSweep()
      throws ParamFileException {
    List<RunConfig> c =
        parse(
            "experiment,n,m,d,read_stream,write_stream,merger,algorithm\n"
                + "sort,1000,100|200,2|4,channel|mapped,channel,loser-tree,merge|in-memory\n");
    long merge = c.stream().filter(r -> Configs.algorithm(r) == SortAlgorithm.MERGE).count();
    List<RunConfig> inMemory =
        c.stream().filter(r -> Configs.algorithm(r) == SortAlgorithm.IN_MEMORY).toList();
    assertEquals(8, merge, c.toString());
    assertEquals(2, inMemory.size(), c.toString());
    // A merger choice makes the merge rows custom, not the in-memory ones, which ignore it.
    assertTrue(
        c.stream()
            .filter(r -> Configs.algorithm(r) == SortAlgorithm.MERGE)
            .allMatch(r -> Configs.own(r).preset().equals("custom")));
    assertTrue(inMemory.stream().allMatch(r -> Configs.own(r).preset().equals("classic")));
  }

  @Test
  void aBadAlgorithm_isReportedAsFileLineField_withTheAllowedValues() {
    ParamFileException e =
        assertThrows(
            ParamFileException.class,
            () -> parse("experiment,n,algorithm\nsort,1000,merge|quick\n"));
    assertEquals(
        List.of(
            dir.resolve("p.csv")
                + ":2: algorithm: unknown algorithm 'quick'"
                + " (allowed: merge, in-memory, buffer-tree)"),
        e.problems().stream().map(ParamProblem::toString).toList());
  }

  @Test
  void theColumn_doesNotApplyToWriteAndRead() {
    ParamFileException e =
        assertThrows(
            ParamFileException.class,
            () -> parse("experiment,n,stream,algorithm\nwrite,1000,simple,in-memory\n"));
    assertTrue(e.getMessage().contains(":2: algorithm: does not apply to the"), e.getMessage());
  }
}
