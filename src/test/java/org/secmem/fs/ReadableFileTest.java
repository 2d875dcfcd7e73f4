package org.secmem.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReadableFileTest {

  @TempDir Path dir;

  @Test
  void aFileThatCanBeRead_hasNoProblem_evenThroughALink() throws Exception {
    Path f = Files.writeString(dir.resolve("in.bin"), "1234");
    Path link = Files.createSymbolicLink(dir.resolve("link.bin"), f);
    assertEquals(Optional.empty(), ReadableFile.problem(f));
    assertEquals(Optional.empty(), ReadableFile.problem(link));
  }

  @Test
  void aMissingFile_aFolder_andADanglingLink_areNamed() throws Exception {
    Path missing = dir.resolve("nope.bin");
    Path dangling = Files.createSymbolicLink(dir.resolve("dangling"), missing);
    for (Path p : new Path[] {missing, dir, dangling}) {
      assertEquals(
          Optional.of(p + " does not exist or is not a file"), ReadableFile.problem(p), "" + p);
    }
  }

  @Test
  void aFileWithoutReadPermission_saysSo() throws Exception {
    assumeFalse("root".equals(System.getProperty("user.name")), "root reads every file");
    Path f = Files.writeString(dir.resolve("secret.bin"), "1234");
    Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("-w-------"));
    assertEquals(Optional.of(f + " cannot be read (permission denied)"), ReadableFile.problem(f));
  }
}
