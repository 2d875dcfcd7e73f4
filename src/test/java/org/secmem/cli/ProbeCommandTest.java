package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.probe.FileSystemId;
import org.secmem.probe.ProbeHistory;
import org.secmem.probe.ProbeReport;
import org.secmem.probe.ProbeStore;
import org.secmem.results.EnvironmentRecord;

/** {@code secmem probe}: measures, keeps per file system, and later runs' records carry it. */
class ProbeCommandTest {

  @TempDir Path dir;

  private static final List<String> RATES =
      List.of(
          "device_write_mib_s",
          "device_read_mib_s",
          "cache_copy_mib_s",
          "memory_copy_1_thread_mib_s",
          "memory_copy_all_cores_mib_s");

  private CliTest.Result probe(Path folder, Path out) {
    return CliTest.run(
        "probe",
        "--dir",
        folder.toString(),
        "--size",
        "8M",
        "--reps",
        "1",
        "--out",
        out.toString());
  }

  @Test
  void probe_keepsEveryFigure_withItsDate_andLeavesNoFile() throws IOException {
    Path data = dir.resolve("data"); // created by the probe
    Path out = dir.resolve("kept/probe.properties");
    Instant before = Instant.now();

    CliTest.Result r = probe(data, out);

    assertEquals(0, r.code(), r.err());
    String id = FileSystemId.ofFolder(data).orElseThrow();
    Map<String, String> kept = ProbeStore.find(out, id).orElseThrow();
    Instant date = Instant.parse(kept.get("date"));
    assertFalse(date.isBefore(before.minus(Duration.ofSeconds(1))), kept.get("date"));
    assertEquals(data.toAbsolutePath().toString(), kept.get("dir"));
    assertEquals(Long.toString(8L << 20), kept.get("size_bytes"));
    assertEquals("1", kept.get("reps"));
    for (String rate : RATES) {
      String v = kept.get(rate);
      if (!(rate.startsWith("device") && "unsupported".equals(v))) {
        assertTrue(Double.parseDouble(v) > 0, rate + "=" + v);
      }
    }
    for (int depth : List.of(1, 2, 4, 8, 16)) {
      if (!"unsupported".equals(kept.get("device_read_mib_s"))) {
        assertTrue(Double.parseDouble(kept.get("device_read_mib_s_qd" + depth)) > 0);
        assertTrue(Double.parseDouble(kept.get("device_write_mib_s_qd" + depth)) > 0);
      }
    }
    assertTrue(r.out().contains("folder       " + data.toAbsolutePath()), r.out());
    assertTrue(r.out().contains("file system  " + id), r.out());
    assertTrue(r.out().contains("kept in " + out), r.out());
    assertTrue(r.out().contains("probe file   8 MiB, best of 1"), r.out());
    assertTrue(r.out().matches("(?s).*memory copy of .*, 1 thread +\\d+\\.\\d\n.*"), r.out());
    try (var left = Files.list(data)) {
      assertEquals(List.of(), left.toList(), "the probe's files are removed");
    }
  }

  @Test
  void twoProbes_areBothKept_andTheFloorIsTheBestOfThem_notYetSettled() throws IOException {
    Path data = dir.resolve("data");
    Path out = dir.resolve("probe.properties");
    CliTest.Result r =
        CliTest.run(
            "probe",
            "--dir",
            data.toString(),
            "--size",
            "8M",
            "--reps",
            "1",
            "--probes",
            "2",
            "--out",
            out.toString());
    assertEquals(0, r.code(), r.err());
    String id = FileSystemId.ofFolder(data).orElseThrow();
    ProbeHistory h = ProbeHistory.of(ProbeStore.find(out, id).orElseThrow());
    assertEquals(2, h.probes().size(), "both probes kept");
    assertTrue(r.out().contains("probe 2 of 2: measuring memory copy ..."), r.out());
    assertTrue(
        r.out().matches("(?s).*probe 1 of 2: device read .*, page-cache copy .* MiB/s\n.*"),
        r.out());
    assertTrue(
        r.out().contains("floor of this file system: the best of its last 2 probes"), r.out());
    assertTrue(
        r.out()
            .matches(
                "(?s).*\n  page-cache copy +\\d+\\.\\d MiB/s  \\S+  2 probes: not"
                    + " settled \\(3 needed\\)\n.*"),
        r.out());
    assertEquals(0, probe(data, out).code());
    h = ProbeHistory.of(ProbeStore.find(out, id).orElseThrow());
    assertEquals(3, h.probes().size(), "a later probe adds to them");
  }

  @Test
  void aProbeWhileOtherWorkRan_isSaidToBeLow_aQuietOneIsNot() {
    assertEquals("", ProbeReport.busy(0.1));
    assertEquals("", ProbeReport.busy(Double.NaN));
    assertTrue(
        ProbeReport.busy(0.93)
            .startsWith(
                "warning: other work kept 0.93 cores busy during this probe (more than"
                    + " 0.5): its rates may be low"),
        ProbeReport.busy(0.93));
  }

  @Test
  void probeOfAnotherFileSystem_keepsBoth() throws IOException {
    Path shm = Path.of("/dev/shm");
    assumeTrue(Files.isDirectory(shm) && Files.isWritable(shm));
    String here = FileSystemId.ofFolder(dir).orElseThrow();
    String there = FileSystemId.ofFolder(shm).orElseThrow();
    assumeTrue(!here.equals(there));
    Path out = dir.resolve("probe.properties");
    Path other = Files.createTempDirectory(shm, "secmem-probe-test");
    try {
      assertEquals(0, probe(dir.resolve("a"), out).code());
      CliTest.Result r = probe(other, out);
      assertEquals(0, r.code(), r.err());
      Map<String, Map<String, String>> all = ProbeStore.read(out);
      assertEquals(2, all.size(), all.toString());
      assertEquals(dir.resolve("a").toAbsolutePath().toString(), all.get(here).get("dir"));
      assertEquals(other.toAbsolutePath().toString(), all.get(there).get("dir"));
    } finally {
      Files.deleteIfExists(other);
    }
  }

