package org.secmem.results;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * One measured run as it goes into the raw results file: a cell per column, empty where the column
 * does not apply or was not measured (never a made-up zero). Numbers are formatted with {@link
 * Locale#ROOT}, so the file reads the same on every machine.
 */
public final class ResultRow {

  private static final Logger LOG = LogManager.getLogger(ResultRow.class);

  /**
   * Whether a cell outside its row's schema is thrown ({@code java -ea}, as every test runs) or
   * logged and kept (a user's run).
   */
  private static final boolean STRICT = ResultRow.class.desiredAssertionStatus();

  private final RowKind kind;
  private final Map<ResultColumn, String> cells;

  private ResultRow(RowKind kind, Map<ResultColumn, String> cells) {
    this.kind = kind;
    this.cells = Collections.unmodifiableMap(new EnumMap<>(cells));
  }

  /**
   * A row of {@code kind}: its {@code experiment} cell set, and only the columns of its schema
   * ({@link ResultColumn#appliesTo}) open to it.
   */
  public static Builder builder(RowKind kind) {
    return new Builder(kind).set(ResultColumn.EXPERIMENT, kind.experiment());
  }

  /** What the row is a run of. */
  public RowKind kind() {
    return kind;
  }

  /** The cell's text, empty when not set. */
  public String get(ResultColumn column) {
    return cells.getOrDefault(column, "");
  }

  public Optional<String> find(ResultColumn column) {
    return Optional.ofNullable(cells.get(column));
  }

  /** Every cell in {@link ResultColumn} order (the results file's), empty where not set. */
  public List<String> cellsInColumnOrder() {
    List<String> out = new ArrayList<>();
    for (ResultColumn c : ResultColumn.values()) {
      out.add(get(c));
    }
    return out;
  }

  /**
   * The row whose cells in {@link ResultColumn} order are {@code cells}, as {@link
   * #cellsInColumnOrder} gives them.
   *
   * @throws IllegalArgumentException when there is not one cell per column, or a cell does not fit
   *     the kind of row its experiment, algorithm and engine name
   */
  public static ResultRow ofCellsInColumnOrder(List<String> cells) {
    ResultColumn[] columns = ResultColumn.values();
    if (cells.size() != columns.length) {
      throw new IllegalArgumentException(
          cells.size() + " cells for " + columns.length + " columns");
    }
    Builder b =
        new Builder(
            RowKind.of(
                cells.get(ResultColumn.EXPERIMENT.ordinal()),
                cells.get(ResultColumn.ALGORITHM.ordinal()),
                cells.get(ResultColumn.ENGINE.ordinal())));
    for (int i = 0; i < columns.length; i++) {
      b.set(columns[i], cells.get(i).isEmpty() ? null : cells.get(i));
    }
    return b.build();
  }

  /**
   * The kind of row its {@code experiment}, {@code algorithm} and {@code engine} cells name, as a
   * row read back from a file is typed ({@link RowKind#of(String, String, String)}).
   */
  public RowKind kindNamedByCells() {
    return RowKind.of(
        get(ResultColumn.EXPERIMENT), get(ResultColumn.ALGORITHM), get(ResultColumn.ENGINE));
  }

  /** A builder holding this row's cells, to change some of them. */
  public Builder toBuilder() {
    Builder b = new Builder(kind);
    b.cells.putAll(cells);
    return b;
  }

  /**
   * Collects the cells of a row of one kind; {@code null} values leave a cell empty. A cell in a
   * column its kind does not fill, or one that is not of its column's {@link ResultColumn.Kind}, is
   * a mistake in the code that fills it: refused at once where assertions are on (the tests), so
   * that it cannot reach a file unseen; in a user's run it is logged as an error and kept, so that
   * no measurement is lost to it.
   */
  public static final class Builder {
    private final RowKind kind;
    private final Map<ResultColumn, String> cells = new EnumMap<>(ResultColumn.class);

    private Builder(RowKind kind) {
      this.kind = kind;
    }

    /**
     * Sets a cell; {@code null} or an empty text empties it.
     *
     * @throws IllegalArgumentException with assertions on, when the column is not one this kind of
     *     row fills, or the value is not of its kind (or is another experiment's name)
     */
    public Builder set(ResultColumn column, String value) {
      if (value == null || value.isEmpty()) {
        cells.remove(column);
        return this;
      }
      if (!column.appliesTo(kind)) {
        mistake(
            "a "
                + kind.title()
                + " row has no "
                + column.header()
                + " (its kinds: "
                + RowKind.describe(column.rows())
                + "), given '"
                + value
                + "'");
      } else if (!column.kind().accepts(value)) {
        mistake(
            column.header()
                + " holds "
                + column.kind().name().toLowerCase(Locale.ROOT)
                + " values, not '"
                + value
                + "'");
      } else if (column == ResultColumn.EXPERIMENT && !value.equals(kind.experiment())) {
        mistake(
            "a " + kind.title() + " row's experiment is " + kind.experiment() + ", not " + value);
      }
      cells.put(column, value);
      return this;
    }

    /**
     * A cell its row's schema does not allow: a mistake in the code that fills it. Thrown where
     * assertions are on (every test); in a user's run, whose measurement must not be lost to it,
     * logged as an error and the cell kept as given.
     */
    private static void mistake(String message) {
      if (STRICT) {
        throw new IllegalArgumentException(message);
      }
      LOG.error("{} (kept as given; this is a bug of secmem's)", message);
    }

    public Builder set(ResultColumn column, long value) {
      return set(column, Long.toString(value));
    }

    public Builder set(ResultColumn column, boolean value) {
      return set(column, Boolean.toString(value));
    }

    /** A number with the given decimals, '.' as decimal point; NaN or infinity leave it empty. */
    public Builder set(ResultColumn column, double value, int decimals) {
      if (Double.isNaN(value) || Double.isInfinite(value)) {
        return set(column, (String) null);
      }
      return set(column, String.format(Locale.ROOT, "%." + decimals + "f", value));
    }

    /** Sets a count that may be unknown: empty when absent. */
    public Builder setIfPresent(ResultColumn column, OptionalLong value) {
      return value.isPresent() ? set(column, value.getAsLong()) : set(column, (String) null);
    }

    public ResultRow build() {
      return new ResultRow(kind, cells);
    }
  }
}
