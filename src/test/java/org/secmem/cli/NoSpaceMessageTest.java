package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.runner.ExitCodes;
import org.secmem.runner.Failure;
import picocli.CommandLine;

/**
 * Issue 45: ENOSPC where the file system still has space is a lack of inodes (or a quota used up),
 * and is said so, not "disk full" (which sends the user looking for space that is there).
 */
class NoSpaceMessageTest {

  @TempDir Path dir;

  private static final String ENOSPC = "No space left on device";

  @Test
  void enospc_withSpaceLeft_isNoFreeInodes_notDiskFull() {
    String m = Failure.noSpace("/d/x: " + ENOSPC, OptionalLong.of(40L << 30));
    assertTrue(m.startsWith("no free inodes"), m);
    assertTrue(m.contains("GiB"), "the space it still has: " + m);
    assertFalse(m.contains("disk full"), m);
  }

  @Test
  void enospc_withNoSpaceLeft_orUnknown_isDiskFull() {
    for (OptionalLong left :
        new OptionalLong[] {
          OptionalLong.of(0), OptionalLong.of(Failure.SOME_SPACE_LEFT - 1), OptionalLong.empty()
        }) {
      String m = Failure.noSpace("/d/x: " + ENOSPC, left);
      assertTrue(m.startsWith("disk full"), m);
    }
  }

  /**
   * The command line's own handler, given ENOSPC on a file of a folder with space to spare (this
   * test's), names inodes and not a full disk.
   */
  @Test
  void theCommandLine_saysInodes_forEnospcOnAFileSystemWithSpace() throws IOException {
    assumeTrue(
        Files.getFileStore(dir).getUsableSpace() >= Failure.SOME_SPACE_LEFT,
        "the temporary folder's file system has space left");
    StringWriter err = new StringWriter();
    CommandLine cmd =
        SecmemCommand.commandLine(
            new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
    Path file = dir.resolve("run-0001.bin");
    int code =
        new ErrorHandler()
            .handleExecutionException(
                new FileSystemException(file.toString(), null, ENOSPC), cmd, null);
    assertEquals(ExitCodes.FAILURE, code);
    assertTrue(err.toString().contains("no free inodes"), err.toString());
    assertTrue(err.toString().contains(file.toString()), err.toString());
    assertFalse(err.toString().contains("disk full"), err.toString());
  }
}
