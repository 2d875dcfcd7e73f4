package org.secmem.experiment;

import java.io.IOException;
import java.util.OptionalLong;

/** The operating system's page cache, as far as secmem can control it. */
public interface PageCache {

  /**
   * Writes dirty pages out and drops the clean ones, so the next reads come from storage.
   *
   * @throws IOException with the reason when this process may not (e.g. not root)
   */
  void dropAll() throws IOException;

  /**
   * Writes dirty pages back to storage (without dropping any), so that the next run does not pay
   * for the write-back of what an earlier one wrote. Nothing by default.
   *
   * @throws IOException when the write-back could not be started or failed
   */
  default void flush() throws IOException {}

  /** Bytes of dirty pages waiting to be written back, when the system says (Linux's Dirty). */
  default OptionalLong dirtyBytes() {
    return OptionalLong.empty();
  }
}
