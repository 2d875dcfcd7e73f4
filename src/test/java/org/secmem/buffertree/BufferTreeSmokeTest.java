package org.secmem.buffertree;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.sort.StreamFactory;
import org.secmem.stream.StreamOptions;
import org.secmem.stream.StreamType;

class BufferTreeSmokeTest {
  @TempDir Path dir;

  @Test
  void sortsRandom() throws IOException {
    for (int n : new int[] {0, 1, 100, 5000, 100_000}) {
      TreeMemory mem = TreeMemory.plan(n, 1024, 64, FanoutRule.ratio(2), StreamType.USER_BUFFER,
          StreamType.USER_BUFFER);
      int[] keys = new Random(n).ints(n, -1000, 1000).toArray();
      int[] out = new int[n];
      int[] pos = {0};
      try (BufferTree t = new BufferTree(mem, dir, StreamFactory.standard(),
          StreamType.USER_BUFFER, StreamType.USER_BUFFER, StreamOptions.ofBuffer(64))) {
        t.insert(keys, 0, n);
        t.emptyAll();
        t.checkInvariants();
        System.out.println(n + " " + t.stats(0, 0));
        t.drain((b, len) -> { System.arraycopy(b, 0, out, pos[0], len); pos[0] += len; });
      }
      Arrays.sort(keys);
      assertArrayEquals(keys, out);
      try (var s = Files.list(dir)) {
        org.junit.jupiter.api.Assertions.assertEquals(0, s.count());
      }
    }
  }
}
