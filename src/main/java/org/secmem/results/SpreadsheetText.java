package org.secmem.results;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Cells of the CSVs secmem writes (results, summary, comparison) as a spreadsheet will take them: a
 * text cell that starts with {@code =}, {@code +}, {@code -}, {@code @}, a tab or a carriage return
 * would be run as a formula when the file is opened (a file named {@code =HYPERLINK(...)} or
 * {@code @SUM(1).bin}), so it is written with a leading {@code '}, which spreadsheets show as text
 * and OWASP recommends; a cell that starts with {@code '} gets one more, so that reading strips
 * exactly one and every cell reads back as it was. Numbers stay numbers: {@code -5} and {@code
 * +1.5e3} are written as they are.
 */
public final class SpreadsheetText {

  private static final Pattern NUMBER =
      Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?|[+-]?(Infinity|NaN)");

  private SpreadsheetText() {}

  /** {@code cell} as written; null stays null. */
  public static String protect(String cell) {
    if (cell == null || cell.isEmpty()) {
      return cell;
    }
    char c = cell.charAt(0);
    boolean formula = c == '=' || c == '+' || c == '-' || c == '@' || c == '\t' || c == '\r';
    if (c == '\'' || (formula && !NUMBER.matcher(cell).matches())) {
      return "'" + cell;
    }
    return cell;
  }

  /** {@code cell} as it was before {@link #protect}; null stays null. */
  public static String unprotect(String cell) {
    return cell != null && cell.startsWith("'") ? cell.substring(1) : cell;
  }

  /** Every cell of {@code cells} protected. */
  public static List<String> protect(Iterable<String> cells) {
    List<String> out = new ArrayList<>();
    cells.forEach(c -> out.add(protect(c)));
    return out;
  }
}
