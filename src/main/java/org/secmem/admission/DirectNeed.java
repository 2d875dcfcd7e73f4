package org.secmem.admission;

/**
 * The direct (off-heap) memory a configuration's streams hold at once: NIO buffers outside the
 * heap, which a memory limit counts beside the heap and the JVM's own footprint.
 *
 * @param bytes direct memory held at the peak
 * @param what which buffers, e.g. {@code "16 channel readers and 1 channel writer of B = 32 MiB"};
 *     empty for none
 */
public record DirectNeed(long bytes, String what) {

  /** No direct buffers (heap streams, mapped windows, another engine). */
  public static final DirectNeed NONE = new DirectNeed(0, "");

  public DirectNeed {
    if (bytes < 0) {
      throw new IllegalArgumentException("bytes (" + bytes + ") must be >= 0");
    }
  }

  /** This or {@code other}, whichever holds more. */
  public DirectNeed max(DirectNeed other) {
    return other.bytes > bytes ? other : this;
  }
}
