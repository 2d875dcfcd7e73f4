package org.secmem.menu;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.secmem.admission.Parameter;
import org.secmem.admission.Range;
import org.secmem.param.NumberParser;
import org.secmem.results.ResultFiles;
import org.secmem.runner.UserText;
import org.secmem.stream.StreamType;
import org.secmem.units.Units;

/**
 * Asks for one value at a time: shows the default and what is allowed, takes the default on an
 * empty answer, asks again after a bad one, and raises {@link EndOfInput} when input ends.
 */
final class Prompter {

  /** Input ended (Ctrl-D, or the end of a pipe). */
  static final class EndOfInput extends Exception {
    EndOfInput() {
      super("end of input");
    }
  }

  /** The user typed B at a value prompt: abandon this sequence, go back one menu. */
  static final class Back extends Exception {
    Back() {
      super("back");
    }
  }

  /** A value that is not allowed; its message says why. */
  static final class Rejected extends Exception {
    Rejected(String message) {
      super(message);
    }
  }

  /** Turns an answer into a value, or rejects it with a reason. */
  interface Parser<T> {
    T parse(String answer) throws Rejected;
  }

  private final BufferedReader in;
  private final PrintWriter out;

  Prompter(BufferedReader in, PrintWriter out) {
    this.in = in;
    this.out = out;
  }

  /** One raw line, trimmed. */
  String line(String prompt) throws EndOfInput, IOException {
    out.print(prompt);
    out.flush();
    String line = in.readLine();
    if (line == null) {
      out.println();
      out.flush();
      throw new EndOfInput();
    }
    return line.trim();
  }

  <T> T ask(String label, String defaultText, String allowed, Parser<T> parser)
      throws EndOfInput, IOException, Back {
    while (true) {
      // A label or default may quote an earlier answer or a file name: shown escaped, used as is.
      String answer =
          line(
              "  "
                  + UserText.line(label)
                  + (defaultText == null ? "" : " [" + UserText.line(defaultText) + "]")
                  + (allowed.isEmpty() ? "" : " (" + allowed + ")")
                  + ": ");
      if (answer.equalsIgnoreCase("b")) {
        throw new Back();
      }
      if (answer.isEmpty() && defaultText == null) {
        // No default where a guess could run the wrong experiment: Enter asks again.
        out.println("    there is no default here: type " + allowed + " — try again");
        continue;
      }
      String text = answer.isEmpty() ? defaultText : answer;
      try {
        return parser.parse(text);
      } catch (Rejected e) {
        // The reason often quotes the answer: escaped and shortened, as the CLI's error lines.
        out.println("    " + UserText.lines(e.getMessage()) + " — try again");
      }
    }
  }

  /** A further check of a value in range, against what was chosen before it. */
  interface Check {
    void check(long value) throws Rejected;
  }

  /** A further check of a stream type given, against what was chosen before it. */
  interface TypeCheck {
    void check(StreamType type) throws Rejected;
  }

  /**
   * A stream type, for {@code parameter} (its label and words from the registry), refused at the
   * prompt when {@code check} finds it cannot run with what was chosen before.
   */
  StreamType streamType(Parameter parameter, StreamType def, TypeCheck check)
      throws EndOfInput, IOException, Back {
    return StreamType.parse(
        ask(
            parameter.label(),
            def.cliName(),
            String.join(", ", parameter.words()),
            text -> {
              StreamType t;
              try {
                t = StreamType.parse(text);
              } catch (IllegalArgumentException e) {
                throw new Rejected(e.getMessage());
              }
              check.check(t);
              return t.cliName();
            }));
  }

  /** A whole number in [min, max], written as the CLI accepts it (2^20, 64K for bytes). */
  long number(String label, long def, long min, long max, boolean bytes)
      throws EndOfInput, IOException, Back {
    return number(label, def, min, max, bytes, value -> {});
  }

  /**
   * A whole number in [min, max] that also passes {@code check} (e.g. a B that the stream types
   * chosen before can use); asked again, with the reason, until it does.
   */
  long number(String label, long def, long min, long max, boolean bytes, Check check)
      throws EndOfInput, IOException, Back {
    return number(label, def, min, max, bytes, bytes ? "bytes" : "", check);
  }

  /** A value of {@code field}, in its range and unit, as a parameter file takes it. */
  long number(String label, long def, Parameter field) throws EndOfInput, IOException, Back {
    return number(label, def, field, value -> {});
  }

