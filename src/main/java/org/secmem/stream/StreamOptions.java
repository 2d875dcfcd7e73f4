package org.secmem.stream;

/**
 * How a stream is opened.
 *
 * @param bufferBytes B, the buffer or mapping window size in bytes, used by the types that take
 *     one; 4 to 1 GiB
 * @param sync whether closing a write stream forces its data to storage
 */
public record StreamOptions(int bufferBytes, boolean sync) {

  public static final int MIN_BUFFER_BYTES = 4;
  public static final int MAX_BUFFER_BYTES = 1 << 30;
  public static final int DEFAULT_BUFFER_BYTES = 64 * 1024;

  public StreamOptions {
    if (bufferBytes < MIN_BUFFER_BYTES || bufferBytes > MAX_BUFFER_BYTES) {
      throw new IllegalArgumentException(
          "bufferBytes ("
              + bufferBytes
              + ") must be between "
              + MIN_BUFFER_BYTES
              + " and "
              + MAX_BUFFER_BYTES);
    }
  }

  /** B = 64 KiB, no sync. */
  public static StreamOptions defaults() {
    return new StreamOptions(DEFAULT_BUFFER_BYTES, false);
  }

  public static StreamOptions ofBuffer(int bufferBytes) {
    return new StreamOptions(bufferBytes, false);
  }

  public StreamOptions withSync(boolean newSync) {
    return new StreamOptions(bufferBytes, newSync);
  }
}
