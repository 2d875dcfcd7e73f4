package org.secmem.cli;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Locale;
import org.secmem.admission.PathProblems;
import org.secmem.data.Shape;
import org.secmem.experiment.CacheMode;
import org.secmem.experiment.RunOrder;
import org.secmem.param.NumberParser;
import org.secmem.results.ResultFormat;
import org.secmem.stream.StreamType;
import picocli.CommandLine;

/** Picocli converters for the value syntaxes secmem accepts. */
final class Converters {

  private Converters() {}

  /** Counts: {@code 1000000}, {@code 1_000_000}, {@code 2^20}. */
  static final class Count implements CommandLine.ITypeConverter<Long> {
    @Override
    public Long convert(String value) {
      try {
        return NumberParser.parseCount(value);
      } catch (NumberFormatException e) {
        throw new CommandLine.TypeConversionException(e.getMessage());
      }
    }
  }

  /**
   * Small counts held in an {@code int} (k, d, threads, reps, warm-up): also {@code 2^k}. The
   * option's own range check says what is allowed; this only refuses what is not a number or does
   * not fit.
   */
  static final class IntCount implements CommandLine.ITypeConverter<Integer> {
    @Override
    public Integer convert(String value) {
      long v;
      try {
        v = NumberParser.parseCount(value);
      } catch (NumberFormatException e) {
        throw new CommandLine.TypeConversionException(e.getMessage());
      }
      if (v > Integer.MAX_VALUE || v < Integer.MIN_VALUE) {
        throw new CommandLine.TypeConversionException(
            "'" + value + "' is too large (at most " + Integer.MAX_VALUE + ")");
      }
      return (int) v;
    }
  }

  /** Byte sizes: also {@code 64K}, {@code 1M}, {@code 2G}. */
  static final class Bytes implements CommandLine.ITypeConverter<Long> {
    @Override
    public Long convert(String value) {
      try {
        return NumberParser.parseBytes(value);
      } catch (NumberFormatException e) {
        throw new CommandLine.TypeConversionException(e.getMessage());
      }
    }
  }

  /** Paths, refused with a clear message when this platform cannot name them (LANG=C). */
  static final class PathName implements CommandLine.ITypeConverter<Path> {
    @Override
    public Path convert(String value) {
      try {
        return Paths.get(value);
      } catch (InvalidPathException e) {
        throw new CommandLine.TypeConversionException(PathProblems.unnameable(value));
      }
    }
  }

  static final class Stream implements CommandLine.ITypeConverter<StreamType> {
    @Override
    public StreamType convert(String value) {
      try {
        return StreamType.parse(value);
      } catch (IllegalArgumentException e) {
        throw new CommandLine.TypeConversionException(e.getMessage());
      }
    }
  }

  static final class ShapeName implements CommandLine.ITypeConverter<Shape> {
    @Override
    public Shape convert(String value) {
      try {
        return Shape.parse(value);
      } catch (IllegalArgumentException e) {
        throw new CommandLine.TypeConversionException(e.getMessage());
      }
    }
  }

  /** --order: sequential, interleaved or random; the sort's own order is --descending. */
  static final class Order implements CommandLine.ITypeConverter<RunOrder> {
    @Override
    public RunOrder convert(String value) {
      try {
        return RunOrder.parse(value);
      } catch (IllegalArgumentException e) {
        String hint =
            value.trim().toLowerCase(Locale.ROOT).matches("asc(ending)?|desc(ending)?")
                ? "; --order is the order of the runs, a sort's order" + " is --descending"
                : "";
        throw new CommandLine.TypeConversionException(e.getMessage() + hint);
      }
    }
  }

  static final class Cache implements CommandLine.ITypeConverter<CacheMode> {
    @Override
    public CacheMode convert(String value) {
      try {
        return CacheMode.parse(value);
      } catch (IllegalArgumentException e) {
        throw new CommandLine.TypeConversionException(e.getMessage());
      }
    }
  }

  static final class Format implements CommandLine.ITypeConverter<ResultFormat> {
    @Override
    public ResultFormat convert(String value) {
      try {
        return ResultFormat.parse(value);
      } catch (IllegalArgumentException e) {
        throw new CommandLine.TypeConversionException(e.getMessage());
      }
    }
  }
}