  /** A value of {@code field} that also passes {@code check}. */
  long number(String label, long def, Parameter field, Check check)
      throws EndOfInput, IOException, Back {
    Range r = field.range();
    return number(label, def, r.min(), r.max(), r.bytes(), r.unit(), check);
  }

  private long number(
      String label, long def, long min, long max, boolean bytes, String unit, Check check)
      throws EndOfInput, IOException, Back {
    String allowed =
        min == Long.MIN_VALUE
            ? "any integer"
            : min + " .. " + (max == Long.MAX_VALUE ? "" : Long.toString(max));
    return ask(
        label,
        bytes ? Units.typedBytes(def) : Units.typed(def),
        allowed.trim(),
        text -> {
          long v;
          try {
            v = bytes ? NumberParser.parseBytes(text) : NumberParser.parseCount(text);
          } catch (NumberFormatException e) {
            throw new Rejected(e.getMessage());
          }
          String outside = Range.problem(v, min, max, unit);
          if (outside != null) {
            throw new Rejected(outside);
          }
          check.check(v);
          return v;
        });
  }

  /** One of the given choices (case-insensitive). */
  String choice(String label, String def, List<String> choices)
      throws EndOfInput, IOException, Back {
    return ask(
        label,
        def,
        String.join(", ", choices),
        text -> {
          for (String c : choices) {
            if (c.equalsIgnoreCase(text)) {
              return c;
            }
          }
          throw new Rejected("'" + text + "' is not one of " + String.join(", ", choices));
        });
  }

  /**
   * Several of the given choices, separated by commas or by {@code |} as a parameter file's cells
   * are, or "all".
   */
  String choices(String label, String def, List<String> choices)
      throws EndOfInput, IOException, Back {
    return ask(
        label,
        def,
        String.join(", ", choices) + ", or all; comma or | separated",
        text -> {
          if (text.equalsIgnoreCase("all")) {
            return String.join(",", choices);
          }
          StringBuilder picked = new StringBuilder();
          for (String part : text.split("[,|]")) {
            String p = part.trim().toLowerCase(Locale.ROOT);
            String match = null;
            for (String c : choices) {
              if (c.equalsIgnoreCase(p)) {
                match = c;
              }
            }
            if (match == null) {
              throw new Rejected(
                  "'" + part.trim() + "' is not one of " + String.join(", ", choices));
            }
            picked.append(picked.length() == 0 ? "" : ",").append(match);
          }
          return picked.toString();
        });
  }

  boolean yesNo(String label, boolean def) throws EndOfInput, IOException, Back {
    return ask(
        label,
        def ? "y" : "n",
        "y/n",
        text -> {
          String t = text.toLowerCase(Locale.ROOT);
          if (t.equals("y") || t.equals("yes")) {
            return true;
          }
          if (t.equals("n") || t.equals("no")) {
            return false;
          }
          throw new Rejected("answer y or n");
        });
  }

  String text(String label, String def) throws EndOfInput, IOException, Back {
    return ask(
        label,
        def,
        "",
        text -> {
          if (text.isEmpty()) {
            throw new Rejected("a value is needed");
          }
          return text;
        });
  }

  /** A path that must name an existing, readable file; asked again otherwise. */
  String existingFile(String label, String def) throws EndOfInput, IOException, Back {
    return ask(
        label,
        def,
        "",
        text -> {
          Path p = Paths.get(text);
          if (!Files.isRegularFile(p) || !Files.isReadable(p)) {
            throw new Rejected(text + " does not exist or is not a readable file");
          }
          return text;
        });
  }

  /**
   * A raw results file, or a folder holding one (as each command makes); asked again otherwise,
   * with the reason the command would give.
   */
  String resultsFile(String label, String def) throws EndOfInput, IOException, Back {
    return ask(
        label,
        def,
        "",
        text -> {
          Path p;
          try {
            p = ResultFiles.rawResultsIn(Paths.get(text), "");
          } catch (IllegalArgumentException e) {
            throw new Rejected(e.getMessage());
          }
          if (!Files.isRegularFile(p) || !Files.isReadable(p)) {
            throw new Rejected(text + " does not exist or is not a readable file or folder");
          }
          return text;
        });
  }

  /** Maps a function over an answer, turning its IllegalArgumentException into a rejection. */
  static <T> Parser<T> checked(Function<String, T> f) {
    return text -> {
      try {
        return f.apply(text);
      } catch (IllegalArgumentException e) {
        throw new Rejected(e.getMessage());
      }
    };
  }
}
