package org.secmem.results;

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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.probe.FileSystemId;
import org.secmem.probe.ProbeStore;

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
  void capture_probeFiguresOfTheDataFoldersFileSystem_only() throws IOException {
    Path kept = dir.resolve("probe.properties");
    String fs = FileSystemId.ofFolder(dir).orElseThrow();
    ProbeStore.keep(
        kept,
        fs,
        Map.of(
            "date", "2026-11-20T08:00:00Z",
            "device_write_mib_s", "unsupported",
            "device_read_mib_s", "1500.5",
            "cache_copy_mib_s", "7000.0",
            "memory_copy_1_thread_mib_s", "9000.1",
            "memory_copy_all_cores_mib_s", "20000.2"));
    ProbeStore.keep(kept, "other@fs@/elsewhere", Map.of("device_read_mib_s", "1.0"));

    EnvironmentRecord r =
        EnvironmentRecord.capture(dir.resolve("data/not/yet"), List.of(), CLOCK, kept);

    assertEquals("2026-11-20T08:00:00Z", r.get("probe.date"));
    assertEquals(fs, r.get("probe.fs"));
    assertEquals("unsupported", r.get("probe.device_write_mib_s"));
    assertEquals("1500.5", r.get("probe.device_read_mib_s"));
    assertEquals("7000.0", r.get("probe.cache_copy_mib_s"));
    assertEquals("9000.1", r.get("probe.memory_copy_1_thread_mib_s"));
    assertEquals("20000.2", r.get("probe.memory_copy_all_cores_mib_s"));
    assertEquals(EnvironmentRecord.KEYS, List.copyOf(r.entries().keySet()));
  }

  @Test
  void capture_probeFileMissingOrUnreadable_isUnknown_neverThrows() throws IOException {
    Path folder = Files.createDirectory(dir.resolve("a-folder-not-a-file"));
    for (Path kept : List.of(dir.resolve("none.properties"), folder)) {
      EnvironmentRecord r = EnvironmentRecord.capture(dir, List.of(), CLOCK, kept);
      for (String key : EnvironmentRecord.KEYS) {
        if (key.startsWith("probe.")) {
          assertEquals(EnvironmentRecord.UNKNOWN, r.get(key), key);
        }
      }
    }
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
    assertTrue(commit.equals("unknown") || commit.matches("[0-9a-f]{4,40}(-dirty)?"), commit);
  }

  /**
   * A run measured with changes not yet committed says so: the commit's hash, then "-dirty" while a
   * tracked file differs from it (the seed run of 2026-11-26 named a clean commit for configs that
   * had changed).
   */
  @Test
  void gitCommit_marksATreeWithUncommittedChangesAsDirty() throws Exception {
    Path repo = dir.resolve("repo");
    Files.createDirectories(repo);
    git(repo, "init", "-q");
    Files.writeString(repo.resolve("config.csv"), "n\n10\n");
    git(repo, "add", "config.csv");
    git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "c");
    String clean = EnvironmentRecord.gitCommit(repo);
    assertTrue(clean.matches("[0-9a-f]{4,40}"), clean);
    Files.writeString(repo.resolve("untracked.txt"), "x");
    assertEquals(clean, EnvironmentRecord.gitCommit(repo), "an untracked file is not a change");
    Files.writeString(repo.resolve("config.csv"), "n\n20\n");
    assertEquals(clean + "-dirty", EnvironmentRecord.gitCommit(repo));
    assertEquals("unknown", EnvironmentRecord.gitCommit(dir.resolve("missing")));
  }

  private static void git(Path repo, String... args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of("git"));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).directory(repo.toFile()).inheritIO().start();
    assertEquals(0, p.waitFor(), String.join(" ", cmd));
  }
}
