package org.secmem.fs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class EachOfTest {

  @Test
  void everyItemIsTried_theFirstFailureIsThrown_theLaterOnesSuppressedOnIt() {
    List<String> done = new ArrayList<>();
    IOException thrown =
        assertThrows(
            IOException.class,
            () ->
                EachOf.run(
                    List.of("a", "bad1", "b", "bad2", "c"),
                    s -> {
                      if (s.startsWith("bad")) {
                        throw new IOException(s);
                      }
                      done.add(s);
                    }));
    assertEquals(List.of("a", "b", "c"), done, "a failure stops none of the others");
    assertEquals("bad1", thrown.getMessage());
    assertEquals(1, thrown.getSuppressed().length);
    assertEquals("bad2", thrown.getSuppressed()[0].getMessage());
  }

  @Test
  void collect_keepsAnEarlierFailureFirst_andReturnsNullWhenNothingFailed() {
    IOException prior = new IOException("earlier step");
    IOException got =
        EachOf.collect(
            prior,
            List.of(1, 2),
            i -> {
              throw new IOException("item " + i);
            });
    assertSame(prior, got);
    assertArrayEquals(
        new String[] {"item 1", "item 2"},
        Arrays.stream(got.getSuppressed()).map(Throwable::getMessage).toArray());
    assertNull(EachOf.collect(null, List.of(1, 2), i -> {}));
  }
}
