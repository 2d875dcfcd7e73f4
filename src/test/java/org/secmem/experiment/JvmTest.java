package org.secmem.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --jvm}'s JVMs: asked what they are, and refused with the reason when they cannot run. */
class JvmTest {

  @TempDir Path dir;

  @Test
  void thisJvm_probedByItsFolder_saysWhatThisProcessSays() {
    Jvm j = Jvm.probe(Path.of(System.getProperty("java.home")));
    assertEquals(System.getProperty("java.version"), j.version());
    assertEquals(System.getProperty("java.vendor"), j.vendor());
    assertEquals(Runtime.version().feature(), j.feature());
    assertTrue(j.isCurrent());
    assertEquals(Jvm.current().version(), j.version());
  }

  @Test
  void noSuchFile_aFolderWithoutJava_andNotExecutable_areRefusedWithTheReason() throws IOException {
    IllegalArgumentException none =
        assertThrows(IllegalArgumentException.class, () -> Jvm.probe(dir.resolve("nope")));
    assertTrue(none.getMessage().contains("no such file"), none.getMessage());
    IllegalArgumentException folder =
        assertThrows(IllegalArgumentException.class, () -> Jvm.probe(dir));
    assertTrue(folder.getMessage().contains("a folder without bin/java"), folder.getMessage());
    Path plain = Files.writeString(dir.resolve("java"), "not a program");
    IllegalArgumentException notRun =
        assertThrows(IllegalArgumentException.class, () -> Jvm.probe(plain));
    assertTrue(notRun.getMessage().contains("not executable"), notRun.getMessage());
  }

  @Test
  void anOldJava_isRefused_sayingSecmemNeeds17() throws IOException {
    // A stand-in that answers as Java 11 would.
    Path fake = dir.resolve("java11");
    Files.writeString(
        fake,
        "#!/bin/sh\n"
            + "echo 'Property settings:' >&2\n"
            + "echo '    java.specification.version = 11' >&2\n"
            + "echo '    java.vendor = Old Corp' >&2\n"
            + "echo '    java.version = 11.0.2' >&2\n"
            + "echo 'openjdk version \"11.0.2\"' >&2\n");
    Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwx------"));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Jvm.probe(fake));
    assertTrue(
        e.getMessage().contains("Java 11.0.2 cannot run secmem, which needs Java 17 or newer"),
        e.getMessage());
  }

  @Test
  void aProgramThatIsNoJvm_isRefused() throws IOException {
    Path fake = dir.resolve("notjava");
    Files.writeString(fake, "#!/bin/sh\necho hello\nexit 3\n");
    Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwx------"));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Jvm.probe(fake));
    assertTrue(e.getMessage().contains("not a Java runtime"), e.getMessage());
  }

  @Test
  void aProbeThatHangs_isEndedAtItsTimeLimit_withWhatItStarted() throws Exception {
    // Before, only the script was killed: its sleep went on under init.
    Path pid = dir.resolve("sleep.pid");
    Path hang = dir.resolve("hangs");
    Files.writeString(
        hang,
        "#!/bin/sh\nsleep 400 &\necho $! > '"
            + pid
            + ".new'\nmv '"
            + pid
            + ".new' '"
            + pid
            + "'\nwait\n");
    Files.setPosixFilePermissions(hang, PosixFilePermissions.fromString("rwx------"));
    try {
      // A loaded machine may not have started the sleep within a short limit: then a longer one.
      for (long seconds = 1; !Files.exists(pid) && seconds <= 16; seconds *= 2) {
        Duration limit = Duration.ofSeconds(seconds);
        IllegalArgumentException e =
            assertThrows(IllegalArgumentException.class, () -> Jvm.probe(hang, limit));
        assertTrue(e.getMessage().contains("did not say what it is within"), e.getMessage());
      }
      Optional<ProcessHandle> sleep = sleep(pid);
      if (sleep.isPresent()) { // else it ended already
        assertTrue(
            sleep.get().onExit().completeOnTimeout(null, 30, TimeUnit.SECONDS).get() != null
                && !sleep.get().isAlive(),
            "the probe's child is killed with it");
      }
      assertTrue(Files.exists(pid), "the script started its sleep");
    } finally {
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

  @Test
  void specificationVersions_giveTheFeatureRelease() {
    assertEquals(8, Jvm.feature("1.8"));
    assertEquals(17, Jvm.feature("17"));
    assertEquals(25, Jvm.feature("25"));
  }
}
