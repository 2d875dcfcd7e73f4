package org.secmem.spark;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.apache.spark.SecurityManager;
import org.apache.spark.SparkConf;
import org.apache.spark.rpc.RpcEnv;
import org.apache.spark.rpc.RpcEnv$;
import org.secmem.engine.EngineException;
import scala.concurrent.Await;

/**
 * Whether a standalone master answers at all, before Spark tries: Spark waits 3 x 20 s (fixed in
 * its {@code StandaloneAppClient}) for a master that accepts connections but never registers the
 * application, and then says the master removed it. Here a connection is tried first, then Spark's
 * own lookup of the {@code Master} endpoint, each within its own bound.
 */
final class MasterProbe {

  private static final Logger LOG = LogManager.getLogger(MasterProbe.class);

  static final Duration TIMEOUT = Duration.ofSeconds(5);

  /** The Spark setting that bounds the wait for the master's answer (Spark's endpoint lookup). */
  static final String ANSWER_TIMEOUT_KEY = "spark.rpc.lookupTimeout";

  /** How long the master has to answer when {@link #ANSWER_TIMEOUT_KEY} is not set. */
  static final String ANSWER_TIMEOUT_DEFAULT = "10s";

  /** The name a standalone master's endpoint has ({@code Master.ENDPOINT_NAME}). */
  private static final String MASTER_ENDPOINT = "Master";

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

  /**
   * Returns when one of the master's endpoints answers Spark's lookup of its {@code Master}
   * endpoint within the {@link #ANSWER_TIMEOUT_KEY} of {@code conf} (default {@value
   * #ANSWER_TIMEOUT_DEFAULT}); the connection uses {@code conf}'s security settings.
   *
   * @throws EngineException naming the master and saying that it did not answer
   */
  static void checkAnswers(MasterUrl master, SparkConf conf) throws EngineException {
    long millis = conf.getTimeAsMs(ANSWER_TIMEOUT_KEY, ANSWER_TIMEOUT_DEFAULT);
    SparkConf probeConf = conf;
    RpcEnv env;
    try {
      env =
          RpcEnv$.MODULE$.create(
              "secmem-master-probe",
              "127.0.0.1",
              0,
              probeConf,
              new SecurityManager(
                  probeConf,
                  SecurityManager.$lessinit$greater$default$2(),
                  SecurityManager.$lessinit$greater$default$3()),
              true);
    } catch (RuntimeException e) {
      LOG.warn("could not set up the check of the Spark master {}; Spark will try it", master, e);
      return;
    }
    List<String> reasons = new ArrayList<>();
    try {
      for (MasterUrl.Endpoint e : master.endpoints()) {
        String uri = "spark://" + MASTER_ENDPOINT + "@" + e;
        try {
          Await.result(
              env.asyncSetupEndpointRefByURI(uri),
              scala.concurrent.duration.Duration.create(millis, TimeUnit.MILLISECONDS));
          LOG.info("Spark master {} answers", e);
          return;
        } catch (TimeoutException ex) {
          LOG.info("Spark master {} did not answer within {} ms", e, millis, ex);
          reasons.add(e + " accepted a connection but did not answer within " + millis + " ms");
        } catch (InterruptedException ex) {
          Thread.currentThread().interrupt();
          throw new EngineException("interrupted while waiting for the Spark master " + master, ex);
        } catch (Exception ex) {
          LOG.info("Spark master {} did not answer", e, ex);
          reasons.add(e + ": " + Failures.rootLine(ex));
        }
      }
    } finally {
      env.shutdown();
    }
    throw new EngineException(
        "cannot reach the Spark master "
            + master
            + ": "
            + String.join("; ", reasons)
            + " (is it a Spark "
            + org.apache.spark.package$.MODULE$.SPARK_VERSION()
            + " standalone master? "
            + ANSWER_TIMEOUT_KEY
            + " sets the wait)");
  }
}
