package org.secmem.experiment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Optional;

/**
 * This process's I/O counters from {@code /proc/self/io} (Linux): read and write system calls, and
 * bytes that really went to or came from storage. Elsewhere {@link #read()} is empty, and result
 * columns stay empty rather than showing a false zero.
 *
 * @param readSyscalls {@code syscr}: read-family system calls
 * @param writeSyscalls {@code syscw}: write-family system calls
 * @param storageReadBytes {@code read_bytes}: bytes fetched from storage (page-cache misses)
 * @param storageWriteBytes {@code write_bytes}: bytes sent (or dirtied to be sent) to storage
 */
public record IoCounters(
    long readSyscalls, long writeSyscalls, long storageReadBytes, long storageWriteBytes) {

  private static final Path PROC_SELF_IO = Paths.get("/proc/self/io");

  /** A snapshot now, or empty where the counters do not exist. */
  public static Optional<IoCounters> read() {
    if (!Files.isReadable(PROC_SELF_IO)) {
      return Optional.empty();
    }
    try {
      List<String> lines = Files.readAllLines(PROC_SELF_IO);
      long syscr = -1;
      long syscw = -1;
      long readBytes = -1;
      long writeBytes = -1;
      for (String line : lines) {
        int colon = line.indexOf(':');
        if (colon < 0) {
          continue;
        }
        String key = line.substring(0, colon).trim();
        long value = Long.parseLong(line.substring(colon + 1).trim());
        switch (key) {
          case "syscr":
            syscr = value;
            break;
          case "syscw":
            syscw = value;
            break;
          case "read_bytes":
            readBytes = value;
            break;
          case "write_bytes":
            writeBytes = value;
            break;
          default:
            break;
        }
      }
      if (syscr < 0 || syscw < 0 || readBytes < 0 || writeBytes < 0) {
        return Optional.empty();
      }
      return Optional.of(new IoCounters(syscr, syscw, readBytes, writeBytes));
    } catch (IOException | NumberFormatException e) {
      return Optional.empty();
    }
  }

  /** What happened between {@code before} and this snapshot. */
  public IoCounters minus(IoCounters before) {
    return new IoCounters(
        readSyscalls - before.readSyscalls,
        writeSyscalls - before.writeSyscalls,
        storageReadBytes - before.storageReadBytes,
        storageWriteBytes - before.storageWriteBytes);
  }
}
