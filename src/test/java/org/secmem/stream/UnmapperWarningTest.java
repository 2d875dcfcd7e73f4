package org.secmem.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mapped and channel streams release their windows and buffers without a word on stderr: on JDK 24
 * and later {@code Unsafe.invokeCleaner} printed a four-line warning on every command that mapped a
 * file, so there the collector releases them instead.
 */
class UnmapperWarningTest {

  @TempDir Path dir;

  @Test
  void arenasReleaseBuffersWhereInvokeCleanerWarns() {
    assertTrue(Unmapper.releasesAtOnce());
    assertEquals(
        Runtime.version().feature() >= Unmapper.ARENAS_FROM,
        Unmapper.usesArenas(),
        "arenas from JDK " + Unmapper.ARENAS_FROM);
  }

  /**
   * A mapped stream holds one window of its file at a time: each is unmapped when the stream leaves
   * it, not when the collector gets to it (on JDK 25 a merge sort through mapped streams failed
   * with "Map failed" at vm.max_map_count when they were left to the collector).
   */
  @Test
  void mappedWindows_areUnmappedAsTheStreamLeavesThem() throws IOException {
    Path maps = Paths.get("/proc/self/maps");
    assumeTrue(Files.isReadable(maps), "no /proc/self/maps here");
    Path f = dir.resolve("windows.bin");
    StreamOptions options = StreamOptions.ofBuffer(4096);
    int ints = 2000 * 1024; // 2,000 windows of 4 KiB
    long most = 0;
    try (WriteStream w = Streams.createWriter(StreamType.MAPPED, f, options)) {
      for (int i = 0; i < ints; i++) {
        w.write(i);
        if (i % (64 * 1024) == 0) {
          most = Math.max(most, mappingsOf(maps, f));
        }
      }
      most = Math.max(most, mappingsOf(maps, f));
    }
    try (ReadStream r = Streams.openReader(StreamType.MAPPED, f, options)) {
      for (int i = 0; i < ints; i++) {
        assertEquals(i, r.readNext());
      }
      most = Math.max(most, mappingsOf(maps, f));
    }
    assertTrue(most <= 2, most + " mappings of the file at once");
    assertEquals(0, mappingsOf(maps, f), "mappings left after close");
  }

  private static long mappingsOf(Path maps, Path file) throws IOException {
    String name = file.toRealPath().toString();
    try (var lines = Files.lines(maps)) {
      return lines.filter(l -> l.endsWith(" " + name)).count();
    }
  }

  @Test
  void mappedAndChannelStreams_printNothingOnStderr() throws Exception {
    Path err = dir.resolve("err.txt");
    Process p =
        new ProcessBuilder(
                Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx128m",
                "-cp",
                System.getProperty("java.class.path"),
                MapAndRelease.class.getName(),
                dir.resolve("f.bin").toString())
            .redirectOutput(dir.resolve("out.txt").toFile())
            .redirectError(err.toFile())
            .start();
    try {
      assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the process ended");
    } finally {
      p.destroyForcibly();
    }
    String stderr = Files.readString(err, StandardCharsets.UTF_8);
    assertEquals(0, p.exitValue(), stderr);
    assertEquals("", stderr);
  }

  /** Writes and reads a file through the mapped and channel types, small windows. */
  public static final class MapAndRelease {
    private MapAndRelease() {}

    public static void main(String[] args) throws IOException {
      Path f = Paths.get(args[0]);
      for (StreamType type : List.of(StreamType.MAPPED, StreamType.CHANNEL)) {
        StreamOptions options = StreamOptions.ofBuffer(4096);
        try (WriteStream w = Streams.createWriter(type, f, options)) {
          for (int i = 0; i < 10_000; i++) {
            w.write(i);
          }
        }
        long sum = 0;
        try (ReadStream r = Streams.openReader(type, f, options)) {
          while (!r.endOfStream()) {
            sum += r.readNext();
          }
        }
        if (sum != 10_000L * 9_999 / 2) {
          throw new IllegalStateException(type + " read " + sum);
        }
      }
    }
  }
}
