package org.secmem.results;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One measured run as it goes into the raw results file: a cell per column, empty where the column
 * does not apply or was not measured (never a made-up zero). Numbers are formatted with {@link
 * Locale#ROOT}, so the file reads the same on every machine.
 */
public final class ResultRow {

  private final Map<ResultColumn, String> cells;

  private ResultRow(Map<ResultColumn, String> cells) {
    this.cells = Collections.unmodifiableMap(new EnumMap<>(cells));
  }

  public static Builder builder() {
    return new Builder();
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
   * @throws IllegalArgumentException when there is not one cell per column
   */
  public static ResultRow ofCellsInColumnOrder(List<String> cells) {
    ResultColumn[] columns = ResultColumn.values();
    if (cells.size() != columns.length) {
      throw new IllegalArgumentException(
          cells.size() + " cells for " + columns.length + " columns");
    }
    Builder b = new Builder();
    for (int i = 0; i < columns.length; i++) {
      b.set(columns[i], cells.get(i).isEmpty() ? null : cells.get(i));
    }
    return b.build();
  }

  /** A builder holding this row's cells, to change some of them. */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.cells.putAll(cells);
    return b;
  }

  /** Collects cells; {@code null} values leave a cell empty. */
  public static final class Builder {
    private final Map<ResultColumn, String> cells = new EnumMap<>(ResultColumn.class);

    private Builder() {}

    public Builder set(ResultColumn column, String value) {
      if (value != null) {
        cells.put(column, value);
      } else {
        cells.remove(column);
      }
      return this;
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
      return new ResultRow(cells);
    }
  }
}
