package org.secmem.stream;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The {@code direct} type's writer: O_DIRECT writes of whole aligned blocks of B bytes, bypassing
 * the page cache. The last block is padded to the file system's block size and the file truncated
 * back to its real length. There is no region writer: O_DIRECT writes need block-aligned offsets
 * and lengths, which regions at any int offset do not have ({@link Streams#writesRegions}).
 *
 * <p>Cost: ⌈4N/B⌉ {@code write} system calls, each a device transfer.
 */
final class DirectWriteStream {

  private DirectWriteStream() {}

  static WriteStream create(Path path, int bufferBytes, boolean sync) throws IOException {
    int block = DirectIo.checkedBlock(path, bufferBytes);
    return new ChannelWriteStream(
        "direct",
        path,
        DirectIo.openTarget(path),
        DirectIo.alignedBuffer(bufferBytes, block),
        sync,
        block,
        WriteCount.unbounded(path),
        null);
  }
}
