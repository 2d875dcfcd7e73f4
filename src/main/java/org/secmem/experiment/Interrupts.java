package org.secmem.experiment;

import java.io.InterruptedIOException;

/**
 * How a measured loop notices that it should stop (Ctrl-C during a run started from the menu
 * interrupts the run's thread): a check between slices of ints, never inside the per-int loop.
 */
final class Interrupts {

  /** Ints per slice: a few milliseconds of the slowest stream type, nothing in the timing. */
  static final long SLICE_INTS = 1 << 16;

  private Interrupts() {}

  /** Throws, clearing the flag, when the thread was interrupted. */
  static void check() throws InterruptedIOException {
    if (Thread.interrupted()) {
      throw new InterruptedIOException("the run was interrupted");
    }
  }
}
