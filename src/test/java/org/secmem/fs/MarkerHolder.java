package org.secmem.fs;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.secmem.data.PartFile;
import org.secmem.experiment.StreamTrialSpec;
import org.secmem.experiment.WriteTrial;
import org.secmem.sort.WorkDirectory;
import org.secmem.stream.StreamOptions;
import org.secmem.stream.StreamType;

/**
 * Another process, for tests of what one process can tell of another's lock (a process cannot test
 * its own POSIX locks: it always gets them). {@code hold FOLDER NAME}: creates an owner marker,
 * says "ready" and holds it until its input ends. {@code try FILE}: says "held" or "free".
 */
public final class MarkerHolder implements Closeable {

  private final Process process;
  private final String said;

  private MarkerHolder(Process process, String said) {
    this.process = process;
    this.said = said;
  }

  /**
   * A process with a sort's work folder in {@code parent}, one run in it, until closed; {@link
   * #said} is the folder.
   */
  public static MarkerHolder startWorkDirectory(Path parent) throws IOException {
    return startSaying("work", parent);
  }

  /**
   * A process writing an owned unfinished file for {@code target} ({@code PartFile.owned}) until
   * closed; {@link #said} is the unfinished file.
   */
  public static MarkerHolder startPartFile(Path target) throws IOException {
    return startSaying("part", target);
  }

  /**
   * A process in the middle of a {@code write} run into {@code dir}: its k temporaries written, not
   * yet committed (the state a kill -9 during the timed run leaves), until closed; {@link #said} is
   * {@code dir}.
   */
  public static MarkerHolder startWriteRun(Path dir) throws IOException {
    return startSaying("write", dir);
  }

  private static MarkerHolder startSaying(String mode, Path where) throws IOException {
    Process p = java(mode, where.toString()).start();
    String line =
        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))
            .readLine();
    if (line == null) {
      p.destroyForcibly();
      throw new IOException("the " + mode + " holder did not start");
    }
    return new MarkerHolder(p, line);
  }

  /** The first line the holder printed ("ready", or its work folder). */
  public String said() {
    return said;
  }

  public static void main(String[] args) throws Exception {
    if (args[0].equals("part")) {
      try (PartFile part = PartFile.owned(Path.of(args[1]), TempRegistry.none())) {
        Files.write(part.path(), new byte[64]);
        System.out.println(part.path());
        System.out.flush();
        System.in.readAllBytes();
      }
    } else if (args[0].equals("write")) {
      WriteTrial trial =
          new WriteTrial(
              new StreamTrialSpec(
                  StreamType.CHANNEL,
                  1024,
                  3,
                  new StreamOptions(4096, false),
                  Path.of(args[1]),
                  List.of(),
                  1,
                  false));
      trial.prepare();
      trial.run();
      System.out.println(args[1]);
      System.out.flush();
      System.in.readAllBytes();
      trial.finish();
    } else if (args[0].equals("work")) {
      try (WorkDirectory w = WorkDirectory.create(Path.of(args[1]))) {
        Files.write(w.newRun(1), new byte[64]);
        System.out.println(w.path());
        System.out.flush();
        System.in.readAllBytes();
      }
    } else if (args[0].equals("hold")) {
      try (SecureFolder f = SecureFolder.open(Path.of(args[1]));
          OwnerMarker m = OwnerMarker.create(f, args[2])) {
        System.out.println("ready");
        System.out.flush();
        System.in.readAllBytes();
      }
    } else {
      try (FileChannel c = FileChannel.open(Path.of(args[1]), StandardOpenOption.READ)) {
        FileLock l = c.tryLock(0, Long.MAX_VALUE, true);
        System.out.println(l == null ? "held" : "free");
      }
    }
  }

  /** A process holding a new marker {@code name} in {@code folder} until closed. */
  public static MarkerHolder start(Path folder, String name) throws IOException {
    Process p = java("hold", folder.toString(), name).start();
    String said =
        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))
            .readLine();
    if (!"ready".equals(said)) {
      p.destroyForcibly();
      throw new IOException("the holder did not start: " + said);
    }
    return new MarkerHolder(p, said);
  }

  /** "held" or "free", as another process finds the lock on {@code file}. */
  public static String tryLockFromAnotherProcess(Path file)
      throws IOException, InterruptedException {
    Process p = java("try", file.toString()).start();
    String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    p.waitFor(30, TimeUnit.SECONDS);
    return said;
  }

  /** The PID of the holder. */
  public long pid() {
    return process.pid();
  }

  /** Ends the holder and waits until it is gone. */
  @Override
  public void close() throws IOException {
    process.getOutputStream().close();
    try {
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor();
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }

  /** Kills the holder as kill -9 would, and waits until it is gone. */
  public void kill() throws InterruptedException {
    process.destroyForcibly().waitFor();
  }

  /** The command that runs {@code mainClass} in a new JVM with this test's class path. */
  public static List<String> javaCommand(String mainClass) {
    return new ArrayList<>(
        List.of(
            ProcessHandle.current().info().command().orElse("java"),
            "-cp",
            System.getProperty("java.class.path"),
            mainClass));
  }

  /** Whether the holder still runs. */
  public boolean alive() {
    return process.isAlive();
  }

  private static ProcessBuilder java(String... args) {
    List<String> cmd =
        new ArrayList<>(
            List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-cp",
                System.getProperty("java.class.path"),
                MarkerHolder.class.getName()));
    cmd.addAll(List.of(args));
    return new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT);
  }
}
