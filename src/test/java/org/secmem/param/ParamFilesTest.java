package org.secmem.param;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.admission.Machine;
import org.secmem.data.SortOrder;
import org.secmem.experiment.CacheMode;
import org.secmem.experiment.Experiment;
import org.secmem.experiment.MergeMethod;
import org.secmem.experiment.StreamsConfig;
import org.secmem.sort.Merger;
import org.secmem.sort.SortTuning;
import org.secmem.stream.StreamType;

class ParamFilesTest {

  @TempDir Path dir;

  private List<RunConfig> parse(String text, Experiment exp) throws ParamFileException {
    return ParamFiles.parse(
        dir.resolve("p.csv"), text, Optional.ofNullable(exp), ParamDefaults.standard());
  }

  /** The problems of a file read as {@code secmem run} reads it: each line admitted here. */
  private List<String> problems(String text, Experiment exp) {
    ParamFileException e =
        assertThrows(
            ParamFileException.class,
            () ->
                ParamFiles.parse(
                    dir.resolve("p.csv"),
                    text,
                    Optional.ofNullable(exp),
                    ParamDefaults.standard().admittingOn(Machine.current())));
    return e.problems().stream().map(ParamProblem::toString).collect(Collectors.toList());
  }

  /** A line that expands past the limit is refused whole, for a stream row and a sort row. */
  @Test
  void aLineOfTooManyConfigurations_isRefused_notCutShort() {
    for (String text :
        List.of(
            "experiment,stream,n,k\nwrite,user-buffer,1..1000 +1,1..200 +1\n",
            "experiment,n,m,d\nsort,1000..1000000 +1000,2^10..2^20,2..200 +1\n")) {
      List<String> p = problems(text, null);
      assertEquals(1, p.size(), p.toString());
      assertTrue(
          p.get(0).endsWith("p.csv:2: experiment: expands to more than 100000 configurations"),
          p.get(0));
    }
  }

  @Test
  void seedStreamFile_asPrintedInTheReport_runsUnchanged() throws ParamFileException {
    String report =
        "Stream Type (only 1 per row); Total integers per file (Ex: 1000, 10000, 100000...);"
            + "Nr of streams; Buffer size range (Ex: 1,6);Nr Loops  \n"
            + "Buffer;1000,10000,100000,1000000;1;0,2;6  \n"
            + "Buffer;1000,10000,100000,1000000;2;0,2;6\n";
    List<RunConfig> configs = parse(report, Experiment.WRITE);
    assertEquals(8, configs.size());
    RunConfig first = configs.get(0);
    assertEquals(StreamType.BUFFERED, Configs.streams(first).stream());
    assertEquals(1000, Configs.streams(first).n());
    assertEquals(1, Configs.streams(first).k());
    assertEquals(6, first.settings().reps());
    assertEquals(2, first.line());
    assertEquals(2, Configs.streams(configs.get(7)).k());
    assertEquals(1_000_000, Configs.streams(configs.get(7)).n());
    assertEquals(3, configs.get(7).line());
  }

  @Test
  void seedStreamFile_bufferRangeIsPowersOfTwo_forBufferB() throws ParamFileException {
    List<RunConfig> configs =
        parse("BufferB;1000;1;10,12;2\nMapping;1000;1;16,16;1\n", Experiment.READ);
    assertEquals(
        List.of(1024, 2048, 4096, 65536),
        configs.stream().map(c -> Configs.streams(c).bufferBytes()).collect(Collectors.toList()));
    assertEquals(Experiment.READ, configs.get(0).experiment());
  }

