package org.secmem.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import org.secmem.data.Shape;
import org.secmem.engine.SortEngines;
import org.secmem.experiment.CacheMode;
import org.secmem.experiment.RunOrder;
import org.secmem.results.ResultFormat;
import org.secmem.sort.Merger;
import org.secmem.sort.RunSort;
import org.secmem.sort.SortAlgorithm;
import org.secmem.sort.SortPreset;
import org.secmem.stream.StreamType;

/**
 * The values of word options, for tab completion (picocli's {@code generate-completion} script):
 * the same names the parsers accept, taken from the enums so they cannot drift.
 */
final class Completions {

  private Completions() {}

  /** Stream types, and "all". */
  static final class Streams implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      List<String> names = new ArrayList<>();
      for (StreamType t : StreamType.values()) {
        names.add(t.cliName());
      }
      names.add("all");
      return names.iterator();
    }
  }

  /** Stream types for one stream (--read-stream, --write-stream): no "all". */
  static final class StreamTypes implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return Arrays.stream(StreamType.values()).map(StreamType::cliName).iterator();
    }
  }

  static final class Presets implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return Arrays.stream(SortPreset.values()).map(SortPreset::cliName).iterator();
    }
  }

  static final class Mergers implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return Arrays.stream(Merger.values()).map(Merger::cliName).iterator();
    }
  }

  static final class Algorithms implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return Arrays.stream(SortAlgorithm.values()).map(SortAlgorithm::cliName).iterator();
    }
  }

  static final class Engines implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return SortEngines.NAMES.iterator();
    }
  }

  static final class RunSorts implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return Arrays.stream(RunSort.values()).map(RunSort::cliName).iterator();
    }
  }

  static final class Shapes implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return Arrays.stream(Shape.values()).map(Shape::cliName).iterator();
    }
  }

  static final class CacheStates implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return Arrays.stream(CacheMode.values()).map(CacheMode::cliName).iterator();
    }
  }

  static final class Formats implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return Arrays.stream(ResultFormat.values()).map(ResultFormat::cliName).iterator();
    }
  }

  static final class RunOrders implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return Arrays.stream(RunOrder.values()).map(RunOrder::cliName).iterator();
    }
  }
}
