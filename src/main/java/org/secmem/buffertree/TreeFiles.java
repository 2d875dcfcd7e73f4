package org.secmem.buffertree;

import java.io.EOFException;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.secmem.fs.EachOf;
import org.secmem.fs.HeldFiles;
import org.secmem.sort.StreamFactory;
import org.secmem.stream.ReadStream;
import org.secmem.stream.StreamOptions;
import org.secmem.stream.StreamType;
import org.secmem.stream.WriteStream;

/**
 * The files of one buffer tree: the names of a node's buffer and leaf files (in folder {@code id
 * mod dirs.size()}), their readers and writers (secmem's streams, of the tree's read and write
 * types), the count of blocks and ints read and written, and the sweep that deletes them all.
 */
final class TreeFiles {

  private final List<Path> dirs;
  private final StreamFactory streams;
  private final StreamType readType;
  private final StreamType writeType;
  private final StreamOptions options;
  private final int blockInts;

  private long blocksRead;
  private long blocksWritten;
  private long intsRead;
  private long intsWritten;

  /** The files of a tree in {@code dirs} (copied), read and written as the types say. */
  TreeFiles(
      List<Path> dirs,
      StreamFactory streams,
      StreamType readType,
      StreamType writeType,
      StreamOptions options,
      int blockInts) {
    this.dirs = List.copyOf(dirs);
    this.streams = streams;
    this.readType = readType;
    this.writeType = writeType;
    this.options = options;
    this.blockInts = blockInts;
  }

  /** The folder of a node's files. */
  private Path dirOf(Node u) {
    return dirs.get((int) Math.floorMod((long) u.id, (long) dirs.size()));
  }

  Path bufferPath(Node u) {
    return dirOf(u).resolve("buffer-" + u.id + ".bin");
  }

  Path leafPath(Node u) {
    return dirOf(u).resolve("leaf-" + u.id + "-" + u.generation + ".bin");
  }

  /** A reader of the first {@code ints} ints of {@code file}. */
  ReadStream open(Path file, long ints) throws IOException {
    return streams.openReader(readType, file, options, 0, ints);
  }

  /** A writer of {@code file} from its start. */
  WriteStream create(Path file) throws IOException {
    return streams.createWriter(writeType, file, options);
  }

  /** A writer of the {@code lenInts} ints of {@code file} from int {@code atInt} on. */
  WriteStream createRegion(Path file, long atInt, int lenInts) throws IOException {
    return streams.createRegionWriter(writeType, file, options, atInt, lenInts);
  }

  private long blocks(long ints) {
    return (ints + blockInts - 1) / blockInts;
  }

  /** Counts a read of {@code ints} ints from one file: ⌈ints / B⌉ blocks. */
  void countRead(long ints) {
    blocksRead += blocks(ints);
    intsRead += ints;
  }

  /** Counts a write of {@code ints} ints to one file: ⌈ints / B⌉ blocks. */
  void countWritten(long ints) {
    blocksWritten += blocks(ints);
    intsWritten += ints;
  }

  long blocksRead() {
    return blocksRead;
  }

  long blocksWritten() {
    return blocksWritten;
  }

  long intsRead() {
    return intsRead;
  }

  long intsWritten() {
    return intsWritten;
  }

  /**
   * Deletes every buffer and leaf file in the tree's folders, also those no node leads to any more,
   * going on past failures.
   *
   * @param failure the failure so far, or null
   * @return the first failure ({@code failure} when not null), the later ones suppressed in it;
   *     null when there was none
   */
  IOException deleteAll(IOException failure) {
    List<Path> files = new ArrayList<>();
    IOException listed =
        EachOf.collect(
            failure,
            dirs,
            dir -> {
              try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, "{buffer,leaf}-*.bin")) {
                s.forEach(files::add);
              }
            });
    return EachOf.collect(listed, files, HeldFiles::deleteWorkFile);
  }

  /** Reads {@code n} ints of {@code file} into {@code dst[0..n)}. */
  static void readFully(ReadStream in, int[] dst, int n, Path file) throws IOException {
    int got = 0;
    while (got < n) {
      int r = in.read(dst, got, n - got);
      if (r <= 0) {
        throw new EOFException(file + " ended after " + got + " of " + n + " ints");
      }
      got += r;
    }
  }

  /** Reads {@code n} ints of {@code file} into {@code dst[off..off + n)}. */
  static void readFully(ReadStream in, int[] dst, int off, int n, Path file) throws IOException {
    int got = 0;
    while (got < n) {
      int r = in.read(dst, off + got, n - got);
      if (r <= 0) {
        throw new EOFException(file + " ended after " + got + " of " + n + " ints");
      }
      got += r;
    }
  }
}