  @Test
  void seedSortLines_bothOfTheReportsExamples_areRead() throws IOException, ParamFileException {
    Path input = dir.resolve("10000.dat");
    Files.write(input, new byte[40_000]);
    String header =
        "Read Stream Type(only 1 per row); Write Stream Type(only 1 per row); Nr of"
            + " streams; Nr Integers in Memory (Ex: 1000, 10000, 100000...); Buffer size range (Ex:"
            + " 1,6);Nr Loops;Input file (full path); Output file; true (Ascending sort order)\n";
    List<RunConfig> nine =
        parse(
            header + "Mapping;Mapping;10;1000;20,20;5;" + input + ";Test;true\n", Experiment.SORT);
    List<RunConfig> ten =
        parse(
            header + "Mapping;Mapping;10;1000;20;20;5;" + input + ";Test;true\n", Experiment.SORT);
    for (List<RunConfig> configs : List.of(nine, ten)) {
      assertEquals(1, configs.size());
      RunConfig c = configs.get(0);
      MergeMethod merge = Configs.merge(c);
      assertEquals(StreamType.MAPPED, merge.readType());
      assertEquals(10, merge.fanIn());
      assertEquals(1000, merge.memoryInts());
      assertEquals(1 << 20, merge.bufferBytes());
      assertEquals(5, c.settings().reps());
      assertEquals(input, Configs.sort(c).data().input().orElseThrow());
      assertEquals(dir.resolve("Test"), Configs.sort(c).data().output().orElseThrow());
      assertEquals(SortOrder.ASCENDING, Configs.sort(c).data().order());
    }
  }

  @Test
  void seedFormat_misspeltType_isRefused_notSilentlySimple() {
    List<String> p = problems("Bufer;1000;1;0,2;6\n", Experiment.WRITE);
    assertEquals(1, p.size(), p.toString());
    assertTrue(p.get(0).contains(":1: stream: unknown stream type 'Bufer'"), p.get(0));
  }

  @Test
  void seedFormat_withoutExperiment_saysHowToName() {
    List<String> p = problems("Buffer;1000;1;0,2;6\n", null);
    assertTrue(p.get(0).contains("--params"), p.get(0));
  }

  @Test
  void headerFile_listsAndRanges_crossProduct() throws ParamFileException {
    String text =
        "# a comment\n"
            + "experiment,stream,n,k,b,reps,warmup,cache\n"
            + "write,simple|mapped,1000..100000 x10,1..2,2^10..2^12,2,0,warm\n";
    List<RunConfig> configs = parse(text, null);
    // simple ignores B: 3 n x 2 k; mapped: 3 n x 2 k x 3 B.
    assertEquals(6 + 18, configs.size());
    assertEquals(CacheMode.WARM, configs.get(0).settings().cache());
    assertEquals(0, configs.get(0).settings().warmup());
    assertEquals(3, configs.get(0).line());
    assertEquals(
        List.of(1024, 2048, 4096),
        configs.stream()
            .map(Configs::streams)
            .filter(c -> c.stream() == StreamType.MAPPED && c.n() == 1000 && c.k() == 1)
            .map(StreamsConfig::bufferBytes)
            .collect(Collectors.toList()));
  }

  @Test
  void aSortLinesBadB_isReportedOnce() {
    List<String> p = problems("experiment,n,b,stream\nsort,2^16,3,\nwrite,2^16,3,mapped\n", null);
    assertEquals(
        List.of(
            "p.csv:2: b: 3 is below the minimum 4 (allowed: 4 .. 1073741824 bytes)",
            "p.csv:3: b: 3 is below the minimum 4 (allowed: 4 .. 1073741824 bytes)"),
        p.stream().map(x -> x.substring(x.indexOf("p.csv"))).toList());
  }

