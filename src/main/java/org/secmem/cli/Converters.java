package org.secmem.cli;

import org.secmem.data.Shape;
import org.secmem.experiment.CacheMode;
import org.secmem.param.Numbers;
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
        return Numbers.parseCount(value);
      } catch (NumberFormatException e) {
        throw new CommandLine.TypeConversionException(e.getMessage());
      }
    }
  }

  /** Byte sizes: also {@code 64K}, {@code 1M}, {@code 2G}. */
  static final class Bytes implements CommandLine.ITypeConverter<Long> {
    @Override
    public Long convert(String value) {
      try {
        return Numbers.parseBytes(value);
      } catch (NumberFormatException e) {
        throw new CommandLine.TypeConversionException(e.getMessage());
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
}
