package org.secmem.spark;

import org.apache.spark.api.java.function.Function;

/** One 4-byte record of the input, a big-endian int (what DataOutputStream writes). */
final class BigEndianInt implements Function<byte[], Integer> {

  private static final long serialVersionUID = 1L;

  @Override
  public Integer call(byte[] r) {
    return (r[0] << 24) | ((r[1] & 0xff) << 16) | ((r[2] & 0xff) << 8) | (r[3] & 0xff);
  }
}
