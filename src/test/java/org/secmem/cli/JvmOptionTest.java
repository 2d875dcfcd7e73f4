package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.results.RawResults;
import org.secmem.results.RawRow;

/**
 * {@code --jvm}: each configuration measured in a fork of each JVM given, its rows saying which
 * (java_version, java_vendor); rows measured without it say this JVM's.
 */
class JvmOptionTest {

  /** The second JVM these machines have beside the default one, where it is installed. */
  private static final Path JDK25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");

  @TempDir Path dir;

  private CliTest.Result write(Path results, String... extra) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "write",
                "--stream",
                "mapped,channel",
                "--n",
                "1000",
                "--reps",
                "2",
                "--warmup",
                "0",
                "--dir",
                dir.resolve("data").toString(),
                "--results",
                results.toString()));
    args.addAll(List.of(extra));
    return CliTest.run(args.toArray(String[]::new));
  }

  @Test
  void withoutJvm_rowsSayThisJvm() throws IOException {
    Path results = dir.resolve("r.csv");
    CliTest.Result r = write(results);
    assertEquals(0, r.code(), r.err());
    for (RawRow row : RawResults.read(results).rows()) {
      assertEquals(System.getProperty("java.version"), row.get("java_version"));
      assertEquals(System.getProperty("java.vendor"), row.get("java_vendor"));
      assertEquals("", row.get("fork"), "measured here, not in a fork");
    }
  }

  @Test
  void eachConfiguration_runsInAForkOfEachJvm_andItsRowsSaySo() throws IOException {
    List<String> jvms = new ArrayList<>(List.of(System.getProperty("java.home")));
    boolean two =
        Files.isExecutable(JDK25.resolve("bin/java")) && Runtime.version().feature() != 25;
    if (two) {
      jvms.add(JDK25.toString());
    }
    Path results = dir.resolve("r.csv");
    CliTest.Result r = write(results, "--jvm", String.join("|", jvms));
    assertEquals(0, r.code(), r.err());
    List<RawRow> rows = RawResults.read(results).rows();
    assertEquals(2 * 2 * jvms.size(), rows.size(), "2 streams x 2 reps on each JVM");
    Set<String> versions = new TreeSet<>();
    for (RawRow row : rows) {
      assertEquals("1", row.get("fork"), "--jvm measures in forks (--fork 1 by default)");
      versions.add(row.get("java_version"));
    }
    assertEquals(jvms.size(), versions.size(), versions.toString());
    assertTrue(versions.contains(System.getProperty("java.version")), versions.toString());
    if (two) {
      assertTrue(versions.stream().anyMatch(v -> v.startsWith("25")), versions.toString());
      assertTrue(r.out().contains(" on Java 25"), r.out());
    }
  }

  @Test
  void aPathThatIsNoJvm_orOneJvmTwice_isRefusedBeforeAnythingRuns() throws IOException {
    Path results = dir.resolve("r.csv");
    CliTest.Result none = write(results, "--jvm", dir.resolve("nope").toString());
    assertEquals(2, none.code(), none.err());
    assertTrue(none.err().contains("--jvm: " + dir.resolve("nope") + ": no such file"), none.err());
    String home = System.getProperty("java.home");
    CliTest.Result twice = write(results, "--jvm", home + "|" + home + "/bin/java");
    assertEquals(2, twice.code(), twice.err());
    assertTrue(
        twice.err().contains(home + "/bin/java names the JVM that " + home + " names too"),
        twice.err());
    assertFalse(Files.exists(results), "nothing ran");
  }

  @Test
  void oneJvmGivenTwice_isNamedOnce() {
    String home = System.getProperty("java.home");
    CliTest.Result twice = write(dir.resolve("r.csv"), "--jvm", home + "|" + home);
    assertEquals(2, twice.code(), twice.err());
    assertTrue(twice.err().contains("--jvm: " + home + " is given twice"), twice.err());
  }

  @Test
  void anEmptyJvm_isRefused_notTakenForThisFolder_norDropped() {
    Path results = dir.resolve("r.csv");
    for (String empty : List.of("", "|", System.getProperty("java.home") + "|")) {
      CliTest.Result r = write(results, "--jvm", empty);
      assertEquals(2, r.code(), "--jvm '" + empty + "': " + r.out() + r.err());
      assertTrue(r.err().contains("--jvm: an empty path"), r.err());
      assertFalse(Files.exists(results), "nothing ran");
    }
  }

  @Test
  void aPathWithABar_isRefused_sayingWhy() throws IOException {
    Path barred = Files.createDirectories(dir.resolve("jdk|17"));
    Files.createDirectories(barred.resolve("bin"));
    Files.createSymbolicLink(
        barred.resolve("bin/java"), Path.of(System.getProperty("java.home"), "bin", "java"));
    CliTest.Result r = write(dir.resolve("r.csv"), "--jvm", barred.toString());
    assertEquals(2, r.code(), r.err());
    assertTrue(
        r.err().contains(barred + " is one path with '|' in it, which --jvm splits at"), r.err());
  }
}
