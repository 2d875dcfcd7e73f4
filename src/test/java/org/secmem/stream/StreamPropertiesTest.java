package org.secmem.stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/** Random writer × reader × B × N × call patterns: what is read is what was written. */
class StreamPropertiesTest {

  @Property(tries = 300)
  void roundTrip(
      @ForAll StreamType writer,
      @ForAll StreamType reader,
      @ForAll @IntRange(min = 4, max = 300) int b,
      @ForAll("values") int[] values,
      @ForAll @IntRange(min = 1, max = 40) int chunk)
      throws IOException {
    // O_DIRECT needs whole blocks; its contract is tested in StreamContractTest.
    net.jqwik.api.Assume.that(writer != StreamType.DIRECT && reader != StreamType.DIRECT);
    Path dir = Files.createTempDirectory("secmem-prop");
    Path file = dir.resolve("p.bin");
    try {
      StreamOptions options = StreamOptions.ofBuffer(b);
      try (WriteStream w = Streams.createWriter(writer, file, options)) {
        for (int i = 0; i < values.length; i += chunk) {
          int len = Math.min(chunk, values.length - i);
          if (len == 1) {
            w.write(values[i]);
          } else {
            w.write(values, i, len);
          }
        }
      }
      int[] got = new int[values.length];
      try (ReadStream r = Streams.openReader(reader, file, options)) {
        int i = 0;
        while (!r.endOfStream()) {
          if (i % 2 == 0) {
            got[i++] = r.readNext();
          } else {
            i += r.read(got, i, Math.min(chunk, got.length - i));
          }
        }
        assertTrue(i == values.length, "read " + i + " of " + values.length);
      }
      assertArrayEquals(values, got);
      assertArrayEquals(StreamContractTest.bigEndianBytes(values), Files.readAllBytes(file));
    } finally {
      Files.deleteIfExists(file);
      Files.deleteIfExists(dir);
    }
  }

  @Provide
  Arbitrary<int[]> values() {
    return Arbitraries.integers().array(int[].class).ofMaxSize(700);
  }
}
