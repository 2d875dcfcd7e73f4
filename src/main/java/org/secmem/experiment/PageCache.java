package org.secmem.experiment;

import java.io.IOException;

/** The operating system's page cache, as far as secmem can control it. */
public interface PageCache {

  /**
   * Writes dirty pages out and drops the clean ones, so the next reads come from storage.
   *
   * @throws IOException with the reason when this process may not (e.g. not root)
   */
  void dropAll() throws IOException;
}