  @Test
  void headerFile_severalBadLines_allReportedWithLineAndField() {
    String text =
        "experiment,stream,n,k,b,m,d\n"
            + "write,simple,1000,1,,,\n"
            + "write,user-buffer,1000,0,3,,\n"
            + "read,turbo,-5,1,,,\n"
            + "sort,,,,,,1\n"
            + "launch,simple,,,,,\n";
    List<String> p = problems(text, null);
    String all = String.join("\n", p);
    assertTrue(all.contains("p.csv:3: k: 0 is below the minimum 1"), all);
    assertTrue(all.contains("p.csv:3: b: 3 is below the minimum 4"), all);
    assertTrue(all.contains("p.csv:4: stream: unknown stream type 'turbo'"), all);
    assertTrue(all.contains("p.csv:4: n: -5 is below the minimum 1"), all);
    assertTrue(all.contains("p.csv:5: d: 1 is below the minimum 2"), all);
    assertTrue(all.contains("p.csv:5: input: a sort needs an input file, or n"), all);
    assertTrue(all.contains("p.csv:6: experiment: 'launch' is not an experiment"), all);
    assertTrue(p.stream().noneMatch(s -> s.contains("p.csv:2:")), all);
  }

  @Test
  void headerFile_unknownColumn_andValueInAColumnThatDoesNotApply() {
    String all =
        String.join("\n", problems("experiment,stream,colour,m\nwrite,simple,red,5\n", null));
    assertTrue(all.contains("p.csv:1: colour: unknown column"), all);
    assertTrue(all.contains("p.csv:2: m: does not apply to the write experiment"), all);
  }

  @Test
  void sortRow_relativePathsResolveAgainstTheFilesFolder_andOutputEqualInputIsRefused()
      throws IOException {
    Files.createDirectories(dir.resolve("in"));
    Files.write(dir.resolve("in/x.bin"), new byte[8]);
    String all =
        String.join(
            "\n",
            problems(
                "experiment,input,output\nsort,in/x.bin,in/x.bin\nsort,in/missing.bin,\n"
                    + "sort,in/x.bin,in/x.bin/deeper\n",
                null));
    assertTrue(
        all.contains("p.csv:2: output: " + dir.resolve("in/x.bin") + " is the input file"), all);
    assertTrue(
        all.contains("p.csv:3: input: " + dir.resolve("in/missing.bin") + " does not exist"), all);
    assertTrue(all.contains("p.csv:4: output: the folder of"), all);
  }

  @Test
  void sortRow_generatedInput_takesNShapeAndOrder() throws ParamFileException {
    List<RunConfig> c =
        parse(
            "experiment,n,m,d,shape,order,read_stream,write_stream\n"
                + "sort,2^16,1000|2000,2..4,reverse,descending,mapped,simple\n",
            null);
    assertEquals(2 * 3, c.size());
    assertEquals(65536, Configs.sort(c.get(0)).data().n());
    assertEquals(SortOrder.DESCENDING, Configs.sort(c.get(0)).data().order());
    assertEquals(StreamType.SIMPLE, Configs.merge(c.get(0)).writeType());
    assertTrue(Configs.sort(c.get(0)).data().input().isEmpty());
  }

  @Test
  void sortRow_mergeReadStream_sweepsTheRunsReads_andDefaultsToTheReadStream()
      throws ParamFileException {
    List<RunConfig> c =
        parse(
            "experiment,n,m,read_stream,merge_read_stream\n"
                + "sort,2^16,2^12,channel,\n"
                + "sort,2^16,2^12,channel,mapped|channel\n",
            null);
    assertEquals(3, c.size());
    assertEquals(StreamType.CHANNEL, Configs.merge(c.get(0)).mergeReadType(), "blank: read's");
    assertEquals(StreamType.MAPPED, Configs.merge(c.get(1)).mergeReadType());
    assertEquals(StreamType.CHANNEL, Configs.merge(c.get(1)).readType());
    assertEquals(
        Configs.merge(c.get(0)),
        Configs.merge(c.get(2)),
        "naming the read stream's own type is the same configuration");
    assertTrue(
        problems("experiment,n,merge_read_stream\nsort,100,fast\n", null).stream()
            .anyMatch(p -> p.contains("merge_read_stream: ")),
        "an unknown stream type names its column");
  }

