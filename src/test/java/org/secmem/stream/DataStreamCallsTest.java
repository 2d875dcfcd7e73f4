package org.secmem.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;

/**
 * The {@code simple} type's calls per int are the running JDK's: checked on the two JDKs measured
 * with /proc/self/io (17: {@code readInt} made 4 read calls per int; 25: 1; both: 1 write).
 */
class DataStreamCallsTest {

  private static final int FEATURE = Runtime.version().feature();

  @Test
  void readInt_onJdk17_readsByteByByte() {
    assumeTrue(FEATURE == 17, "measured on JDK 17; this is " + FEATURE);
    assertEquals(4, DataStreamCalls.readIntCalls());
    assertEquals(1, StreamType.SIMPLE.bytesPerCall(false, 4096));
  }

  @Test
  void readInt_onJdk25_readsTheFourBytesAtOnce() {
    assumeTrue(FEATURE == 25, "measured on JDK 25; this is " + FEATURE);
    assertEquals(1, DataStreamCalls.readIntCalls());
    assertEquals(4, StreamType.SIMPLE.bytesPerCall(false, 4096));
  }

  @Test
  void writeInt_isOneCallPerInt() {
    assertEquals(1, DataStreamCalls.writeIntCalls());
    assertEquals(Integer.BYTES, StreamType.SIMPLE.bytesPerCall(true, 4096));
  }

  @Test
  void theCostModelTakesTheRunningJvmsFigure() {
    assertEquals(
        DataStreamCalls.READ_INT_BYTES_PER_CALL, StreamType.SIMPLE.bytesPerCall(false, 1 << 20));
  }
}
