package org.secmem.buffertree;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.secmem.buffertree.TreeCases.Shape;
import org.secmem.data.SortOrder;
import org.secmem.fs.TempRegistry;
import org.secmem.sort.SortSpec;
import org.secmem.sort.StreamFactory;
import org.secmem.sort.WorkDirectory;
import org.secmem.stream.ReadStream;
import org.secmem.stream.StreamOptions;
import org.secmem.stream.StreamType;
import org.secmem.stream.WriteStream;

/**
 * Buffer-tree sort meeting faults: a stream that fails to open, write, read or close at the k-th
 * such event, for k across the whole sort (reading the input, the root's appends, emptyings, merges
 * and splits, the output), and an interrupt before or during the sort. Each ends in one IOException
 * naming the input (an InterruptedIOException for an interrupt), every stream closed, no output and
 * no work folder left, and an output that existed untouched.
 */
class BufferTreeFaultsTest {

  @TempDir Path dir;

  /** What the k-th event does. */
  enum Fault {
    THROW,
    INTERRUPT
  }

  /**
   * Streams that count their events (opening, each write, each read, closing) and at the k-th throw
   * an IOException or interrupt the thread; they remember whether each was closed.
   */
  static final class CountingFactory implements StreamFactory {
    final long failAt;
    final Fault fault;
    final List<Boolean> closed = new ArrayList<>();
    final List<String> opened = new ArrayList<>();
    long events;
    String failedAt;

    CountingFactory(long failAt, Fault fault) {
      this.failAt = failAt;
      this.fault = fault;
    }

    private void event(String what) throws IOException {
      if (++events == failAt) {
        failedAt = what;
        if (fault == Fault.THROW) {
          throw new IOException("injected fault at event " + events + ": " + what);
        }
        Thread.currentThread().interrupt();
      }
    }

    @Override
    public ReadStream openReader(
        StreamType type, Path path, StreamOptions options, long from, long to) throws IOException {
      event("open " + path.getFileName());
      ReadStream real = StreamFactory.standard().openReader(type, path, options, from, to);
      int index = track(path);
      return new ReadStream() {
        @Override
        public int readNext() throws IOException {
          event("read " + path.getFileName());
          return real.readNext();
        }

        @Override
        public boolean endOfStream() throws IOException {
          return real.endOfStream();
        }

        @Override
        public int read(int[] dst, int off, int len) throws IOException {
          event("read " + path.getFileName());
          return real.read(dst, off, len);
        }

        @Override
        public void close() throws IOException {
          closed.set(index, true);
          real.close();
          event("close " + path.getFileName());
        }
      };
    }

    @Override
    public WriteStream createWriter(StreamType type, Path path, StreamOptions options)
        throws IOException {
      event("create " + path.getFileName());
      return counted(StreamFactory.standard().createWriter(type, path, options), path);
    }

    @Override
    public WriteStream createRegionWriter(
        StreamType type, Path path, StreamOptions options, long at, long len) throws IOException {
      event("open region of " + path.getFileName());
      return counted(
          StreamFactory.standard().createRegionWriter(type, path, options, at, len), path);
    }

    private WriteStream counted(WriteStream real, Path path) {
      int index = track(path);
      return new WriteStream() {
        @Override
        public void write(int value) throws IOException {
          event("write " + path.getFileName());
          real.write(value);
        }

        @Override
        public void write(int[] src, int off, int len) throws IOException {
          event("write " + path.getFileName());
          real.write(src, off, len);
        }

        @Override
        public void close() throws IOException {
          closed.set(index, true);
          real.close();
          event("close " + path.getFileName());
        }
      };
    }

    private int track(Path path) {
      closed.add(false);
      opened.add(path.getFileName().toString());
      return closed.size() - 1;
    }
  }

  private static final int N = 400;

  @AfterEach
  void clearInterrupt() {
    Thread.interrupted();
  }

