package org.secmem.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ThroughputTest {

  @ParameterizedTest
  @CsvSource({
    "1048576, 1000000000, 1.0", // 1 MiB in 1 s
    "1073741824, 1000000000, 1024.0", // 1 GiB in 1 s
    "1073741824, 500000000, 2048.0", // 1 GiB in 0.5 s
    "1000000, 1000000000, 0.95367431640625", // decimal MB are not MiB
    "0, 1, 0.0",
    "268435456, 25000000, 10240.0" // 256 MiB in 25 ms
  })
  void mibPerSecond_isMiBOverSeconds(long bytes, long nanos, double expected) {
    assertEquals(expected, Throughput.mibPerSecond(bytes, nanos), 1e-9);
  }

  @ParameterizedTest
  @CsvSource({"1, 0", "1, -5", "-1, 10"})
  void mibPerSecond_refusesNoTimeOrNegativeBytes(long bytes, long nanos) {
    assertThrows(IllegalArgumentException.class, () -> Throughput.mibPerSecond(bytes, nanos));
  }

  @ParameterizedTest
  @CsvSource({"1234.56, 1234.6", "0.04, 0.0", "10, 10.0", "99999.95, 100000.0"})
  void format_oneDecimal_dotWhateverTheLocale(double rate, String expected) {
    assertEquals(expected, Throughput.format(rate));
  }
}