  @Test
  void laterRun_environmentRecordCarriesTheFigures() throws IOException {
    Path out = dir.resolve("probe.properties");
    String old = System.getProperty(ProbeStore.FILE_PROPERTY);
    System.setProperty(ProbeStore.FILE_PROPERTY, out.toString());
    try {
      Path data = dir.resolve("data");
      assertEquals(
          0, CliTest.run("probe", "--dir", data.toString(), "--size", "8M", "--reps", "1").code());
      Map<String, String> kept =
          ProbeStore.find(out, FileSystemId.ofFolder(data).orElseThrow()).orElseThrow();
      Path results = dir.resolve("r.csv");
      CliTest.Result w =
          CliTest.run(
              "write",
              "--stream",
              "buffered",
              "--n",
              "1000",
              "--k",
              "1",
              "--dir",
              data.toString(),
              "--reps",
              "1",
              "--warmup",
              "0",
              "--results",
              results.toString());
      assertEquals(0, w.code(), w.err());

      List<String> lines = Files.readAllLines(dir.resolve("r-environment.txt"));
      assertTrue(lines.contains("probe.date=" + kept.get("date")), lines.toString());
      assertTrue(lines.contains("probe.fs=" + FileSystemId.ofFolder(data).orElseThrow()));
      for (String rate : RATES) {
        assertTrue(lines.contains("probe." + rate + "=" + kept.get(rate)), rate + " " + lines);
      }
    } finally {
      if (old == null) {
        System.clearProperty(ProbeStore.FILE_PROPERTY);
      } else {
        System.setProperty(ProbeStore.FILE_PROPERTY, old);
      }
    }
  }

  @Test
  void tooLittleSpace_isRefused_nothingWritten() {
    Path data = dir.resolve("never");
    Path out = dir.resolve("probe.properties");

    CliTest.Result r =
        CliTest.run("probe", "--dir", data.toString(), "--size", "2^50", "--out", out.toString());

    assertEquals(2, r.code(), r.out());
    assertTrue(r.err().contains("not enough free disk"), r.err());
    assertTrue(r.err().contains("needs 1.0 PiB"), r.err());
    assertFalse(Files.exists(data), "--dir not created");
    assertFalse(Files.exists(out), "nothing kept");
  }

  @Test
  void dirThatIsAFile_orUnderAFile_isRefused_nothingWritten() throws IOException {
    Path file = Files.writeString(dir.resolve("plain.txt"), "x");
    Path out = dir.resolve("probe.properties");
    for (Path bad : List.of(file, file.resolve("sub"))) {
      CliTest.Result r = probe(bad, out);
      assertEquals(2, r.code(), r.out());
      assertTrue(r.err().contains("--dir: "), r.err());
      assertTrue(r.err().contains("is a file, not a folder"), r.err());
      assertFalse(Files.exists(out));
    }
  }

  @Test
  void unwritableDir_isRefused() throws IOException {
    Path ro = Files.createDirectory(dir.resolve("ro"));
    assumeTrue(
        ro.toFile().setWritable(false, false) && !Files.isWritable(ro), "root writes anyway");
    try {
      CliTest.Result r = probe(ro, dir.resolve("probe.properties"));
      assertEquals(2, r.code(), r.out());
      assertTrue(r.err().contains("is not writable"), r.err());
    } finally {
      ro.toFile().setWritable(true);
    }
  }

  @Test
  void badSizeOrReps_isRefused() {
    Path out = dir.resolve("probe.properties");
    for (String[] args :
        List.of(
            new String[] {"--size", "512K"},
            new String[] {"--reps", "0"},
            new String[] {"--reps", "101"},
            new String[] {"--probes", "0"},
            new String[] {"--probes", "6"},
            new String[] {"--size", "lots"})) {
      CliTest.Result r =
          CliTest.run(
              "probe",
              "--dir",
              dir.resolve("d").toString(),
              "--out",
              out.toString(),
              args[0],
              args[1]);
      assertEquals(2, r.code(), String.join(" ", args) + ": " + r.err());
      assertTrue(r.err().contains(args[0]), r.err());
      assertFalse(Files.exists(dir.resolve("d")));
    }
  }

  @Test
  void sizeNotAWholeNumberOfMib_isRefused_sayingWhatIsAllowed() {
    for (String size : List.of("1536K", "1048577")) {
      CliTest.Result r =
          CliTest.run(
              "probe",
              "--dir",
              dir.resolve("d").toString(),
              "--out",
              dir.resolve("probe.properties").toString(),
              "--size",
              size);
      assertEquals(2, r.code(), size + ": " + r.err());
      assertTrue(r.err().contains("--size: " + size), r.err());
      assertTrue(r.err().contains("whole number of MiB"), r.err());
      assertFalse(Files.exists(dir.resolve("d")));
    }
  }

  @Test
  void environmentRecord_neverProbed_saysUnknown() {
    EnvironmentRecord e =
        EnvironmentRecord.capture(
            dir, List.of("x"), java.time.Clock.systemUTC(), dir.resolve("none.properties"));
    assertEquals("unknown", e.get("probe.date"));
    assertEquals("unknown", e.get("probe.device_read_mib_s"));
    assertNotEquals("unknown", e.get("fs.type"));
  }
}
