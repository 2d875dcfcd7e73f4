package org.secmem.param;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The parameter files' {@code memory_limit} column: a size per row, swept like any other value
 * (each configuration under each limit, side by side), empty for none; out of range is the line's
 * problem.
 */
class MemoryLimitColumnTest {

  @TempDir Path dir;

  private List<RunConfig> parse(String text) throws ParamFileException {
    return ParamFiles.parse(dir.resolve("p.csv"), text, Optional.empty(), ParamDefaults.standard());
  }

  @Test
  void aSweptLimit_multipliesEachConfiguration_andAnEmptyCellHasNone() throws ParamFileException {
    List<RunConfig> c =
        parse(
            "experiment,n,k,b,stream,memory_limit\n"
                + "write,1000,1,4096,simple|channel,1g|1536m\n"
                + "write,1000,1,4096,simple,\n");
    assertEquals(5, c.size(), c.toString());
    assertEquals(
        List.of(
            OptionalLong.of(1L << 30),
            OptionalLong.of(1536L << 20),
            OptionalLong.of(1L << 30),
            OptionalLong.of(1536L << 20),
            OptionalLong.empty()),
        c.stream().map(RunConfig::memoryLimit).toList());
    assertEquals(
        "simple",
        Configs.streams(c.get(1)).stream().cliName(),
        "the limits of one configuration adjoin");
    assertEquals("channel", Configs.streams(c.get(2)).stream().cliName());
  }

  @Test
  void aSortRow_takesALimitToo() throws ParamFileException {
    List<RunConfig> c = parse("experiment,n,m,memory_limit\nsort,1000,100,2G\n");
    assertEquals(
        List.of(OptionalLong.of(2L << 30)), c.stream().map(RunConfig::memoryLimit).toList());
  }

  @Test
  void aLimitOutOfRange_isTheLinesProblem_withTheAllowedRange() {
    ParamFileException e =
        assertThrows(
            ParamFileException.class,
            () ->
                parse(
                    "experiment,n,k,stream,memory_limit\nwrite,1000,1,simple,4k\n"
                        + "write,1000,1,simple,lots\n"));
    List<String> problems = e.problems().stream().map(Object::toString).toList();
    assertEquals(2, problems.size(), problems.toString());
    assertEquals(
        dir.resolve("p.csv")
            + ":2: memory_limit: 4096 is below the minimum 1048576 (allowed: 1048576 .. "
            + (1L << 50)
            + " bytes)",
        problems.get(0));
    assertEquals(
        dir.resolve("p.csv")
            + ":3: memory_limit: 'lots' is not a number (write an integer, a power such as"
            + " 2^16 or 10^6, or a size such as 64K, 64KiB, 1M, 2G (K, M, G are 2^10, 2^20, 2^30))",
        problems.get(1));
  }
}
