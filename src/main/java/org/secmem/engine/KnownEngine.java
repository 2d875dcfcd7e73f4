package org.secmem.engine;

import java.util.List;
import java.util.Optional;

/**
 * What the core knows of another sort engine before its module is loaded, and whether or not it is
 * on the class path: the name a user gives it, the lines of help that speak of it, the JVMs it
 * cannot run on, where it reads the master a launcher set, and the logging set-up its launcher
 * installs. Everything else it says itself, through {@link SortEngine} (its checks, its start, its
 * sort, its figures). {@link KnownEngines} lists them: the one place the core names an engine.
 *
 * @param name the name {@code --engine} and the {@code engine} column take, as its {@link
 *     SortEngine#name()} returns it
 * @param title its name in a sentence, as its makers write it
 * @param help what it is, for {@code --engine}'s help: "{@code name}: {@code help}"
 * @param masterHelp the masters it takes, for {@code --master}'s help, its default included
 * @param partitionsDefault what it does when {@code --partitions} is not given
 * @param confHelp what {@code --conf} gives it
 * @param confExample a {@code key=value} setting it takes, for messages
 * @param example the options of a sort by it, for the examples of {@code sort}'s help
 * @param failsFrom the first JDK feature release it cannot run on, with why; empty when none
 * @param masterProperty the system property in which its launcher (e.g. a submit script) sets the
 *     master, when {@code --master} is not given
 * @param defaultMaster where it runs when neither is given
 * @param logConfigMarkers text in the location of a logging configuration its launcher installs
 *     before secmem's main runs, which secmem replaces by its own (a file the user gave stays)
 * @param scratchPrefixes how the names of the scratch folders its module makes begin: each {@code
 *     <prefix><pid>-<random>}, marked as secmem's folder and holding a locked owner marker ({@code
 *     ScratchFolders}), so that {@code secmem clean} removes those a killed run left
 */
public record KnownEngine(
    String name,
    String title,
    String help,
    String masterHelp,
    String partitionsDefault,
    String confHelp,
    String confExample,
    String example,
    Optional<JdkLimit> failsFrom,
    String masterProperty,
    String defaultMaster,
    List<String> logConfigMarkers,
    List<String> scratchPrefixes) {

  public KnownEngine {
    logConfigMarkers = List.copyOf(logConfigMarkers);
    scratchPrefixes = List.copyOf(scratchPrefixes);
  }

  /**
   * The first JDK an engine cannot run on.
   *
   * @param feature the JDK's feature release, e.g. 24
   * @param why what fails there, for the message ("... fails since JDK {@code feature}")
   */
  public record JdkLimit(int feature, String why) {}
}
