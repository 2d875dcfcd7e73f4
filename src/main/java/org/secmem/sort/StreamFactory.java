package org.secmem.sort;

import java.io.IOException;
import java.nio.file.Path;
import org.secmem.stream.ReadStream;
import org.secmem.stream.StreamOptions;
import org.secmem.stream.StreamType;
import org.secmem.stream.Streams;
import org.secmem.stream.WriteStream;

/**
 * Where the sort gets every stream it reads or writes through: {@link Streams}, or a test double
 * that injects faults. Every byte of every phase goes through one of these methods.
 */
public interface StreamFactory {

  /** Ints {@code [fromInt, toInt)} of {@code path}. */
  ReadStream openReader(StreamType type, Path path, StreamOptions options, long fromInt, long toInt)
      throws IOException;

  /** A new file (an existing one is truncated). */
  WriteStream createWriter(StreamType type, Path path, StreamOptions options) throws IOException;

  /** {@code lenInts} ints from int {@code atInt} of an existing, already sized file. */
  WriteStream createRegionWriter(
      StreamType type, Path path, StreamOptions options, long atInt, long lenInts)
      throws IOException;

  /** The real streams. */
  static StreamFactory standard() {
    return new StreamFactory() {
      @Override
      public ReadStream openReader(
          StreamType type, Path path, StreamOptions options, long fromInt, long toInt)
          throws IOException {
        return Streams.openReader(type, path, options, fromInt, toInt);
      }

      @Override
      public WriteStream createWriter(StreamType type, Path path, StreamOptions options)
          throws IOException {
        return Streams.createWriter(type, path, options);
      }

      @Override
      public WriteStream createRegionWriter(
          StreamType type, Path path, StreamOptions options, long atInt, long lenInts)
          throws IOException {
        return Streams.createRegionWriter(type, path, options, atInt, lenInts);
      }
    };
  }
}
