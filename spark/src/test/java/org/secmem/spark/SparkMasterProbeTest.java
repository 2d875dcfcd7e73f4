package org.secmem.spark;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
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
}
