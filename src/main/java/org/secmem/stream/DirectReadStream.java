package org.secmem.stream;

import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The {@code direct} type's reader: O_DIRECT ({@code ExtendedOpenOption.DIRECT}) moves blocks of B
 * bytes from the device into an aligned buffer, bypassing the page cache, so every read is a real
 * device read — what a database's own buffer manager does. B must be a multiple of the file
 * system's block size; whole blocks are read at aligned offsets, the last one stops at the end.
 *
 * <p>Cost: ⌈4N/B⌉ {@code read} system calls, each a device transfer.
 */
final class DirectReadStream {

  private DirectReadStream() {}

  static ReadStream open(Path path, int bufferBytes, long totalInts) throws IOException {
    int block = DirectIo.checkedBlock(path, bufferBytes);
    return new ChannelReadStream("direct", path, DirectIo.open(path, StandardOpenOption.READ),
        DirectIo.alignedBuffer(bufferBytes, block), totalInts);
  }
}