  private Path input(Path base) throws IOException {
    Path in = base.resolve("in.bin");
    TreeCases.writeInts(in, TreeCases.data(Shape.DUPLICATES, N, 4));
    return in;
  }

  /** B = 16 ints, m = 8 blocks, b = 4: leaves split, the root splits, three levels or more. */
  private static BufferTreeSort.Result sort(StreamFactory f, Path in, Path out) throws IOException {
    return new BufferTreeSort(FanoutRule.ratio(2), f, TempRegistry.none())
        .sortCounted(
            new SortSpec(
                in,
                out,
                8 * 16,
                2,
                StreamType.USER_BUFFER,
                StreamType.USER_BUFFER,
                StreamOptions.ofBuffer(64),
                SortOrder.ASCENDING,
                List.of()));
  }

  /** Events a sort without faults has: opens, writes, reads and closes. */
  private long eventsOfAWholeSort() throws IOException {
    Path base = Files.createDirectories(dir.resolve("count"));
    CountingFactory f = new CountingFactory(0, Fault.THROW);
    BufferTreeSort.Result r = sort(f, input(base), base.resolve("out.bin"));
    assertTrue(r.tree().height() >= 3, r.tree().toString());
    assertTrue(f.closed.stream().allMatch(c -> c));
    return f.events;
  }

  /** k = 1 .. 6, then {@code spread} more across the rest, and the last two. */
  private static List<Long> ks(long events, int spread) {
    TreeSet<Long> ks = new TreeSet<>();
    for (long k = 1; k <= Math.min(6, events); k++) {
      ks.add(k);
    }
    for (long k = 7; k <= events; k += Math.max(1, events / spread)) {
      ks.add(k);
    }
    for (long k = Math.max(1, events - 1); k <= events; k++) {
      ks.add(k);
    }
    return List.copyOf(ks);
  }

  private static void assertNothingLeft(Path base, boolean outputExisted, String what)
      throws IOException {
    try (Stream<Path> left = Files.list(base)) {
      List<String> names = left.map(p -> p.getFileName().toString()).sorted().toList();
      assertEquals(
          outputExisted ? List.of("in.bin", "out.bin") : List.of("in.bin"),
          names,
          "no work folder (" + WorkDirectory.PREFIX + "*), no partial output: " + what);
    }
    if (outputExisted) {
      assertEquals("precious", Files.readString(base.resolve("out.bin")), what);
    }
  }

  @ParameterizedTest(name = "output existed: {0}")
  @ValueSource(booleans = {false, true})
  void faultAtAnyEvent_oneIOExceptionNamingTheInput_nothingLeft(boolean outputExisted)
      throws IOException {
    long events = eventsOfAWholeSort();
    for (long k : ks(events, outputExisted ? 8 : 24)) {
      Path base = Files.createDirectories(dir.resolve("k" + k + "-" + outputExisted));
      Path in = input(base);
      Path out = base.resolve("out.bin");
      if (outputExisted) {
        Files.writeString(out, "precious");
      }
      CountingFactory f = new CountingFactory(k, Fault.THROW);
      IOException e = assertThrows(IOException.class, () -> sort(f, in, out), "k=" + k);
      String what = "k=" + k + " of " + events + " (" + f.failedAt + "): " + e;
      assertTrue(e.getMessage().contains(in.toString()), "names the input: " + what);
      assertTrue(e.getMessage().contains("injected fault at event " + k), what);
      assertTrue(
          f.closed.stream().allMatch(c -> c),
          "every stream closed: " + f.opened + " " + f.closed + " " + what);
      assertNothingLeft(base, outputExisted, what);
    }
  }

