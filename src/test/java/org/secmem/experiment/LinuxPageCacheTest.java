package org.secmem.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LinuxPageCacheTest {

  @TempDir Path dir;

  @Test
  void dirtyBytes_readsTheDirtyLineInKib() throws IOException {
    Path meminfo = dir.resolve("meminfo");
    Files.writeString(
        meminfo,
        "MemTotal:       24596568 kB\nDirty:              1236 kB\n"
            + "Writeback:             0 kB\n");
    assertEquals(OptionalLong.of(1236L * 1024), LinuxPageCache.dirtyBytes(meminfo));
  }

  @Test
  void dirtyBytes_emptyWhenTheLineOrFileIsMissing() throws IOException {
    Path meminfo = dir.resolve("meminfo");
    Files.writeString(meminfo, "MemTotal:       24596568 kB\n");
    assertEquals(OptionalLong.empty(), LinuxPageCache.dirtyBytes(meminfo));
    assertEquals(OptionalLong.empty(), LinuxPageCache.dirtyBytes(dir.resolve("absent")));
  }
}
