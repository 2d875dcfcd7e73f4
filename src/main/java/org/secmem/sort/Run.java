package org.secmem.sort;

import java.nio.file.Path;

/**
 * A sorted run on disk.
 *
 * @param path its file
 * @param ints how many ints it holds
 * @param samples every {@code stride}-th int of it, to split merges by value range; null when the
 *     merges are not split
 */
record Run(Path path, long ints, RunSamples samples) {}
