package org.secmem.spark;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.secmem.engine.EngineException;

/**
 * Whether a standalone master answers at all, before Spark tries (Spark retries for a minute and
 * more before it gives up on a master that is not there).
 */
final class MasterProbe {

  private static final Logger LOG = LogManager.getLogger(MasterProbe.class);

  static final Duration TIMEOUT = Duration.ofSeconds(5);

  private MasterProbe() {}

  /**
   * Returns when one of the master's endpoints accepts a TCP connection within {@code timeout}.
   *
   * @throws EngineException naming every endpoint and why it could not be reached
   */
  static void check(List<MasterUrl.Endpoint> endpoints, Duration timeout) throws EngineException {
    List<String> reasons = new ArrayList<>();
    for (MasterUrl.Endpoint e : endpoints) {
      try (Socket s = new Socket()) {
        s.connect(new InetSocketAddress(e.host(), e.port()), (int) timeout.toMillis());
        LOG.info("Spark master {} accepts connections", e);
        return;
      } catch (IOException ex) {
        LOG.info("Spark master {} cannot be reached", e, ex);
        reasons.add(e + ": " + Failures.firstLine(ex));
      }
    }
    throw new EngineException("cannot reach the Spark master at " + String.join("; ", reasons));
  }
}
