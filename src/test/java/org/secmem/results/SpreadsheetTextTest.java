package org.secmem.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/** Text cells a spreadsheet would run as formulas are neutralised and read back as they were. */
class SpreadsheetTextTest {

  @Property
  void everyCellReadsBackAsItWas_andNoneStartsAFormula(@ForAll String cell) {
    String written = SpreadsheetText.protect(cell);
    assertEquals(cell, SpreadsheetText.unprotect(written));
    if (!written.isEmpty() && !cell.matches("[+-]?[0-9.eE+-]+|[+-]?(Infinity|NaN)")) {
      assertFalse("=+-@\t\r".indexOf(written.charAt(0)) >= 0, written);
    }
  }

  @Test
  void formulasGetAQuote_numbersAndPlainTextDoNot() {
    assertEquals("'=1+1.bin", SpreadsheetText.protect("=1+1.bin"));
    assertEquals("'@SUM(1).bin", SpreadsheetText.protect("@SUM(1).bin"));
    assertEquals("'+wd2", SpreadsheetText.protect("+wd2"));
    assertEquals("'-x.bin", SpreadsheetText.protect("-x.bin"));
    assertEquals("'\tx", SpreadsheetText.protect("\tx"));
    assertEquals("-5", SpreadsheetText.protect("-5"));
    assertEquals("+1.5e3", SpreadsheetText.protect("+1.5e3"));
    assertEquals("-0.25", SpreadsheetText.protect("-0.25"));
    assertEquals("data/in.bin", SpreadsheetText.protect("data/in.bin"));
    assertEquals("''quoted", SpreadsheetText.protect("'quoted"));
  }
}
