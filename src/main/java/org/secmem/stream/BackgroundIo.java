package org.secmem.stream;

import com.google.common.util.concurrent.ThreadFactoryBuilder;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Path;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** The one I/O thread of an async stream, and the unwrapping of its failures. */
final class BackgroundIo {

  private BackgroundIo() {}

  static ExecutorService thread(String name) {
    return Executors.newSingleThreadExecutor(
        new ThreadFactoryBuilder().setNameFormat(name).setDaemon(true).build());
  }

  /**
   * Waits for {@code f}, which reads or writes {@code path}. Its failure is thrown as a new
   * exception naming the file, with the background thread's one as the cause: a future keeps its
   * failure, so throwing that instance itself could throw one object twice, and try-with-resources
   * then fails with "Self-suppression not permitted" instead of the real error.
   */
  static <T> T await(Future<T> f, Path path) throws IOException {
    try {
      return f.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      InterruptedIOException ie =
          new InterruptedIOException(path + ": interrupted while waiting for background I/O");
      ie.initCause(e);
      throw ie;
    } catch (ExecutionException e) {
      throw StreamState.failed(path, e.getCause());
    }
  }
}
