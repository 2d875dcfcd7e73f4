package org.secmem.results;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * A results file read from its start to its end a chunk at a time, by positional reads that leave
 * the channel's position as it was: what the readers of a file's end ({@link CsvTail}, the JSON
 * Lines codec) share. A file that becomes shorter while it is read ends where the reads end.
 */
final class FileChunks {

  private static final int CHUNK_BYTES = 64 * 1024;

  private final FileChannel channel;
  private final long size;
  private final ByteBuffer buffer = ByteBuffer.allocate(CHUNK_BYTES);
  private long at;
  private int length;
  private int last = -1;

  FileChunks(FileChannel channel) throws IOException {
    this.channel = channel;
    this.size = channel.size();
  }

  /** The file's size when reading began. */
  long size() {
    return size;
  }

  /** Reads the next chunk; false when the file has no more. */
  boolean next() throws IOException {
    at += length;
    length = 0;
    if (at >= size) {
      return false;
    }
    buffer.clear();
    if (size - at < buffer.capacity()) {
      buffer.limit((int) (size - at));
    }
    int n = channel.read(buffer, at);
    if (n <= 0) {
      return false; // the file became shorter while it was read: what was read is its end
    }
    length = n;
    last = buffer.get(n - 1) & 0xff;
    return true;
  }

  /** Bytes in the chunk. */
  int length() {
    return length;
  }

  /** Byte {@code i} of the chunk. */
  byte get(int i) {
    return buffer.get(i);
  }

  /** The file offset of byte {@code i} of the chunk. */
  long offset(int i) {
    return at + i;
  }

  /** The last byte read, 0 to 255; -1 when none was. */
  int lastByte() {
    return last;
  }
}
