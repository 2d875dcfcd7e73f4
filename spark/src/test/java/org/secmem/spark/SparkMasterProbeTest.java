package org.secmem.spark;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.secmem.engine.EngineException;
import org.secmem.engine.EngineSettings;

/** A standalone master that is not there fails start() quickly, in one line. */
@ExtendWith(SparkRunsHere.class)
class SparkMasterProbeTest {

  @Test
  void anUnreachableMasterFailsWithinSixSecondsInOneLine() throws IOException {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    EngineSettings settings =
        new EngineSettings(
            Optional.of("spark://127.0.0.1:" + port),
            OptionalLong.empty(),
            OptionalInt.empty(),
            Map.of(),
            List.of());
    try (SparkSortEngine engine = new SparkSortEngine()) {
      assertTrue(engine.problems(settings).isEmpty(), () -> engine.problems(settings).toString());
      long t0 = System.nanoTime();
      EngineException e = assertThrows(EngineException.class, () -> engine.start(settings));
      long millis = (System.nanoTime() - t0) / 1_000_000;
      assertTrue(millis < 6_000, millis + " ms");
      assertTrue(
          e.getMessage().startsWith("cannot reach the Spark master at 127.0.0.1:" + port + ": "),
          e.getMessage());
      assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }
  }

  /**
   * A master given through --conf spark.master, or one that accepts connections but never answers,
   * took about 63 s and was said to have removed the application: it is now named as not reached,
   * within the wait spark.rpc.lookupTimeout sets.
   */
  @Test
  void aMasterThatAcceptsButNeverAnswersFailsNamingIt() throws Exception {
    try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      String master = "spark://127.0.0.1:" + silent.getLocalPort();
      EngineSettings settings =
          new EngineSettings(
              Optional.empty(),
              OptionalLong.empty(),
              OptionalInt.empty(),
              Map.of("spark.master", master, "spark.rpc.lookupTimeout", "1s"),
              List.of());
      try (SparkSortEngine engine = new SparkSortEngine()) {
        assertTrue(engine.problems(settings).isEmpty(), () -> engine.problems(settings).toString());
        EngineException e =
            assertTimeoutPreemptively(
                Duration.ofSeconds(50),
                () -> assertThrows(EngineException.class, () -> engine.start(settings)));
        assertTrue(
            e.getMessage().startsWith("cannot reach the Spark master " + master + ": "),
            e.getMessage());
        assertTrue(e.getMessage().contains("did not answer within 1000 ms"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
      }
    }
  }
}
