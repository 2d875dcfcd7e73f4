package org.secmem.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.ListResourceBundle;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.secmem.engine.KnownEngine;
import org.secmem.engine.KnownEngines;
import org.secmem.engine.SortEngines;
import org.secmem.runner.ExitCodes;

/**
 * The help of {@code sort}'s engine options and its examples, made from the engine registry ({@link
 * KnownEngines}), so that the command names no engine itself: picocli takes an option's description
 * from here by its name ({@code engine}, {@code master}, {@code partitions}, {@code conf}), and the
 * footer from {@code usage.footer}.
 */
public final class SortEngineHelp extends ListResourceBundle {

  @Override
  protected Object[][] getContents() {
    List<Object[]> contents = new ArrayList<>();
    contents.add(
        new Object[] {
          "engine",
          SortEngines.SECMEM
              + ": secmem's own sort, as the preset and options compose it (local is another name"
              + " for it); "
              + KnownEngines.ALL.stream()
                  .map(e -> e.name() + ": " + e.help())
                  .collect(Collectors.joining("; "))
              + " (default: ${DEFAULT-VALUE}). With another engine, --preset, --d, the stream"
              + " types, --b, --threads and the merge sort's parts do not apply: the row leaves"
              + " them blank and records the engine's stages, shuffle bytes, partitions and"
              + " executors; --m, when given, is each executor's execution memory."
        });
    contents.add(
        new Object[] {"master", perEngine("where it runs: ", KnownEngine::masterHelp) + "."});
    contents.add(
        new Object[] {
          "partitions",
          perEngine(
                  "the parts the sorted output is cut into, each sorted by one task (default: ",
                  KnownEngine::partitionsDefault)
              + ")."
        });
    contents.add(
        new Object[] {
          "conf",
          perEngine("", KnownEngine::confHelp)
              + "; repeat for more. The row records them in engine_conf."
        });
    List<String> footer = new ArrayList<>();
    footer.add("%nExamples:");
    footer.addAll(List.of(SortCommand.EXAMPLES));
    for (KnownEngine e : KnownEngines.ALL) {
      footer.add("  secmem sort --in data/in.bin --out data/out.bin " + e.example());
    }
    footer.add(ExitCodes.HELP);
    contents.add(new Object[] {"usage.footer", String.join("%n", footer)});
    return contents.toArray(new Object[0][]);
  }

  /** "--engine E: {@code what}{@code text}" for each engine, separated by "; ". */
  private static String perEngine(String what, Function<KnownEngine, String> f) {
    return KnownEngines.ALL.stream()
        .map(e -> "--engine " + e.name() + ": " + what + f.apply(e))
        .collect(Collectors.joining("; "));
  }
}
