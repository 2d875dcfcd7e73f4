package org.secmem.cli;

import java.util.List;
import org.secmem.stream.StreamOptions;
import org.secmem.stream.StreamType;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** --stream and --b, shared by write and read; lists make one configuration per value. */
final class StreamOptionsMixin {

  @Option(
      names = "--stream",
      paramLabel = "TYPE",
      split = ",",
      description =
          "Stream type(s), comma separated: simple, buffered, user-buffer, mapped (the seed"
              + " report's Simple, Buffer, BufferB, Mapping also work), and channel (FileChannel,"
              + " direct buffer), direct (O_DIRECT, B a multiple of 4096), async (read-ahead,"
              + " write-behind thread); or all.")
  List<String> streams;

  @Option(
      names = "--b",
      paramLabel = "BYTES",
      split = ",",
      converter = Converters.Bytes.class,
      description =
          "Buffer or mapping window size(s) B in bytes for user-buffer and mapped: 4 .. 1G,"
              + " e.g. 65536, 2^16, 64K (default: 65536).",
      defaultValue = "65536")
  List<Long> buffers;

  /** The stream types; required unless a parameter file gives them. */
  List<StreamType> streams(CommandLine cmd) {
    if (streams == null || streams.isEmpty()) {
      throw new CommandLine.ParameterException(
          cmd, "Missing required option: '--stream=TYPE' (or give --params FILE)");
    }
    java.util.List<StreamType> types = new java.util.ArrayList<>();
    for (String name : streams) {
      if (name.trim().equalsIgnoreCase("all")) {
        types.addAll(java.util.List.of(StreamType.values()));
        continue;
      }
      try {
        types.add(StreamType.parse(name));
      } catch (IllegalArgumentException e) {
        throw new CommandLine.ParameterException(cmd, "--stream: " + e.getMessage());
      }
    }
    for (StreamType t : types) {
      for (long b : t.usesBufferSize() ? buffers : List.<Long>of()) {
        String p = t.bufferProblem(b);
        if (p != null) {
          throw new CommandLine.ParameterException(cmd, "--b: " + p);
        }
      }
    }
    return types.stream().distinct().toList();
  }

  /** The B values, checked against the allowed range. */
  List<Integer> bufferSizes(CommandLine cmd) {
    return buffers.stream()
        .map(
            b -> {
              Limits.between(
                  cmd,
                  "--b",
                  b,
                  StreamOptions.MIN_BUFFER_BYTES,
                  StreamOptions.MAX_BUFFER_BYTES,
                  "bytes");
              return (int) (long) b;
            })
        .toList();
  }
}
