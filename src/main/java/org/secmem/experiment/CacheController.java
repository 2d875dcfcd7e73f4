package org.secmem.experiment;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.OptionalLong;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Puts the page cache in the state asked for before a timed run, and says what it really did: a
 * cold run that could not drop the cache is recorded as {@code as-is}, never passed off as cold.
 */
public final class CacheController {

  private static final Logger LOG = LogManager.getLogger(CacheController.class);

  private final PageCache pageCache;
  private final RunListener listener;
  private boolean dropRefused;
  private boolean flushRefused;

  public CacheController(PageCache pageCache, RunListener listener) {
    this.pageCache = pageCache;
    this.listener = listener;
  }

  /**
   * Prepares the cache for a run that reads {@code inputs}.
   *
   * @return what was done, for the {@code cache} column
   */
  public CacheMode prepare(CacheMode asked, List<Path> inputs) throws IOException {
    switch (asked) {
      case AS_IS:
        return CacheMode.AS_IS;
      case WARM:
        for (Path f : inputs) {
          readThrough(f);
        }
        return CacheMode.WARM;
      case COLD:
        if (dropRefused) {
          return CacheMode.AS_IS;
        }
        try {
          pageCache.dropAll();
          return CacheMode.COLD;
        } catch (IOException e) {
          dropRefused = true;
          LOG.warn("Cannot drop the page cache", e);
          listener.warning(
              "--cache cold: " + e.getMessage() + "; runs are recorded with cache=as-is instead");
          return CacheMode.AS_IS;
        }
      default:
        throw new AssertionError(asked);
    }
  }

  /**
   * Writes dirty pages back before a timed run. A failure is said once and the runs go on without
   * it: their {@code dirty_bytes} cells show what was left.
   */
  public void flush() {
    if (flushRefused) {
      return;
    }
    try {
      pageCache.flush();
    } catch (IOException e) {
      flushRefused = true;
      LOG.warn("Cannot write dirty pages back", e);
      listener.warning(
          "cannot write dirty pages back before the runs ("
              + e.getMessage()
              + "); the dirty_bytes column shows what each run started with");
    }
  }

  /** Dirty bytes now, when the system says. */
  public OptionalLong dirtyBytes() {
    return pageCache.dirtyBytes();
  }

  /** Reads a whole file once so its pages are cached. */
  static void readThrough(Path file) throws IOException {
    if (!Files.isRegularFile(file)) {
      return;
    }
    ByteBuffer buf = ByteBuffer.allocateDirect(1 << 20);
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      while (ch.read(buf) >= 0) {
        buf.clear();
      }
    }
  }
}
