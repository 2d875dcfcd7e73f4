package org.secmem.stream;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;

/**
 * How many calls the running JDK's {@code DataInputStream.readInt} and {@code
 * DataOutputStream.writeInt} make on the stream beneath them, each a system call when that stream
 * is an unbuffered file: the {@code simple} type's cost. It changed between releases (JDK 17's
 * {@code readInt} calls {@code read()} four times, one byte a call; JDK 25's reads the four bytes
 * with one {@code read(byte[], 0, 4)}; both JDKs' {@code writeInt} make one {@code write} of four
 * bytes), so it is measured once, on this JVM, by counting the calls one int makes on a stream that
 * counts them, instead of being guessed from the version number.
 */
final class DataStreamCalls {

  /** Bytes each call beneath {@code DataInputStream.readInt} moves on this JVM. */
  static final int READ_INT_BYTES_PER_CALL = Integer.BYTES / readIntCalls();

  /** Bytes each call beneath {@code DataOutputStream.writeInt} moves on this JVM. */
  static final int WRITE_INT_BYTES_PER_CALL = Integer.BYTES / writeIntCalls();

  private DataStreamCalls() {}

  /** Calls one {@code readInt} makes on the stream it reads (1 to 4). */
  static int readIntCalls() {
    int[] calls = {0};
    InputStream counting =
        new InputStream() {
          @Override
          public int read() {
            calls[0]++;
            return 0;
          }

          @Override
          public int read(byte[] b, int off, int len) {
            calls[0]++;
            Arrays.fill(b, off, off + len, (byte) 0);
            return len;
          }
        };
    try {
      new DataInputStream(counting).readInt();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return clamp(calls[0]);
  }

  /** Calls one {@code writeInt} makes on the stream it writes (1 to 4). */
  static int writeIntCalls() {
    int[] calls = {0};
    OutputStream counting =
        new OutputStream() {
          @Override
          public void write(int b) {
            calls[0]++;
          }

          @Override
          public void write(byte[] b, int off, int len) {
            calls[0]++;
          }
        };
    try {
      new DataOutputStream(counting).writeInt(0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return clamp(calls[0]);
  }

  /** 1, 2 or 4: bytes a call must divide the four bytes of an int evenly. */
  private static int clamp(int calls) {
    if (calls >= 4) {
      return 4;
    }
    return calls <= 1 ? 1 : 2;
  }
}
