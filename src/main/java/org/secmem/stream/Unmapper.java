package org.secmem.stream;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.IdentityHashMap;
import java.util.Map;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Maps windows and allocates direct buffers for one stream, and releases each at once when the
 * stream is done with it instead of waiting for the garbage collector. Without that, a mapped
 * stream with a small B piles up thousands of live mappings and runs into {@code vm.max_map_count}
 * (on JDK 25 a multi-pass merge sort through mapped streams failed with "Map failed" when the
 * collector released them), and channel streams pile up direct memory.
 *
 * <p>How, by JDK:
 *
 * <ul>
 *   <li>before {@link #ARENAS_FROM} (JDK 24): {@code FileChannel.map} and {@code
 *       ByteBuffer.allocateDirect}, released through {@code sun.misc.Unsafe.invokeCleaner} (in the
 *       {@code jdk.unsupported} module, open to the class path);
 *   <li>from JDK 24 on, where {@code invokeCleaner} prints a four-line warning on stderr when first
 *       called (JEP 498), each window gets a shared {@code java.lang.foreign.Arena} of its own
 *       ({@code FileChannel.map(MapMode, long, long, Arena)}), closed to release it: the supported
 *       API, final since JDK 22. The build is release 17, so it is reached through method handles
 *       found once. Shared, not confined: a confined arena's memory may be touched by its own
 *       thread only, and the sort's prefetch reads a stream on a thread of its own. Closing a
 *       shared arena costs a handshake with the JVM's threads: 80M ints through 4 KiB windows
 *       (78,125 windows) read in 4.2 s against 1.8 s confined and 1.2 s on JDK 17 (2 busy shared
 *       cores). Direct buffers are left to the collector there ({@link #allocateDirect}).
 * </ul>
 *
 * Where neither is found, the collector releases them. The caller must close its stream (every
 * stream here is closed by its owner): a shared arena's memory is never released by the collector.
 * The caller must never touch a buffer after releasing it: the memory is gone.
 */
final class Unmapper {

  private static final Logger LOG = LogManager.getLogger(Unmapper.class);

  /** The first release whose {@code Unsafe.invokeCleaner} warns; from it, arenas are used. */
  static final int ARENAS_FROM = 24;

  private static final boolean USE_ARENAS = Runtime.version().feature() >= ARENAS_FROM;

  private static final MethodHandle INVOKE_CLEANER = USE_ARENAS ? null : findCleaner();

  private static final Arenas ARENAS = USE_ARENAS ? Arenas.find() : null;

  /** The arena of each window or buffer this stream holds (arenas only: a few at a time). */
  private final Map<ByteBuffer, AutoCloseable> arenas = new IdentityHashMap<>();

  /** Whether buffers are released at once on this JVM (else the collector does it). */
  static boolean releasesAtOnce() {
    return INVOKE_CLEANER != null || ARENAS != null;
  }

  /** Whether this JVM's buffers come from arenas. */
  static boolean usesArenas() {
    return ARENAS != null;
  }

  /**
   * A window of {@code channel}, as {@link FileChannel#map} maps it; release it with {@link
   * #unmap}.
   */
  ByteBuffer map(FileChannel channel, FileChannel.MapMode mode, long position, long size)
      throws IOException {
    if (ARENAS == null) {
      return channel.map(mode, position, size);
    }
    AutoCloseable arena = ARENAS.open();
    try {
      ByteBuffer window = ARENAS.map(channel, mode, position, size, arena);
      arenas.put(window, arena);
      return window;
    } catch (IOException | RuntimeException | Error e) {
      close(arena);
      throw e;
    }
  }

  /**
   * A direct buffer of {@code bytes}, zeroed; release it with {@link #unmap}. With arenas (JDK 24+)
   * it is the JDK's own direct buffer, left to the collector: an arena's memory is not counted in
   * the JVM's "direct" buffer pool, which {@code StreamKindTest} and the memory figures rely on,
   * and the JDK collects and waits for unreachable direct buffers before it refuses one.
   */
  ByteBuffer allocateDirect(int bytes) {
    return ByteBuffer.allocateDirect(bytes);
  }

  /** Releases a window or buffer of this stream now; others (heap, a caller's) are left alone. */
  void unmap(ByteBuffer buffer) {
    if (ARENAS != null) {
      AutoCloseable arena = arenas.remove(buffer);
      if (arena != null) {
        close(arena);
      }
      return;
    }
    if (INVOKE_CLEANER == null || !buffer.isDirect()) {
      return;
    }
    try {
      INVOKE_CLEANER.invokeExact(buffer);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new IllegalStateException("could not unmap " + buffer, t);
    }
  }

  private static void close(AutoCloseable arena) {
    try {
      arena.close();
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) { // Arena.close throws no checked exception
      throw new IllegalStateException("could not release " + arena, e);
    }
  }

  private static MethodHandle findCleaner() {
    try {
      Class<?> unsafeClass = Class.forName("sun.misc.Unsafe");
      Field field = unsafeClass.getDeclaredField("theUnsafe");
      field.setAccessible(true);
      Object unsafe = field.get(null);
      return MethodHandles.lookup()
          .findVirtual(
              unsafeClass, "invokeCleaner", MethodType.methodType(void.class, ByteBuffer.class))
          .bindTo(unsafe);
    } catch (ReflectiveOperationException | RuntimeException e) {
      LOG.warn("Mappings will be released by the garbage collector only: {}", e.toString());
      return null;
    }
  }

  /** The {@code java.lang.foreign} methods used, found once (public API, no warning). */
  private record Arenas(MethodHandle ofShared, MethodHandle mapInto, MethodHandle asByteBuffer) {

    static Arenas find() {
      try {
        Class<?> arena = Class.forName("java.lang.foreign.Arena");
        Class<?> segment = Class.forName("java.lang.foreign.MemorySegment");
        MethodHandles.Lookup lookup = MethodHandles.publicLookup();
        MethodType toObject = MethodType.methodType(Object.class);
        return new Arenas(
            lookup.findStatic(arena, "ofShared", MethodType.methodType(arena)).asType(toObject),
            lookup
                .findVirtual(
                    FileChannel.class,
                    "map",
                    MethodType.methodType(
                        segment, FileChannel.MapMode.class, long.class, long.class, arena))
                .asType(
                    MethodType.methodType(
                        Object.class,
                        FileChannel.class,
                        FileChannel.MapMode.class,
                        long.class,
                        long.class,
                        Object.class)),
            lookup
                .findVirtual(segment, "asByteBuffer", MethodType.methodType(ByteBuffer.class))
                .asType(MethodType.methodType(ByteBuffer.class, Object.class)));
      } catch (ReflectiveOperationException | RuntimeException e) {
        LOG.warn("Mappings will be released by the garbage collector only: {}", e.toString());
        return null;
      }
    }

    AutoCloseable open() {
      try {
        return (AutoCloseable) (Object) ofShared.invokeExact();
      } catch (RuntimeException | Error e) {
        throw e;
      } catch (Throwable t) {
        throw new IllegalStateException("could not open an arena", t);
      }
    }

    ByteBuffer map(
        FileChannel channel,
        FileChannel.MapMode mode,
        long position,
        long size,
        AutoCloseable arena)
        throws IOException {
      try {
        Object segment =
            (Object) mapInto.invokeExact(channel, mode, position, size, (Object) arena);
        return (ByteBuffer) asByteBuffer.invokeExact(segment);
      } catch (IOException | RuntimeException | Error e) {
        throw e;
      } catch (Throwable t) {
        throw new IllegalStateException("could not map " + channel, t);
      }
    }
  }
}
