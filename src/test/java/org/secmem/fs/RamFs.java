package org.secmem.fs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A ramfs mounted for a test: a file system that keeps no user extended attributes (as vfat and
 * some NFS mounts), where secmem's marks go to its ledger ({@link MadeLedger}). Needs root; {@link
 * RootOnly} skips the test elsewhere and fails it in CI.
 */
public final class RamFs implements AutoCloseable {

  private final Path root;

  private RamFs(Path root) {
    this.root = root;
  }

  /** Mounts a fresh ramfs on a new folder under the system's temporary folder. */
  public static RamFs mount() throws IOException, InterruptedException {
    return mount("ramfs", "rw");
  }

  /**
   * Mounts a fresh file system of {@code type} with {@code options} ({@code tmpfs} with {@code ro},
   * or {@code nr_inodes=8}) on a new folder under the system's temporary folder.
   */
  public static RamFs mount(String type, String options) throws IOException, InterruptedException {
    RootOnly.requireRoot();
    Path at = Files.createTempDirectory("secmem-" + type + "-");
    int rc = run("mount", "-t", type, "-o", options, "secmem-test", at.toString());
    if (rc != 0) {
      Files.delete(at);
    }
    RootOnly.require(rc == 0, "mount -t " + type + " -o " + options + " works here");
    return new RamFs(at);
  }

  /** The mounted folder. */
  public Path root() {
    return root;
  }

  @Override
  public void close() throws IOException {
    try {
      if (run("umount", root.toString()) == 0) {
        Files.delete(root);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("umount " + root + " interrupted", e);
    }
  }

  private static int run(String... command) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(30, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IOException(String.join(" ", command) + ": no answer in 30 s");
    }
    if (p.exitValue() != 0) {
      System.err.println(String.join(" ", command) + ": " + out.strip());
    }
    return p.exitValue();
  }
}