  @Test
  void interruptedBeforeTheSort_interruptedIOException_nothingLeft() throws IOException {
    Path base = Files.createDirectories(dir.resolve("before"));
    Path in = input(base);
    Thread.currentThread().interrupt();
    CountingFactory f = new CountingFactory(0, Fault.THROW);
    IOException e = assertThrows(IOException.class, () -> sort(f, in, base.resolve("out.bin")));
    assertTrue(e instanceof InterruptedIOException, String.valueOf(e));
    assertTrue(e.getMessage().contains(in.toString()), e.getMessage());
    assertTrue(f.closed.stream().allMatch(c -> c), f.opened + " " + f.closed);
    assertNothingLeft(base, false, "interrupted before");
  }

  @Test
  void interruptedDuringTheSort_interruptedIOException_nothingLeft() throws IOException {
    long events = eventsOfAWholeSort();
    int stopped = 0;
    for (long k : ks(events, 16)) {
      Path base = Files.createDirectories(dir.resolve("i" + k));
      Path in = input(base);
      Path out = base.resolve("out.bin");
      CountingFactory f = new CountingFactory(k, Fault.INTERRUPT);
      String what = "interrupt at event " + k + " of " + events;
      try {
        sort(f, in, out);
        // Interrupted after the last check: the sort finished, and the interrupt is still
        // there for the caller to see.
        assertTrue(Thread.interrupted(), "interrupt kept: " + what + " (" + f.failedAt + ")");
        int[] expected = TreeCases.expected(TreeCases.readInts(in), SortOrder.ASCENDING);
        assertArrayEquals(expected, TreeCases.readInts(out), what);
        assertTrue(
            k > events / 2,
            "an interrupt in the first half stops the sort: " + what + " (" + f.failedAt + ")");
      } catch (InterruptedIOException e) {
        stopped++;
        assertTrue(e.getMessage().contains(in.toString()), what + ": " + e);
        assertTrue(f.closed.stream().allMatch(c -> c), what + " " + f.opened + " " + f.closed);
        assertNothingLeft(base, false, what);
      } catch (IOException e) {
        fail(what + " (" + f.failedAt + "): not an InterruptedIOException: " + e, e);
      } finally {
        Thread.interrupted();
      }
    }
    assertTrue(stopped > 0);
  }

  @Test
  void faultInABufferTree_closeStillDeletesEveryFile() throws IOException {
    // Not through the sort's work folder: the tree's own close must find every file it made,
    // also those of a merge or split cut short.
    TreeMemory p =
        TreeMemory.plan(
            0, 8 * 16, 64, FanoutRule.ratio(2), StreamType.USER_BUFFER, StreamType.USER_BUFFER);
    int[] values = TreeCases.data(Shape.RANDOM, N, 8);
    CountingFactory count = new CountingFactory(0, Fault.THROW);
    Path d0 = Files.createDirectories(dir.resolve("t0"));
    try (BufferTree t =
        new BufferTree(
            p,
            List.of(d0),
            count,
            StreamType.USER_BUFFER,
            StreamType.USER_BUFFER,
            StreamOptions.ofBuffer(64))) {
      t.insert(values, 0, N);
      t.emptyAll();
    }
    for (long k : ks(count.events, 24)) {
      Path d = Files.createDirectories(dir.resolve("t" + k));
      CountingFactory f = new CountingFactory(k, Fault.THROW);
      assertThrows(
          IOException.class,
          () -> {
            try (BufferTree t =
                new BufferTree(
                    p,
                    List.of(d),
                    f,
                    StreamType.USER_BUFFER,
                    StreamType.USER_BUFFER,
                    StreamOptions.ofBuffer(64))) {
              t.insert(values, 0, N);
              t.emptyAll();
            }
          });
      assertTrue(f.closed.stream().allMatch(c -> c), "k=" + k + " " + f.opened + f.closed);
      try (Stream<Path> left = Files.list(d)) {
        assertEquals(
            List.of(),
            left.map(x -> x.getFileName().toString()).toList(),
            "k=" + k + " (" + f.failedAt + ")");
      }
      assertFalse(Thread.currentThread().isInterrupted());
    }
  }
}
