package org.secmem.fs;

import java.nio.file.Path;

/**
 * Knows the temporary files and folders that exist right now, so that whoever handles an interrupt
 * (Ctrl-C, SIGTERM) can remove them before the process ends.
 */
public interface TempRegistry {

  /** {@code path} (a file or a folder and all in it) is temporary until {@link #release}. */
  void register(Path path);

  /** {@code path} is gone or no longer temporary. */
  void release(Path path);

  /** For callers with nobody to tell. */
  static TempRegistry none() {
    return new TempRegistry() {
      @Override
      public void register(Path path) {}

      @Override
      public void release(Path path) {}
    };
  }
}
