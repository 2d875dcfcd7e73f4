package org.secmem.data;

import java.nio.file.Path;

/**
 * What one pass over a data file found.
 *
 * @param firstOutOfOrder the index of the first int that breaks the order asked for, or -1 when the
 *     file is in that order (or no order was asked for)
 */
public record FileScan(Path file, Checksum checksum, long firstOutOfOrder) {

  public boolean inOrder() {
    return firstOutOfOrder < 0;
  }

  public long ints() {
    return checksum.count();
  }
}
