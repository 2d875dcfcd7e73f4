package org.secmem.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Spark is refused on JDK 24 and later (Hadoop's Subject.getSubject), in one line naming it. */
class EngineJvmTest {

  @Test
  void spark_runsOnJdk17To23() {
    for (int feature : new int[] {17, 21, 23}) {
      assertEquals(Optional.empty(), EngineJvm.problem("spark", feature, feature + ".0.1", "/j"));
    }
  }

  @Test
  void spark_isRefusedFromJdk24_naming_theJvm() {
    for (int feature : new int[] {24, 25, 26}) {
      String m = EngineJvm.problem("spark", feature, feature + ".0.3", "/jdk" + feature).get();
      assertEquals(
          "Spark needs JDK 17–23, and this is JDK "
              + feature
              + ".0.3 (/jdk"
              + feature
              + "; Hadoop's Subject.getSubject fails since JDK 24): set JAVA_HOME to such a JDK",
          m);
      assertTrue(!m.contains("\n"));
    }
  }

  @Test
  void secmemsOwnSort_runsAnywhere() {
    assertEquals(Optional.empty(), EngineJvm.problem("secmem", 25, "25", "/j"));
  }
}
