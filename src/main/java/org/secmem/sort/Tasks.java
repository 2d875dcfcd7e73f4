package org.secmem.sort;

import com.google.common.util.concurrent.ThreadFactoryBuilder;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The sort's threads: pools of daemon threads, and waiting for tasks so that the first failure
 * surfaces as what it was (an {@link IOException} stays one) and the others are cancelled.
 */
final class Tasks {

  private Tasks() {}

  /** A fixed pool of {@code threads} daemon threads named {@code name-1, name-2, ...}. */
  static ExecutorService pool(String name, int threads) {
    return Executors.newFixedThreadPool(Math.max(1, threads), daemon(name));
  }

  /** One daemon thread, for a prefetcher or a write-behind. */
  static ExecutorService single(String name) {
    return Executors.newSingleThreadExecutor(daemon(name));
  }

  /**
   * Stops {@code pools} (any may be null) and waits until none of their tasks runs any more, so
   * that the streams those tasks used can be closed safely afterwards.
   */
  static void stop(ExecutorService... pools) throws InterruptedIOException {
    for (ExecutorService p : pools) {
      if (p != null) {
        p.shutdownNow();
      }
    }
    try {
      for (ExecutorService p : pools) {
        if (p != null && !p.awaitTermination(1, TimeUnit.MINUTES)) {
          throw new IllegalStateException("a background I/O thread did not stop within a minute");
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while stopping background I/O threads");
    }
  }

  private static ThreadFactory daemon(String name) {
    return new ThreadFactoryBuilder().setNameFormat(name + "-%d").setDaemon(true).build();
  }

  /** Waits for {@code f}; its failure is rethrown as it was. */
  static <T> T await(Future<T> f) throws IOException {
    try {
      return f.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      f.cancel(true);
      throw new InterruptedIOException("interrupted while sorting");
    } catch (ExecutionException e) {
      throw rethrow(e.getCause());
    }
  }

  /**
   * Runs every task on {@code pool} and waits for all of them. When one fails, the tasks not yet
   * started never start, the running ones are interrupted, and once every one of them has really
   * stopped (so none still writes a file about to be removed, or holds a stream open) the first
   * failure is thrown with the later ones suppressed.
   *
   * @return the results, in the tasks' order
   */
  static <T> List<T> all(ExecutorService pool, List<? extends Callable<T>> tasks)
      throws IOException {
    int count = tasks.size();
    CountDownLatch stopped = new CountDownLatch(count);
    List<AtomicBoolean> claimed = new ArrayList<>(count);
    List<Future<T>> futures = new ArrayList<>(count);
    for (Callable<T> t : tasks) {
      AtomicBoolean mine = new AtomicBoolean();
      claimed.add(mine);
      futures.add(
          pool.submit(
              () -> {
                if (!mine.compareAndSet(false, true)) {
                  return null; // stopped before it began
                }
                try {
                  return t.call();
                } finally {
                  stopped.countDown();
                }
              }));
    }
    List<T> results = new ArrayList<>(count);
    Throwable first = null;
    for (Future<T> f : futures) {
      try {
        results.add(f.get());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        stopAll(futures, claimed, stopped);
        throw new InterruptedIOException("interrupted while sorting");
      } catch (CancellationException e) {
        // stopped after an earlier failure: nothing of its own to report
      } catch (ExecutionException e) {
        if (first == null) {
          first = e.getCause();
          stopAll(futures, claimed, stopped);
        } else if (first != e.getCause()) {
          first.addSuppressed(e.getCause());
        }
      }
    }
    if (first != null) {
      throw rethrow(first);
    }
    return results;
  }

  /** Keeps unstarted tasks from starting, interrupts running ones and waits until all stopped. */
  private static void stopAll(
      List<? extends Future<?>> futures, List<AtomicBoolean> claimed, CountDownLatch stopped) {
    for (int i = 0; i < futures.size(); i++) {
      if (claimed.get(i).compareAndSet(false, true)) {
        stopped.countDown(); // it will never run
      }
      futures.get(i).cancel(true);
    }
    boolean interrupted = false;
    while (true) {
      try {
        stopped.await();
        break;
      } catch (InterruptedException e) {
        interrupted = true; // keep waiting: files must not be written after cleanup
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  /** The cause of a task's failure, as the exception to throw. */
  static IOException rethrow(Throwable c) {
    if (c instanceof IOException) {
      return (IOException) c;
    }
    if (c instanceof UncheckedIOException) {
      return ((UncheckedIOException) c).getCause();
    }
    if (c instanceof RuntimeException) {
      throw (RuntimeException) c;
    }
    if (c instanceof Error) {
      throw (Error) c;
    }
    return new IOException(c);
  }
}
