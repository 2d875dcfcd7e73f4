package org.secmem.experiment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.secmem.data.PartFile;
import org.secmem.fs.Ownership;
import org.secmem.fs.TempRegistry;

/**
 * Keeps the file a timed run will replace alive until the clock has stopped. A sort replaces its
 * output only once the new one is complete, by renaming over it; if that rename dropped the old
 * file's last name, the file system would free it inside the rename, on the clock (0.7–1.1 s for a
 * 1 GiB file in the page cache on this machine's ext4), so every repetition after the first (whose
 * output the next one replaces) would pay for its predecessor. Before the run a second name (a hard
 * link, {@code .NAME.<uuid>.part} beside the output) is given to the old file; the rename then only
 * drops a name, and the old data is freed when the link is removed after the run.
 *
 * <p>The output itself is never touched: when the run fails, it is still there as it was. The link
 * is registered as a temporary (an interrupt removes it, which only drops a name), and is named
 * like an unfinished data file, so {@code secmem clean} finds one a killed process left.
 */
final class PreviousOutput {

  private static final Logger LOG = LogManager.getLogger(PreviousOutput.class);

  private final TempRegistry temps;
  private Path link;
  private boolean toldNoLinks;

  PreviousOutput(TempRegistry temps) {
    this.temps = temps;
  }

  /**
   * Gives {@code output}, when it exists as a regular file, a second name until {@link #release}.
   * Where that cannot be done (a file system without hard links), the run goes on and its
   * replacement of the file stays on the clock; that is logged once.
   */
  void hold(Path output) throws IOException {
    release();
    if (!Files.isRegularFile(output, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    Path name = PartFile.nameBeside(output);
    try {
      temps.register(name);
      Files.createLink(name, output);
      link = name;
    } catch (UnsupportedOperationException | IOException e) {
      temps.release(name);
      if (!toldNoLinks) {
        toldNoLinks = true;
        LOG.warn(
            "Cannot give {} a second name ({}): replacing it is timed with the sort",
            output,
            e.toString());
      }
    }
  }

  /** Removes the second name, freeing the old file if the run replaced it. */
  void release() throws IOException {
    if (link != null) {
      Path l = link;
      link = null;
      Ownership.discardTemporary(l);
      temps.release(l);
    }
  }

  /** The second name now held, if any (for tests). */
  Path link() {
    return link;
  }
}
