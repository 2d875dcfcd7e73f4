package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.experiment.GeneratedInputs;
import org.secmem.fs.Ownership;
import org.secmem.fs.RamFs;
import org.secmem.results.RawResultsWriter;

/**
 * Issue 45's criticals, as an attacker tried them: every command that removes or overwrites goes by
 * one rule, a file is secmem's only if secmem made and marked it ({@link Ownership}).
 */
class OwnershipRuleTest {

  @TempDir Path dir;

  private static final byte[] NOTES = "my notes\n".getBytes(StandardCharsets.UTF_8);

  private Path aged(Path p) throws IOException {
    Files.setLastModifiedTime(p, FileTime.from(Instant.now().minusSeconds(300)));
    return p;
  }

  @Test
  void cleanData_removesOnlyMarkedInputsOfTheLengthTheirNameSays() throws IOException {
    Path data = Files.createDirectories(dir.resolve("d"));
    // The user's files that only look like secmem's inputs.
    Path random = aged(Files.write(data.resolve("ints-n1024-s1-0.bin"), new byte[4096]));
    Path shortOne = data.resolve("ints-n1024-s1-1.bin");
    Files.write(shortOne, new byte[4095]);
    Ownership.mark(shortOne, Ownership.Made.INT_FILE);
    aged(shortOne);
    Path noShape = data.resolve("sort-input-n1024-evil-s1.bin");
    Files.write(noShape, new byte[4096]);
    Ownership.mark(noShape, Ownership.Made.INT_FILE);
    aged(noShape);
    Path leadingZero = data.resolve("ints-n01-s1-0.bin");
    Files.write(leadingZero, new byte[4]);
    Ownership.mark(leadingZero, Ownership.Made.INT_FILE);
    aged(leadingZero);
    // secmem's own: removed.
    Path ours = CleanCommandTest.generated(data, "ints-n1024-s1-2.bin", 4096, Instant.EPOCH);

    CliTest.Result r = CliTest.run("clean", "--data", data.toString());

    assertEquals(0, r.code(), r.err());
    assertArrayEquals(new byte[4096], Files.readAllBytes(random), r.out());
    assertTrue(Files.exists(shortOne), r.out());
    assertTrue(Files.exists(noShape), r.out());
    assertTrue(Files.exists(leadingZero), r.out());
    assertFalse(Files.exists(ours), r.out());
    assertTrue(r.out().contains("left alone " + random + ": secmem did not write it"), r.out());
    assertTrue(r.out().contains("4095 bytes, not the 4096 its name says"), r.out());
  }

  @Test
  void cleanData_onAFileSystemWithoutExtendedAttributes_removesWhatTheLedgerProves()
      throws Exception {
    try (RamFs ramfs = RamFs.mount()) {
      Path data = ramfs.root();
      Path ours = CleanCommandTest.generated(data, "ints-n16-s1-0.bin", 64, Instant.EPOCH);
      Path users = aged(Files.write(data.resolve("ints-n16-s1-1.bin"), new byte[64]));

      CliTest.Result r = CliTest.run("clean", "--data", data.toString());

      assertEquals(0, r.code(), r.err());
      assertFalse(Files.exists(ours), r.out());
      assertTrue(Files.exists(users), r.out());
      assertTrue(r.out().contains("left alone " + users + ": secmem did not write it"), r.out());
    }
  }

  @Test
  void onAFileSystemWithoutExtendedAttributes_aSortReplacesItsOwnOutput_notTheUsers()
      throws Exception {
    try (RamFs ramfs = RamFs.mount()) {
      Path in = ramfs.root().resolve("in.bin");
      Path out = ramfs.root().resolve("out.bin");
      Path users = Files.write(ramfs.root().resolve("mine.bin"), NOTES);
      CliTest.Result gen = CliTest.run("generate", "--n", "4096", "--out", in.toString());
      assertEquals(0, gen.code(), "ramfs states no size; that is no full disk: " + gen.err());
      for (int i = 0; i < 2; i++) {
        CliTest.Result r =
            CliTest.run("sort", "--in", in.toString(), "--out", out.toString(), "--m", "1024");
        assertEquals(0, r.code(), "run " + i + " replaces its own output: " + r.err());
      }
      CliTest.Result refused =
          CliTest.run("sort", "--in", in.toString(), "--out", users.toString(), "--m", "1024");
      assertEquals(2, refused.code(), refused.out() + refused.err());
      assertArrayEquals(NOTES, Files.readAllBytes(users));
    }
  }

