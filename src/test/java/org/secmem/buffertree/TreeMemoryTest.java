package org.secmem.buffertree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.data.SortOrder;
import org.secmem.fs.TempRegistry;
import org.secmem.sort.InsufficientMemoryException;
import org.secmem.sort.SortMemory;
import org.secmem.sort.SortSpec;
import org.secmem.sort.StreamFactory;
import org.secmem.stream.StreamOptions;
import org.secmem.stream.StreamType;

/**
 * The buffer tree's memory model: what it counts grows with M and N as it should, a plan the heap
 * cannot hold is refused before anything runs (naming M, B and how to get more heap), and a sort
 * the model admits runs in a JVM whose heap is the model's figure, its peak heap within it.
 */
class TreeMemoryTest {

  @TempDir Path dir;

  private static final StreamType UB = StreamType.USER_BUFFER;

  private static TreeMemory plan(long n, long m, int b) {
    return TreeMemory.plan(n, m, b, FanoutRule.DEFAULT, UB, UB);
  }

  @Test
  void requireHeap_refusesAPlanTheHeapCannotHold_namingMBAndTheHeapSetting() {
    long m = SortSpec.MAX_MEMORY_INTS;
    TreeMemory p = plan(1L << 31, m, 1 << 16);
    long heap = 64L << 20;
    InsufficientMemoryException e =
        assertThrows(InsufficientMemoryException.class, () -> p.requireHeap(heap));
    String msg = e.getMessage();
    assertTrue(msg.contains("M = " + m + " ints"), msg);
    assertTrue(msg.contains("B = 64 KiB"), "B in bytes, as the user gave it: " + msg);
    assertTrue(msg.contains("SECMEM_HEAP=") && msg.contains("-Xmx"), msg);
    assertTrue(msg.contains("the heap is 64 MiB"), msg);
    // Exactly at the figure it passes; a byte below, it does not.
    p.requireHeap(p.requiredHeapBytes());
    assertThrows(InsufficientMemoryException.class, () -> p.requireHeap(p.requiredHeapBytes() - 1));
  }

  @Test
  void sort_planTheHeapCannotHold_refusedBeforeAnythingIsMade() throws IOException {
    Path in = dir.resolve("big.bin");
    // A sparse file that claims 2^31 ints: never read, the check comes first.
    try (var raf = new RandomAccessFile(in.toFile(), "rw")) {
      raf.setLength(1L << 33);
    }
    Path out = dir.resolve("o/out.bin");
    InsufficientMemoryException e =
        assertThrows(
            InsufficientMemoryException.class,
            () ->
                new BufferTreeSort(
                        FanoutRule.DEFAULT, StreamFactory.standard(), TempRegistry.none())
                    .sort(
                        new SortSpec(
                            in,
                            out,
                            SortSpec.MAX_MEMORY_INTS,
                            2,
                            UB,
                            UB,
                            StreamOptions.defaults(),
                            SortOrder.ASCENDING,
                            List.of())));
    assertTrue(e.getMessage().contains("SECMEM_HEAP"), e.getMessage());
    assertFalse(Files.exists(out.getParent()), "nothing created");
  }

  @Test
  void plan_tooFewBlocks_orNoFanout_refusedNamingMAndB() {
    IllegalArgumentException few =
        assertThrows(IllegalArgumentException.class, () -> plan(10, 48, 64));
    assertTrue(few.getMessage().contains("48/16 = 3"), few.getMessage());
    IllegalArgumentException wide =
        assertThrows(
            IllegalArgumentException.class,
            () -> TreeMemory.plan(10, 64, 16, FanoutRule.fixed(new Fanout(2, 17)), UB, UB));
    assertTrue(wide.getMessage().contains("m = M/B = 16"), wide.getMessage());
    IllegalArgumentException ratio =
        assertThrows(
            IllegalArgumentException.class,
            () -> TreeMemory.plan(10, 64, 16, FanoutRule.ratio(16), UB, UB));
    assertTrue(ratio.getMessage().contains("below 2"), ratio.getMessage());
  }

