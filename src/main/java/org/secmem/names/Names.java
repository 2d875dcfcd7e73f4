package org.secmem.names;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The one place where a user's word becomes an enum constant: the word is trimmed and compared,
 * ignoring case, with each constant's {@link CliName#cliName() name} and {@link CliName#aliases()
 * aliases}; a word that names none is refused with a message that lists the names allowed, {@code
 * unknown merger 'heap' (allowed: priority-queue, loser-tree, radix)}.
 */
public final class Names {

  /** Per enum type: every accepted spelling, in {@link #key} form, to its constant. */
  private static final ClassValue<Map<String, Enum<?>>> TABLES =
      new ClassValue<>() {
        @Override
        protected Map<String, Enum<?>> computeValue(Class<?> type) {
          return table(type);
        }
      };

  private Names() {}

  /**
   * The constant of {@code type} that {@code text} names.
   *
   * @param what what a message calls the value, e.g. {@code stream type}
   * @throws IllegalArgumentException when it names none: {@code unknown WHAT 'TEXT' (allowed:
   *     NAMES)}
   * @throws IllegalStateException when {@code type} gives one spelling to two constants
   */
  public static <E extends Enum<E> & CliName> E parse(Class<E> type, String what, String text) {
    return find(type, text).orElseThrow(() -> unknown(what, text, allowed(type)));
  }

  /**
   * The constant of {@code type} that {@code text} names, or empty when it names none (to tell,
   * say, a header from data without an exception).
   */
  public static <E extends Enum<E> & CliName> Optional<E> find(Class<E> type, String text) {
    Objects.requireNonNull(text, "text");
    return Optional.ofNullable(type.cast(TABLES.get(type).get(key(text))));
  }

  /** The names of {@code type}'s constants in declaration order, comma-separated; no aliases. */
  public static <E extends Enum<E> & CliName> String allowed(Class<E> type) {
    return Arrays.stream(type.getEnumConstants())
        .map(CliName::cliName)
        .collect(Collectors.joining(", "));
  }

  /**
   * The refusal of a word, in the one form every name uses: {@code unknown WHAT 'TEXT' (allowed:
   * ALLOWED)}. For ways in that accept words besides a type's names ({@code both}, {@code all}):
   * {@code allowed} is then {@link #allowed} with those words added.
   */
  public static IllegalArgumentException unknown(String what, String text, String allowed) {
    return new IllegalArgumentException(
        "unknown " + what + " '" + text + "' (allowed: " + allowed + ")");
  }

  /** How a word is compared: without surrounding spaces, in lower case. */
  static String key(String text) {
    return text.trim().toLowerCase(Locale.ROOT);
  }

  private static Map<String, Enum<?>> table(Class<?> type) {
    Object[] constants = type.getEnumConstants();
    if (constants == null || !CliName.class.isAssignableFrom(type)) {
      throw new IllegalArgumentException(type.getName() + " is not an enum of CliName");
    }
    Map<String, Enum<?>> table = new HashMap<>();
    for (Object o : constants) {
      CliName c = (CliName) o;
      String name = c.cliName();
      if (name == null || name.isBlank()) {
        throw new IllegalStateException(type.getName() + "." + o + " has no CLI name");
      }
      add(table, type, name, (Enum<?>) o);
      for (String alias : c.aliases()) {
        add(table, type, alias, (Enum<?>) o);
      }
    }
    return Map.copyOf(table);
  }

  private static void add(Map<String, Enum<?>> table, Class<?> type, String word, Enum<?> e) {
    Enum<?> before = table.putIfAbsent(key(word), e);
    if (before != null && before != e) {
      throw new IllegalStateException(
          "'"
              + word
              + "' names both "
              + type.getSimpleName()
              + "."
              + before.name()
              + " and "
              + type.getSimpleName()
              + "."
              + e.name());
    }
  }
}
