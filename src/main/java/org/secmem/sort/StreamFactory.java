package org.secmem.sort;

import java.io.IOException;
import java.nio.file.Path;
import org.secmem.stream.ReadStream;
import org.secmem.stream.StreamOptions;
import org.secmem.stream.StreamType;
import org.secmem.stream.Streams;
import org.secmem.stream.WriteStream;

/** Where a sorter gets its streams: {@link Streams}, or a test double that injects faults. */
public interface StreamFactory {

  ReadStream openReader(StreamType type, Path path, StreamOptions options) throws IOException;

  WriteStream createWriter(StreamType type, Path path, StreamOptions options) throws IOException;

  /** The real streams. */
  static StreamFactory standard() {
    return new StreamFactory() {
      @Override
      public ReadStream openReader(StreamType type, Path path, StreamOptions options)
          throws IOException {
        return Streams.openReader(type, path, options);
      }

      @Override
      public WriteStream createWriter(StreamType type, Path path, StreamOptions options)
          throws IOException {
        return Streams.createWriter(type, path, options);
      }
    };
  }
}
