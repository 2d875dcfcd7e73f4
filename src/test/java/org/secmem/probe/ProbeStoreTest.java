package org.secmem.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ProbeStoreTest {

  @TempDir Path dir;

  @Test
  void keep_twoFileSystems_keepsBoth_andReplacesOnlyTheOneProbedAgain() throws IOException {
    Path file = dir.resolve("cache/secmem/probe.properties");
    ProbeStore.keep(file, "ext4@/dev/sda1@/", Map.of("device_read_mib_s", "500.0", "date", "d1"));
    ProbeStore.keep(file, "tmpfs@tmpfs@/dev/shm", Map.of("device_read_mib_s", "9000.0"));
    ProbeStore.keep(file, "ext4@/dev/sda1@/", Map.of("device_read_mib_s", "510.5", "date", "d2"));

    Map<String, Map<String, String>> all = ProbeStore.read(file);
    assertEquals(List.of("ext4@/dev/sda1@/", "tmpfs@tmpfs@/dev/shm"), List.copyOf(all.keySet()));
    assertEquals(Map.of("device_read_mib_s", "510.5", "date", "d2"), all.get("ext4@/dev/sda1@/"));
    assertEquals(
        Optional.of(Map.of("device_read_mib_s", "9000.0")),
        ProbeStore.find(file, "tmpfs@tmpfs@/dev/shm"));
    assertEquals(Optional.empty(), ProbeStore.find(file, "xfs@/dev/sdb@/data"));
    try (var files = Files.list(file.getParent())) {
      assertEquals(List.of(file), files.toList(), "no temporary left beside it");
    }
  }

  @Test
  void read_missingFile_isEmpty() throws IOException {
    assertEquals(Map.of(), ProbeStore.read(dir.resolve("none.properties")));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "/plain/path",
        " leading space",
        "back\\slash",
        "new\nline",
        "tab\there",
        "#not a comment",
        "a=b:c",
        "ünïcødé ✓",
        "trailing space "
      })
  void values_readBackUnchanged(String value) throws IOException {
    Path file = dir.resolve("p.properties");
    ProbeStore.keep(file, "ext4@/dev/x@/", Map.of("dir", value));
    assertEquals(value, ProbeStore.find(file, "ext4@/dev/x@/").orElseThrow().get("dir"));
  }

  @Test
  void values_readBackUnchanged_randomText() throws IOException {
    Random r = new Random(29);
    Path file = dir.resolve("r.properties");
    for (int i = 0; i < 200; i++) {
      StringBuilder sb = new StringBuilder();
      int len = r.nextInt(12);
      for (int j = 0; j < len; j++) {
        sb.append((char) (r.nextBoolean() ? r.nextInt(128) : 32 + r.nextInt(0x2000)));
      }
      Map<String, String> fields = new LinkedHashMap<>();
      fields.put("dir", sb.toString());
      ProbeStore.keep(file, "fs" + (i % 3), fields);
      assertEquals(sb.toString(), ProbeStore.find(file, "fs" + (i % 3)).orElseThrow().get("dir"));
    }
    assertEquals(3, ProbeStore.read(file).size());
  }

  @Test
  void identities_holdNoCharacterAPropertiesKeyWouldSplitOn() {
    String id = FileSystemId.sanitize("fuse.sshfs@me@host:/a b=c#d\\e!@/mnt/x y");
    assertTrue(id.matches("[A-Za-z0-9_/.,+@-]+"), id);
    assertEquals("fuse.sshfs@me@host_/a_b_c_d_e_@/mnt/x_y", id);
  }

  @Test
  void identity_ofATempFolder_namesItsType() throws IOException {
    String id = FileSystemId.ofFolder(dir).orElseThrow();
    assertTrue(id.startsWith(Files.getFileStore(dir).type() + "@"), id);
    assertEquals(id, FileSystemId.ofFolder(dir.resolve("not/yet")).orElseThrow());
  }

  /** Far more than a reader that does not block needs; a hang is what it catches. */
  private static final Duration NO_HANG = Duration.ofSeconds(60);

  @Test
  void read_aFifo_isRefusedWithoutOpeningIt_andNoFloorComesOfIt() throws Exception {
    Path fifo = dir.resolve("probe.properties");
    Process mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
    assumeTrue(mk.waitFor(30, TimeUnit.SECONDS) && mk.exitValue() == 0, "mkfifo works here");
    try {
      IOException e =
          assertTimeoutPreemptively(
              NO_HANG, () -> assertThrows(IOException.class, () -> ProbeStore.read(fifo)));
      assertTrue(e.getMessage().contains(fifo + " is not a regular file"), e.getMessage());
      assertTimeoutPreemptively(
          NO_HANG, () -> assertEquals(Optional.empty(), Floor.forPath(fifo, dir)));
    } finally {
      // Opened read-write, a FIFO lets a reader stuck in open() go (only where the check failed).
      new RandomAccessFile(fifo.toFile(), "rw").close();
    }
  }

  @Test
  void read_aFileOfHundredsOfMegabytes_isRefusedUnread() throws Exception {
    Path big = dir.resolve("probe.properties");
    try (RandomAccessFile f = new RandomAccessFile(big.toFile(), "rw")) {
      f.setLength(150L << 20); // sparse: no disk used
    }
    IOException e =
        assertTimeoutPreemptively(
            NO_HANG, () -> assertThrows(IOException.class, () -> ProbeStore.read(big)));
    assertTrue(e.getMessage().contains("more than " + ProbeStore.MAX_BYTES), e.getMessage());
  }

  @Test
  void read_aLinkToDevZero_isRefusedUnread() throws Exception {
    Path link = Files.createSymbolicLink(dir.resolve("probe.properties"), Path.of("/dev/zero"));
    IOException e =
        assertTimeoutPreemptively(
            NO_HANG, () -> assertThrows(IOException.class, () -> ProbeStore.read(link)));
    assertTrue(e.getMessage().contains(link + " is a symbolic link"), e.getMessage());
  }

  /**
   * A link even to a good file is refused: secmem writes the file only by replacing it, never
   * through a link, so a link there is not one it keeps.
   */
  @Test
  void read_aLinkToAGoodFile_isRefused() throws IOException {
    Path real = dir.resolve("real.properties");
    ProbeStore.keep(real, "ext4@/dev/x@/", Map.of(Figures.CACHE_COPY, "900.0"));
    Path link = Files.createSymbolicLink(dir.resolve("probe.properties"), real);
    IOException e = assertThrows(IOException.class, () -> ProbeStore.read(link));
    assertTrue(e.getMessage().contains("symbolic link"), e.getMessage());
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"1e-300", "1e300", "NaN", "Infinity", "-Infinity", "0", "-5", "0.001", "2e7"})
  void read_aRateNoDeviceOrMemoryCouldHave_isIgnored_theOthersKept(String tampered)
      throws IOException {
    Path file = dir.resolve("probe.properties");
    Files.writeString(
        file,
        "fs1.cache_copy_mib_s="
            + tampered
            + "\nfs1.device_read_mib_s=1500.5\nfs1.device_write_mib_s=unsupported\n"
            + "fs1.device_read_mib_s_qd4="
            + tampered
            + "\nfs1.memory_copy_1_thread_mib_s="
            + tampered
            + "\nfs1.date=2026-11-26T01:00:00Z\n");
    Map<String, String> fs1 = ProbeStore.find(file, "fs1").orElseThrow();
    assertEquals(
        Map.of(
            "device_read_mib_s", "1500.5",
            "device_write_mib_s", "unsupported",
            "date", "2026-11-26T01:00:00Z"),
        fs1);
  }

  @ParameterizedTest
  @ValueSource(strings = {"0.01", "0.5", "1500.5", "10000000", "1e7"})
  void read_ratesInThePlausibleRange_areKept(String rate) throws IOException {
    Path file = dir.resolve("probe.properties");
    Files.writeString(file, "fs1.cache_copy_mib_s=" + rate + "\n");
    assertEquals(Map.of("cache_copy_mib_s", rate), ProbeStore.find(file, "fs1").orElseThrow());
  }
}
