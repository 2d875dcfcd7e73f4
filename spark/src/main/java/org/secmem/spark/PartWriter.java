package org.secmem.spark;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Iterator;
import java.util.Locale;
import java.util.Set;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.ForeachPartitionFunction;
import org.secmem.fs.HeldFiles;

/**
 * Runs in each task of the sort's last stage: writes the task's sorted range of ints, big-endian,
 * to {@code part-NNNNN} (N the partition) in the parts folder. It writes {@code
 * part-NNNNN.attempt-A} first and renames it when complete, so that a retried or speculative task
 * leaves one complete copy, never two or a torn one.
 */
final class PartWriter implements ForeachPartitionFunction<Integer> {

  private static final long serialVersionUID = 1L;
  static final int BUFFER_BYTES = 1 << 20;

  /** The parts folder, as a string (a Path is not serializable). */
  private final String folder;

  PartWriter(Path folder) {
    this.folder = folder.toAbsolutePath().toString();
  }

  /** The name of partition {@code index}'s part. */
  static String partName(int index) {
    return String.format(Locale.ROOT, "part-%05d", index);
  }

  @Override
  public void call(Iterator<Integer> values) throws IOException {
    TaskContext task = TaskContext.get();
    int partition = task == null ? 0 : task.partitionId();
    int attempt = task == null ? 0 : task.attemptNumber();
    Path dir = Paths.get(folder);
    Path part = dir.resolve(partName(partition));
    Path attemptFile = dir.resolve(partName(partition) + ".attempt-" + attempt);
    boolean done = false;
    try {
      // The parts folder is secmem's work folder (made, marked and locked by the engine): its
      // files are the tasks' own to write, replace and remove.
      try (FileChannel out = HeldFiles.streamTarget(attemptFile, Set.of())) {
        ByteBuffer buf = ByteBuffer.allocateDirect(BUFFER_BYTES); // big-endian by default
        while (values.hasNext()) {
          if (!buf.hasRemaining()) {
            drain(out, buf);
          }
          buf.putInt(values.next());
        }
        drain(out, buf);
      }
      HeldFiles.replaceWorkFile(attemptFile, part);
      done = true;
    } finally {
      if (!done) {
        HeldFiles.deleteWorkFile(attemptFile);
      }
    }
  }

  private static void drain(FileChannel out, ByteBuffer buf) throws IOException {
    buf.flip();
    while (buf.hasRemaining()) {
      out.write(buf);
    }
    buf.clear();
  }
}
