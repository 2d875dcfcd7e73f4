package org.secmem.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.data.Checksum;
import org.secmem.data.Shape;
import org.secmem.data.ValueGenerator;

/**
 * Files over 2 GiB: positions past 2^31 bytes and int counts past 2^29 must work. {@code simple} is
 * left out (2^31 system calls would take most of an hour); it shares {@link DataInputReadStream}
 * and {@link DataOutputWriteStream}, and so every long position, with {@code buffered}, which is
 * tested here.
 */
@Tag("slow")
class LargeFileTest {

  private static final long N = (1L << 29) + 3; // 2 GiB + 12 bytes

  @TempDir Path dir;

  @Test
  void over2GiB_everyTypeWritesTheSameBytes_andReadsToTheSameChecksum() throws IOException {
    Path mapped = dir.resolve("mapped.bin");
    Path userBuffer = dir.resolve("user-buffer.bin");
    Path buffered = dir.resolve("buffered.bin");
    Checksum expected = write(StreamType.MAPPED, mapped, (1 << 26) + 2);
    assertEquals(N * 4, Files.size(mapped));
    assertEquals(expected.count(), N);
    assertEquals(expected.sum(), write(StreamType.USER_BUFFER, userBuffer, (1 << 20) + 2).sum());
    assertEquals(-1L, Files.mismatch(mapped, userBuffer), "mapped and user-buffer files differ");
    Files.delete(userBuffer);
    assertEquals(expected.sum(), write(StreamType.BUFFERED, buffered, 8192).sum());
    assertEquals(-1L, Files.mismatch(mapped, buffered), "mapped and buffered files differ");
    Files.delete(buffered);

    for (StreamType t :
        new StreamType[] {StreamType.MAPPED, StreamType.USER_BUFFER, StreamType.BUFFERED}) {
      Checksum got = new Checksum();
      try (ReadStream r = Streams.openReader(t, mapped, StreamOptions.ofBuffer((1 << 26) + 6))) {
        while (!r.endOfStream()) {
          got.add(r.readNext());
        }
      }
      assertEquals(expected.count(), got.count(), t.cliName());
      assertEquals(expected.sum(), got.sum(), t.cliName());
    }
  }

  private static Checksum write(StreamType type, Path file, int b) throws IOException {
    ValueGenerator gen = new ValueGenerator(Shape.UNIFORM, N, 1);
    Checksum c = new Checksum();
    try (WriteStream w = Streams.createWriter(type, file, StreamOptions.ofBuffer(b))) {
      for (long i = 0; i < N; i++) {
        int v = gen.next();
        c.add(v);
        w.write(v);
      }
    }
    return c;
  }
}
