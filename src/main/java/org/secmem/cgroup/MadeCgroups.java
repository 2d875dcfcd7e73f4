package org.secmem.cgroup;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.secmem.fs.EachOf;

/**
 * The memory cgroups one process made and has not removed yet: what its shutdown removes, and what
 * {@code secmem clean} leaves alone, and nothing else (a PID in a name says nothing about a process
 * in another PID namespace). One per process, owned by the command line's shutdown cleanup and
 * passed to every {@link MemoryCgroup#create}; a test makes its own.
 */
public final class MadeCgroups {

  private final Set<Path> made = ConcurrentHashMap.newKeySet();

  void add(Path dir) {
    made.add(dir);
  }

  void removed(Path dir) {
    made.remove(dir);
  }

  /** Whether {@code dir} is a cgroup this process made and has not removed yet. */
  public boolean contains(Path dir) {
    return made.contains(dir);
  }

  /** Whether every cgroup made has been removed. */
  public boolean isEmpty() {
    return made.isEmpty();
  }

  /**
   * Removes every cgroup made and not removed yet (at shutdown, after the forks were stopped), each
   * as {@link MemoryCgroup#close} does: exactly those, by the names they were given, never another
   * one whose name holds the same PID (another PID namespace's run's).
   *
   * @return the folders removed
   * @throws IOException naming one that stays; the others are still tried
   */
  public List<Path> removeAll() throws IOException {
    List<Path> removed = new ArrayList<>();
    EachOf.run(
        List.copyOf(made),
        dir -> {
          MemoryCgroup.remove(dir);
          made.remove(dir);
          removed.add(dir);
        });
    return removed;
  }
}
