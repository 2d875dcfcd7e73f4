package org.secmem.buffertree;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.RandomAccessFile;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.secmem.sort.StreamFactory;
import org.secmem.stream.ReadStream;
import org.secmem.stream.StreamOptions;
import org.secmem.stream.StreamType;
import org.secmem.stream.WriteStream;

/**
 * Arge's buffer tree over 32-bit ints, as seed 004 implements it (§2, §3.1–3.2), for inserts:
 * an (a, b)-tree whose nodes live in memory and whose buffers and leaves are files read and
 * written through secmem's streams, so that the I/O strategy is a parameter here too.
 *
 * <p>Inserts are collected in memory into blocks of B ints; each full block is appended to the
 * root's buffer with one write. A buffer holding more than m/2 blocks is full and is emptied: it
 * is loaded m/2 blocks at a time, each load sorted and cut by the node's splitters, and each
 * child's share appended to that child's buffer (a <em>block push</em>). Full internal children
 * are emptied in turn, depth first; full leaf nodes are emptied after every internal emptying of
 * the process (Arge's order, so that every node above them has an empty buffer when a split
 * reaches it): their load is merged into the leaf's sorted file, and a leaf grown past b blocks is
 * cut into parts of b/2 .. b blocks, the parent gaining children and splitting in turn past b.
 *
 * <p>Every insert is a request to add a key; the tree offers no deletes of arbitrary keys, so a
 * request needs no operation flag or time stamp and a buffer holds the keys alone (4 bytes, where
 * the paper's records were 16). Files: one per buffer and one per leaf node, in the folder given,
 * opened only while read or written (the paper's answer to open-file limits; a sort with 10^4
 * leaves keeps two or three open, not 10^4). Not safe for use from several threads.
 */
public final class BufferTree implements Closeable {

  /** Receives the sorted keys a block at a time. */
  @FunctionalInterface
  public interface BlockSink {
    void accept(int[] block, int len) throws IOException;
  }

  private final TreeMemory memory;
  private final Fanout fanout;
  private final List<Path> dirs;
  private final StreamFactory streams;
  private final StreamType readType;
  private final StreamType writeType;
  private final StreamOptions options;
  private final int blockInts;

  private Node root;
  private long nextId;
  private final int[] collect;
  private int collected;
  private int[] load;
  private final int[] mergeIn;
  private final int[] mergeOut;
  private WriteStream rootWriter;
  private long size;
  private boolean drained;

  private long blockPushes;
  private long internalEmptyings;
  private long leafEmptyings;
  private long rebalances;
  private long blocksRead;
  private long blocksWritten;
  /** Leaf nodes now, and the most levels and leaf nodes the tree has had. */
  private long leafCount = 1;
  private int peakHeight = 1;
  private long peakLeaves = 1;
  private long intsRead;
  private long intsWritten;
  private long insertInternalNanos;
  private long insertLeafNanos;
  private long forceEmptyNanos;

  /**
   * An empty tree whose files go in {@code dir} (which must exist; the caller removes it).
   *
   * @see #BufferTree(TreeMemory, List, StreamFactory, StreamType, StreamType, StreamOptions)
   */
  public BufferTree(TreeMemory memory, Path dir, StreamFactory streams, StreamType readType,
      StreamType writeType, StreamOptions options) {
    this(memory, List.of(dir), streams, readType, writeType, options);
  }

  /**
   * An empty tree whose files go in {@code dirs} (which must exist; the caller removes them): a
   * node's buffer and leaf files in folder {@code id mod dirs.size()}, so that the buffers and
   * leaves are spread over several disks (seed 004 §3.6.4 striped them over two), and an emptying
   * reads one node's buffer while it appends to children's buffers on the others.
   *
   * @param memory M, B, (a, b) and the buffer sizes
   * @param readType stream type of every read of a buffer or leaf
   * @param writeType stream type of every write; not {@code direct}, since pushes append at any
   *     int offset
   * @param options B (the block, in bytes) and sync for every stream
   */
  public BufferTree(TreeMemory memory, List<Path> dirs, StreamFactory streams,
      StreamType readType, StreamType writeType, StreamOptions options) {
    if (dirs.isEmpty()) {
      throw new IllegalArgumentException("no folder for the tree's files");
    }
    String problem = writeProblem(writeType);
    if (problem != null) {
      throw new IllegalArgumentException(problem);
    }
    this.memory = memory;
    this.fanout = memory.fanout();
    this.dirs = List.copyOf(dirs);
    this.streams = streams;
    this.readType = readType;
    this.writeType = writeType;
    this.options = options;
    this.blockInts = memory.blockInts();
    this.collect = new int[blockInts];
    this.mergeIn = new int[blockInts];
    this.mergeOut = new int[blockInts];
    this.root = newNode(true, null);
  }

