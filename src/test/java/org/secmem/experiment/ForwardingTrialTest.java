package org.secmem.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A trial that wraps another (the swept one, the one on a --jvm) is the trial it wraps: every
 * method of {@link Trial} is passed on. SweptTrial once did not pass on workFolders (so the folders
 * of a fork the OOM killer ended were never swept) nor close (so another engine's context was not
 * released with the batch): a default method added to Trial later must be passed on too.
 */
class ForwardingTrialTest {

  @ParameterizedTest
  @ValueSource(classes = {SweptTrial.class, ForkedTrial.class})
  void everyMethodOfTrial_isPassedOn(Class<?> wrapper) {
    List<String> missing = new ArrayList<>();
    for (Method m : Trial.class.getMethods()) {
      if (Modifier.isStatic(m.getModifiers())) {
        continue;
      }
      try {
        Method own = wrapper.getMethod(m.getName(), m.getParameterTypes());
        if (own.getDeclaringClass() == Trial.class) {
          missing.add(m.getName());
        }
      } catch (NoSuchMethodException e) {
        missing.add(m.getName());
      }
    }
    assertEquals(
        List.of(), missing, "Trial methods " + wrapper + " inherits instead of passing on");
  }
}
