package org.secmem.stream;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** Big-endian ints in byte arrays, read and written whole (one bounds check, one byte swap). */
final class BigEndian {

  private static final VarHandle INT =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

  private BigEndian() {}

  static int getInt(byte[] buf, int pos) {
    return (int) INT.get(buf, pos);
  }

  static void putInt(byte[] buf, int pos, int value) {
    INT.set(buf, pos, value);
  }
}