  /**
   * Why {@code writeType} cannot write a buffer tree's files, or null when it can: pushes append
   * at any int offset, which {@code direct} (O_DIRECT, whole blocks only) cannot. The command
   * line, parameter files and the menu refuse with this before anything runs.
   */
  public static String writeProblem(StreamType writeType) {
    if (org.secmem.stream.Streams.writesRegions(writeType)) {
      return null;
    }
    return "the buffer tree appends to its buffer files at any int offset, which " + writeType
        + " cannot (O_DIRECT writes whole blocks); choose another write stream";
  }

  /** Keys inserted so far. */
  public long size() {
    return size;
  }

  /** Adds {@code key}. */
  public void insert(int key) throws IOException {
    requireOpen();
    collect[collected++] = key;
    size++;
    if (collected == blockInts) {
      flushCollected();
    }
  }

  /** Adds {@code keys[off..off+len)}. */
  public void insert(int[] keys, int off, int len) throws IOException {
    requireOpen();
    int i = off;
    int end = off + len;
    while (i < end) {
      int n = Math.min(end - i, blockInts - collected);
      System.arraycopy(keys, i, collect, collected, n);
      collected += n;
      i += n;
      size += n;
      if (collected == blockInts) {
        flushCollected();
      }
    }
  }

  /**
   * Empties every buffer, root down (seed 004's force-empty: internal nodes level by level, then
   * the leaf nodes), so that every key is in a leaf; inserts may follow.
   */
  public void emptyAll() throws IOException {
    requireOpen();
    long start = System.nanoTime();
    flushCollected();
    closeRootWriter();
    List<Node> leaves = new ArrayList<>();
    ArrayDeque<Node> queue = new ArrayDeque<>();
    queue.add(root);
    while (!queue.isEmpty()) {
      Node u = queue.poll();
      if (u.leaf) {
        leaves.add(u);
        continue;
      }
      if (u.bufferInts > 0) {
        emptyInternal(u);
      }
      queue.addAll(u.children);
    }
    for (Node leaf : leaves) {
      if (leaf.bufferInts > 0) {
        emptyLeaf(leaf);
      }
    }
    forceEmptyNanos += System.nanoTime() - start;
  }

  /**
   * Empties every buffer, then hands every key to {@code sink} in ascending order, a block at a
   * time, leaf by leaf, deleting each leaf's file once read. The tree is empty and closed for
   * inserts afterwards.
   */
  public void drain(BlockSink sink) throws IOException {
    emptyAll();
    drained = true;
    List<Node> leaves = new ArrayList<>();
    collectLeaves(root, leaves);
    for (Node leaf : leaves) {
      if (leaf.leafInts > 0) {
        Path file = leafPath(leaf);
        try (ReadStream in = open(file, leaf.leafInts)) {
          long left = leaf.leafInts;
          while (left > 0) {
            int n = (int) Math.min(blockInts, left);
            readFully(in, mergeIn, n, file);
            sink.accept(mergeIn, n);
            left -= n;
          }
        }
        countRead(leaf.leafInts);
        Files.delete(file);
        leaf.leafInts = 0;
      }
    }
  }

  /** What the tree did so far; {@code insertNanos} and {@code outputNanos} are the caller's. */
  public TreeStats stats(long insertNanos, long outputNanos) {
    return new TreeStats(fanout, peakHeight, peakLeaves, blockPushes, internalEmptyings,
        leafEmptyings, rebalances, blocksRead, blocksWritten, intsRead, intsWritten, insertNanos,
        insertInternalNanos,
        insertLeafNanos, forceEmptyNanos, outputNanos);
  }

  /** Levels of nodes: 1 while the root is a leaf. */
  public int height() {
    int h = 1;
    for (Node u = root; !u.leaf; u = u.children.get(0)) {
      h++;
    }
    return h;
  }

  /**
   * Checks the (a, b)-tree's shape and order, for tests: every non-root node has a .. b children
   * (an internal root 2 .. b), every leaf node a .. b blocks (when the tree has more than one),
   * all leaves on one level, splitters non-decreasing and every leaf's keys between its bounds.
   *
   * @throws IllegalStateException naming the node that breaks a rule
   */
  public void checkInvariants() throws IOException {
    int depth = height();
    checkNode(root, 1, depth, Long.MIN_VALUE, Long.MAX_VALUE);
  }