  @Test
  void sortRow_presetFast_takesItsOwnDefaults_andOptionsMakeItCustom() throws ParamFileException {
    List<RunConfig> c =
        parse(
            "experiment,n,m,preset,merger\n"
                + "sort,2^16,2^12,classic|fast,\n"
                + "sort,2^16,2^12,fast,priority-queue\n",
            null);
    assertEquals(3, c.size());
    assertEquals("classic", Configs.merge(c.get(0)).preset());
    assertEquals(
        SortTuning.classic(),
        Configs.merge(c.get(0)).tuning(),
        "classic runs the classic composition");
    assertEquals(4, Configs.merge(c.get(0)).fanIn());
    assertEquals(StreamType.USER_BUFFER, Configs.merge(c.get(0)).readType());
    assertEquals("fast", Configs.merge(c.get(1)).preset());
    assertEquals(256, Configs.merge(c.get(1)).fanIn());
    assertEquals(1 << 20, Configs.merge(c.get(1)).bufferBytes());
    assertEquals(StreamType.CHANNEL, Configs.merge(c.get(1)).writeType());
    assertEquals("custom", Configs.merge(c.get(2)).preset());
    assertEquals(Merger.PRIORITY_QUEUE, Configs.merge(c.get(2)).tuning().merger());
    assertTrue(
        Configs.merge(c.get(2)).tuning().parallelMerge(),
        "any merger can be split by value range: the preset's parallel merge stays on");
    assertEquals(Merger.RADIX, Configs.merge(c.get(1)).tuning().merger());
    assertEquals(
        Runtime.getRuntime().availableProcessors(), Configs.merge(c.get(1)).tuning().threads());
    assertEquals(1, Configs.merge(c.get(0)).tuning().threads());
    assertTrue(
        problems("experiment,n,preset,run_sort\nsort,100,turbo,quick\n", null).stream()
            .anyMatch(p -> p.contains("run_sort: unknown run sort 'quick'")));
  }

  @Test
  void sortRow_mergerColumn_takesEachMerger_andNamesThemWhenWrong() throws ParamFileException {
    List<RunConfig> c =
        parse("experiment,n,m,merger\n" + "sort,2^16,2^12,radix|loser-tree\n", null);
    assertEquals(2, c.size());
    assertEquals(Merger.RADIX, Configs.merge(c.get(0)).tuning().merger());
    assertEquals(Merger.LOSER_TREE, Configs.merge(c.get(1)).tuning().merger());
    assertEquals("custom", Configs.merge(c.get(0)).preset());
    assertTrue(
        problems("experiment,n,merger\nsort,100,heap\n", null).stream()
            .anyMatch(
                p ->
                    p.contains(
                        "merger: unknown merger 'heap' (allowed: priority-queue,"
                            + " loser-tree, radix)")),
        "the message lists every merger");
  }

  @Test
  void directType_withBNotAMultipleOf4096_isAProblem() {
    List<String> p = problems("experiment,stream,b\nread,direct,64K|6000\n", null);
    assertTrue(p.get(0).contains("p.csv:2: b: direct needs B to be a multiple of 4096"), p.get(0));
  }

  @Test
  void emptyFile_andBinaryFile_areProblemsNotCrashes() {
    assertTrue(problems("", null).get(0).contains("has no parameter lines"));
    assertTrue(problems("experiment,stream\n", null).get(0).contains("has no parameter lines"));
    assertTrue(problems("\0\1\2", null).get(0).contains("binary"));
  }

  @Test
  void quotedCells_andBrokenQuotes() throws ParamFileException {
    assertEquals(2, parse("experiment,stream\nwrite,\"simple|mapped\"\n", null).size());
    List<String> p = problems("experiment,stream\nwrite,\"simple\n", null);
    assertTrue(p.get(0).contains("p.csv:2: line: is not valid CSV"), p.get(0));
  }

  @Test
  void hugeExpansion_isRefused() {
    List<String> p = problems("experiment,stream,n,k\nwrite,all,1..5000,1..5000\n", null);
    assertTrue(p.get(0).contains("more than"), p.get(0));
  }
}
