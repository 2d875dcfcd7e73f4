package org.secmem.experiment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.secmem.data.DataFiles;
import org.secmem.data.Shape;
import org.secmem.data.ValueGenerator;
import org.secmem.fs.TempRegistry;

/**
 * The k files of N ints that the write experiment writes and the read experiment reads, named by N,
 * seed and stream index so that one can find the other's: {@code ints-n<N>-s<seed>-<j>.bin}. Stream
 * j holds uniform ints seeded with {@link ValueGenerator#streamSeed(long, int)}, so every stream
 * type writes the same bytes.
 */
public final class DataSet {

  private DataSet() {}

  public static Path file(Path dir, long n, long seed, int j) {
    return dir.resolve(GeneratedInputs.streamName(n, seed, j));
  }

  public static List<Path> files(Path dir, long n, int k, long seed) {
    List<Path> files = new ArrayList<>(k);
    for (int j = 0; j < k; j++) {
      files.add(file(dir, n, seed, j));
    }
    return files;
  }

  /**
   * Generates whichever of the k files is missing or has the wrong size (untimed set-up). Each is
   * written under a temporary name registered with {@code temps} and appears only when complete.
   */
  public static List<Path> ensure(Path dir, long n, int k, long seed, TempRegistry temps)
      throws IOException {
    List<Path> files = files(dir, n, k, seed);
    for (int j = 0; j < k; j++) {
      Path f = files.get(j);
      if (!Files.isRegularFile(f) || Files.size(f) != n * Integer.BYTES) {
        DataFiles.generate(f, Shape.UNIFORM, n, ValueGenerator.streamSeed(seed, j), temps);
      }
    }
    return files;
  }
}
