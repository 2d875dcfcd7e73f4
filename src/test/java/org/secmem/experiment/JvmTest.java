package org.secmem.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
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
  void specificationVersions_giveTheFeatureRelease() {
    assertEquals(8, Jvm.feature("1.8"));
    assertEquals(17, Jvm.feature("17"));
    assertEquals(25, Jvm.feature("25"));
  }
}
