package org.secmem.sort;

/**
 * Every {@code stride}-th int of a run, taken while the run is written: {@code values[j]} is the
 * int at index {@code j * stride}. A merge split by value range finds its splitters among the
 * samples of all runs, and each run's cut between two samples, so no file is searched int by int.
 * Writers of disjoint parts of one run may record into one instance at once.
 */
final class RunSamples {

  private final long ints;
  private final long stride;
  private final int[] values;

  /** Room for the samples of a run of {@code ints} ints, about {@code perRun} of them. */
  RunSamples(long ints, int perRun) {
    this.ints = ints;
    this.stride = Math.max(1, (ints + perRun - 1) / perRun);
    this.values = new int[(int) ((ints + stride - 1) / stride)];
  }

  long ints() {
    return ints;
  }

  long stride() {
    return stride;
  }

  int count() {
    return values.length;
  }

  /** The sample at index {@code j * stride} of the run. */
  int value(int j) {
    return values[j];
  }

  /** Records the samples among {@code a[off .. off+len)}, the run's ints from {@code first}. */
  void record(long first, int[] a, int off, int len) {
    long j = (first + stride - 1) / stride * stride;
    for (long end = first + len; j < end; j += stride) {
      values[(int) (j / stride)] = a[off + (int) (j - first)];
    }
  }

  /** Records the run's int at {@code index} if it is a sample. */
  void record(long index, int v) {
    if (index % stride == 0) {
      values[(int) (index / stride)] = v;
    }
  }
}
