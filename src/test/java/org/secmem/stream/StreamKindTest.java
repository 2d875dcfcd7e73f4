package org.secmem.stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What each {@link StreamType} declares about itself ({@link StreamKind}) against what its readers
 * and writers do: every type, so that a new type's declarations are checked the day it is added.
 */
class StreamKindTest {

  /** Ints per file: 64 buffers of the small B, 4 of the large. */
  private static final int N = 1 << 16;

  private static final int SMALL_B = 4096;
  private static final int LARGE_B = 65536;

  @TempDir Path dir;

  private static boolean usable(StreamType type) {
    return type != StreamType.DIRECT || DirectSupport.available();
  }

  @ParameterizedTest
  @EnumSource(StreamType.class)
  void declarationsHangTogether(StreamType type) {
    int align = type.bufferAlignment();
    assertTrue(align >= Integer.BYTES && align % Integer.BYTES == 0, type + ": " + align);
    for (long b = align; b <= (1 << 20); b *= 2) {
      assertNull(type.bufferProblem(b), type + " refuses B = " + b + ", a multiple of " + align);
    }
    if (align > Integer.BYTES) {
      String p = type.bufferProblem(align + Integer.BYTES);
      assertNotNull(p, type + " takes B off its alignment " + align);
      assertTrue(p.startsWith(type.cliName()), p);
    }
    assertEquals(type.writesRegions(), type.regionLimit() == null, type.toString());
    assertEquals(type.writesRegions(), Streams.writesRegions(type), type.toString());
    for (boolean reading : new boolean[] {true, false}) {
      int perB = type.buffersOfB(reading);
      assertEquals(type.usesBufferSize(), perB > 0, type + " buffers of B, reading " + reading);
      assertTrue(type.fixedBufferBytes() >= 0, type.toString());
      for (long b : new long[] {0, SMALL_B, LARGE_B, 1 << 20}) {
        // What the sort counts against M covers what the stream holds on the heap and off it.
        long held = type.heapBytes(b) + type.directBytes(b);
        assertTrue(type.heapBytes(b) >= 0 && type.directBytes(b) >= 0, type + " B = " + b);
        assertTrue(
            held <= perB * b + type.fixedBufferBytes(),
            type + " holds " + held + " bytes at B = " + b + " but the sort counts less");
        if (b > 0) {
          long perCall = type.bytesPerCall(!reading, b);
          assertTrue(perCall >= 1, type + " bytes per call " + perCall);
          // A type that ignores B moves as many bytes a call whatever B is, and one that uses it
          // moves B.
          assertEquals(
              type.usesBufferSize() ? b : type.bytesPerCall(!reading, SMALL_B),
              perCall,
              type + " bytes per call at B = " + b);
        }
      }
      if (!type.usesBufferSize()) {
        assertEquals(type.heapBytes(SMALL_B), type.heapBytes(LARGE_B), type.toString());
        assertEquals(type.directBytes(SMALL_B), type.directBytes(LARGE_B), type.toString());
      }
    }
  }

