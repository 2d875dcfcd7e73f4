package org.secmem.spark;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.secmem.fs.TempRegistry;

/** A TempRegistry that remembers what it was told, for tests. */
final class RecordingTemps implements TempRegistry {

  final List<Path> registered = new ArrayList<>();
  final Set<Path> live = ConcurrentHashMap.newKeySet();

  @Override
  public synchronized void register(Path path) {
    registered.add(path);
    live.add(path);
  }

  @Override
  public synchronized void release(Path path) {
    live.remove(path);
  }
}
