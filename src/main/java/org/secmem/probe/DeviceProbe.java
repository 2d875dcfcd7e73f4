package org.secmem.probe;

import com.sun.nio.file.ExtendedOpenOption;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.secmem.fs.Ownership;
import org.secmem.stream.DirectIo;

/**
 * Sequential write and read of one file with O_DIRECT (the page cache bypassed), in 1 MiB blocks,
 * with 1, 2, 4, 8 and 16 requests in flight: that many threads, thread t writing or reading blocks
 * t, t + depth, t + 2 depth ... by positional I/O through its own channel. A write is timed until
 * the file's data is on the device ({@code force}). The file is written once untimed first, so that
 * the timed writes overwrite blocks already allocated. Each depth keeps its best repetition and its
 * slowest.
 */
final class DeviceProbe {

  /** The block each request moves. */
  static final int BLOCK = 1 << 20;

  /** The requests in flight measured. */
  static final List<Integer> DEPTHS = List.of(1, 2, 4, 8, 16);

  /** The most requests in flight: the threads the probe needs. */
  static final int MOST_IN_FLIGHT = 16;

  private static final Logger LOG = LogManager.getLogger(DeviceProbe.class);

  private DeviceProbe() {}

  /** The bytes the probe file holds for {@code size}: whole blocks, at least one. */
  static long fileBytes(long size) {
    return Math.max(1, size / BLOCK) * BLOCK;
  }

  /**
   * Measures with the file {@code file} (created here, removed by the caller) of {@link
   * #fileBytes}({@code size}) bytes, each depth the best of {@code reps}, the repetitions in rounds
   * over all depths.
   */
  static DeviceFigures measure(Path file, long size, int reps, Timed timed) throws IOException {
    long blocks = fileBytes(size) / BLOCK;
    int align = Math.max(4096, DirectIo.blockSize(file));
    if (Integer.bitCount(align) != 1 || BLOCK % align != 0) {
      return DeviceFigures.unsupported(
          "the file system's block size (" + align + " bytes) does not divide 1 MiB");
    }
    int most = MOST_IN_FLIGHT;
    List<ByteBuffer> buffers = new ArrayList<>(most);
    for (int t = 0; t < most; t++) {
      ByteBuffer b = DirectIo.alignedBuffer(BLOCK, align);
      fill(b, t);
      buffers.add(b);
    }
    try (FileChannel plain = Ownership.createNew(file, Ownership.Made.PART)) {
      for (long b = 0; b < blocks; b++) {
        writeFully(plain, buffers.get(0).clear(), b * BLOCK);
      }
      plain.force(true);
    }
    List<FileChannel> channels = new ArrayList<>(most);
    try {
      for (int t = 0; t < most; t++) {
        FileChannel ch = openDirect(file);
        if (ch == null) {
          return DeviceFigures.unsupported(
              "O_DIRECT is not supported by the file system of " + file.getParent());
        }
        channels.add(ch);
      }
      SortedMap<Integer, Double> write = new TreeMap<>();
      SortedMap<Integer, Double> read = new TreeMap<>();
      SortedMap<Integer, Double> writeSlowest = new TreeMap<>();
      SortedMap<Integer, Double> readSlowest = new TreeMap<>();
      long bytes = blocks * BLOCK;
      for (int rep = 0; rep < reps; rep++) {
        for (int depth : DEPTHS) {
          long w =
              timed.run(
                  depth,
                  t -> eachBlock(channels, buffers, blocks, depth, t, DeviceProbe::writeFully),
                  () -> channels.get(0).force(false));
          write.merge(depth, Throughput.mibPerSecond(bytes, w), Math::max);
          writeSlowest.merge(depth, Throughput.mibPerSecond(bytes, w), Math::min);
          long r =
              timed.run(
                  depth,
                  t -> eachBlock(channels, buffers, blocks, depth, t, DeviceProbe::readFully));
          read.merge(depth, Throughput.mibPerSecond(bytes, r), Math::max);
          readSlowest.merge(depth, Throughput.mibPerSecond(bytes, r), Math::min);
        }
      }
      return new DeviceFigures(null, write, read, writeSlowest, readSlowest);
    } finally {
      for (FileChannel ch : channels) {
        ch.close();
      }
    }
  }

  /** A channel on {@code file} with O_DIRECT, or null when its file system refuses that. */
  private static FileChannel openDirect(Path file) throws IOException {
    try {
      return FileChannel.open(
          file, StandardOpenOption.READ, StandardOpenOption.WRITE, ExtendedOpenOption.DIRECT);
    } catch (NoSuchFileException e) {
      throw e;
    } catch (UnsupportedOperationException | IOException e) {
      LOG.info("probe: O_DIRECT refused for {}", file, e);
      return null;
    }
  }

  /** Bytes that differ from block to block (no device compresses or skips them). */
  private static void fill(ByteBuffer b, int seed) {
    long x = 0x9E3779B97F4A7C15L * (seed + 1);
    while (b.remaining() >= Long.BYTES) {
      x ^= x << 13;
      x ^= x >>> 7;
      x ^= x << 17;
      b.putLong(x);
    }
    b.clear();
  }

  /** A block's transfer: its buffer to or from the channel at a position. */
  @FunctionalInterface
  private interface Transfer {
    void apply(FileChannel ch, ByteBuffer buf, long position) throws IOException;
  }

  /**
   * Thread {@code t} of {@code depth}: every depth-th block from the t-th, on its own channel and
   * buffer.
   */
  private static void eachBlock(
      List<FileChannel> channels,
      List<ByteBuffer> buffers,
      long blocks,
      int depth,
      int t,
      Transfer transfer)
      throws IOException {
    FileChannel ch = channels.get(t);
    ByteBuffer buf = buffers.get(t);
    for (long b = t; b < blocks; b += depth) {
      transfer.apply(ch, buf.clear(), b * BLOCK);
    }
  }

  private static void writeFully(FileChannel ch, ByteBuffer buf, long position) throws IOException {
    long at = position;
    while (buf.hasRemaining()) {
      at += ch.write(buf, at);
    }
  }

  private static void readFully(FileChannel ch, ByteBuffer buf, long position) throws IOException {
    long at = position;
    while (buf.hasRemaining()) {
      int n = ch.read(buf, at);
      if (n < 0) {
        throw new IOException("the probe file ended early at byte " + at);
      }
      at += n;
    }
  }
}
