package org.secmem.buffertree;

import java.io.IOException;
import java.util.Arrays;
import java.util.NoSuchElementException;

/**
 * The priority queue's in-memory part: one int array of fixed capacity holding a sorted run (the
 * keys of the leaf last taken from the tree, consumed from a cursor) at its end and a binary
 * min-heap (the keys inserted into memory since) at its front. Taking the minimum compares the
 * run's head with the heap's top.
 *
 * <p>Why both: a leaf comes off disk sorted, so its keys are served in O(1) each with no heapify
 * and in sequential order; only the keys inserted below the bound pay O(log) for the heap. The two
 * share the array: the heap grows into the slots the cursor has freed ({@code heap <= cursor}), so
 * the part never holds more than its capacity and never allocates. Primitive ints throughout, no
 * object per key.
 */
final class RunHeap {

  private final int[] a;

  /** Keys of the heap: {@code a[0..heap)}. */
  private int heap;

  /** The run: {@code a[cursor..a.length)}, ascending. */
  private int cursor;

  RunHeap(int capacity) {
    if (capacity < 2) {
      throw new IllegalArgumentException("capacity (" + capacity + ") must be at least 2");
    }
    a = new int[capacity];
    cursor = capacity;
  }

  int capacity() {
    return a.length;
  }

  int size() {
    return heap + a.length - cursor;
  }

  boolean isEmpty() {
    return heap == 0 && cursor == a.length;
  }

  boolean isFull() {
    return heap == cursor;
  }

  /**
   * The array to load a sorted run of {@code n} keys into, at {@code [capacity - n, capacity)};
   * call {@link #loaded} after. Only when empty.
   */
  int[] loadArea(int n) {
    if (!isEmpty() || n > a.length) {
      throw new IllegalStateException(
          "load of " + n + " keys into a part holding " + size() + " of " + a.length);
    }
    return a;
  }

  /** The {@code n} keys written into {@link #loadArea} are the run now. */
  void loaded(int n) {
    cursor = a.length - n;
  }

  int min() {
    if (heap == 0) {
      if (cursor == a.length) {
        throw new NoSuchElementException();
      }
      return a[cursor];
    }
    return cursor == a.length ? a[0] : Math.min(a[0], a[cursor]);
  }

  int removeMin() {
    if (heap == 0 || (cursor < a.length && a[cursor] <= a[0])) {
      if (cursor == a.length) {
        throw new NoSuchElementException();
      }
      return a[cursor++];
    }
    int top = a[0];
    int last = a[--heap];
    int i = 0;
    int half = heap >>> 1;
    while (i < half) {
      int c = 2 * i + 1;
      if (c + 1 < heap && a[c + 1] < a[c]) {
        c++;
      }
      if (a[c] >= last) {
        break;
      }
      a[i] = a[c];
      i = c;
    }
    if (heap > 0) {
      a[i] = last;
    }
    return top;
  }

  /** Adds {@code key}; only when not full. */
  void add(int key) {
    if (isFull()) {
      throw new IllegalStateException("in-memory part full (" + a.length + " keys)");
    }
    int i = heap++;
    while (i > 0) {
      int p = (i - 1) >>> 1;
      if (a[p] <= key) {
        break;
      }
      a[i] = a[p];
      i = p;
    }
    a[i] = key;
  }

  /**
   * Sorts every key (only when full: heap and run fill the array) and keeps the {@code keep}
   * smallest as the run; the array's {@code [keep, capacity)} holds the others, ascending, for the
   * caller to read before the next change.
   *
   * @return the largest key kept
   */
  int keepSmallest(int keep, SpillSink sink) throws IOException {
    if (!isFull() || keep < 1 || keep >= a.length) {
      throw new IllegalStateException(
          "spill of "
              + (a.length - keep)
              + " keys from a part"
              + " holding "
              + size()
              + " of "
              + a.length);
    }
    Arrays.sort(a);
    sink.accept(a, keep, a.length - keep);
    int largest = a[keep - 1];
    System.arraycopy(a, 0, a, a.length - keep, keep);
    heap = 0;
    cursor = a.length - keep;
    return largest;
  }

  /** Receives the keys spilled. */
  @FunctionalInterface
  interface SpillSink {
    void accept(int[] keys, int off, int len) throws IOException;
  }

  /** The largest key held, for checks; {@link Long#MIN_VALUE} when empty. */
  long max() {
    long m = Long.MIN_VALUE;
    for (int i = 0; i < heap; i++) {
      m = Math.max(m, a[i]);
    }
    if (cursor < a.length) {
      m = Math.max(m, a[a.length - 1]);
    }
    return m;
  }

  /** Checks the heap order and the run's order, for tests. */
  void check() {
    if (heap < 0 || heap > cursor || cursor > a.length) {
      throw new IllegalStateException(
          "heap " + heap + ", cursor " + cursor + ", capacity " + a.length);
    }
    for (int i = 1; i < heap; i++) {
      if (a[(i - 1) >>> 1] > a[i]) {
        throw new IllegalStateException("heap order broken at " + i);
      }
    }
    for (int i = cursor + 1; i < a.length; i++) {
      if (a[i - 1] > a[i]) {
        throw new IllegalStateException("run order broken at " + i);
      }
    }
  }
}