  /** Region writers exist exactly for the types that say they write regions. */
  @ParameterizedTest
  @EnumSource(StreamType.class)
  void regionWritersMatchTheDeclaration(StreamType type) throws IOException {
    Path f = dir.resolve(type + "-region.bin");
    try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
      raf.setLength(16L * Integer.BYTES);
    }
    StreamOptions options = StreamOptions.ofBuffer(SMALL_B);
    if (!type.writesRegions()) {
      UnsupportedStreamException e =
          assertThrows(
              UnsupportedStreamException.class,
              () -> Streams.createRegionWriter(type, f, options, 3, 5));
      assertTrue(e.getMessage().contains(type.cliName()), e.getMessage());
      return;
    }
    try (WriteStream w = Streams.createRegionWriter(type, f, options, 3, 5)) {
      for (int i = 1; i <= 5; i++) {
        w.write(i);
      }
    }
    int[] expected = new int[16];
    for (int i = 1; i <= 5; i++) {
      expected[2 + i] = i;
    }
    assertArrayEquals(expected, readAll(type, f, options));
  }

  /**
   * The system calls a write and a read of N ints make: ⌈4N / bytes a call⌉ each way, give or take
   * opening, closing and reading ahead, for every type whose data moves by read and write calls
   * (mapped's moves by page faults: fewer). And B changes them, or the memory a stream holds,
   * exactly for the types that say they use it.
   */
  @ParameterizedTest
  @EnumSource(StreamType.class)
  void systemCallsAndBuffersMatchTheDeclaration(StreamType type) throws IOException {
    Assumptions.assumeTrue(usable(type), "O_DIRECT does not work here");
    long[][] held = new long[2][];
    long[][] calls = new long[2][];
    int[] bs = {SMALL_B, LARGE_B};
    for (int i = 0; i < 2; i++) {
      int b = bs[i];
      held[i] = held(type, b);
      calls[i] = calls(type, b);
      boolean mapping = held[i][1] > 0;
      for (int w = 0; w < 2; w++) {
        boolean writing = w == 0;
        long predicted = predicted(type, writing, b);
        String what = type + (writing ? " writing" : " reading") + " at B = " + b;
        assertTrue(
            calls[i][w] <= predicted + predicted / 2 + SLACK,
            what + ": " + calls[i][w] + " calls, " + predicted);
        assertTrue(
            mapping || calls[i][w] >= predicted, what + ": " + calls[i][w] + " < " + predicted);
      }
      // What a writer holds off the heap, as measured by the JVM's buffer pools.
      assertEquals(type.directBytes(b), held[i][0], type + " direct memory at B = " + b);
      assertEquals(type.directBytes(b, false), held[i][0], type + " direct memory at B = " + b);
      // And what a reader holds: a direct reader two aligned blocks, counted against a limit.
      assertEquals(
          type.directBytes(b, true), held[i][2], type + " reader direct memory at B = " + b);
      assertTrue(held[i][1] <= type.buffersOfB(false) * (long) b, type + " mapped " + held[i][1]);
      assertTrue(
          held[i][2] <= type.buffersOfB(true) * (long) b + type.fixedBufferBytes(),
          type + " reader direct memory " + held[i][2]);
    }
    boolean changes =
        Math.abs(calls[0][0] - calls[1][0]) > SLACK
            || Math.abs(calls[0][1] - calls[1][1]) > SLACK
            || !Arrays.equals(held[0], held[1]);
    assertEquals(
        type.usesBufferSize(),
        changes,
        type
            + ": calls "
            + Arrays.deepToString(calls)
            + ", buffers "
            + Arrays.deepToString(held)
            + " at B = "
            + Arrays.toString(bs));
  }

  /** System calls beside the data's: opening, closing, reading ahead, the JVM's own. */
  private static final long SLACK = 40;

  private static long predicted(StreamType type, boolean writing, int b) {
    long bytes = (long) N * Integer.BYTES;
    long per = type.bytesPerCall(writing, b);
    return (bytes + per - 1) / per;
  }

  /** {syscw of writing N ints, syscr of reading them} with buffer B. */
  private long[] calls(StreamType type, int b) throws IOException {
    Path f = dir.resolve(type + "-" + b + ".bin");
    StreamOptions options = StreamOptions.ofBuffer(b);
    long w0 = io("syscw");
    try (WriteStream w = Streams.createWriter(type, f, options)) {
      for (int i = 0; i < N; i++) {
        w.write(i);
      }
    }
    long w1 = io("syscw");
    long r0 = io("syscr");
    try (ReadStream r = Streams.openReader(type, f, options)) {
      for (int i = 0; i < N; i++) {
        r.readNext();
      }
    }
    long r1 = io("syscr");
    Files.delete(f);
    return new long[] {w1 - w0, r1 - r0};
  }

  /**
   * {direct memory a writer holds, mapped memory a writer holds, direct memory a reader holds},
   * open with buffer B, as the JVM's buffer pools count them.
   */
  private long[] held(StreamType type, int b) throws IOException {
    Path f = dir.resolve(type + "-held.bin");
    StreamOptions options = StreamOptions.ofBuffer(b);
    long direct = settledPool();
    long mapped = pool("mapped");
    long[] held = new long[3];
    try (WriteStream w = Streams.createWriter(type, f, options)) {
      w.write(1);
      held[0] = pool("direct") - direct;
      held[1] = pool("mapped") - mapped;
      for (int i = 1; i < 2 * b; i++) {
        w.write(i);
      }
    }
    direct = settledPool();
    try (ReadStream r = Streams.openReader(type, f, options)) {
      r.readNext();
      held[2] = pool("direct") - direct;
    }
    Files.delete(f);
    return held;
  }

  /**
   * The direct pool once buffers that nothing holds are freed: where a closed stream leaves its
   * buffers to the collector (JDK 25), a collection during a measurement would free them and count
   * the next stream's buffers as less than nothing.
   */
  private static long settledPool() {
    long last = -1;
    for (int i = 0; i < 50; i++) {
      System.gc();
      try {
        Thread.sleep(10);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
      long now = pool("direct");
      if (now == last) {
        return now;
      }
      last = now;
    }
    throw new AssertionError("the direct buffer pool did not settle: " + last);
  }

  private static long pool(String name) {
    for (BufferPoolMXBean p : ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class)) {
      if (p.getName().equals(name)) {
        return p.getMemoryUsed();
      }
    }
    throw new AssertionError(name);
  }

  private static long io(String field) throws IOException {
    for (String line : Files.readAllLines(Path.of("/proc/self/io"))) {
      if (line.startsWith(field + ":")) {
        return Long.parseLong(line.substring(field.length() + 1).trim());
      }
    }
    throw new AssertionError(field);
  }

  private static int[] readAll(StreamType type, Path f, StreamOptions options) throws IOException {
    try (ReadStream r = Streams.openReader(type, f, options)) {
      int[] out = new int[(int) Streams.intCount(f)];
      for (int i = 0; i < out.length; i++) {
        out[i] = r.readNext();
      }
      return out;
    }
  }
}
