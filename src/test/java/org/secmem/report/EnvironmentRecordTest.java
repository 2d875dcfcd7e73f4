package org.secmem.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EnvironmentRecordTest {

  @TempDir Path dir;

  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-11-22T10:00:00Z"), ZoneOffset.UTC);

  @Test
  void capture_hasEveryKeyWithANonBlankValue() {
    EnvironmentRecord r = EnvironmentRecord.capture(dir, List.of("secmem", "read"), CLOCK);

    assertEquals(EnvironmentRecord.KEYS, List.copyOf(r.entries().keySet()));
    r.entries().forEach((k, v) -> assertFalse(v.isBlank(), k));
    assertEquals("2026-11-22T10:00:00Z", r.get("time"));
    assertEquals("secmem read", r.get("command"));
    assertEquals(dir.toAbsolutePath().normalize().toString(), r.get("data.dir"));
    assertEquals(
        Integer.toString(Runtime.getRuntime().availableProcessors()),
        r.get("cpu.available_processors"));
    assertEquals(Long.toString(Runtime.getRuntime().maxMemory()), r.get("jvm.max_heap_bytes"));
    // under Maven the classes come from target/classes, without a manifest
    assertEquals("dev", r.get("secmem.version"));
  }

  @Test
  void capture_onLinux_readsProcAndFileStore() {
    EnvironmentRecord r = EnvironmentRecord.capture(dir, List.of(), CLOCK);
    if (Files.isReadable(Path.of("/proc/meminfo"))) {
      assertTrue(Long.parseLong(r.get("mem.total_bytes")) > 0);
      assertNotEquals(EnvironmentRecord.UNKNOWN, r.get("kernel"));
    }
    assertTrue(Long.parseLong(r.get("fs.usable_bytes")) >= 0);
    assertNotEquals(EnvironmentRecord.UNKNOWN, r.get("fs.type"));
  }

  @Test
  void capture_dataDirMissing_usesNearestExistingAncestor() {
    EnvironmentRecord r =
        EnvironmentRecord.capture(dir.resolve("not/yet/made"), List.of("x"), CLOCK);

    assertNotEquals(EnvironmentRecord.UNKNOWN, r.get("fs.type"));
  }

  @Test
  void constructor_missingOrBlankValues_becomeUnknown() {
    EnvironmentRecord r = new EnvironmentRecord(Map.of("time", " ", "kernel", "6.1"));

    assertEquals(EnvironmentRecord.KEYS.size(), r.entries().size());
    assertEquals("unknown", r.get("time"));
    assertEquals("6.1", r.get("kernel"));
    assertEquals("unknown", r.get("cpu.model"));
  }

  @Test
  void writeBeside_writesKeyValueLinesForEveryKey() throws IOException {
    Path raw = dir.resolve("2026-read.csv");

    Path written = EnvironmentRecord.writeBeside(raw, dir, List.of("secmem", "read", "--n", "10"));

    assertEquals(dir.resolve("2026-read-environment.txt"), written);
    List<String> lines = Files.readAllLines(written);
    assertEquals("# secmem environment record", lines.get(0));
    assertEquals(EnvironmentRecord.KEYS.size() + 1, lines.size());
    for (int i = 0; i < EnvironmentRecord.KEYS.size(); i++) {
      String line = lines.get(i + 1);
      assertTrue(line.startsWith(EnvironmentRecord.KEYS.get(i) + "="), line);
    }
    assertTrue(lines.contains("command=secmem read --n 10"));
  }

  @Test
  void toText_escapesLineBreaks() {
    EnvironmentRecord r = new EnvironmentRecord(Map.of("command", "a\nb"));

    assertTrue(r.toText().contains("command=a\\nb\n"));
  }

  @Test
  void joinCommand_quotesWhatAShellWouldSplit() {
    assertEquals(
        "secmem run 'my params.csv' '' 'it'\\''s' --b=2^10",
        EnvironmentRecord.joinCommand(
            List.of("secmem", "run", "my params.csv", "", "it's", "--b=2^10")));
  }

  @Test
  void cpuModel_x86AndArmAndMissing() {
    assertEquals(
        Optional.of("Intel(R) Xeon(R) CPU @ 2.20GHz"),
        EnvironmentRecord.cpuModel(
            List.of(
                "processor\t: 0",
                "vendor_id\t: GenuineIntel",
                "model name\t: Intel(R) Xeon(R) CPU @ 2.20GHz")));
    assertEquals(
        Optional.of("Raspberry Pi 4 Model B Rev 1.4"),
        EnvironmentRecord.cpuModel(
            List.of("processor : 0", "Model\t\t: Raspberry Pi 4 Model B Rev 1.4")));
    assertEquals(
        Optional.empty(), EnvironmentRecord.cpuModel(List.of("garbage", ":", "model name :")));
  }

  @Test
  void memInfoBytes_convertsKilobytesAndSurvivesGarbage() {
    List<String> meminfo =
        List.of("MemTotal:       24000000 kB", "MemFree: lots kB", "HugePages_Total:       0");

    assertEquals(Optional.of("24576000000"), EnvironmentRecord.memInfoBytes(meminfo, "MemTotal"));
    assertEquals(Optional.empty(), EnvironmentRecord.memInfoBytes(meminfo, "MemFree"));
    assertEquals(Optional.of("0"), EnvironmentRecord.memInfoBytes(meminfo, "HugePages_Total"));
    assertEquals(Optional.empty(), EnvironmentRecord.memInfoBytes(meminfo, "MemAvailable"));
  }

  @Test
  void readLines_missingFile_isEmpty() {
    assertEquals(List.of(), EnvironmentRecord.readLines(dir.resolve("nope")));
  }

  @Test
  void gitCommit_neverThrows() {
    String commit = EnvironmentRecord.gitCommit();
    assertTrue(commit.equals("unknown") || commit.matches("[0-9a-f]{4,40}"), commit);
  }
}
