package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.fs.RootOnly;
import org.secmem.sort.WorkDirectory;

/**
 * {@code secmem clean} against a local user who swaps links into what it removes while it runs
 * ({@code renameat2(RENAME_EXCHANGE)}, atomic, so that a name is a folder when looked at and a link
 * to elsewhere when used): nothing outside the leftovers is ever deleted. Before every removal
 * worked relative to folders opened without following links, both cases emptied the decoy.
 */
class CleanRaceTest {

  /** Exchanges each pair of paths, again and again, for argv[1] seconds; prints the swaps done. */
  private static final String SWAPPER =
      String.join(
          "\n",
          "import ctypes, os, sys, time",
          "libc = ctypes.CDLL(None, use_errno=True)",
          "AT_FDCWD, RENAME_EXCHANGE = -100, 2",
          "def swap(a, b):",
          "    if hasattr(libc, 'renameat2'):",
          "        return libc.renameat2(AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE)",
          "    return libc.syscall(316, AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE)",
          "args = [os.fsencode(a) for a in sys.argv[2:]]",
          "pairs = list(zip(args[0::2], args[1::2]))",
          "print('ready', flush=True)",
          "end, done = time.time() + float(sys.argv[1]), 0",
          "while time.time() < end:",
          "    for a, b in pairs:",
          "        done += swap(a, b) == 0",
          "print(done, flush=True)");

  private static final int DECOYS = 50;
  private static final int FOLDERS = 100;
  private static final double SECONDS = 3;

  @TempDir Path dir;

  /** The repro: a subfolder of a leftover swapped with a link to the decoy. */
  @Test
  void subfolderSwappedForALink_whileCleanRuns_deletesNothingOutside() throws Exception {
    Path target = decoy();
    List<Path> pairs = new ArrayList<>();
    for (int i = 0; i < FOLDERS; i++) {
      Path d = dir.resolve(WorkDirectory.PREFIX + "8888" + i + "-x");
      Files.createDirectories(d.resolve("s"));
      Files.write(d.resolve("s").resolve("f"), new byte[4]);
      Files.createSymbolicLink(d.resolve("l"), target);
      Files.setLastModifiedTime(d, FileTime.from(Instant.now().minusSeconds(600)));
      pairs.add(d.resolve("s"));
      pairs.add(d.resolve("l"));
    }
    raceClean(pairs, target);
  }

  /** A whole leftover swapped with a link to the decoy, at the leftover's name. */
  @Test
  void workFolderSwappedForALink_whileCleanRuns_deletesNothingOutside() throws Exception {
    Path target = decoy();
    List<Path> pairs = new ArrayList<>();
    for (int i = 0; i < FOLDERS; i++) {
      Path d = dir.resolve(WorkDirectory.PREFIX + "9999" + i + "-y");
      Files.createDirectories(d);
      for (int r = 0; r < 3; r++) {
        Files.write(d.resolve("pass1-run" + r + ".bin"), new byte[4]);
      }
      Files.setLastModifiedTime(d, FileTime.from(Instant.now().minusSeconds(600)));
      Path link = dir.resolve("link" + i);
      Files.createSymbolicLink(link, target);
      pairs.add(d);
      pairs.add(link);
    }
    raceClean(pairs, target);
  }

  private Path decoy() throws IOException {
    Path target = dir.resolve("target");
    Files.createDirectories(target);
    for (int i = 0; i < DECOYS; i++) {
      Files.write(target.resolve("pass1-run" + i + ".bin"), new byte[4]);
    }
    return target;
  }

  private void raceClean(List<Path> pairs, Path target) throws Exception {
    RootOnly.require(RootOnly.available("python3", "-c", "import ctypes"), "python3 with ctypes");
    List<String> cmd = new ArrayList<>(List.of("python3", "-c", SWAPPER, Double.toString(SECONDS)));
    pairs.forEach(p -> cmd.add(p.toString()));
    Process swapper = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    int cleans = 0;
    List<String> failed = new ArrayList<>();
    String out;
    try {
      BufferedReader said = new BufferedReader(new InputStreamReader(swapper.getInputStream()));
      assertEquals("ready", said.readLine(), "the swapper started");
      do {
        CliTest.Result r = CliTest.run("clean", dir.toString());
        if (r.code() != 0) {
          failed.add(r.err().strip());
        }
        cleans++;
      } while (swapper.isAlive());
      assertTrue(swapper.waitFor(30, TimeUnit.SECONDS));
      out = said.readLine();
    } finally {
      swapper.destroyForcibly();
    }
    assertEquals(0, swapper.exitValue(), out);
    assertTrue(Long.parseLong(out) > 1000, "the swapper raced: " + out + " swaps");
    try (Stream<Path> left = Files.list(target)) {
      assertEquals(
          DECOYS,
          left.count(),
          "no decoy file deleted, over " + cleans + " cleans and " + out + " swaps");
    }
    assertEquals(List.of(), failed, "no clean failed, of " + cleans);
  }
}
