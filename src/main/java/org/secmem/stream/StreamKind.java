package org.secmem.stream;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Everything about one {@link StreamType} in one place: how its streams are made, what B does to
 * it, what it can do, the buffers it holds and the system calls it makes. Each type's constant
 * holds one ({@link StreamType#kind()}); {@link Streams}, the sort's and the experiments' memory
 * checks, the cost model and the buffer tree ask it instead of switching on the type, so a new type
 * is its own kind class, its streams and its tests (and a colour in the report's table).
 *
 * <p>The factories run once per stream opened, never per int: the streams they return are the
 * concrete classes, so reads and writes go through no extra layer.
 */
interface StreamKind {

  /**
   * Opens ints [fromInt, toInt) of {@code path} for reading; the region is already checked against
   * the file ({@link Streams#openReader}).
   */
  ReadStream openReader(Path path, StreamOptions options, long fromInt, long toInt)
      throws IOException;

  /** Creates (or truncates) {@code path} for writing. */
  WriteStream createWriter(Path path, StreamOptions options) throws IOException;

  /**
   * Opens the existing {@code path} for writing {@code lenInts} ints at int {@code atInt}; the
   * region is already checked ({@link Streams#createRegionWriter}). Called only when {@link
   * #regionLimit()} is null.
   */
  WriteStream createRegionWriter(Path path, StreamOptions options, long atInt, long lenInts)
      throws IOException;

  /**
   * Whether the buffer size B changes what this type does: yes unless the type overrides it (the
   * JDK's streams, whose buffers are their own).
   */
  default boolean usesBufferSize() {
    return true;
  }

  /**
   * Why this type cannot write a region of a file at any int offset (and so cannot append where a
   * buffer tree does), in a few words, or null when it can.
   */
  default String regionLimit() {
    return null;
  }

  /** {@link #regionLimit()} at length, for the error of a region writer asked for anyway. */
  default String regionLimitInDetail() {
    return regionLimit();
  }

  /** The multiple of bytes B must be for this type; whole ints unless the type needs more. */
  default int bufferAlignment() {
    return Integer.BYTES;
  }

  /** Why this type cannot use B bytes, or null when it can. */
  default String bufferProblem(long bufferBytes) {
    return null;
  }

  /**
   * How many buffers of B bytes a stream holds, counted against the sort's memory M (a mapped
   * window counts as one): one unless the type overrides it.
   */
  default int buffersOfB(boolean reading) {
    return 1;
  }

  /** Bytes of fixed-size buffers a stream holds beside those of B bytes, counted the same way. */
  default long fixedBufferBytes() {
    return 0;
  }

  /** Java heap (arrays) one stream holds with buffer B. */
  default long heapBytes(long bufferBytes) {
    return 0;
  }

  /** Direct memory (NIO buffers outside the heap) one writer holds with buffer B. */
  default long directBytes(long bufferBytes) {
    return 0;
  }

  /** Direct memory one reader ({@code reading}) or writer holds with buffer B. */
  default long directBytes(long bufferBytes, boolean reading) {
    return directBytes(bufferBytes);
  }

  /**
   * Bytes each {@code read}/{@code write} system call moves (for {@code mapped}, each {@code mmap}
   * call maps), with buffer B: B unless the type overrides it.
   */
  default long bytesPerCall(boolean writing, long bufferBytes) {
    return bufferBytes;
  }
}
