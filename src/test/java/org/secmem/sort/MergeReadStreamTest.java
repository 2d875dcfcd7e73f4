package org.secmem.sort;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.secmem.data.SortOrder;
import org.secmem.fs.TempRegistry;
import org.secmem.stream.DirectSupport;
import org.secmem.stream.ReadStream;
import org.secmem.stream.StreamOptions;
import org.secmem.stream.StreamType;
import org.secmem.stream.WriteStream;

/**
 * The merges read the runs with their own stream type ({@code --merge-read-stream}), the input is
 * read with the read stream: each file is opened with the type its phase asks for, the output is
 * the input sorted, and the memory plan sizes the merges' buffers for the merges' type.
 */
class MergeReadStreamTest {

  @TempDir Path dir;

  /** A factory that records the type each file was opened for reading with. */
  private static final class Recording implements StreamFactory {
    final List<String> reads = Collections.synchronizedList(new ArrayList<>());

    @Override
    public ReadStream openReader(
        StreamType type, Path path, StreamOptions options, long from, long to) throws IOException {
      reads.add(path.getFileName() + "=" + type);
      return StreamFactory.standard().openReader(type, path, options, from, to);
    }

    @Override
    public WriteStream createWriter(StreamType type, Path path, StreamOptions options)
        throws IOException {
      return StreamFactory.standard().createWriter(type, path, options);
    }

    @Override
    public WriteStream createRegionWriter(
        StreamType type, Path path, StreamOptions options, long at, long len) throws IOException {
      return StreamFactory.standard().createRegionWriter(type, path, options, at, len);
    }
  }

  static Stream<Arguments> compositions() {
    return Stream.of(
        Arguments.of(SortTuning.classic(), StreamType.CHANNEL, StreamType.USER_BUFFER, 4096),
        Arguments.of(SortTuning.classic(), StreamType.USER_BUFFER, StreamType.MAPPED, 64),
        Arguments.of(SortTuning.fast(2), StreamType.CHANNEL, StreamType.USER_BUFFER, 4096),
        Arguments.of(SortTuning.fast(3), StreamType.USER_BUFFER, StreamType.CHANNEL, 4096),
        Arguments.of(SortTuning.fast(2), StreamType.CHANNEL, StreamType.DIRECT, 4096));
  }

  @ParameterizedTest(name = "{0} input {1}, runs {2}")
  @MethodSource("compositions")
  void theInputIsReadWithTheReadStream_theRunsWithTheMergesOwn(
      SortTuning tuning, StreamType read, StreamType mergeRead, int b) throws IOException {
    Assumptions.assumeTrue(
        mergeRead != StreamType.DIRECT || DirectSupport.available(), "no O_DIRECT here");
    int[] values = new SplittableRandom(11).ints(300_000, -500, 500).toArray();
    Path in = dir.resolve("in.bin");
    Path out = dir.resolve("out.bin");
    MergeSortTest.writeInts(in, values);
    long m = tuning.blockIo() ? 1 << 15 : 20_000;
    Recording streams = new Recording();
    SortSpec spec =
        new SortSpec(
            in,
            out,
            m,
            3,
            read,
            StreamType.USER_BUFFER,
            mergeRead,
            StreamOptions.ofBuffer(b),
            SortOrder.ASCENDING,
            List.of());
    SortStats stats =
        new MergeSort(tuning, streams, TempRegistry.none(), SegmentedRunsTest.SMALL_SEGMENTS)
            .sort(spec);
    int[] sorted = values.clone();
    Arrays.sort(sorted);
    assertArrayEquals(sorted, MergeSortTest.readInts(out));
    assertTrue(stats.passes() >= 3, "several merge passes: " + stats.passes());
    List<String> inputs = streams.reads.stream().filter(r -> r.startsWith("in.bin=")).toList();
    List<String> runs =
        streams.reads.stream()
            .filter(r -> !r.startsWith("in.bin=") && !r.startsWith("out.bin="))
            .toList();
    assertFalse(inputs.isEmpty(), streams.reads.toString());
    assertTrue(inputs.stream().allMatch(r -> r.endsWith("=" + read)), inputs.toString());
    assertFalse(runs.isEmpty(), streams.reads.toString());
    assertTrue(runs.stream().allMatch(r -> r.endsWith("=" + mergeRead)), runs.toString());
    assertEquals(
        SortMemory.plan(tuning, values.length, m, 3, b, read, StreamType.USER_BUFFER, mergeRead),
        stats.memory());
  }