  @Test
  void aFileSystemOutOfInodes_isSaidToBe_notOnlyDiskFull() throws Exception {
    try (RamFs small = RamFs.mount("tmpfs", "size=16m,nr_inodes=16")) {
      // Every inode taken, but megabytes free: ENOSPC all the same.
      for (int i = 0; ; i++) {
        try {
          Files.createFile(small.root().resolve("f" + i));
        } catch (IOException full) {
          break;
        }
      }
      CliTest.Result r =
          CliTest.run("generate", "--out", small.root().resolve("x.bin").toString(), "--n", "16");
      assertEquals(1, r.code(), r.out() + r.err());
      assertTrue(r.err().contains("no free inodes"), r.err());
    }
  }

  @Test
  void cleanData_doesNotFollowAFolderLink() throws IOException {
    Path real = Files.createDirectories(dir.resolve("real"));
    Path ours = CleanCommandTest.generated(real, "ints-n16-s1-0.bin", 64, Instant.EPOCH);
    Path link = Files.createSymbolicLink(dir.resolve("link"), real);

    CliTest.Result r = CliTest.run("clean", "--data", link.toString());

    assertEquals(0, r.code(), r.err());
    assertTrue(Files.exists(ours), "removed through the link: " + r.out());
    assertTrue(r.out().contains("left alone " + link + ": a symbolic link"), r.out());
  }

  @Test
  void cleanData_keepsTheInputsOfARunThatUsesTheFolder_betweenItsRepetitions() throws IOException {
    Path ours = CleanCommandTest.generated(dir, "ints-n16-s1-0.bin", 64, Instant.EPOCH);
    try (GeneratedInputs.InputsInUse using = GeneratedInputs.use(dir)) {
      assertTrue(using != null);
      CliTest.Result r = CliTest.run("clean", "--data", dir.toString());
      assertEquals(0, r.code(), r.err());
      assertTrue(Files.exists(ours), r.out());
      assertTrue(r.out().contains("in use, kept " + ours), r.out());
    }
    CliTest.Result after = CliTest.run("clean", "--data", dir.toString());
    assertFalse(Files.exists(ours), "once the run is over it goes: " + after.out());
    try (var files = Files.list(dir)) {
      assertEquals(List.of(), files.toList(), "the run's marker went with it");
    }
  }

  @Test
  void clean_refusesAFolderThatIsNotThere_orAFile() throws IOException {
    Path file = Files.write(dir.resolve("ints-n1-s1-0.bin"), new byte[4]);
    CliTest.Result onFile = CliTest.run("clean", "--data", file.toString());
    assertEquals(2, onFile.code(), onFile.out() + onFile.err());
    assertTrue(onFile.err().contains(file + " is not a folder"), onFile.err());
    assertTrue(Files.exists(file));

    CliTest.Result missing = CliTest.run("clean", "--data", dir.resolve("nope").toString());
    assertEquals(2, missing.code(), missing.out() + missing.err());
    assertTrue(missing.err().contains("no such folder"), missing.err());
  }

  @Test
  void clean_leavesAPartFileItDidNotMake() throws IOException {
    Path movie =
        aged(
            Files.write(
                dir.resolve(".movie.mkv." + UUID.randomUUID() + ".part"), new byte[] {1, 2, 3}));
    Path ours = aged(Files.write(dir.resolve(".in.bin." + UUID.randomUUID() + ".part"), NOTES));
    Ownership.mark(ours, Ownership.Made.PART);
    aged(ours);

    CliTest.Result r = CliTest.run("clean", dir.toString());

    assertEquals(0, r.code(), r.err());
    assertTrue(Files.exists(movie), r.out());
    assertFalse(Files.exists(ours), r.out());
  }

  @Test
  void probeOut_refusesAFileItDidNotWrite_beforeMeasuring() throws IOException {
    Path notes = Files.write(dir.resolve("n.txt"), NOTES);
    CliTest.Result r =
        CliTest.run(
            "probe",
            "--dir",
            dir.toString(),
            "--size",
            "1M",
            "--reps",
            "1",
            "--out",
            notes.toString());
    assertEquals(2, r.code(), r.out() + r.err());
    assertArrayEquals(NOTES, Files.readAllBytes(notes));
    assertTrue(r.err().contains("secmem did not make"), r.err());

    Path link = Files.createSymbolicLink(dir.resolve("l.properties"), notes);
    CliTest.Result l =
        CliTest.run(
            "probe",
            "--dir",
            dir.toString(),
            "--size",
            "1M",
            "--reps",
            "1",
            "--out",
            link.toString());
    assertEquals(2, l.code(), l.out() + l.err());
    assertArrayEquals(NOTES, Files.readAllBytes(notes));
  }

