package org.secmem.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ProbeStoreTest {

  @TempDir Path dir;

  @Test
  void keep_twoFileSystems_keepsBoth_andReplacesOnlyTheOneProbedAgain() throws IOException {
    Path file = dir.resolve("cache/secmem/probe.properties");
    ProbeStore.keep(file, "ext4@/dev/sda1@/", Map.of("device_read_mib_s", "500.0", "date", "d1"));
    ProbeStore.keep(file, "tmpfs@tmpfs@/dev/shm", Map.of("device_read_mib_s", "9000.0"));
    ProbeStore.keep(file, "ext4@/dev/sda1@/", Map.of("device_read_mib_s", "510.5", "date", "d2"));

    Map<String, Map<String, String>> all = ProbeStore.read(file);
    assertEquals(List.of("ext4@/dev/sda1@/", "tmpfs@tmpfs@/dev/shm"), List.copyOf(all.keySet()));
    assertEquals(Map.of("device_read_mib_s", "510.5", "date", "d2"), all.get("ext4@/dev/sda1@/"));
    assertEquals(
        Optional.of(Map.of("device_read_mib_s", "9000.0")),
        ProbeStore.find(file, "tmpfs@tmpfs@/dev/shm"));
    assertEquals(Optional.empty(), ProbeStore.find(file, "xfs@/dev/sdb@/data"));
    try (var files = Files.list(file.getParent())) {
      assertEquals(List.of(file), files.toList(), "no temporary left beside it");
    }
  }

  @Test
  void read_missingFile_isEmpty() throws IOException {
    assertEquals(Map.of(), ProbeStore.read(dir.resolve("none.properties")));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "/plain/path",
        " leading space",
        "back\\slash",
        "new\nline",
        "tab\there",
        "#not a comment",
        "a=b:c",
        "ünïcødé ✓",
        "trailing space "
      })
  void values_readBackUnchanged(String value) throws IOException {
    Path file = dir.resolve("p.properties");
    ProbeStore.keep(file, "ext4@/dev/x@/", Map.of("dir", value));
    assertEquals(value, ProbeStore.find(file, "ext4@/dev/x@/").orElseThrow().get("dir"));
  }

  @Test
  void values_readBackUnchanged_randomText() throws IOException {
    Random r = new Random(29);
    Path file = dir.resolve("r.properties");
    for (int i = 0; i < 200; i++) {
      StringBuilder sb = new StringBuilder();
      int len = r.nextInt(12);
      for (int j = 0; j < len; j++) {
        sb.append((char) (r.nextBoolean() ? r.nextInt(128) : 32 + r.nextInt(0x2000)));
      }
      Map<String, String> fields = new LinkedHashMap<>();
      fields.put("dir", sb.toString());
      ProbeStore.keep(file, "fs" + (i % 3), fields);
      assertEquals(sb.toString(), ProbeStore.find(file, "fs" + (i % 3)).orElseThrow().get("dir"));
    }
    assertEquals(3, ProbeStore.read(file).size());
  }

  @Test
  void identities_holdNoCharacterAPropertiesKeyWouldSplitOn() {
    String id = FileSystemId.sanitize("fuse.sshfs@me@host:/a b=c#d\\e!@/mnt/x y");
    assertTrue(id.matches("[A-Za-z0-9_/.,+@-]+"), id);
    assertEquals("fuse.sshfs@me@host_/a_b_c_d_e_@/mnt/x_y", id);
  }

  @Test
  void identity_ofATempFolder_namesItsType() throws IOException {
    String id = FileSystemId.ofFolder(dir).orElseThrow();
    assertTrue(id.startsWith(Files.getFileStore(dir).type() + "@"), id);
    assertEquals(id, FileSystemId.ofFolder(dir.resolve("not/yet")).orElseThrow());
  }
}