  @Test
  void withoutAChoice_theRunsAreReadAsTheInputIs() throws IOException {
    int[] values = new SplittableRandom(5).ints(20_000).toArray();
    Path in = dir.resolve("in.bin");
    MergeSortTest.writeInts(in, values);
    Recording streams = new Recording();
    new MergeSort(SortTuning.classic(), streams, TempRegistry.none())
        .sort(
            new SortSpec(
                in,
                dir.resolve("out.bin"),
                2000,
                4,
                StreamType.CHANNEL,
                StreamType.USER_BUFFER,
                StreamOptions.ofBuffer(4096),
                SortOrder.ASCENDING,
                List.of()));
    assertTrue(streams.reads.size() > 10, streams.reads.toString());
    assertTrue(
        streams.reads.stream().allMatch(r -> r.endsWith("=" + StreamType.CHANNEL)),
        streams.reads.toString());
    SortSettings none = SortSettings.builder(SortPreset.CLASSIC).build();
    assertEquals(none.readType(), none.mergeReadType());
  }

  /**
   * With block I/O the merges' B is cut to what M holds, in whole blocks of the merges' own type:
   * direct reads take 4 KiB multiples even where the input's channel stream would take any.
   */
  @Test
  void theMergesBuffers_areSizedForTheMergesType() {
    SortTuning fast = SortTuning.fast(2);
    long n = 1L << 24;
    long m = 1 << 20; // 4 MiB for 16 runs' merge: B well under 1 MiB
    SortMemory channel =
        SortMemory.plan(
            fast, n, m, 16, 1 << 20, StreamType.CHANNEL, StreamType.CHANNEL, StreamType.CHANNEL);
    SortMemory direct =
        SortMemory.plan(
            fast, n, m, 16, 1 << 20, StreamType.CHANNEL, StreamType.CHANNEL, StreamType.DIRECT);
    assertTrue(direct.mergeBufferBytes() < 1 << 20, direct.toString());
    assertEquals(0, direct.mergeBufferBytes() % 4096, direct.toString());
    assertTrue(direct.mergeBytes() <= 4 * m, direct.toString());
    assertEquals(channel.runInts(), direct.runInts(), "run formation reads the input alike");
    assertNotEquals(channel.mergeBytes(), direct.mergeBytes(), channel + " / " + direct);
  }

  @Provide
  Arbitrary<StreamType> types() {
    return Arbitraries.of(
        StreamType.BUFFERED, StreamType.USER_BUFFER, StreamType.CHANNEL, StreamType.MAPPED);
  }

  @Property(tries = 40)
  void anyMergeReadStream_sortsLikeArraysSort(
      @ForAll("types") StreamType read,
      @ForAll("types") StreamType mergeRead,
      @ForAll @IntRange(min = 0, max = 30_000) int n,
      @ForAll boolean fast,
      @ForAll @IntRange(min = 2, max = 8) int d)
      throws IOException {
    Path base = Files.createTempDirectory("secmem-merge-read");
    try {
      int[] values = new SplittableRandom(n).ints(n).toArray();
      Path in = base.resolve("in.bin");
      Path out = base.resolve("out.bin");
      MergeSortTest.writeInts(in, values);
      SortTuning t = fast ? SortTuning.fast(2) : SortTuning.classic();
      new MergeSort(t, StreamFactory.standard(), TempRegistry.none())
          .sort(
              new SortSpec(
                  in,
                  out,
                  fast ? 1 << 15 : 1000,
                  d,
                  read,
                  StreamType.USER_BUFFER,
                  mergeRead,
                  StreamOptions.ofBuffer(4096),
                  SortOrder.DESCENDING,
                  List.of()));
      int[] sorted = values.clone();
      Arrays.sort(sorted);
      int[] got = MergeSortTest.readInts(out);
      for (int i = 0; i < sorted.length; i++) {
        assertEquals(sorted[sorted.length - 1 - i], got[i], "at " + i);
      }
      assertEquals(n, got.length);
    } finally {
      WorkDirectory.deleteTree(base);
    }
  }
}