  @Test
  void requiredHeap_growsWithMAndN_andCountsTheDataAndTheJvm() {
    int b = 1 << 16;
    long prev = 0;
    // M's load and blocks: more M, more heap (N small enough that nodes do not matter).
    for (long m = 1 << 18; m <= 1 << 28; m <<= 1) {
      TreeMemory p = plan(1 << 16, m, b);
      assertTrue(p.dataBytes() <= 4 * m, p.toString());
      assertTrue(p.dataBytes() >= 2 * m, "the load is M/2: " + p);
      assertTrue(
          p.requiredHeapBytes()
              >= p.dataBytes() + SortMemory.OVERHEAD_BYTES + SortMemory.streamBytes(UB, b, true),
          p.toString());
      assertTrue(p.requiredHeapBytes() > prev, "M = " + m + ": " + p);
      prev = p.requiredHeapBytes();
    }
    // N's nodes: more N, more nodes, more heap; never fewer nodes than N's full leaves.
    b = 4096;
    for (long m : new long[] {1 << 14, 1 << 20, 1 << 24}) {
      prev = 0;
      for (long n = 0; n <= 1L << 36; n = n == 0 ? 1 : n << 2) {
        TreeMemory p = plan(n, m, b);
        assertTrue(p.requiredHeapBytes() >= prev, "N = " + n + ": " + p);
        assertTrue(p.maxNodes() >= n / p.leafInts(), p.toString());
        prev = p.requiredHeapBytes();
      }
      assertTrue(prev > plan(1 << 20, m, b).requiredHeapBytes(), "nodes count at large N");
    }
  }

  @Test
  void sort_inAJvmWhoseHeapIsTheModelsFigure_completesWithThePeakWithinIt() throws Exception {
    long n = 1 << 22;
    long m = 1 << 20;
    int b = 1 << 16;
    TreeMemory p = plan(n, m, b);
    long heapMib = (p.requiredHeapBytes() + (1 << 20) - 1) >> 20;
    Path out = dir.resolve("out.txt");
    List<String> cmd =
        List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-Xms" + heapMib + "m",
            "-Xmx" + heapMib + "m",
            "-cp",
            System.getProperty("java.class.path"),
            "-Dsecmem.logdir=" + dir.resolve("logs"),
            HeapProbe.class.getName(),
            dir.toString(),
            Long.toString(n),
            Long.toString(m),
            Integer.toString(b));
    Process proc =
        new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
    assertTrue(proc.waitFor(60, TimeUnit.SECONDS), "finished in time");
    String text = Files.readString(out, StandardCharsets.UTF_8);
    assertEquals(0, proc.exitValue(), text);
    assertFalse(text.contains("OutOfMemoryError"), text);
    Matcher mm = Pattern.compile("model=(\\d+) peak=(-?\\d+)").matcher(text);
    assertTrue(mm.find(), text);
    assertEquals(p.requiredHeapBytes(), Long.parseLong(mm.group(1)), text);
    long peak = Long.parseLong(mm.group(2));
    assertTrue(
        peak > 0 && peak <= p.requiredHeapBytes(),
        "peak within the model: " + text + " (heap " + heapMib + " MiB)");
  }

  /**
   * Issue 33: the M a refusal asks for is one the options take back (digits or 2^k, here 2^10 ints
   * for 4 blocks of 1 KiB), and it is exactly the least M that holds them.
   */
  @Test
  void tooFewBlocks_asksForAnMTheOptionsTake_andThatMPlans() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> plan(1 << 20, 1000, 1024));
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("raise M to (\\S+) ints or more").matcher(e.getMessage());
    assertTrue(m.find(), e.getMessage());
    long asked = org.secmem.param.NumberParser.parseCount(m.group(1));
    assertEquals(TreeMemory.MIN_BLOCKS * 1024 / Integer.BYTES, asked, e.getMessage());
  }
}
