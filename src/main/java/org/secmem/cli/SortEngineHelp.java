package org.secmem.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.ListResourceBundle;
import org.secmem.engine.KnownEngine;
import org.secmem.engine.KnownEngines;
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
    KnownEngines.optionHelp().forEach((key, text) -> contents.add(new Object[] {key, text}));
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
}
