package org.secmem.param;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.secmem.experiment.Experiment;

/** Any text either parses or gives line-numbered problems: never another exception. */
class ParamFuzzTest {

  private static final Path FILE = Paths.get("fuzz.csv");

  @Property(tries = 2000)
  void anyText_parsesOrGivesLineNumberedProblems(
      @ForAll("texts") String text, @ForAll Optional<Experiment> experiment) {
    try {
      ParamFiles.parse(FILE, text, experiment, ParamDefaults.standard());
    } catch (ParamFileException e) {
      assertFalse(e.problems().isEmpty());
      for (ParamProblem p : e.problems()) {
        assertTrue(p.line() >= 1, p.toString());
        assertTrue(p.toString().startsWith("fuzz.csv:" + p.line() + ": "), p.toString());
      }
    }
  }

  @Provide
  Arbitrary<String> texts() {
    Arbitrary<String> tokens =
        Arbitraries.of(
            "experiment",
            "stream",
            "n",
            "k",
            "b",
            "m",
            "d",
            "reps",
            "input",
            "order",
            "write",
            "read",
            "sort",
            "simple",
            "Buffer",
            "BufferB",
            "Mapping",
            "all",
            "2^10",
            "..",
            "x10",
            "+3",
            "|",
            ",",
            ";",
            "\n",
            "\"",
            "#",
            "-1",
            "0",
            "4",
            "1000",
            "64K",
            "9G",
            "2^99",
            " ",
            "true",
            "cold",
            "\r\n",
            "1,6",
            "\0");
    Arbitrary<String> structured = tokens.list().ofMaxSize(60).map(l -> String.join("", l));
    Arbitrary<String> random = Arbitraries.strings().ofMaxLength(200);
    return Arbitraries.oneOf(structured, structured, random);
  }
}
