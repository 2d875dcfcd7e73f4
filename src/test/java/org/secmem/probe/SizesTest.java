package org.secmem.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** How the probe sizes its files and arrays from --size, the memory and the heap. */
class SizesTest {

  private static final long MIB = 1L << 20;

  @ParameterizedTest
  @CsvSource({"1, 1048576", "1048576, 1048576", "1572864, 1048576", "8388608, 8388608"})
  void deviceFile_isWholeBlocks_atLeastOne(long size, long expected) {
    assertEquals(expected, DeviceProbe.fileBytes(size));
  }

  @Test
  void cacheFile_isAtMostAQuarterOfMemory_wholeMiB_atLeastOne() {
    assertEquals(256 * MIB, CacheProbe.fileBytes(1L << 30, 1L << 30));
    assertEquals(8 * MIB, CacheProbe.fileBytes(8 * MIB, 1L << 34));
    assertEquals(MIB, CacheProbe.fileBytes(MIB, 1024));
    assertEquals(8 * MIB, CacheProbe.fileBytes(8 * MIB + 5, -1), "memory unknown: --size");
  }

  @Test
  void properties_overRandomInputs() {
    Random r = new Random(29);
    for (int i = 0; i < 10_000; i++) {
      long size = 1 + (r.nextLong() >>> (1 + r.nextInt(40)));
      long ram = r.nextBoolean() ? -1 : 1 + (r.nextLong() >>> (1 + r.nextInt(40)));
      long device = DeviceProbe.fileBytes(size);
      assertEquals(0, device % DeviceProbe.BLOCK);
      assertTrue(device >= DeviceProbe.BLOCK && (device <= size || size < DeviceProbe.BLOCK));
      long cache = CacheProbe.fileBytes(size, ram);
      assertEquals(0, cache % MIB);
      assertTrue(cache >= MIB);
      assertTrue(cache <= Math.max(MIB, size), size + " " + ram);
      if (ram > 0) {
        assertTrue(cache <= Math.max(MIB, ram / 4), size + " " + ram);
      }
      long heap = 1 + (r.nextLong() >>> (1 + r.nextInt(40)));
      long array = MemoryProbe.arrayBytes(heap);
      assertTrue(array >= MIB && array <= MemoryProbe.MOST_BYTES && array % MIB == 0);
      assertTrue(array <= Math.max(MIB, heap / 8));
    }
  }

  @Test
  void diskNeeded_coversTheLargestUse_withMargin_andNeverOverflows() {
    long needed = Probe.diskNeeded(64 * MIB);
    assertTrue(needed >= 64 * MIB + Probe.MARGIN_BYTES, Long.toString(needed));
    assertTrue(needed <= 2 * 64 * MIB + Probe.MARGIN_BYTES, Long.toString(needed));
    assertEquals(Long.MAX_VALUE, Probe.diskNeeded(Long.MAX_VALUE));
  }
}
