package org.secmem.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class DataFilesTest {

  @TempDir Path dir;

  @ParameterizedTest
  @EnumSource(Shape.class)
  void generate_sameSeed_sameBytes_otherSeed_otherBytes(Shape shape) throws IOException {
    Path a = dir.resolve("a.bin");
    Path b = dir.resolve("b.bin");
    Path c = dir.resolve("c.bin");
    DataFiles.generate(a, shape, 100_003, 7);
    DataFiles.generate(b, shape, 100_003, 7);
    DataFiles.generate(c, shape, 100_003, 8);
    assertEquals(100_003 * 4L, Files.size(a));
    assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(b));
    if (shape == Shape.UNIFORM || shape == Shape.FEW_DISTINCT || shape == Shape.EQUAL) {
      assertFalse(Arrays.equals(Files.readAllBytes(a), Files.readAllBytes(c)));
    }
  }

  @Test
  void generate_shapesHaveTheirProperties() throws IOException {
    int n = 50_000;
    int[] sorted = ints(generated(Shape.SORTED, n));
    assertTrue(isSorted(sorted));
    assertEquals(Integer.MIN_VALUE, sorted[0]);
    assertEquals(Integer.MAX_VALUE, sorted[n - 1]);
    int[] reverse = ints(generated(Shape.REVERSE, n));
    assertEquals(Integer.MAX_VALUE, reverse[0]);
    for (int i = 1; i < n; i++) {
      assertTrue(reverse[i - 1] >= reverse[i]);
    }
    assertTrue(Arrays.stream(ints(generated(Shape.FEW_DISTINCT, n))).distinct().count() <= 16);
    assertEquals(1, Arrays.stream(ints(generated(Shape.EQUAL, n))).distinct().count());
    int[] uniform = ints(generated(Shape.UNIFORM, n));
    assertTrue(Arrays.stream(uniform).distinct().count() > n * 0.99);
    assertFalse(isSorted(uniform));
  }

  @Test
  void scan_findsFirstOutOfOrderIndex_andChecksumIgnoresOrder() throws IOException {
    Path f = write(1, 2, 2, 5, 4, 6);
    FileScan asc = DataFiles.scan(f, Optional.of(SortOrder.ASCENDING));
    assertEquals(4, asc.firstOutOfOrder());
    assertFalse(asc.inOrder());
    assertEquals(6, asc.ints());
    Path g = write(6, 5, 4, 2, 2, 1);
    assertTrue(DataFiles.scan(g, Optional.of(SortOrder.DESCENDING)).inOrder());
    assertTrue(asc.checksum().sameAs(DataFiles.scan(g, Optional.empty()).checksum()));
    Path h = write(6, 5, 4, 2, 3, 1);
    assertFalse(asc.checksum().sameAs(DataFiles.scan(h, Optional.empty()).checksum()));
  }

  @Test
  void checksum_distinguishesMultisetsThatSumsWouldNot() {
    Checksum a = new Checksum();
    a.add(new int[] {1, 4}, 0, 2);
    Checksum b = new Checksum();
    b.add(new int[] {2, 3}, 0, 2);
    assertNotEquals(a.sum(), b.sum());
    Checksum c = new Checksum();
    c.add(4);
    c.add(1);
    assertTrue(a.sameAs(c));
  }

  @Test
  void generate_leavesNoTemporaryFile() throws IOException {
    DataFiles.generate(dir.resolve("x.bin"), Shape.UNIFORM, 1000, 1);
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(1, files.count());
    }
  }

  private Path generated(Shape shape, int n) throws IOException {
    Path f = dir.resolve(shape + ".bin");
    DataFiles.generate(f, shape, n, 3);
    return f;
  }

  private Path write(int... values) throws IOException {
    Path f = Files.createTempFile(dir, "v", ".bin");
    ByteBuffer bb = ByteBuffer.allocate(values.length * 4);
    bb.asIntBuffer().put(values);
    Files.write(f, bb.array());
    return f;
  }

  private static int[] ints(Path f) throws IOException {
    ByteBuffer bb = ByteBuffer.wrap(Files.readAllBytes(f));
    int[] a = new int[bb.remaining() / 4];
    bb.asIntBuffer().get(a);
    return a;
  }

  private static boolean isSorted(int[] a) {
    for (int i = 1; i < a.length; i++) {
      if (a[i - 1] > a[i]) {
        return false;
      }
    }
    return true;
  }
}
