package org.secmem.stream;

import java.util.List;
import org.secmem.names.CliName;
import org.secmem.names.Names;

/**
 * The I/O strategies secmem measures, with the names the CLI, CSV files and seed report use. Each
 * holds its {@link StreamKind}: how its streams are made and the facts about it (what B does, what
 * it can write, its buffers, its system calls), which the rest of secmem asks through the methods
 * here instead of switching on the type. Adding a type: a constant here, its kind class and
 * streams, its tests, and its colour in {@code report.SeriesStyle}.
 */
public enum StreamType implements CliName {
  /** {@code DataInputStream}/{@code DataOutputStream} straight on the file. */
  SIMPLE("simple", "Simple", new SimpleKind()),
  /** The same through the JDK's 8 KiB {@code BufferedInputStream}/{@code BufferedOutputStream}. */
  BUFFERED("buffered", "Buffer", new BufferedKind()),
  /** An own buffer of B bytes, one read or write call per B bytes. */
  USER_BUFFER("user-buffer", "BufferB", new UserBufferKind()),
  /** Windows of B bytes mapped with {@code FileChannel.map}, remapped as the position moves. */
  MAPPED("mapped", "Mapping", new MappedKind()),
  /** A {@code FileChannel} with a direct buffer of B bytes, decoded a block at a time. */
  CHANNEL("channel", "Channel", new ChannelKind()),
  /**
   * O_DIRECT: aligned blocks of B bytes straight to and from the device, no page cache; reads stay
   * one block ahead on a background thread, so the device works while blocks are decoded.
   */
  DIRECT("direct", "Direct", new DirectKind()),
  /** Read-ahead and write-behind of B-byte blocks on a background thread. */
  ASYNC("async", "Async", new AsyncKind());

  /** The word for every stream type at once, where a list of them is taken (write's and read's). */
  public static final String ALL = "all";

  private final String cliName;
  private final String seedName;
  private final StreamKind kind;

  StreamType(String cliName, String seedName, StreamKind kind) {
    this.cliName = cliName;
    this.seedName = seedName;
    this.kind = kind;
  }

  /** How streams of this type are made, and the facts about it. */
  StreamKind kind() {
    return kind;
  }

  /** The name used on the command line and in result files, e.g. {@code user-buffer}. */
  @Override
  public String cliName() {
    return cliName;
  }

  /** The name the seed report's parameter files use, e.g. {@code BufferB}. */
  public String seedName() {
    return seedName;
  }

  /** The seed report's name, accepted wherever a type is named. */
  @Override
  public List<String> aliases() {
    return List.of(seedName);
  }

  /** Whether the buffer size B changes what this type does. */
  public boolean usesBufferSize() {
    return kind.usesBufferSize();
  }

  /**
   * Whether this type can write a region of an existing file at any int offset ({@link
   * Streams#createRegionWriter}), and so append where a buffer tree does.
   */
  public boolean writesRegions() {
    return kind.regionLimit() == null;
  }

  /**
   * Why this type cannot write regions at any int offset, in a few words (e.g. {@code "O_DIRECT
   * writes whole blocks"}), or null when it can ({@link #writesRegions}).
   */
  public String regionLimit() {
    return kind.regionLimit();
  }

  /**
   * The multiple of bytes B must be for this type: {@link Integer#BYTES} (whole ints), or more for
   * a type that moves whole blocks ({@code direct}: {@link #DIRECT_ALIGNMENT}).
   */
  public int bufferAlignment() {
    return kind.bufferAlignment();
  }

  /**
   * How many buffers of B bytes a stream of this type holds (a mapped window counts as one), as the
   * sort counts its memory: reading or writing. See {@link #fixedBufferBytes}.
   */
  public int buffersOfB(boolean reading) {
    return kind.buffersOfB(reading);
  }

  /**
   * Bytes of fixed-size buffers a stream of this type holds beside its buffers of B (the JDK's 8
   * KiB, O_DIRECT's alignment slack), as the sort counts its memory.
   */
  public long fixedBufferBytes() {
    return kind.fixedBufferBytes();
  }

  /** Java heap (arrays) one stream of this type holds with buffer B. */
  public long heapBytes(long bufferBytes) {
    return kind.heapBytes(bufferBytes);
  }

  /**
   * Direct memory (NIO buffers outside the heap) one stream of this type holds with buffer B; a
   * mapped window is neither heap nor direct memory.
   */
  public long directBytes(long bufferBytes) {
    return kind.directBytes(bufferBytes);
  }

  /**
   * Direct memory one reader ({@code reading}) or writer of this type holds with buffer B: a direct
   * reader holds two aligned blocks, its writer one.
   */
  public long directBytes(long bufferBytes, boolean reading) {
    return kind.directBytes(bufferBytes, reading);
  }

  /**
   * Bytes each system call that moves data moves with buffer B: {@code read}/{@code write} calls,
   * or for {@code mapped} each {@code mmap} call (its data moves by page faults).
   */
  public long bytesPerCall(boolean writing, long bufferBytes) {
    return kind.bytesPerCall(writing, bufferBytes);
  }

  /** The block size O_DIRECT buffers are checked against before a run (ext4's and XFS's usual). */
  public static final int DIRECT_ALIGNMENT = 4096;

  /** The JDK's {@code BufferedInputStream}/{@code BufferedOutputStream} default buffer. */
  public static final int JDK_BUFFER_BYTES = 8192;

  /** The four types of the seed reports, the defaults of the write and read experiments. */
  public static final List<StreamType> CLASSIC = List.of(SIMPLE, BUFFERED, USER_BUFFER, MAPPED);

  /**
   * Why this type cannot use B bytes, or null when it can: {@code direct} takes whole blocks only
   * (checked again against the real file system when a file is opened).
   */
  public String bufferProblem(long bufferBytes) {
    return kind.bufferProblem(bufferBytes);
  }

  /**
   * Parses a CLI name ({@code user-buffer}) or a seed report name ({@code BufferB}), ignoring case.
   *
   * @throws IllegalArgumentException naming the value and the allowed names
   */
  public static StreamType parse(String name) {
    return Names.parse(StreamType.class, "stream type", name);
  }

  @Override
  public String toString() {
    return cliName;
  }
}
