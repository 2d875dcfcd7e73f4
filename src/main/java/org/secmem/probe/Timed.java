package org.secmem.probe;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Threads that run a timed piece of work together: each waits at a start line, the clock starts
 * when they are let go and stops when the last is done, so that starting threads is not timed.
 * Closing stops the threads.
 */
final class Timed implements AutoCloseable {

  /** One thread's share of the work. */
  @FunctionalInterface
  interface Task {
    void run(int thread) throws IOException;
  }

  /** What the clock waits for after the threads are done (a device write's flush). */
  @FunctionalInterface
  interface Finish {
    void run() throws IOException;

    Finish NOTHING = () -> {};
  }

  private final ExecutorService pool;
  private final int threads;

  Timed(int threads) {
    this.threads = threads;
    AtomicInteger n = new AtomicInteger();
    this.pool =
        Executors.newFixedThreadPool(
            threads,
            r -> {
              Thread t = new Thread(r, "secmem-probe-" + n.incrementAndGet());
              t.setDaemon(true); // Ctrl-C ends the process; the shutdown hook removes the files
              return t;
            });
  }

  /**
   * Runs {@code task} on {@code count} threads at once (thread 0 to count - 1) and returns the
   * nanoseconds from their start to the end of the last.
   */
  long run(int count, Task task) throws IOException {
    return run(count, task, Finish.NOTHING);
  }

  /** As {@link #run(int, Task)}, the clock stopping only once {@code finish} has run too. */
  long run(int count, Task task, Finish finish) throws IOException {
    if (count < 1 || count > threads) {
      throw new IllegalArgumentException("1 to " + threads + " threads, not " + count);
    }
    CountDownLatch ready = new CountDownLatch(count);
    CountDownLatch go = new CountDownLatch(1);
    List<Future<?>> done = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      int thread = i;
      done.add(
          pool.submit(
              () -> {
                ready.countDown();
                go.await();
                task.run(thread);
                return null;
              }));
    }
    try {
      ready.await();
      long start = System.nanoTime();
      go.countDown();
      for (Future<?> f : done) {
        f.get();
      }
      finish.run();
      return System.nanoTime() - start;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      done.forEach(f -> f.cancel(true));
      throw new IOException("probe interrupted", e);
    } catch (ExecutionException e) {
      done.forEach(f -> f.cancel(true));
      Throwable cause = e.getCause();
      if (cause instanceof IOException io) {
        throw io;
      }
      if (cause instanceof RuntimeException re) {
        throw re;
      }
      if (cause instanceof Error err) {
        throw err;
      }
      throw new IOException(cause);
    }
  }

  @Override
  public void close() {
    pool.shutdownNow();
  }
}
