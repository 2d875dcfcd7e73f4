package org.secmem.stream;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.nio.ByteBuffer;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Releases a mapping at once instead of waiting for the garbage collector, through {@code
 * sun.misc.Unsafe.invokeCleaner} (in the {@code jdk.unsupported} module, open to the class path).
 * Without it, a mapped stream with a small B would pile up thousands of live mappings until the
 * collector runs (the JDK's {@code FileChannel.map} then collects and tries again when {@code mmap}
 * fails for {@code vm.max_map_count}). Where the method is missing, the collector releases them.
 *
 * <p>From JDK 24 on ({@link #RELEASED_BY_THE_COLLECTOR_FROM}) the JVM prints a four-line warning on
 * stderr the first time {@code invokeCleaner} is called (JEP 498: the method is to be removed), on
 * every secmem command that maps or frees a buffer. There the collector releases mappings and
 * direct buffers as it does where the method is missing; the supported way to unmap at once, {@code
 * FileChannel.map} into an {@code Arena} (JDK 22), cannot be compiled against for release 17, and a
 * shared arena's buffers are never released by the collector: one stream left unclosed would keep
 * its file's mappings to the end of the JVM.
 *
 * <p>The caller must never touch a buffer after unmapping it: the memory is gone.
 */
final class Unmapper {

  private static final Logger LOG = LogManager.getLogger(Unmapper.class);

  /** The first release whose {@code Unsafe.invokeCleaner} warns on stderr when called. */
  static final int RELEASED_BY_THE_COLLECTOR_FROM = 24;

  private static final MethodHandle INVOKE_CLEANER =
      Runtime.version().feature() >= RELEASED_BY_THE_COLLECTOR_FROM ? null : findCleaner();

  private Unmapper() {}

  /** Whether {@link #unmap} releases a buffer at once on this JVM (else the collector does). */
  static boolean unmapsAtOnce() {
    return INVOKE_CLEANER != null;
  }

  static void unmap(ByteBuffer buffer) {
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
}