  private void checkNode(Node u, int level, int depth, long lo, long hi) throws IOException {
    if (u.leaf) {
      if (level != depth) {
        throw new IllegalStateException("leaf " + u.id + " at level " + level + " of " + depth);
      }
      long least = (long) fanout.a() * blockInts;
      if (u != root && (u.leafInts > memory.leafInts() || u.leafInts < least)) {
        throw new IllegalStateException("leaf " + u.id + " holds " + u.leafInts + " ints, outside"
            + " a .. b blocks (" + least + " .. " + memory.leafInts() + ")");
      }
      if (u.leafInts > 0) {
        Path file = leafPath(u);
        try (ReadStream in = open(file, u.leafInts)) {
          long prev = Long.MIN_VALUE;
          for (long i = 0; i < u.leafInts; i++) {
            int v = in.readNext();
            if (v < prev || v < lo || v > hi) {
              throw new IllegalStateException("leaf " + u.id + ": key " + v + " at " + i
                  + " out of order or outside [" + lo + ", " + hi + "]");
            }
            prev = v;
          }
        }
      }
      return;
    }
    int f = u.fanout();
    if (f > fanout.b() || f < (u == root ? 2 : fanout.a())) {
      throw new IllegalStateException("node " + u.id + " has " + f + " children, outside "
          + fanout);
    }
    if (u.splitters.length != f - 1) {
      throw new IllegalStateException("node " + u.id + " has " + u.splitters.length
          + " splitters for " + f + " children");
    }
    for (int i = 0; i < f; i++) {
      Node c = u.children.get(i);
      if (c.parent != u) {
        throw new IllegalStateException("node " + c.id + " does not name " + u.id + " as parent");
      }
      long clo = i == 0 ? lo : u.splitters[i - 1];
      long chi = i == f - 1 ? hi : u.splitters[i];
      if (clo > chi) {
        throw new IllegalStateException("node " + u.id + ": splitters out of order");
      }
      checkNode(c, level + 1, depth, clo, chi);
    }
  }

