package org.secmem.units;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Counts of ints and sizes in bytes as people read them ({@link Units}): each has one unit system
 * (binary), says which it is (ints or bytes), and never reads as more than it is.
 */
class UnitsTest {

  private static final Pattern INTS =
      Pattern.compile("(?:(\\d+)|2\\^(\\d+)|(\\d+)(Ki|Mi|Gi|Ti|Pi|Ei)) ints?");
  private static final Pattern BYTES =
      Pattern.compile("(\\d+)(?:\\.(\\d))? (bytes|byte|KiB|MiB|GiB|TiB|PiB|EiB)");
  private static final List<String> PREFIXES = List.of("", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei");
  private static final List<String> BYTE_UNITS =
      List.of("bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB");

  @ParameterizedTest
  @CsvSource({
    "0, 0 ints",
    "1, 1 int",
    "1000, 1000 ints",
    "1024, 2^10 ints",
    "1048576, 2^20 ints",
    "1000000, 1000000 ints",
    "3072, 3Ki ints",
    "257949696, 246Mi ints",
    "1048577, 1048577 ints",
    "128000, 125Ki ints",
    "2000000000, 2000000000 ints"
  })
  void ints_examples(long n, String text) {
    assertEquals(text, Units.ints(n));
  }

  @ParameterizedTest
  @CsvSource({
    "0, 0 bytes",
    "1, 1 byte",
    "512, 512 bytes",
    "1024, 1 KiB",
    "65536, 64 KiB",
    "1048576, 1 MiB",
    "1572864, 1.5 MiB",
    "65537, 64.0 KiB",
    "1048575, 1023.9 KiB",
    "3221225472, 3 GiB",
    "257949696, 246 MiB"
  })
  void bytes_examples(long b, String text) {
    assertEquals(text, Units.bytes(b));
  }

  /** Every count reads back to itself: the text is exact, whichever of its three forms. */
  @Property(tries = 2000)
  void ints_readBackExactly(@ForAll("counts") long n) {
    String text = Units.ints(n);
    Matcher m = INTS.matcher(text);
    assertTrue(m.matches(), text);
    long back =
        m.group(1) != null
            ? Long.parseLong(m.group(1))
            : m.group(2) != null
                ? 1L << Integer.parseInt(m.group(2))
                : Long.parseLong(m.group(3)) << (10 * PREFIXES.indexOf(m.group(4)));
    assertEquals(n, back, text);
    assertEquals(n == 1, text.endsWith(" int"), text);
  }

  /** A power of two of at least 1024 is written as one, the way the options take it. */
  @Property
  void ints_powersOfTwoAsPowers(@ForAll @IntRange(min = 10, max = 62) int e) {
    assertEquals("2^" + e + " ints", Units.ints(1L << e));
  }

  /**
   * A multiple of 1024 that is no power of two takes the largest binary prefix that divides it,
   * where that leaves a number under 1024 (before, 2,000,000,000 read "1953125Ki ints").
   */
  @Property(tries = 1000)
  void ints_binaryPrefixOnlyWhenExact(
      @ForAll @LongRange(min = 3, max = 1L << 40) long odd, @ForAll @IntRange(max = 5) int p) {
    long base = odd | 1;
    if (base == 1 || base > Long.MAX_VALUE >> (10 * p)) {
      return;
    }
    long n = base << (10 * p);
    String expected = p == 0 || base >= 1024 ? Long.toString(n) : base + PREFIXES.get(p);
    assertEquals(expected + " ints", Units.ints(n));
  }

  /**
   * Bytes: one unit, the number shown in [1, 1024) of it (or the bytes under 1 KiB), never more
   * than the size and less than a tenth of the unit below it; no decimal point exactly when exact.
   */
  @Property(tries = 3000)
  void bytes_neverMoreThanTheSize_andExactWithoutDecimals(@ForAll("sizes") long b) {
    String text = Units.bytes(b);
    Matcher m = BYTES.matcher(text);
    assertTrue(m.matches(), text);
    int u = Math.max(0, BYTE_UNITS.indexOf(m.group(3)));
    long unit = 1L << (10 * u);
    long whole = Long.parseLong(m.group(1));
    int tenth = m.group(2) == null ? 0 : Integer.parseInt(m.group(2));
    assertTrue(u == 0 ? whole == b : whole >= 1 && whole < 1024, text);
    // shown <= b < shown + unit/10, in exact integer arithmetic on (b / unit) and its remainder
    long q = b / unit;
    long r = b % unit;
    assertEquals(q, whole, text);
    if (m.group(2) == null) {
      assertEquals(0, r, "no decimal point, so exact: " + text);
    } else {
      assertTrue(r > 0, "a decimal point, so not exact: " + text);
      double fraction = r / (double) unit;
      assertTrue(fraction >= tenth / 10.0 - 1e-9 && fraction < (tenth + 1) / 10.0 + 1e-9, text);
    }
    assertEquals(b == 1, text.equals("1 byte"), text);
  }

  @Property
  void bytes_powersOfTwo_exact(@ForAll @IntRange(min = 0, max = 62) int e) {
    long b = 1L << e;
    assertEquals(
        (1L << (e % 10)) + " " + BYTE_UNITS.get(e / 10).replace("bytes", b == 1 ? "byte" : "bytes"),
        Units.bytes(b));
  }

  @Provide
  Arbitrary<Long> counts() {
    return Arbitraries.oneOf(
        Arbitraries.longs().between(0, 1L << 20),
        Arbitraries.longs().between(0, Long.MAX_VALUE),
        Arbitraries.integers().between(0, 62).map(e -> 1L << e),
        Arbitraries.integers()
            .between(0, 50)
            .flatMap(e -> Arbitraries.longs().between(1, 4096).map(k -> k << e)));
  }

  @Provide
  Arbitrary<Long> sizes() {
    return counts();
  }

  @ParameterizedTest
  @CsvSource({
    "1, 1 int",
    "87, 87 ints",
    "1000, 1000 ints",
    "1024, 2^10 ints",
    "4096, 2^12 ints",
    "3072, 3072 ints",
    "2000000000, 2000000000 ints"
  })
  void typedInts_examples(long n, String text) {
    assertEquals(text, Units.typedInts(n));
  }

  /**
   * What a message asks a user to type reads back through the options' own parser: digits or a
   * power of two, never a prefix ({@code 3Ki}) the options do not take.
   */
  @Property(tries = 2000)
  void typed_readsBackThroughTheOptionsParser(@ForAll("counts") long n) {
    String text = Units.typed(n);
    assertEquals(n, org.secmem.param.NumberParser.parseCount(text), text);
  }

  @Test
  void largerHeap_isAdvisedForTheJvmAndTheScriptAlike() {
    assertEquals(
        "a larger heap: java -Xmx520m (scripts/secmem: SECMEM_HEAP=520m)", Units.largerHeap(520));
  }

  @ParameterizedTest
  @CsvSource({
    "65536,64K",
    "1048576,1M",
    "3221225472,3G",
    "4096,4K",
    "1000,1000",
    "65537,65537",
    "1536,1536"
  })
  void typedBytes_isWhatTheOptionsTakeBack(long bytes, String text) {
    assertEquals(text, Units.typedBytes(bytes));
    assertEquals(bytes, org.secmem.param.NumberParser.parseBytes(text));
  }
}
