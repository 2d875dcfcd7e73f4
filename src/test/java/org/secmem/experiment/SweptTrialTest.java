package org.secmem.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A swept trial is the trial it wraps, its sweep named: every method of {@link Trial} is passed on.
 * It did not pass on workFolders (so the folders of a fork the OOM killer ended were never swept)
 * nor close (so another engine's context was not released with the batch): a default method added
 * to Trial later must be passed on too.
 */
class SweptTrialTest {

  @Test
  void everyMethodOfTrial_isPassedOn() {
    List<String> missing = new ArrayList<>();
    for (Method m : Trial.class.getMethods()) {
      if (Modifier.isStatic(m.getModifiers())) {
        continue;
      }
      try {
        Method own = SweptTrial.class.getMethod(m.getName(), m.getParameterTypes());
        if (own.getDeclaringClass() != SweptTrial.class) {
          missing.add(m.getName());
        }
      } catch (NoSuchMethodException e) {
        missing.add(m.getName());
      }
    }
    assertEquals(List.of(), missing, "Trial methods SweptTrial inherits instead of passing on");
  }
}
