package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.results.RawResults;
import org.secmem.results.RawRow;
import org.secmem.runner.ExitCodes;
import org.secmem.runner.WatchdogFloor;

/**
 * A {@code --jvm} fork that does not send every row it owes is a failure that names its JVM.
 * Before, a fork that ended with exit code 0 and no rows counted as success ("nothing measured",
 * exit 0), a row glued to a wrapper's text was dropped without a word, and a hung fork was waited
 * for forever.
 */
class ForkFailureTest {

  @TempDir Path dir;

  /** The answer of Java 21 to the version probe, on standard error as a JVM gives it. */
  private static final String PROBE_ANSWER =
      "case \"$*\" in *-XshowSettings*)\n"
          + "  echo 'Property settings:' >&2\n"
          + "  echo '    java.specification.version = 21' >&2\n"
          + "  echo '    java.vendor = Fake Corp' >&2\n"
          + "  echo '    java.version = 21.0.9' >&2\n"
          + "  exit 0;;\n"
          + "esac\n";

  private Path script(String name, String body) throws IOException {
    Path s = Files.writeString(dir.resolve(name), "#!/bin/sh\n" + body);
    Files.setPosixFilePermissions(s, PosixFilePermissions.fromString("rwx------"));
    return s;
  }

  private CliTest.Result write(Path results, String jvm) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "write",
                "--stream",
                "buffered",
                "--n",
                "1000",
                "--reps",
                "1",
                "--warmup",
                "0",
                "--dir",
                dir.resolve("data").toString(),
                "--results",
                results.toString(),
                "--jvm",
                jvm));
    return CliTest.run(args.toArray(String[]::new));
  }

  @Test
  void aForkThatEndsWithoutItsRows_isAFailure_namingItsJvmAndTheRowsThatCame() throws IOException {
    Path fake = script("fake21.sh", PROBE_ANSWER + "exit 0\n");
    Path results = dir.resolve("r.csv");
    CliTest.Result r = write(results, fake.toString());
    assertEquals(ExitCodes.FAILURE, r.code(), r.out() + r.err());
    assertTrue(r.err().contains("Java 21.0.9 (Fake Corp)"), r.err());
    assertTrue(r.err().contains(fake.toString()), r.err());
    assertTrue(r.err().contains("sent 0 of 1 rows"), r.err());
  }

  @Test
  void oneJvmSendingNoRows_keepsTheOtherJvmsRows_andTheRunSaysWhichIsMissing() throws IOException {
    Path fake = script("fake21.sh", PROBE_ANSWER + "exit 0\n");
    Path results = dir.resolve("r.csv");
    CliTest.Result r = write(results, System.getProperty("java.home") + "|" + fake);
    assertEquals(ExitCodes.FAILURE, r.code(), r.out() + r.err());
    List<RawRow> rows = RawResults.read(results).rows();
    assertEquals(1, rows.size(), "this JVM's row is kept");
    assertEquals(System.getProperty("java.version"), rows.get(0).get("java_version"));
    assertTrue(r.err().contains("Java 21.0.9 (Fake Corp)"), r.err());
    assertTrue(r.err().contains("sent 0 of 1 rows"), r.err());
  }

  @Test
  void aRowGluedToAWrappersText_isRecorded() throws IOException {
    // A wrapper that says something without a line end, then runs this JVM.
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Path wrapper =
        script("wrapper.sh", "printf 'hello from a wrapper'\nexec '" + java + "' \"$@\"\n");
    Path results = dir.resolve("r.csv");
    CliTest.Result r = write(results, wrapper.toString());
    assertEquals(0, r.code(), r.out() + r.err());
    assertEquals(1, RawResults.read(results).rows().size());
  }

  @Test
  void aHungFork_isEndedByTheWatchdog_withWhatItStarted() throws Exception {
    Path pid = dir.resolve("sleep.pid");
    Path hang =
        script(
            "hang21.sh",
            PROBE_ANSWER
                + "sleep 300 &\necho $! > '"
                + pid
                + ".new'\nmv '"
                + pid
                + ".new' '"
                + pid
                + "'\nwait\n");
    Path results = dir.resolve("r.csv");
    Duration floor = WatchdogFloor.get();
    WatchdogFloor.set(Duration.ofSeconds(2));
    try {
      CliTest.Result r =
          assertTimeoutPreemptively(Duration.ofSeconds(60), () -> write(results, hang.toString()));
      assertEquals(ExitCodes.FAILURE, r.code(), r.out() + r.err());
      assertTrue(r.err().contains("Java 21.0.9 (Fake Corp)"), r.err());
      assertTrue(r.err().contains("killed by the watchdog"), r.err());
      assertTrue(r.err().contains("sent 0 of 1 rows"), r.err());
      Optional<ProcessHandle> sleep = sleep(pid);
      if (sleep.isPresent()) {
        assertTrue(
            sleep.get().onExit().completeOnTimeout(null, 30, TimeUnit.SECONDS).get() != null
                && !sleep.get().isAlive(),
            "the fork's child is killed with it");
      }
    } finally {
      WatchdogFloor.set(floor);
      sleep(pid).ifPresent(ProcessHandle::destroyForcibly);
    }
  }

  private static Optional<ProcessHandle> sleep(Path pidFile) throws IOException {
    if (!Files.exists(pidFile)) {
      return Optional.empty();
    }
    String text = Files.readString(pidFile).strip();
    return text.isEmpty() ? Optional.empty() : ProcessHandle.of(Long.parseLong(text));
  }
}
