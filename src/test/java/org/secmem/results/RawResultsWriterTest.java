package org.secmem.results;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RawResultsWriterTest {

  @TempDir Path dir;

  @Test
  void newFile_getsHeaderOnce_rowsAppendAcrossOpens_andAreOnDiskAtOnce() throws IOException {
    Path f = dir.resolve("sub/r.csv");
    try (RawResultsWriter w = RawResultsWriter.open(f)) {
      w.accept(
          ResultRow.builder(RowKind.READ)
              .set(ResultColumn.WHEN, "t")
              .set(ResultColumn.N, 5)
              .build());
      // Flushed per row: visible before close.
      assertEquals(2, Files.readAllLines(f).size());
    }
    try (RawResultsWriter w = RawResultsWriter.open(f)) {
      w.accept(ResultRow.builder(RowKind.WRITE).build());
    }
    List<String> lines = Files.readAllLines(f, StandardCharsets.UTF_8);
    assertEquals(3, lines.size());
    assertEquals(String.join(",", ResultColumn.headers()), lines.get(0));
    assertTrue(lines.get(1).startsWith("t,read,,,,,5,"), lines.get(1));
  }

  @Test
  void goldenHeader_isTheContractScriptsRelyOn() {
    assertEquals(
        "when,experiment,stream,read_stream,write_stream,merge_read_stream,n,k,b,m,d,order,shape,"
            + "seed,rep,warmup,cache,sync,elapsed_ns,elapsed_ms,mib_per_s,ns_per_int,bytes,read_syscalls,"
            + "write_syscalls,storage_read_bytes,storage_write_bytes,predicted_ios,passes,runs,"
            + "run_formation_ns,merge_ns,checksum,verified,preset,merger,run_sort,overlap,"
            + "parallel_merge,access,stream_read_bytes,stream_write_bytes,cpu_ns,"
            + "run_formation_cpu_ns,merge_cpu_ns,threads,run_workers,run_ints,merge_threads,"
            + "merge_b,model_heap_bytes,peak_heap_bytes,sweep,input,input_bytes,algorithm,"
            + "order_index,round,dirty_bytes,fork,sentinel,fanout_a,fanout_b,tree_height,tree_leaves,"
            + "block_pushes,internal_emptyings,leaf_emptyings,rebalances,blocks_read,"
            + "blocks_written,insert_ns,insert_internal_ns,insert_leaf_ns,force_empty_ns,"
            + "output_ns,arrival_ns_per_key,generate_ns,workload,insert_ratio,refills,spills,memory_inserts,tree_inserts,"
            + "fuses,shares,root_collapses,refill_ns,work_dir,work_write_bytes,work_read_bytes,"
            + "engine,master,engine_version,partitions,engine_conf,executors,executor_memory_bytes,"
            + "engine_start_ns,sample_ns,map_stage_ns,reduce_stage_ns,concat_ns,map_tasks,"
            + "reduce_tasks,shuffle_write_bytes,shuffle_read_bytes,spill_bytes,gc_ns,java_version,"
            + "java_vendor,floor_ns,floor_regime,floor_probe,floor_settled,memory_limit,memory_peak_bytes,steady_warmups,session",
        String.join(",", ResultColumn.headers()));
  }

  @Test
  void numbers_useADecimalPoint_underACommaLocale() throws IOException {
    Locale saved = Locale.getDefault();
    try {
      Locale.setDefault(Locale.GERMANY);
      ResultRow row =
          ResultRow.builder(RowKind.WRITE).set(ResultColumn.MIB_PER_S, 1234.5678, 2).build();
      assertEquals("1234.57", row.get(ResultColumn.MIB_PER_S));
    } finally {
      Locale.setDefault(saved);
    }
  }

  @Test
  void cellsWithCommasOrQuotes_areQuotedPerRfc4180() throws IOException {
    Path f = dir.resolve("q.csv");
    try (RawResultsWriter w = RawResultsWriter.open(f)) {
      w.accept(ResultRow.builder(RowKind.WRITE).set(ResultColumn.SHAPE, "a,\"b\"").build());
    }
    assertTrue(Files.readString(f).contains("\"a,\"\"b\"\"\""));
  }

  @Test
  void existingFileWithAnotherHeader_isRefusedNotCorrupted() throws IOException {
    Path f = dir.resolve("old.csv");
    Files.writeString(f, "a,b,c\n1,2,3\n");
    IOException e = assertThrows(IOException.class, () -> RawResultsWriter.open(f));
    assertTrue(e.getMessage().contains("header"), e.getMessage());
    assertEquals("a,b,c\n1,2,3\n", Files.readString(f));
  }

  @Test
  void existingFileWithAUtf8Bom_isAppendedTo_andStaysOneFileWithOneBom() throws IOException {
    Path f = dir.resolve("saved.csv");
    try (RawResultsWriter w = RawResultsWriter.open(f)) {
      w.accept(ResultRow.builder(RowKind.READ).set(ResultColumn.WHEN, "t1").build());
    }
    // Saved again by a spreadsheet as "CSV UTF-8": a byte-order mark before the header.
    byte[] saved = Files.readAllBytes(f);
    byte[] withBom = new byte[saved.length + 3];
    withBom[0] = (byte) 0xef;
    withBom[1] = (byte) 0xbb;
    withBom[2] = (byte) 0xbf;
    System.arraycopy(saved, 0, withBom, 3, saved.length);
    Files.write(f, withBom);

    try (RawResultsWriter w = RawResultsWriter.open(f)) {
      assertEquals(new RawResultsWriter.Tally(1, 0), w.tally());
      w.accept(ResultRow.builder(RowKind.WRITE).set(ResultColumn.WHEN, "t2").build());
    }

    String text = Files.readString(f, StandardCharsets.UTF_8);
    assertTrue(text.startsWith("\uFEFFwhen,experiment,"), text.substring(0, 20));
    assertEquals(1, text.chars().filter(c -> c == '\uFEFF').count(), "one BOM, at the start");
    RawResults read = RawResults.read(f);
    assertEquals(List.of(), read.problems());
    assertEquals(List.of("t1", "t2"), read.rows().stream().map(r -> r.get("when")).toList());
  }

  private static ResultRow row(String when) {
    return ResultRow.builder(RowKind.WRITE)
        .set(ResultColumn.WHEN, when)
        .set(ResultColumn.EXPERIMENT, "write")
        .set(ResultColumn.SHAPE, "a,\"b\"")
        .set(ResultColumn.ELAPSED_NS, 1500)
        .build();
  }

  /**
   * A writer of {@code f} whose disk has {@code room} bytes left; the channel goes in {@code ch}.
   */
  private static RawResultsWriter onFullDisk(
      Path f, long room, FullDiskChannel[] ch, boolean truncateFails) throws IOException {
    return RawResultsWriter.open(
        f,
        p -> {
          FullDiskChannel c =
              new FullDiskChannel(
                  FileChannel.open(p, StandardOpenOption.WRITE, StandardOpenOption.APPEND), room);
          ch[0] = truncateFails ? c.failingTruncate() : c;
          return c;
        });
  }

  @Test
  void aRow_isOneWriteOfItsWholeLine() throws IOException {
    Path f = dir.resolve("r.csv");
    RawResultsWriter.open(f).close();
    FullDiskChannel[] ch = new FullDiskChannel[1];
    try (RawResultsWriter w = onFullDisk(f, Long.MAX_VALUE / 2, ch, false)) {
      w.accept(row("t1"));
      assertEquals(1, ch[0].writes());
      w.accept(row("t2"));
      assertEquals(2, ch[0].writes());
    }
    assertEquals(
        List.of("t1", "t2"), RawResults.read(f).rows().stream().map(r -> r.get("when")).toList());
  }

  @Test
  void aDiskFullPartWayThroughARow_leavesTheFileAsBefore_andTheNextRowWhole() throws IOException {
    Path f = dir.resolve("r.csv");
    try (RawResultsWriter w = RawResultsWriter.open(f)) {
      w.accept(row("t1"));
    }
    byte[] before = Files.readAllBytes(f);
    FullDiskChannel[] ch = new FullDiskChannel[1];
    try (RawResultsWriter w = onFullDisk(f, 100, ch, false)) {
      IOException e = assertThrows(IOException.class, () -> w.accept(row("t2")));
      assertTrue(e.getMessage().contains(f.toString()), e.getMessage());
      assertTrue(e.getMessage().contains("No space left on device"), e.getMessage());
      assertArrayEquals(before, Files.readAllBytes(f), "no part of the row is left");
      assertTrue(
          e.getMessage().endsWith("the file is as it was before it (1 row, each whole)"),
          e.getMessage());
      assertEquals(new RawResultsWriter.Tally(1, 0, 1, false), w.tally());
      ch[0].free(Long.MAX_VALUE / 2);
      w.accept(row("t3"));
      assertEquals(new RawResultsWriter.Tally(2, 1, 1, false), w.tally());
    }
    RawResults read = RawResults.read(f);
    assertEquals(List.of(), read.problems());
    assertEquals(List.of("t1", "t3"), read.rows().stream().map(r -> r.get("when")).toList());
  }

  @Test
  void aPartialRowThatCannotBeRemoved_isSaid_andNothingIsAppendedToIt() throws IOException {
    Path f = dir.resolve("r.csv");
    try (RawResultsWriter w = RawResultsWriter.open(f)) {
      w.accept(row("t1"));
    }
    long before = Files.size(f);
    FullDiskChannel[] ch = new FullDiskChannel[1];
    try (RawResultsWriter w = onFullDisk(f, 100, ch, true)) {
      IOException e = assertThrows(IOException.class, () -> w.accept(row("t2")));
      assertTrue(e.getMessage().contains("partial row"), e.getMessage());
      assertTrue(w.tally().partialRow());
      ch[0].free(Long.MAX_VALUE / 2);
      IOException next = assertThrows(IOException.class, () -> w.accept(row("t3")));
      assertTrue(next.getMessage().startsWith(f + ":"), next.getMessage());
    }
    assertEquals(before + 100, Files.size(f), "the 100 bytes that fitted, nothing glued to them");
  }

  /** A results file of rows t1 and t2, then {@code tail} with no line break after it. */
  private Path twoRowsThen(String tail) throws IOException {
    Path f = dir.resolve("r.csv");
    try (RawResultsWriter w = RawResultsWriter.open(f)) {
      w.accept(row("t1"));
      w.accept(row("t2"));
    }
    Files.writeString(f, tail, StandardOpenOption.APPEND);
    return f;
  }

  private static List<String> whens(RawResults raw) {
    return raw.rows().stream().map(r -> r.get("when")).toList();
  }

  @Test
  void aCutOffLastRow_isRemovedBeforeAppending_andSaidSo() throws IOException {
    Path f = twoRowsThen("t3,write,,,,,,,,");
    long whole = Files.size(f) - "t3,write,,,,,,,,".length();

    try (RawResultsWriter w = RawResultsWriter.open(f)) {
      RowProblem removed = w.removedLastLine().orElseThrow();
      assertEquals(4, removed.line());
      assertTrue(
          removed
              .what()
              .startsWith(
                  "the last line was cut off (10 of "
                      + ResultColumn.headers().length
                      + " cells and no line break at its end"),
          removed.what());
      assertTrue(removed.what().contains("it was 't3,write,,,,,,,,'"), removed.what());
      assertEquals(whole, Files.size(f), "the fragment, and only it, is gone");
      assertEquals(new RawResultsWriter.Tally(2, 0), w.tally());
      w.accept(row("t4"));
    }

    RawResults raw = RawResults.read(f);
    assertEquals(List.of(), raw.problems());
    assertEquals(List.of("t1", "t2", "t4"), whens(raw));
  }

  @Test
  void aLastRowCutOffInsideAQuotedCell_isRemoved_soNewRowsAreNotSwallowedByIt() throws IOException {
    Path f = twoRowsThen(String.join(",", Collections.nCopies(11, "x")) + ",\"a,");

    try (RawResultsWriter w = RawResultsWriter.open(f)) {
      assertTrue(
          w.removedLastLine()
              .orElseThrow()
              .what()
              .startsWith("the last line was cut off (inside a quoted cell"),
          w.removedLastLine().toString());
      w.accept(row("t4"));
      w.accept(row("t5"));
    }

    RawResults raw = RawResults.read(f);
    assertEquals(List.of(), raw.problems());
    assertEquals(List.of("t1", "t2", "t4", "t5"), whens(raw));
  }

  @Test
  void aWholeLastRowWithoutALineBreak_isEndedAndKept() throws IOException {
    for (String cut : List.of("\r\n", "\n")) {
      Path f = dir.resolve("whole.csv");
      Files.deleteIfExists(f);
      try (RawResultsWriter w = RawResultsWriter.open(f)) {
        w.accept(row("t1"));
      }
      String text = Files.readString(f);
      Files.writeString(f, text.substring(0, text.length() - cut.length()));

      try (RawResultsWriter w = RawResultsWriter.open(f)) {
        assertTrue(w.removedLastLine().isEmpty(), cut.length() + ": " + w.removedLastLine());
        assertEquals(new RawResultsWriter.Tally(1, 0), w.tally());
        w.accept(row("t2"));
      }

      assertEquals(
          text + text.substring(text.indexOf('\n') + 1).replace("t1", "t2"),
          Files.readString(f),
          "ended with its CRLF; removed only a line break: " + cut.length());
    }
  }

  @Test
  void aCutOffRowOverSeveralLines_isRefused_andTheFileLeftAsItIs() throws IOException {
    Path f = twoRowsThen("t3,write,,,,,,,,,,\"a\nb");
    byte[] before = Files.readAllBytes(f);

    ResultsFileException e =
        assertThrows(ResultsFileException.class, () -> RawResultsWriter.open(f));

    assertTrue(
        e.getMessage()
            .startsWith(
                f
                    + ":4: the last row was cut off (inside a quoted cell that"
                    + " never closes, no line break at the end) and it runs over several lines"),
        e.getMessage());
    assertTrue(e.getMessage().contains("delete line 4 to the end of the file"), e.getMessage());
    assertArrayEquals(before, Files.readAllBytes(f));
  }

  @Test
  void nanAndInfinity_leaveTheCellEmpty() {
    ResultRow row =
        ResultRow.builder(RowKind.WRITE)
            .set(ResultColumn.NS_PER_INT, Double.NaN, 3)
            .set(ResultColumn.MIB_PER_S, Double.POSITIVE_INFINITY, 2)
            .build();
    assertEquals("", row.get(ResultColumn.NS_PER_INT));
    assertEquals("", row.get(ResultColumn.MIB_PER_S));
  }
}
