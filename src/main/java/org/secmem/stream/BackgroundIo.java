package org.secmem.stream;

import com.google.common.util.concurrent.ThreadFactoryBuilder;
import java.io.IOException;
import java.io.InterruptedIOException;
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

  /** Waits for {@code f}, rethrowing its IOException as it was. */
  static <T> T await(Future<T> f) throws IOException {
    try {
      return f.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while waiting for background I/O");
    } catch (ExecutionException e) {
      Throwable c = e.getCause();
      if (c instanceof IOException) {
        throw (IOException) c;
      }
      if (c instanceof RuntimeException) {
        throw (RuntimeException) c;
      }
      throw new IOException(c);
    }
  }
}
