package org.secmem.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * One vocabulary for the results' columns: every column name {@link ResultColumns} spells (its
 * constants, which switch statements need as literals, and its sets) is a {@link ResultColumn}'s
 * header, so that a name cannot drift from the file's column.
 */
class ResultColumnNamesTest {

  private static final Set<String> NOT_COLUMNS = Set.of("CHECKSUM_PREFIX");

  @Test
  void everyNameResultColumnsSpells_isAColumnsHeader() throws IllegalAccessException {
    List<String> headers = List.of(ResultColumn.headers());
    List<String> strays = new ArrayList<>();
    int checked = 0;
    for (Field f : ResultColumns.class.getDeclaredFields()) {
      int m = f.getModifiers();
      if (!Modifier.isStatic(m) || !Modifier.isPublic(m) || NOT_COLUMNS.contains(f.getName())) {
        continue;
      }
      Object v = f.get(null);
      List<Object> names = new ArrayList<>();
      if (v instanceof String s) {
        names.add(s);
      } else if (v instanceof Collection<?> c) {
        names.addAll(c);
      }
      for (Object n : names) {
        checked++;
        if (!(n instanceof String s) || !headers.contains(s)) {
          strays.add(f.getName() + ": " + n);
        }
      }
    }
    assertTrue(checked > 60, checked + " names checked");
    assertEquals(List.of(), strays, "names that are no column's header");
  }
}
