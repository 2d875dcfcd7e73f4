package org.secmem.names;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.secmem.stream.StreamType;

/** How a user's word becomes an enum constant: {@link Names}. */
class NamesTest {

  /** Names with dashes, an alias in capitals and one constant without aliases. */
  enum Colour implements CliName {
    RED("red"),
    DARK_GREEN("dark-green", "green", "GRN"),
    BLUE("blue", "Navy");

    private final String cliName;
    private final List<String> aliases;

    Colour(String cliName, String... aliases) {
      this.cliName = cliName;
      this.aliases = List.of(aliases);
    }

    @Override
    public String cliName() {
      return cliName;
    }

    @Override
    public List<String> aliases() {
      return aliases;
    }
  }

  /** A type whose alias is another constant's name, ignoring case. */
  enum Clash implements CliName {
    ONE("one"),
    TWO("two", "One");

    private final String cliName;
    private final List<String> aliases;

    Clash(String cliName, String... aliases) {
      this.cliName = cliName;
      this.aliases = List.of(aliases);
    }

    @Override
    public String cliName() {
      return cliName;
    }

    @Override
    public List<String> aliases() {
      return aliases;
    }
  }

  /** A type whose constant has a blank name. */
  enum Blank implements CliName {
    FINE,
    EMPTY;

    @Override
    public String cliName() {
      return this == FINE ? "fine" : " ";
    }
  }

  @Test
  void unknownWord_isRefusedNamingTheWordAsGivenAndEveryNameInOrder() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> Names.parse(Colour.class, "colour", " Mauve "));
    assertEquals("unknown colour ' Mauve ' (allowed: red, dark-green, blue)", e.getMessage());
  }

  @Test
  void allowed_listsTheNamesInDeclarationOrder_withoutAliases() {
    assertEquals("red, dark-green, blue", Names.allowed(Colour.class));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "dark-green",
        "DARK-GREEN",
        "Dark-Green",
        "  dark-green",
        "dark-green\t",
        "\n dArK-gReEn \r\n"
      })
  void name_matchesIgnoringCaseAndSurroundingWhitespace(String text) {
    assertSame(Colour.DARK_GREEN, Names.parse(Colour.class, "colour", text));
  }

  @Test
  void everyConstant_isFoundByItsOwnName() {
    for (Colour c : Colour.values()) {
      assertSame(c, Names.parse(Colour.class, "colour", c.cliName()));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"green", "GREEN", " Green ", "grn", "GRN"})
  void alias_namesItsConstant_ignoringCase(String text) {
    assertSame(Colour.DARK_GREEN, Names.parse(Colour.class, "colour", text));
  }

  @Test
  void aliasGivenInCapitals_isMatchedLikeAName() {
    assertSame(Colour.BLUE, Names.parse(Colour.class, "colour", "navy"));
    assertSame(Colour.BLUE, Names.parse(Colour.class, "colour", "NAVY"));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "   ",
        "dark",
        "green-dark",
        "dark - green",
        "dark_green",
        "reds",
        "DARK_GREEN",
        "r"
      })
  void nearMisses_areRefused(String text) {
    // No prefixes, no collapsing of inner spaces, no enum constant names: only names and aliases.
    assertEquals(Optional.empty(), Names.find(Colour.class, text));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> Names.parse(Colour.class, "colour", text));
    assertTrue(
        e.getMessage().startsWith("unknown colour '" + text + "' (allowed: "), e.getMessage());
  }

  @Test
  void matching_doesNotDependOnTheDefaultLocale() {
    // In Turkish, "I".toLowerCase() is a dotless ı: "SIMPLE" would not be "simple".
    Locale before = Locale.getDefault();
    try {
      Locale.setDefault(Locale.forLanguageTag("tr-TR"));
      assertSame(StreamType.SIMPLE, StreamType.parse("SIMPLE"));
      assertSame(StreamType.MAPPED, StreamType.parse("MAPPING"));
    } finally {
      Locale.setDefault(before);
    }
  }

  @Test
  void aliasNamingAnotherConstant_isAnErrorOfTheType_notAWinner() {
    // Even a word that is not the clashing one: the type itself is wrong.
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> Names.parse(Clash.class, "clash", "two"));
    assertTrue(
        e.getMessage().contains("Clash.ONE") && e.getMessage().contains("Clash.TWO"),
        e.getMessage());
  }

  @Test
  void blankName_isAnErrorOfTheType() {
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> Names.find(Blank.class, "fine"));
    assertTrue(e.getMessage().contains("EMPTY"), e.getMessage());
  }

  @Test
  void nullText_isAProgrammingError() {
    assertThrows(NullPointerException.class, () -> Names.parse(Colour.class, "colour", null));
  }

  @Test
  void unknown_hasTheOneFormOfEveryRefusal() {
    assertEquals(
        "unknown priority queue 'heap' (allowed: buffer-tree, java, both)",
        Names.unknown("priority queue", "heap", "buffer-tree, java, both").getMessage());
  }

  @Test
  void streamType_takesTheSeedReportsNames_asAliases() {
    assertSame(StreamType.USER_BUFFER, StreamType.parse("BufferB"));
    assertSame(StreamType.BUFFERED, StreamType.parse("Buffer"));
    assertSame(StreamType.BUFFERED, StreamType.parse("buffered"));
    assertSame(StreamType.MAPPED, StreamType.parse("mapping"));
    assertEquals(
        "simple, buffered, user-buffer, mapped, channel, direct, async",
        Names.allowed(StreamType.class));
  }

  /**
   * Every enum of secmem that a user names: each name and alias leads back to its constant, and no
   * spelling is claimed twice (the check a new alias must pass).
   */
  @Test
  void everyCliNameEnumOfSecmem_isUnambiguous() throws ReflectiveOperationException {
    List<Class<?>> found = new ArrayList<>();
    for (JavaClass c :
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.secmem")) {
      if (c.isEnum() && c.isAssignableTo(CliName.class)) {
        found.add(Class.forName(c.getName()));
      }
    }
    assertTrue(found.size() >= 12, "too few CliName enums found: " + found);
    for (Class<?> type : found) {
      for (Object o : type.getEnumConstants()) {
        CliName c = (CliName) o;
        assertEquals(
            c.cliName().trim().toLowerCase(Locale.ROOT),
            c.cliName(),
            type.getSimpleName() + "." + o + ": a name is lower case, without spaces around it");
        assertSame(o, findRaw(type, c.cliName()), type + " " + c.cliName());
        for (String alias : c.aliases()) {
          assertSame(o, findRaw(type, alias), type + " alias " + alias);
        }
      }
    }
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Object findRaw(Class<?> type, String text) {
    return Names.find((Class) type, text).orElse(null);
  }
}
