package org.secmem.buffertree;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.secmem.data.SortOrder;
import org.secmem.fs.TempRegistry;
import org.secmem.sort.SortSpec;
import org.secmem.sort.StreamFactory;
import org.secmem.stream.ReadStream;
import org.secmem.stream.StreamOptions;
import org.secmem.stream.StreamType;
import org.secmem.stream.Streams;
import org.secmem.stream.WriteStream;

/**
 * A buffer-tree sort in a JVM of its own, for {@link TreeMemoryTest}: writes N random ints, sorts
 * them with M, B and b = m/8, checks the output is in order, and prints the model's heap and the
 * peak heap as {@code model=<bytes> peak=<bytes>}.
 *
 * <p>Arguments: folder, N, M (ints), B (bytes).
 */
public final class HeapProbe {

  private HeapProbe() {}

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args[0]);
    long n = Long.parseLong(args[1]);
    long m = Long.parseLong(args[2]);
    int b = Integer.parseInt(args[3]);
    Path in = dir.resolve("in.bin");
    Path out = dir.resolve("out.bin");
    StreamOptions options = StreamOptions.ofBuffer(b);
    SplittableRandom r = new SplittableRandom(1);
    try (WriteStream w = Streams.createWriter(StreamType.USER_BUFFER, in, options)) {
      for (long i = 0; i < n; i++) {
        w.write(r.nextInt());
      }
    }
    BufferTreeSort.Result res =
        new BufferTreeSort(FanoutRule.DEFAULT, StreamFactory.standard(), TempRegistry.none())
            .sortCounted(
                new SortSpec(
                    in,
                    out,
                    m,
                    2,
                    StreamType.USER_BUFFER,
                    StreamType.USER_BUFFER,
                    options,
                    SortOrder.ASCENDING,
                    List.of()));
    try (ReadStream s = Streams.openReader(StreamType.USER_BUFFER, out, options, 0, n)) {
      int prev = Integer.MIN_VALUE;
      for (long i = 0; i < n; i++) {
        int v = s.readNext();
        if (v < prev) {
          throw new IllegalStateException("out of order at " + i);
        }
        prev = v;
      }
    }
    Files.delete(in);
    Files.delete(out);
    System.out.println(
        "model="
            + res.memory().requiredHeapBytes()
            + " peak="
            + res.sort().peakHeapBytes()
            + " "
            + res.tree());
  }
}
