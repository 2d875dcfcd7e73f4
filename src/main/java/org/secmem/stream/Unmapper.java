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
 * Without it, a mapped stream with a small B would pile up thousands of live mappings and run into
 * {@code vm.max_map_count}. Where the method is missing, the collector releases them as before.
 *
 * <p>The caller must never touch a buffer after unmapping it: the memory is gone.
 */
final class Unmapper {

  private static final Logger LOG = LogManager.getLogger(Unmapper.class);
  private static final MethodHandle INVOKE_CLEANER = findCleaner();

  private Unmapper() {}

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
