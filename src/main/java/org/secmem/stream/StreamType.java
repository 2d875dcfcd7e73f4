package org.secmem.stream;

import java.util.List;
import org.secmem.names.CliName;
import org.secmem.names.Names;

/** The I/O strategies secmem measures, with the names the CLI, CSV files and seed report use. */
public enum StreamType implements CliName {
  /** {@code DataInputStream}/{@code DataOutputStream} straight on the file. */
  SIMPLE("simple", "Simple", false),
  /** The same through the JDK's 8 KiB {@code BufferedInputStream}/{@code BufferedOutputStream}. */
  BUFFERED("buffered", "Buffer", false),
  /** An own buffer of B bytes, one read or write call per B bytes. */
  USER_BUFFER("user-buffer", "BufferB", true),
  /** Windows of B bytes mapped with {@code FileChannel.map}, remapped as the position moves. */
  MAPPED("mapped", "Mapping", true),
  /** A {@code FileChannel} with a direct buffer of B bytes, decoded a block at a time. */
  CHANNEL("channel", "Channel", true),
  /**
   * O_DIRECT: aligned blocks of B bytes straight to and from the device, no page cache; reads stay
   * one block ahead on a background thread, so the device works while blocks are decoded.
   */
  DIRECT("direct", "Direct", true),
  /** Read-ahead and write-behind of B-byte blocks on a background thread. */
  ASYNC("async", "Async", true);

  private final String cliName;
  private final String seedName;
  private final boolean usesBufferSize;

  StreamType(String cliName, String seedName, boolean usesBufferSize) {
    this.cliName = cliName;
    this.seedName = seedName;
    this.usesBufferSize = usesBufferSize;
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
    return usesBufferSize;
  }

  /** The block size O_DIRECT buffers are checked against before a run (ext4's and XFS's usual). */
  public static final int DIRECT_ALIGNMENT = 4096;

  /** The four types of the seed reports, the defaults of the write and read experiments. */
  public static final List<StreamType> CLASSIC = List.of(SIMPLE, BUFFERED, USER_BUFFER, MAPPED);

  /**
   * Why this type cannot use B bytes, or null when it can: {@code direct} takes whole blocks only
   * (checked again against the real file system when a file is opened).
   */
  public String bufferProblem(long bufferBytes) {
    if (this == DIRECT && bufferBytes % DIRECT_ALIGNMENT != 0) {
      return "direct needs B to be a multiple of "
          + DIRECT_ALIGNMENT
          + " bytes (the file-system block size O_DIRECT works in), not "
          + bufferBytes;
    }
    return null;
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