  @Test
  void aNewResultsFile_refusesToReplaceTheUsersFilesBesideIt() throws IOException {
    for (String beside : List.of("q3-summary.csv", "q3-environment.txt", "q3-report.html")) {
      Path sub = Files.createDirectories(dir.resolve(beside + "-case"));
      Path users = Files.write(sub.resolve(beside), NOTES);
      CliTest.Result r =
          CliTest.run(
              "write",
              "--stream",
              "user-buffer",
              "--n",
              "2^10",
              "--k",
              "1",
              "--b",
              "4K",
              "--reps",
              "1",
              "--warmup",
              "0",
              "--dir",
              sub.resolve("data").toString(),
              "--results",
              sub.resolve("q3.csv").toString());
      assertEquals(2, r.code(), beside + ": " + r.out() + r.err());
      assertArrayEquals(NOTES, Files.readAllBytes(users), beside);
      assertFalse(Files.exists(sub.resolve("q3.csv")), "nothing ran: " + beside);
    }
    Path charts = Files.createDirectories(dir.resolve("q4-charts"));
    Path png = Files.write(charts.resolve("write-time-vs-b.png"), NOTES);
    CliTest.Result r =
        CliTest.run(
            "write",
            "--stream",
            "user-buffer",
            "--n",
            "2^10",
            "--k",
            "1",
            "--b",
            "4K",
            "--reps",
            "1",
            "--warmup",
            "0",
            "--dir",
            dir.resolve("data").toString(),
            "--results",
            dir.resolve("q4.csv").toString());
    assertEquals(2, r.code(), r.out() + r.err());
    assertArrayEquals(NOTES, Files.readAllBytes(png));
  }

  @Test
  void aResultsFolder_isMadeAfresh_passingByALinkPlantedAtItsName() throws IOException {
    Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
    Path results = Files.createDirectories(dir.resolve("results"));
    Files.createSymbolicLink(results.resolve("20261128-000000-write"), elsewhere);

    Path made = Ownership.createFreshFolder(results, "20261128-000000-write");
    Path again = Ownership.createFreshFolder(results, "20261128-000000-write");

    assertEquals(results.resolve("20261128-000000-write-2"), made);
    assertEquals(results.resolve("20261128-000000-write-3"), again);
    assertTrue(Ownership.isMade(made, Ownership.Made.FOLDER));
    try (var files = Files.list(elsewhere)) {
      assertEquals(0, files.count());
    }
  }

  @Test
  void twoCommandsStartingInTheSameSecond_getAResultsFolderEach() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<Path>> made = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        Callable<Path> c = () -> Ownership.createFreshFolder(dir, "20261128-000000-write");
        made.add(pool.submit(c));
      }
      List<Path> folders = new ArrayList<>();
      for (Future<Path> f : made) {
        folders.add(f.get());
      }
      assertEquals(4, folders.stream().distinct().count(), folders.toString());
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aResultsFileCreatedByTwoWritersAtOnce_hasOneHeader() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      for (int round = 0; round < 20; round++) {
        Path file = dir.resolve("r" + round + ".csv");
        List<Future<Boolean>> opened = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
          opened.add(
              pool.submit(
                  () -> {
                    try (RawResultsWriter w = RawResultsWriter.open(file)) {
                      return w.created();
                    }
                  }));
        }
        int created = 0;
        for (Future<Boolean> f : opened) {
          created += f.get() ? 1 : 0;
        }
        List<String> lines = Files.readAllLines(file);
        assertEquals(1, lines.size(), "round " + round + ": " + lines);
        assertEquals(1, created, "one of the two made it");
        assertTrue(Ownership.isMade(file, Ownership.Made.RESULTS));
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aPlantedLinkAtTheResultsFileName_isNotWrittenThrough() throws IOException {
    Path target = Files.write(dir.resolve("target.csv"), NOTES);
    Path link = Files.createSymbolicLink(dir.resolve("r.csv"), target);
    // A dangling link too: nothing may be created through it.
    Path dangling = Files.createSymbolicLink(dir.resolve("d.csv"), dir.resolve("nowhere.csv"));
    for (Path p : List.of(link, dangling)) {
      try (RawResultsWriter w = RawResultsWriter.open(p)) {
        w.created(); // opened: it must then have written nothing through the link
      } catch (IOException expected) {
        // refused: fine
      }
    }
    assertArrayEquals(NOTES, Files.readAllBytes(target));
    assertFalse(Files.exists(dir.resolve("nowhere.csv")));
  }
}
