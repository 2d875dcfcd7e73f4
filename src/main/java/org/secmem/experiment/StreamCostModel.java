package org.secmem.experiment;

import org.secmem.stream.StreamType;

/**
 * The I/O calls each stream type implies for moving k files of N ints (PRODUCT.md section 7),
 * checked against the JDK classes the types are built on.
 */
public final class StreamCostModel {

  /** {@code BufferedInputStream}/{@code BufferedOutputStream}'s default buffer. */
  public static final int JDK_BUFFER_BYTES = StreamType.JDK_BUFFER_BYTES;

  private StreamCostModel() {}

  /**
   * Predicted system calls moving the data: {@code read}/{@code write} calls, or {@code mmap} calls
   * for {@code mapped} (whose data moves by page faults, not read or write calls).
   *
   * <ul>
   *   <li>simple, reading: k·N·4/c — {@code DataInputStream.readInt} makes c calls per int on the
   *       unbuffered file, each a system call, c measured on the running JVM: four on JDK 17
   *       ({@code read()} byte by byte), one on JDK 25 ({@code readFully} of four bytes);
   *   <li>simple, writing: k·N — {@code DataOutputStream.writeInt} assembles the four bytes and
   *       makes one {@code write} call per int (JDK 17 and 25, measured with /proc/self/io; also
   *       measured on the running JVM);
   *   <li>buffered: k·⌈4N/8192⌉;
   *   <li>user-buffer, mapped, channel, direct and async: k·⌈4N/B⌉ (async's calls are made by its
   *       background thread, which /proc/self/io counts too).
   * </ul>
   *
   * That is k·⌈4N / bytes a call⌉, the bytes a call being the type's own fact ({@link
   * StreamType#bytesPerCall}).
   */
  public static long predictedCalls(
      StreamType type, boolean writing, long n, long k, int bufferBytes) {
    long bytesPerFile = n * Integer.BYTES;
    return k * ceilDiv(bytesPerFile, type.bytesPerCall(writing, bufferBytes));
  }

  static long ceilDiv(long a, long b) {
    return (a + b - 1) / b;
  }
}
