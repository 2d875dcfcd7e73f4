package org.secmem.names;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The tables kept beside their classes: rows of their fields, comments and blanks left out. */
class TabSeparatedTest {

  @Test
  void rows_leaveOutCommentsAndBlankLines_andKeepEmptyFields() {
    assertEquals(
        List.of(List.of("a", "one"), List.of("b", "")),
        TabSeparated.rows(TabSeparatedTest.class, "two-fields.tsv", 2, "key<TAB>value"));
  }

  @Test
  void aLineOfAnotherWidth_orAMissingResource_isNamed() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> TabSeparated.rows(TabSeparatedTest.class, "short-line.tsv", 2, "key<TAB>value"));
    assertEquals("short-line.tsv: not 'key<TAB>value': b", e.getMessage());
    e =
        assertThrows(
            IllegalStateException.class,
            () -> TabSeparated.rows(TabSeparatedTest.class, "absent.tsv", 2, "key<TAB>value"));
    assertEquals("absent.tsv is missing from the class path", e.getMessage());
  }
}
