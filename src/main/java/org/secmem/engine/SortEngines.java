package org.secmem.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.ServiceLoader;
import java.util.stream.Stream;
import org.secmem.names.Names;

/**
 * The sort engines: secmem's own ({@link #SECMEM}, built in) and the others of {@link
 * KnownEngines}, found on the class path.
 */
public final class SortEngines {

  /** secmem's own sort: every preset and algorithm of the core. */
  public static final String SECMEM = "secmem";

  /** The engines a user may name, whether or not their module is on the class path. */
  public static final List<String> NAMES =
      Stream.concat(Stream.of(SECMEM), KnownEngines.names().stream()).toList();

  private SortEngines() {}

  /**
   * The engine's name as the row records it: {@code secmem} or a {@link KnownEngines} name ({@code
   * local} is another name of secmem's own sort, on this machine).
   *
   * @throws IllegalArgumentException for a name no engine has, naming those allowed
   */
  public static String parse(String name) {
    String n = name.trim().toLowerCase(Locale.ROOT);
    if (n.equals("local")) {
      return SECMEM;
    }
    if (NAMES.contains(n)) {
      return n;
    }
    throw Names.unknown("engine", name.trim(), String.join(", ", NAMES));
  }

  /**
   * A new instance of the engine of this name, found on the class path.
   *
   * @throws EngineUnavailableException when its module is not on the class path, saying how to
   *     build and run it
   */
  public static SortEngine load(String name) throws EngineUnavailableException {
    List<String> found = new ArrayList<>();
    for (SortEngine engine : ServiceLoader.load(SortEngine.class)) {
      if (engine.name().equals(name)) {
        return engine;
      }
      found.add(engine.name());
    }
    throw new EngineUnavailableException(
        "the "
            + name
            + " engine is not on the class path"
            + (found.isEmpty() ? "" : " (found: " + String.join(", ", found) + ")")
            + ": build it with `mvn -B -ntp -DskipTests package` and run secmem through"
            + " scripts/secmem, which adds the "
            + name
            + " module when a command asks for it");
  }
}
