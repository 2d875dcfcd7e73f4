package org.secmem.experiment;

import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Closes every stream added to it, last first, even when some fail: the first failure is thrown
 * with the others attached as suppressed. Used where a run holds k streams at once.
 */
final class StreamGroup implements Closeable {

  private final Deque<Closeable> members = new ArrayDeque<>();

  <T extends Closeable> T add(T member) {
    members.push(member);
    return member;
  }

  @Override
  public void close() throws IOException {
    IOException first = null;
    while (!members.isEmpty()) {
      try {
        members.pop().close();
      } catch (IOException | RuntimeException e) {
        if (first == null) {
          first = e instanceof IOException ? (IOException) e : new IOException(e);
        } else if (e != first && e != first.getCause()) { // one object is attached only once
          first.addSuppressed(e);
        }
      }
    }
    if (first != null) {
      throw first;
    }
  }
}