  /**
   * Closes the root's writer and deletes every file of the tree: every buffer and leaf file in its
   * folder, also those of a merge or split that a fault cut short (a leaf's next generation, leaf
   * nodes not yet attached), which the nodes no longer lead to.
   */
  @Override
  public void close() throws IOException {
    IOException failure = null;
    try {
      closeRootWriter();
    } catch (IOException e) {
      failure = e;
    }
    List<Path> files = new ArrayList<>();
    for (Path dir : dirs) {
      try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, "{buffer,leaf}-*.bin")) {
        s.forEach(files::add);
      } catch (IOException e) {
        if (failure == null) {
          failure = e;
        } else {
          failure.addSuppressed(e);
        }
      }
    }
    for (Path p : files) {
      try {
        Files.deleteIfExists(p);
      } catch (IOException e) {
        if (failure == null) {
          failure = e;
        } else {
          failure.addSuppressed(e);
        }
      }
    }
    drained = true;
    if (failure != null) {
      throw failure;
    }
  }

  // ---- inserting ---------------------------------------------------------------------------

  private void requireOpen() {
    if (drained) {
      throw new IllegalStateException("the buffer tree was drained or closed");
    }
  }

  /** Appends the collected block to the root's buffer; empties the root when that fills it. */
  private void flushCollected() throws IOException {
    if (collected == 0) {
      return;
    }
    if (rootWriter == null) {
      if (root.bufferInts != 0) {
        throw new IllegalStateException("root buffer holds " + root.bufferInts
            + " ints but has no writer");
      }
      rootWriter = streams.createWriter(writeType, bufferPath(root), options);
    }
    rootWriter.write(collect, 0, collected);
    root.bufferInts += collected;
    countWritten(collected);
    collected = 0;
    if (root.bufferInts > memory.bufferInts()) {
      closeRootWriter();
      emptyFromRoot();
    }
  }

  private void closeRootWriter() throws IOException {
    WriteStream w = rootWriter;
    rootWriter = null;
    if (w != null) {
      w.close();
    }
  }

  /**
   * The buffer-emptying process started by a full root: internal buffers depth first, each full
   * child after its parent; then the full leaf nodes this made, in the order they filled.
   */
  private void emptyFromRoot() throws IOException {
    List<Node> fullLeaves = new ArrayList<>();
    if (root.leaf) {
      fullLeaves.add(root);
    } else {
      long start = System.nanoTime();
      emptyDown(root, fullLeaves);
      insertInternalNanos += System.nanoTime() - start;
    }
    long start = System.nanoTime();
    for (Node leaf : fullLeaves) {
      emptyLeaf(leaf);
    }
    insertLeafNanos += System.nanoTime() - start;
  }

  private void emptyDown(Node u, List<Node> fullLeaves) throws IOException {
    for (Node c : emptyInternal(u)) {
      if (c.leaf) {
        fullLeaves.add(c);
      } else {
        emptyDown(c, fullLeaves);
      }
    }
  }

  /**
   * Empties an internal node's buffer into its children's, a load of m/2 blocks at a time.
   *
   * @return the children whose buffers are full now, in key order
   */
  private List<Node> emptyInternal(Node u) throws IOException {
    internalEmptyings++;
    Path file = bufferPath(u);
    long total = u.bufferInts;
    int[] a = load(total);
    try (ReadStream in = open(file, total)) {
      long left = total;
      while (left > 0) {
        checkInterrupt();
        int n = (int) Math.min(a.length, left);
        readFully(in, a, n, file);
        left -= n;
        Arrays.sort(a, 0, n);
        distribute(u, a, n);
      }
    }
    countRead(total);
    Files.delete(file);
    u.bufferInts = 0;
    List<Node> full = new ArrayList<>();
    for (Node c : u.children) {
      if (c.bufferInts > memory.bufferInts()) {
        full.add(c);
      }
    }
    return full;
  }

  /** Pushes the sorted {@code a[0..n)} to the children of {@code u}, one push per child reached. */
  private void distribute(Node u, int[] a, int n) throws IOException {
    int start = 0;
    int f = u.fanout();
    for (int i = 0; i < f && start < n; i++) {
      int end = i < f - 1 ? lowerBound(a, start, n, u.splitters[i]) : n;
      if (end > start) {
        append(u.children.get(i), a, start, end);
        blockPushes++;
      }
      start = end;
    }
  }

  /** Appends {@code a[from..to)} to {@code c}'s buffer file. */
  private void append(Node c, int[] a, int from, int to) throws IOException {
    int len = to - from;
    Path file = bufferPath(c);
    WriteStream w;
    if (c.bufferInts == 0) {
      w = streams.createWriter(writeType, file, options);
    } else {
      try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
        raf.setLength((c.bufferInts + len) * Integer.BYTES);
      }
      w = streams.createRegionWriter(writeType, file, options, c.bufferInts, len);
    }
    try (WriteStream out = w) {
      out.write(a, from, len);
    }
    c.bufferInts += len;
    countWritten(len);
  }

  /**
   * Empties a leaf node's buffer into its leaf file, a sorted load at a time, splitting the leaf
   * as it grows past b blocks, and then the nodes above it as they pass b children.
   */
  private void emptyLeaf(Node v) throws IOException {
    leafEmptyings++;
    Path file = bufferPath(v);
    long total = v.bufferInts;
    int[] a = load(total);
    List<Node> pieces = new ArrayList<>();
    pieces.add(v);
    List<Integer> keys = new ArrayList<>();
    try (ReadStream in = open(file, total)) {
      long left = total;
      while (left > 0) {
        checkInterrupt();
        int n = (int) Math.min(a.length, left);
        readFully(in, a, n, file);
        left -= n;
        Arrays.sort(a, 0, n);
        int start = 0;
        for (int i = 0; i < pieces.size() && start < n; i++) {
          int end = i < keys.size() ? lowerBound(a, start, n, keys.get(i)) : n;
          if (end > start) {
            Split s = mergeInto(pieces.get(i), a, start, end);
            for (int j = 0; j < s.added.size(); j++) {
              pieces.add(i + 1 + j, s.added.get(j));
              keys.add(i + j, s.keys[j]);
            }
            i += s.added.size();
          }
          start = end;
        }
      }
    }
    countRead(total);
    Files.delete(file);
    v.bufferInts = 0;
    if (pieces.size() > 1) {
      attach(v, pieces.subList(1, pieces.size()), keys.stream().mapToInt(Integer::intValue)
          .toArray());
    }
  }

  /** Leaf nodes made by a merge beside the one merged into, and the first key of each. */
  private record Split(List<Node> added, int[] keys) {}

  /**
   * Merges the sorted {@code a[from..to)} with leaf {@code p}'s keys into a new leaf file, or,
   * past b blocks, into k = ⌊2·total / (b·B)⌋ files of b/2 .. b blocks: {@code p} keeps the first,
   * new leaf nodes the others.
   */
  private Split mergeInto(Node p, int[] a, int from, int to) throws IOException {
    long total = p.leafInts + (to - from);
    long full = memory.leafInts();
    int k = total > full ? (int) Math.max(2, 2 * total / full) : 1;
    List<Node> added = new ArrayList<>(k - 1);
    int[] keys = new int[k - 1];
    Path old = p.leafInts > 0 ? leafPath(p) : null;
    long oldInts = p.leafInts;
    ReadStream in = old != null ? open(old, oldInts) : null;
    try {
      long leafLeft = oldInts;
      int inPos = 0;
      int inLim = 0;
      int si = from;
      for (int j = 0; j < k; j++) {
        Node piece;
        if (j == 0) {
          piece = p;
          p.generation++;
        } else {
          piece = newNode(true, p.parent);
          peakLeaves = Math.max(peakLeaves, ++leafCount);
          added.add(piece);
        }
        long pieceInts = total / k + (j < total % k ? 1 : 0);
        Path file = leafPath(piece);
        try (WriteStream out = streams.createWriter(writeType, file, options)) {
          long written = 0;
          int outPos = 0;
          while (written < pieceInts) {
            if (inPos == inLim && leafLeft > 0) {
              inLim = (int) Math.min(mergeIn.length, leafLeft);
              readFully(in, mergeIn, inLim, old);
              leafLeft -= inLim;
              inPos = 0;
            }
            int v;
            if (inPos < inLim && (si >= to || mergeIn[inPos] <= a[si])) {
              v = mergeIn[inPos++];
            } else {
              v = a[si++];
            }
            if (written == 0 && j > 0) {
              keys[j - 1] = v;
            }
            mergeOut[outPos++] = v;
            written++;
            if (outPos == mergeOut.length) {
              out.write(mergeOut, 0, outPos);
              outPos = 0;
            }
          }
          if (outPos > 0) {
            out.write(mergeOut, 0, outPos);
          }
        }
        piece.leafInts = pieceInts;
        countWritten(pieceInts);
      }
    } finally {
      if (in != null) {
        in.close();
      }
    }
    if (old != null) {
      countRead(oldInts);
      Files.delete(old);
    }
    rebalances += k - 1;
    return new Split(added, keys);
  }

  /**
   * Puts {@code added} (with the splitters {@code keys} before each) right after {@code v} among
   * its parent's children, or under a new root beside {@code v}; then splits the parent if it has
   * more than b children now.
   */
  private void attach(Node v, List<Node> added, int[] keys) throws IOException {
    Node p = v.parent;
    if (p == null) {
      p = newNode(false, null);
      p.children.add(v);
      v.parent = p;
      root = p;
      peakHeight = Math.max(peakHeight, height());
    }
    int idx = p.children.indexOf(v);
    p.children.addAll(idx + 1, added);
    for (Node c : added) {
      c.parent = p;
    }
    int[] s = new int[p.splitters.length + keys.length];
    System.arraycopy(p.splitters, 0, s, 0, idx);
    System.arraycopy(keys, 0, s, idx, keys.length);
    System.arraycopy(p.splitters, idx, s, idx + keys.length, p.splitters.length - idx);
    p.splitters = s;
    if (p.fanout() > fanout.b()) {
      split(p);
    }
  }

  /**
   * Cuts an internal node of f > b children into k = ⌊2f/b⌋ nodes of b/2 .. b children; for b of
   * 2 or 3, where ⌊2f/b⌋ parts could be single children (and, at b = 2, a new root as wide as the
   * node it was made for, splitting without end), into k = max(⌈f/b⌉, ⌊f/2⌋) parts of at most b.
   */
  private void split(Node u) throws IOException {
    if (u.bufferInts != 0) {
      throw new IllegalStateException("buffer tree defect: node " + u.id + " splits with "
          + u.bufferInts + " ints in its buffer");
    }
    int f = u.fanout();
    int b = fanout.b();
    int k = Math.max((f + b - 1) / b, Math.min(2 * f / b, f / 2));
    List<Node> all = new ArrayList<>(u.children);
    int[] s = u.splitters;
    List<Node> added = new ArrayList<>(k - 1);
    int[] keys = new int[k - 1];
    int start = 0;
    for (int j = 0; j < k; j++) {
      int count = f / k + (j < f % k ? 1 : 0);
      int end = start + count;
      Node part = j == 0 ? u : newNode(false, u.parent);
      if (j > 0) {
        added.add(part);
        keys[j - 1] = s[start - 1];
      }
      List<Node> mine = new ArrayList<>(all.subList(start, end));
      part.children.clear();
      part.children.addAll(mine);
      for (Node c : mine) {
        c.parent = part;
      }
      part.splitters = Arrays.copyOfRange(s, start, end - 1);
      start = end;
    }
    rebalances += k - 1;
    attach(u, added, keys);
  }

  // ---- files and helpers -------------------------------------------------------------------

  private Node newNode(boolean leaf, Node parent) {
    return new Node(nextId++, leaf, parent);
  }

  /** The folder of a node's files. */
  private Path dirOf(Node u) {
    return dirs.get((int) Math.floorMod((long) u.id, (long) dirs.size()));
  }

  private Path bufferPath(Node u) {
    return dirOf(u).resolve("buffer-" + u.id + ".bin");
  }

  private Path leafPath(Node u) {
    return dirOf(u).resolve("leaf-" + u.id + "-" + u.generation + ".bin");
  }

  private ReadStream open(Path file, long ints) throws IOException {
    return streams.openReader(readType, file, options, 0, ints);
  }

  /** The load array, made at the first emptying (no larger than what it must hold). */
  private int[] load(long total) {
    if (load == null) {
      load = new int[memory.loadInts()];
    }
    return load;
  }

  private long blocks(long ints) {
    return (ints + blockInts - 1) / blockInts;
  }

  private void countRead(long ints) {
    blocksRead += blocks(ints);
    intsRead += ints;
  }

  private void countWritten(long ints) {
    blocksWritten += blocks(ints);
    intsWritten += ints;
  }

  private static void readFully(ReadStream in, int[] dst, int n, Path file) throws IOException {
    int got = 0;
    while (got < n) {
      int r = in.read(dst, got, n - got);
      if (r <= 0) {
        throw new EOFException(file + " ended after " + got + " of " + n + " ints");
      }
      got += r;
    }
  }

  /** The first index in the sorted {@code a[from..to)} whose value is at least {@code key}. */
  static int lowerBound(int[] a, int from, int to, int key) {
    int lo = from;
    int hi = to;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (a[mid] < key) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  private static void collectLeaves(Node u, List<Node> out) {
    if (u.leaf) {
      out.add(u);
      return;
    }
    for (Node c : u.children) {
      collectLeaves(c, out);
    }
  }

  private static void checkInterrupt() throws InterruptedIOException {
    if (Thread.interrupted()) {
      throw new InterruptedIOException("interrupted while emptying the buffer tree's buffers");
    }
  }

  // ---- priority-queue support ----------------------------------------------------------------
  // Package-private hooks for ExternalPriorityQueue (seed 004 §2.2, §3.3): empty the buffers on
  // the path from the root to the leftmost leaf, take the leftmost leaf node out of the tree into
  // memory, and rebalance the leftmost path by fusing and sharing (the deletes of an (a, b)-tree).
  // Nothing above calls them; a tree used only for inserts and drain behaves as before.

  /** Leftmost-path internal nodes that fused with their right sibling. */
  private long fuses;
  /** Leftmost-path internal nodes that took children from their right sibling. */
  private long shares;
  /** Roots left with one child and replaced by it. */
  private long rootCollapses;
  /** Leaf nodes taken out of the tree by {@link #removeLeftmostLeaf}. */
  private long leavesTaken;
  /** Ints those leaves held: the tree holds {@code size() - takenInts}. */
  private long takenInts;

  /** Fuses, shares and root collapses so far, for the queue's counters. */
  long fuses() {
    return fuses;
  }

  long shares() {
    return shares;
  }

  long rootCollapses() {
    return rootCollapses;
  }

  long leavesTaken() {
    return leavesTaken;
  }

  /** Ints in the tree now: inserted and not taken out with a leaf. */
  long heldInts() {
    return size - takenInts;
  }

  /**
   * The least fanout of an internal node other than the root when the queue rebalances: a, and
   * at least 2, since {@link #checkInvariants} wants two children in every internal node.
   */
  private int minFanout() {
    return Math.max(2, fanout.a());
  }

  /**
   * Empties every buffer on the path from the root to the leftmost leaf, top down, so that the
   * leftmost leaf holds the smallest keys of the tree (seed 004 §2.2). Each emptying pushes into
   * all of the node's children as usual; a child off the path that fills is emptied too (and its
   * full children below it), and the full leaf nodes and the leftmost leaf are emptied last, as
   * in {@link #emptyFromRoot}, so that every node a split reaches has an empty buffer. The
   * collected partial block goes into the root's buffer first.
   */
  void emptyLeftmostPath() throws IOException {
    requireOpen();
    flushCollected();
    closeRootWriter();
    List<Node> fullLeaves = new ArrayList<>();
    Node u = root;
    while (!u.leaf) {
      if (u.bufferInts > 0) {
        Node first = u.children.get(0);
        for (Node c : emptyInternal(u)) {
          if (c == first) {
            continue;
          }
          if (c.leaf) {
            fullLeaves.add(c);
          } else {
            emptyDown(c, fullLeaves);
          }
        }
      }
      u = u.children.get(0);
    }
    if (u.bufferInts > 0) {
      fullLeaves.add(0, u);
    }
    for (Node leaf : fullLeaves) {
      emptyLeaf(leaf);
    }
  }

  /** The leftmost leaf node. */
  private Node leftmostLeaf() {
    Node u = root;
    while (!u.leaf) {
      u = u.children.get(0);
    }
    return u;
  }

  /** Ints in the leftmost leaf's file: at most b blocks. */
  int leftmostLeafInts() {
    return (int) leftmostLeaf().leafInts;
  }

  /**
   * Reads the leftmost leaf's keys, in order, into {@code dst[off..off + leftmostLeafInts())},
   * deletes its file and removes the leaf from the tree, fusing or sharing up the leftmost path
   * where a node is left with too few children. Call right after {@link #emptyLeftmostPath}.
   *
   * @return the least key the tree may hold from now on (the splitter right of the leaf taken):
   *     every key taken is at most it and every key left in the tree at least it; {@link
   *     Long#MAX_VALUE} when the leaf was the root and the tree is empty now
   */
  long removeLeftmostLeaf(int[] dst, int off) throws IOException {
    requireOpen();
    if (collected != 0) {
      throw new IllegalStateException("buffer tree defect: the leftmost leaf is taken with "
          + collected + " ints collected for the root");
    }
    Node leaf = leftmostLeaf();
    for (Node u = leaf; u != null; u = u.parent) {
      if (u.bufferInts != 0) {
        throw new IllegalStateException("buffer tree defect: node " + u.id + " on the leftmost"
            + " path holds " + u.bufferInts + " ints when its leaf is taken");
      }
    }
    int n = (int) leaf.leafInts;
    if (n > 0) {
      Path file = leafPath(leaf);
      try (ReadStream in = open(file, n)) {
        readFully(in, dst, off, n, file);
      }
      countRead(n);
      Files.delete(file);
      leaf.leafInts = 0;
      takenInts += n;
    }
    leavesTaken++;
    Node p = leaf.parent;
    if (p == null) {
      return Long.MAX_VALUE;
    }
    long bound = p.splitters[0];
    leafCount--;
    p.children.remove(0);
    p.splitters = Arrays.copyOfRange(p.splitters, 1, p.splitters.length);
    leaf.parent = null;
    fixUnderflow(p);
    return bound;
  }

  /**
   * Restores the fanout of {@code p}, a node on the leftmost path that lost its first child: a
   * root with one child is replaced by it, once that child's buffer is emptied; any other node
   * with fewer than {@link #minFanout()} children fuses with its right sibling when both fit in b
   * children, else shares the sibling's first children, after that sibling's buffer is emptied
   * (seed 004 §2: rebalancing works on nodes with empty buffers; the nodes on the leftmost path
   * are empty already). A fuse takes a child from the parent, which may underflow in turn.
   */
  private void fixUnderflow(Node p) throws IOException {
    while (true) {
      if (p == root) {
        if (!p.leaf && p.fanout() == 1) {
          Node c = p.children.get(0);
          if (c.bufferInts > 0) {
            // The child left was not on the leftmost path: its buffer may hold keys, and a root
            // keeps its buffer only through the root writer. Empty it first, which may give p
            // children again (a leaf split) or a parent (p splitting): look again.
            emptySubtree(c);
            continue;
          }
          c.parent = null;
          root = c;
          rootCollapses++;
          rebalances++;
        }
        return;
      }
      if (p.fanout() >= minFanout()) {
        return;
      }
      Node q = p.parent.children.get(1);
      if (q.bufferInts > 0) {
        // Emptying q may split nodes up to the root (all of which have empty buffers); p stays
        // the first child of its parent and q, or its first part, the second.
        emptySubtree(q);
      }
      Node g = p.parent;
      q = g.children.get(1);
      if (q.bufferInts != 0 || p.bufferInts != 0 || g.bufferInts != 0) {
        throw new IllegalStateException("buffer tree defect: rebalancing node " + p.id
            + " with a buffer that is not empty");
      }
      if (p.fanout() + q.fanout() <= fanout.b()) {
        fuse(p, q, g);
        p = g;
      } else {
        share(p, q, g);
        return;
      }
    }
  }

  /**
   * The buffer-emptying process started at {@code u}, whose ancestors' buffers are empty: its
   * buffer, then its children's that fill, depth first, then the full leaf nodes (a leaf {@code u}
   * is emptied into its leaf file at once).
   */
  private void emptySubtree(Node u) throws IOException {
    List<Node> fullLeaves = new ArrayList<>();
    if (u.leaf) {
      fullLeaves.add(u);
    } else {
      emptyDown(u, fullLeaves);
    }
    for (Node leaf : fullLeaves) {
      emptyLeaf(leaf);
    }
  }

  /** Moves every child of {@code q} to the end of {@code p}, its left sibling under {@code g}. */
  private void fuse(Node p, Node q, Node g) {
    int[] s = new int[p.splitters.length + 1 + q.splitters.length];
    System.arraycopy(p.splitters, 0, s, 0, p.splitters.length);
    s[p.splitters.length] = g.splitters[0];
    System.arraycopy(q.splitters, 0, s, p.splitters.length + 1, q.splitters.length);
    for (Node c : q.children) {
      c.parent = p;
    }
    p.children.addAll(q.children);
    p.splitters = s;
    q.children.clear();
    q.parent = null;
    g.children.remove(1);
    g.splitters = Arrays.copyOfRange(g.splitters, 1, g.splitters.length);
    fuses++;
    rebalances++;
  }

  /**
   * Moves the first children of {@code q} to the end of {@code p}, its left sibling under {@code
   * g}, so that p has half of their children (rounded down) and q the rest; the splitter between
   * them in {@code g} becomes the one before q's new first child.
   */
  private void share(Node p, Node q, Node g) {
    int total = p.fanout() + q.fanout();
    int t = total / 2 - p.fanout();
    int[] s = new int[p.splitters.length + t];
    System.arraycopy(p.splitters, 0, s, 0, p.splitters.length);
    s[p.splitters.length] = g.splitters[0];
    System.arraycopy(q.splitters, 0, s, p.splitters.length + 1, t - 1);
    g.splitters[0] = q.splitters[t - 1];
    List<Node> moved = new ArrayList<>(q.children.subList(0, t));
    q.children.subList(0, t).clear();
    q.splitters = Arrays.copyOfRange(q.splitters, t, q.splitters.length);
    for (Node c : moved) {
      c.parent = p;
    }
    p.children.addAll(moved);
    p.splitters = s;
    shares++;
    rebalances++;
  }

  /**
   * Checks what the queue relies on beyond {@link #checkInvariants}, for tests: every key in the
   * tree (leaves, buffers, the collected block) is at least {@code bound} and within its node's
   * splitters, no buffer is fuller than m/2 blocks, and the tree holds {@code heldInts()} ints.
   * The root's buffer is read only while no writer appends to it.
   *
   * @throws IllegalStateException naming what breaks a rule
   */
  void checkQueueInvariants(long bound) throws IOException {
    long[] count = {0};
    for (int i = 0; i < collected; i++) {
      if (collect[i] < bound) {
        throw new IllegalStateException("collected key " + collect[i] + " below " + bound);
      }
    }
    count[0] += collected;
    checkHeld(root, Long.MIN_VALUE, Long.MAX_VALUE, bound, count);
    if (count[0] != heldInts()) {
      throw new IllegalStateException("the tree holds " + count[0] + " ints but counts "
          + heldInts());
    }
  }

  private void checkHeld(Node u, long lo, long hi, long bound, long[] count) throws IOException {
    if (u.bufferInts > memory.bufferInts() && !(u == root && rootWriter != null)) {
      throw new IllegalStateException("node " + u.id + " buffer holds " + u.bufferInts
          + " ints, more than " + memory.bufferInts());
    }
    count[0] += u.bufferInts + u.leafInts;
    long least = Math.max(lo, bound);
    if (u.bufferInts > 0 && !(u == root && rootWriter != null)) {
      checkKeys(bufferPath(u), u.bufferInts, least, hi, "buffer of node " + u.id);
    }
    if (u.leafInts > 0) {
      checkKeys(leafPath(u), u.leafInts, least, hi, "leaf " + u.id);
    }
    for (int i = 0; i < u.fanout(); i++) {
      long clo = i == 0 ? lo : u.splitters[i - 1];
      long chi = i == u.fanout() - 1 ? hi : u.splitters[i];
      checkHeld(u.children.get(i), clo, chi, bound, count);
    }
  }

  private void checkKeys(Path file, long ints, long lo, long hi, String what) throws IOException {
    try (ReadStream in = open(file, ints)) {
      for (long i = 0; i < ints; i++) {
        int v = in.readNext();
        if (v < lo || v > hi) {
          throw new IllegalStateException(what + ": key " + v + " outside [" + lo + ", " + hi
              + "]");
        }
      }
    }
  }

  private static void readFully(ReadStream in, int[] dst, int off, int n, Path file)
      throws IOException {
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
