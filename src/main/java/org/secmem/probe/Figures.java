package org.secmem.probe;

import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one {@code secmem probe} measured on one file system, as kept (rates in MiB/s, the best of
 * the repetitions).
 *
 * @param date when the probe started
 * @param dir the folder probed (absolute)
 * @param fileSystem the {@link FileSystemId} of its file system
 * @param sizeBytes the device probe file's size
 * @param reps repetitions of each measurement
 * @param device the O_DIRECT rates, or why there are none
 * @param cacheBytes the bytes of the page-cache copy
 * @param cacheCopy MiB/s copied through the page cache
 * @param memoryOneThread MiB/s copied by {@code System.arraycopy} on one thread
 * @param memoryAllCores MiB/s copied on {@code memoryThreads} threads
 * @param memoryThreads the threads of {@code memoryAllCores}: the available processors
 * @param memoryArrayBytes the bytes of the array copied
 * @param busyCores the cores other processes (and the host, as steal) kept busy while the probe
 *     ran, NaN where unknown: a busy machine measures low rates
 */
public record Figures(
    Instant date,
    Path dir,
    String fileSystem,
    long sizeBytes,
    int reps,
    DeviceFigures device,
    long cacheBytes,
    double cacheCopy,
    double memoryOneThread,
    double memoryAllCores,
    int memoryThreads,
    long memoryArrayBytes,
    double busyCores) {

  /** A device rate's value when the file system refused O_DIRECT. */
  public static final String UNSUPPORTED = "unsupported";

  public static final String DATE = "date";
  public static final String DIR = "dir";
  public static final String SIZE = "size_bytes";
  public static final String REPS = "reps";
  public static final String DEVICE_WRITE = "device_write_mib_s";
  public static final String DEVICE_READ = "device_read_mib_s";
  public static final String DEVICE_NOTE = "device_unsupported";
  public static final String DEVICE_WRITE_SLOWEST = "device_write_slowest_mib_s";
  public static final String DEVICE_READ_SLOWEST = "device_read_slowest_mib_s";
  public static final String CACHE_BYTES = "cache_copy_bytes";
  public static final String CACHE_COPY = "cache_copy_mib_s";
  public static final String MEMORY_ONE = "memory_copy_1_thread_mib_s";
  public static final String MEMORY_ALL = "memory_copy_all_cores_mib_s";
  public static final String MEMORY_THREADS = "memory_threads";
  public static final String MEMORY_BYTES = "memory_array_bytes";
  public static final String BUSY_CORES = "busy_cores";

  /** The key of the rate at {@code depth} requests in flight: {@code device_read_mib_s_qd4}. */
  public static String atDepth(String rate, int depth) {
    return rate + "_qd" + depth;
  }

  /** The figures as the kept file's fields, in the order written. */
  public Map<String, String> fields() {
    Map<String, String> f = new LinkedHashMap<>();
    f.put(DATE, date.toString());
    f.put(DIR, dir.toString());
    f.put(SIZE, Long.toString(sizeBytes));
    f.put(REPS, Integer.toString(reps));
    f.put(
        DEVICE_WRITE,
        device.bestWrite().isPresent()
            ? Throughput.format(device.bestWrite().getAsDouble())
            : UNSUPPORTED);
    f.put(
        DEVICE_READ,
        device.bestRead().isPresent()
            ? Throughput.format(device.bestRead().getAsDouble())
            : UNSUPPORTED);
    if (!device.supported()) {
      f.put(DEVICE_NOTE, device.unsupported());
    }
    device.slowestAtBestWrite().ifPresent(r -> f.put(DEVICE_WRITE_SLOWEST, Throughput.format(r)));
    device.slowestAtBestRead().ifPresent(r -> f.put(DEVICE_READ_SLOWEST, Throughput.format(r)));
    device.write().forEach((d, r) -> f.put(atDepth(DEVICE_WRITE, d), Throughput.format(r)));
    device.read().forEach((d, r) -> f.put(atDepth(DEVICE_READ, d), Throughput.format(r)));
    f.put(CACHE_BYTES, Long.toString(cacheBytes));
    f.put(CACHE_COPY, Throughput.format(cacheCopy));
    f.put(MEMORY_ONE, Throughput.format(memoryOneThread));
    f.put(MEMORY_ALL, Throughput.format(memoryAllCores));
    f.put(MEMORY_THREADS, Integer.toString(memoryThreads));
    f.put(MEMORY_BYTES, Long.toString(memoryArrayBytes));
    if (!Double.isNaN(busyCores)) {
      f.put(BUSY_CORES, String.format(java.util.Locale.ROOT, "%.2f", busyCores));
    }
    return f;
  }
}
