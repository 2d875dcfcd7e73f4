package org.secmem.stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The contract every stream type keeps: the same bytes on disk for the same ints, and every reader
 * gets back what any writer wrote, at buffer sizes chosen to break things (an int straddling a
 * buffer or window edge at B = 6) and N around B/4.
 */
class StreamContractTest {

  private static final int[] BUFFER_SIZES = {4, 6, 8, 4096, 65536};

  @TempDir Path dir;

  /** O_DIRECT takes only whole file-system blocks: 4096 here (ext4, tmpfs has no O_DIRECT). */
  static boolean usable(StreamType type, int b) {
    return type != StreamType.DIRECT || (b % 4096 == 0 && DirectSupport.available());
  }

  static Stream<Arguments> writerBufferAndSize() {
    List<Arguments> cases = new ArrayList<>();
    for (StreamType writer : StreamType.values()) {
      for (int b : BUFFER_SIZES) {
        if (!usable(writer, b)) {
          continue;
        }
        // "Large": thousands of buffer refills; tiny B (an mmap or a thread hand-over per 4 bytes
        // for mapped and async) needs fewer ints to get there.
        long large = b <= 8 ? 5_000 : 50_000;
        long[] sizes = {0, 1, b / 4 - 1, b / 4, b / 4 + 1, 3L * b / 4 + 1, large};
        for (long n : sizes) {
          if (n >= 0) {
            cases.add(Arguments.of(writer, b, (int) n));
          }
        }
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} B={1} N={2}")
  @MethodSource("writerBufferAndSize")
  void everyReaderGetsBackWhatEveryWriterWrote(StreamType writerType, int b, int n)
      throws IOException {
    int[] values = randomInts(n, 31L * b + n);
    Path file = dir.resolve("data.bin");
    StreamOptions options = StreamOptions.ofBuffer(b);

    try (WriteStream w = Streams.createWriter(writerType, file, options)) {
      // Mix single and bulk writes so both paths meet buffer edges.
      int i = 0;
      while (i < n) {
        if (i % 3 == 0) {
          w.write(values[i++]);
        } else {
          int len = Math.min(n - i, 1 + (i % 7));
          w.write(values, i, len);
          i += len;
        }
      }
    }
    assertArrayEquals(bigEndianBytes(values), Files.readAllBytes(file), "bytes on disk");

    for (StreamType readerType : StreamType.values()) {
      if (!usable(readerType, b)) {
        continue;
      }
      try (ReadStream r = Streams.openReader(readerType, file, options)) {
        int[] got = new int[n];
        for (int i = 0; i < n; i++) {
          assertFalse(r.endOfStream(), readerType + " ended early at " + i);
          got[i] = r.readNext();
        }
        assertTrue(r.endOfStream(), readerType + " should be at the end");
        assertArrayEquals(values, got, readerType + " readNext");
        assertThrows(EOFException.class, r::readNext);
      }
      try (ReadStream r = Streams.openReader(readerType, file, options)) {
        int[] got = new int[n + 5];
        int total = 0;
        int chunk = 1;
        int read;
        while ((read = r.read(got, total, Math.min(chunk, got.length - total))) > 0) {
          total += read;
          chunk = chunk * 3 + 1;
        }
        assertEquals(n, total, readerType + " bulk count");
        assertArrayEquals(values, Arrays.copyOf(got, n), readerType + " bulk read");
        assertTrue(r.endOfStream());
        assertEquals(0, r.read(got, 0, 1), "bulk read at the end returns 0");
      }
    }
  }

  @ParameterizedTest
  @EnumSource(StreamType.class)
  void closedStreams_throwClosed_andCloseTwiceIsFine(StreamType type) throws IOException {
    Assumptions.assumeTrue(usable(type, 4096), "no O_DIRECT here");
    Path file = dir.resolve("c.bin");
    int b = usable(type, 8) ? 8 : 4096;
    WriteStream w = Streams.createWriter(type, file, StreamOptions.ofBuffer(b));
    w.write(7);
    w.close();
    w.close();
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> w.write(1));
    assertEquals("closed", e.getMessage());

    ReadStream r = Streams.openReader(type, file, StreamOptions.ofBuffer(b));
    assertEquals(7, r.readNext());
    r.close();
    r.close();
    assertEquals("closed", assertThrows(IllegalStateException.class, r::readNext).getMessage());
    assertThrows(IllegalStateException.class, r::endOfStream);
  }

  @ParameterizedTest
  @EnumSource(StreamType.class)
  void openReader_onFileNotMultipleOf4_namesPathAndLength(StreamType type) throws IOException {
    Assumptions.assumeTrue(usable(type, 4096), "no O_DIRECT here");
    Path file = dir.resolve("odd.bin");
    Files.write(file, new byte[] {1, 2, 3, 4, 5, 6});
    NotAnIntFileException e =
        assertThrows(
            NotAnIntFileException.class,
            () -> Streams.openReader(type, file, StreamOptions.defaults()));
    assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
    assertTrue(e.getMessage().contains("6 bytes"), e.getMessage());
  }

  @ParameterizedTest
  @EnumSource(StreamType.class)
  void writer_truncatesExistingFile(StreamType type) throws IOException {
    Assumptions.assumeTrue(usable(type, 4096), "no O_DIRECT here");
    Path file = dir.resolve("t.bin");
    Files.write(file, new byte[1000]);
    try (WriteStream w = Streams.createWriter(type, file, StreamOptions.ofBuffer(4096))) {
      w.write(1);
    }
    assertEquals(4, Files.size(file), "a padded O_DIRECT tail is truncated back");
  }

  @ParameterizedTest
  @EnumSource(StreamType.class)
  void syncedWrite_producesTheSameFile(StreamType type) throws IOException {
    Assumptions.assumeTrue(usable(type, 4096), "no O_DIRECT here");
    Path file = dir.resolve("s.bin");
    int[] values = randomInts(10_001, 5);
    int b = usable(type, 4098) ? 4098 : 8192;
    try (WriteStream w = Streams.createWriter(type, file, new StreamOptions(b, /* sync= */ true))) {
      w.write(values, 0, values.length);
    }
    assertArrayEquals(bigEndianBytes(values), Files.readAllBytes(file));
  }

  @Test
  void toString_saysWhatItIs() throws IOException {
    Path file = dir.resolve("n.bin");
    try (WriteStream w =
        Streams.createWriter(StreamType.MAPPED, file, StreamOptions.ofBuffer(64))) {
      assertEquals("mapped(" + file + ", B=64)", w.toString());
    }
    try (ReadStream r = Streams.openReader(StreamType.SIMPLE, file, StreamOptions.defaults())) {
      assertEquals("simple(" + file + ")", r.toString());
    }
  }

  @Test
  void direct_withBNotAMultipleOfTheBlockSize_isRefusedNamingBoth() {
    Assumptions.assumeTrue(DirectSupport.available(), "no O_DIRECT here");
    UnsupportedStreamException e =
        assertThrows(
            UnsupportedStreamException.class,
            () ->
                Streams.createWriter(
                    StreamType.DIRECT, dir.resolve("d.bin"), StreamOptions.ofBuffer(6000)));
    assertTrue(e.getMessage().contains("6000") && e.getMessage().contains("4096"), e.getMessage());
  }

  @Test
  void options_rejectBufferBelow4_quotingTheValue() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> StreamOptions.ofBuffer(3));
    assertTrue(e.getMessage().startsWith("bufferBytes (3) must be"), e.getMessage());
  }

  @Test
  void streamType_parsesCliAndSeedNames_andRejectsOthers() {
    assertEquals(StreamType.USER_BUFFER, StreamType.parse("user-buffer"));
    assertEquals(StreamType.USER_BUFFER, StreamType.parse("BufferB"));
    assertEquals(StreamType.BUFFERED, StreamType.parse("Buffer"));
    assertEquals(StreamType.MAPPED, StreamType.parse("Mapping"));
    assertEquals(StreamType.SIMPLE, StreamType.parse("Simple"));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> StreamType.parse("Simpel"));
    assertTrue(e.getMessage().contains("Simpel") && e.getMessage().contains("user-buffer"));
  }

  static int[] randomInts(int n, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      // Include the extremes, whose sign bits and 0xFF bytes catch sign-extension bugs.
      a[i] = i % 17 == 0 ? Integer.MIN_VALUE : i % 19 == 0 ? -1 : r.nextInt();
    }
    return a;
  }

  static byte[] bigEndianBytes(int[] values) {
    ByteBuffer bb = ByteBuffer.allocate(values.length * 4);
    bb.asIntBuffer().put(values);
    return bb.array();
  }
}
