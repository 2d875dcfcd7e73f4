package org.secmem.param;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class NumberParserTest {

  @ParameterizedTest
  @CsvSource({
    "1000000,1000000",
    "1_000_000,1000000",
    "2^20,1048576",
    "2^0,1",
    " 42 ,42",
    "0,0",
    "10^6,1000000",
    "10^0,1",
    "10^18,1000000000000000000"
  })
  void parseCount_acceptsIntegersAndPowers(String text, long expected) {
    assertEquals(expected, NumberParser.parseCount(text));
  }

  @ParameterizedTest
  @CsvSource({
    "64K,65536",
    "64k,65536",
    "64KiB,65536",
    "64KB,65536",
    "1M,1048576",
    "2G,2147483648",
    "2^16,65536",
    "4096,4096"
  })
  void parseBytes_acceptsBinarySuffixes(String text, long expected) {
    assertEquals(expected, NumberParser.parseBytes(text));
  }

  /** Issue 49, item 7: a suffix means the same for a count as for a byte size (powers of 1024). */
  @ParameterizedTest
  @CsvSource({
    "16M,16777216",
    "16Mi,16777216",
    "16mi,16777216",
    "125Ki,128000",
    "64K,65536",
    "2G,2147483648",
    "1_000K,1024000"
  })
  void parseCount_takesTheSuffixesBytesTake_withTheSameMeaning(String text, long expected) {
    assertEquals(expected, NumberParser.parseCount(text));
    assertEquals(NumberParser.parseBytes(text), NumberParser.parseCount(text));
  }

  /** Issue 49, item 7: Ki, Mi, Gi are taken for bytes as KiB, MiB, GiB are. */
  @ParameterizedTest
  @CsvSource({"64Ki,65536", "64 KiB,65536", "64 KB,65536", "1Mi,1048576", "2Gi,2147483648"})
  void parseBytes_takesKiMiGi(String text, long expected) {
    assertEquals(expected, NumberParser.parseBytes(text));
  }

  /** Issue 49, item 7: a byte unit on a count is refused naming the forms a count takes. */
  @Test
  void parseCount_byteUnit_namesTheCountForms() {
    NumberFormatException e =
        assertThrows(NumberFormatException.class, () -> NumberParser.parseCount("16MB"));
    assertTrue(e.getMessage().contains("16Mi or 16M (16·2^20)"), e.getMessage());
  }

  @ParameterizedTest
  @CsvSource({
    "abc", "1.5", "3^4", "2^63", "64KB", "1i", "Ki", "''", "K", "-", "10^19", "10^-1", "^6"
  })
  void parseCount_rejectsWithAMessageSayingWhatIsAccepted(String text) {
    NumberFormatException e =
        assertThrows(NumberFormatException.class, () -> NumberParser.parseCount(text));
    assertTrue(e.getMessage().length() > 10, e.getMessage());
  }

  @Test
  void parseBytes_overflow_saysTooLarge() {
    NumberFormatException e =
        assertThrows(NumberFormatException.class, () -> NumberParser.parseBytes("9999999999999G"));
    assertTrue(e.getMessage().contains("too large"), e.getMessage());
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {"1,000|1000 or 1_000", "12,500,000|12500000 or 12_500_000"})
  void thousandsSeparators_areNamed_notReadAsSomethingElse(String text, String advice) {
    NumberFormatException e =
        assertThrows(NumberFormatException.class, () -> NumberParser.parseCount(text));
    assertTrue(e.getMessage().contains("thousands separator; write " + advice), e.getMessage());
  }
}
