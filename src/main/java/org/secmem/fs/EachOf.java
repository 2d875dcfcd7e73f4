package org.secmem.fs;

import java.io.IOException;

/**
 * An I/O action on every item of a list though some fail (removing files, closing parts): each item
 * is tried, and the first failure is thrown at the end with the later ones suppressed on it, so
 * that one undeletable file neither stops the others' removal nor hides their failures.
 */
public final class EachOf {

  /** An action on one item that may fail with an {@link IOException}. */
  @FunctionalInterface
  public interface IoAction<T> {
    void accept(T item) throws IOException;
  }

  private EachOf() {}

  /**
   * Does {@code action} on every item.
   *
   * @throws IOException the first failure, the later ones suppressed on it
   */
  public static <T> void run(Iterable<? extends T> items, IoAction<? super T> action)
      throws IOException {
    IOException failure = collect(null, items, action);
    if (failure != null) {
      throw failure;
    }
  }

  /**
   * Does {@code action} on every item and returns the failures instead of throwing them: {@code
   * prior} (a failure of an earlier step, or null) with this step's suppressed on it, or this
   * step's first with the rest suppressed; null when nothing failed.
   */
  public static <T> IOException collect(
      IOException prior, Iterable<? extends T> items, IoAction<? super T> action) {
    IOException failure = prior;
    for (T item : items) {
      try {
        action.accept(item);
      } catch (IOException e) {
        if (failure == null) {
          failure = e;
        } else {
          failure.addSuppressed(e);
        }
      }
    }
    return failure;
  }
}
