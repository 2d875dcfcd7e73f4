package org.secmem.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.EOFException;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Streams meeting faults: a disk that fills up under a writer, a file truncated under a reader.
 * Each failure is one IOException naming the file, thrown once (never the same object twice, which
 * breaks try-with-resources), and never the JVM's raw fault of a memory mapping.
 */
class StreamFaultsTest {

  private static final int B = 1 << 16;

  @TempDir static Path shared;
  @TempDir Path dir;

  /** A 1 MiB tmpfs, or null where it cannot be mounted (not root). */
  private static Path small;

  @BeforeAll
  static void mountSmallDisk() throws Exception {
    Path p = shared.resolve("small");
    Files.createDirectories(p);
    if (run("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", p.toString()) == 0) {
      small = p;
    }
  }

  @AfterAll
  static void unmountSmallDisk() throws Exception {
    if (small != null) {
      run("umount", "-l", small.toString());
    }
  }

  private static int run(String... command) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    p.getInputStream().readAllBytes();
    return p.waitFor();
  }

  /** Every type that can write on tmpfs (which has no O_DIRECT). */
  static Stream<StreamType> writers() {
    return Stream.of(StreamType.values()).filter(t -> t != StreamType.DIRECT);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("writers")
  void diskFull_oneIOExceptionNamingTheFile(StreamType type) throws IOException {
    assumeTrue(small != null, "cannot mount a small tmpfs here (needs root): test skipped");
    Path file = small.resolve(type.cliName() + ".bin");
    try {
      // 2 MiB into 1 MiB, through try-with-resources as every caller writes.
      IOException e =
          assertThrows(
              IOException.class,
              () -> {
                try (WriteStream w = Streams.createWriter(type, file, StreamOptions.ofBuffer(B))) {
                  for (int i = 0; i < (1 << 19); i++) {
                    w.write(i);
                  }
                }
              });
      assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
      assertTrue(e.getMessage().contains("No space left on device"), e.getMessage());
      for (Throwable s : e.getSuppressed()) {
        assertNotSame(e, s);
      }
    } finally {
      Files.deleteIfExists(file);
    }
  }

  @Test
  void asyncWriter_afterAFailure_neverThrowsTheSameExceptionAgain() throws IOException {
    assumeTrue(small != null, "cannot mount a small tmpfs here (needs root): test skipped");
    Path file = small.resolve("async.bin");
    try {
      WriteStream w = Streams.createWriter(StreamType.ASYNC, file, StreamOptions.ofBuffer(B));
      IOException first = null;
      for (int i = 0; i < (1 << 19) && first == null; i++) {
        try {
          w.write(i);
        } catch (IOException e) {
          first = e;
        }
      }
      assertTrue(first != null, "the disk filled up");
      IOException again = assertThrows(IOException.class, () -> w.write(new int[B], 0, B));
      assertNotSame(first, again);
      w.close(); // releases; what failed was reported already
    } finally {
      Files.deleteIfExists(file);
    }
  }

  /**
   * A file of {@code ints} ints whose reader has begun; then the file is cut to {@code keepBytes}
   * and {@code action} reads on.
   */
  private Path truncatedUnderReader(StreamType type, int ints, long keepBytes, ReadAction action)
      throws IOException {
    Path file = dir.resolve(type.cliName() + ".bin");
    try (WriteStream w =
        Streams.createWriter(StreamType.CHANNEL, file, StreamOptions.ofBuffer(B))) {
      for (int i = 0; i < ints; i++) {
        w.write(i);
      }
    }
    try (ReadStream r = Streams.openReader(type, file, StreamOptions.ofBuffer(B))) {
      assertEquals(0, r.readNext());
      try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
        raf.setLength(keepBytes);
      }
      action.readOn(r);
    }
    return file;
  }

  interface ReadAction {
    void readOn(ReadStream r) throws IOException;
  }

  /*
   * The JVM reports a fault in a mapping at the next safepoint or call into the VM, which may lie
   * in the caller. These tests read in bulk across the end of the faulting window, so the window
   * change, where the stream looks for faults, lies inside the same call as the fault: the outcome
   * does not depend on timing. (The read and write experiments also turn a fault that surfaced in
   * their own loops into an IOException.)
   */

  @Test
  void mappedRead_ofAFileTruncatedUnderneath_isAnIOExceptionNamingIt_notAnInternalError()
      throws IOException {
    Path file = dir.resolve(StreamType.MAPPED.cliName() + ".bin");
    int[] rest = new int[B / 4 + 100]; // the rest of the first window and into the second
    IOException e =
        assertThrows(
            IOException.class,
            () ->
                // The last page of the first window is gone: reading it faults.
                truncatedUnderReader(
                    StreamType.MAPPED, 1 << 20, B - 4096, r -> r.read(rest, 0, rest.length)));
    assertTrue(e instanceof EOFException, e.toString());
    assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
    assertTrue(e.getMessage().contains("became shorter"), e.getMessage());
  }

  @Test
  void mappedRead_ofAFileTruncatedToNothing_isAnIOExceptionNamingIt() throws IOException {
    Path file = dir.resolve(StreamType.MAPPED.cliName() + ".bin");
    int[] block = new int[B / 4 + 100];
    IOException e =
        assertThrows(
            IOException.class,
            () ->
                truncatedUnderReader(
                    StreamType.MAPPED, 1 << 20, 0, r -> r.read(block, 0, block.length)));
    assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
  }

  @Test
  void asyncRead_ofAFileTruncatedUnderneath_failsOnce_thenSaysItIsBroken() throws IOException {
    Path file = dir.resolve("async.bin");
    IOException[] seen = new IOException[2];
    truncatedUnderReader(
        StreamType.ASYNC,
        1 << 20,
        0,
        r -> {
          for (int k = 0; k < 2; k++) {
            try {
              while (!r.endOfStream()) {
                r.readNext();
              }
            } catch (IOException e) {
              seen[k] = e;
            }
          }
        });
    assertTrue(seen[0] instanceof EOFException, String.valueOf(seen[0]));
    assertTrue(seen[0].getMessage().contains(file.toString()), seen[0].getMessage());
    assertTrue(seen[1] != null, "a second read fails too");
    assertNotSame(seen[0], seen[1]);
  }
}
