package org.secmem.sort;

import java.util.Optional;
import java.util.OptionalLong;
import org.secmem.stream.StreamType;

/**
 * What a user chose for a sort, from the command line, a parameter-file row or the menu; an empty
 * value means "the preset's". {@link SortPreset#resolve} turns it into concrete settings.
 */
public record SortChoices(
    Optional<StreamType> readType,
    Optional<StreamType> writeType,
    Optional<Integer> bufferBytes,
    Optional<Integer> fanIn,
    OptionalLong memoryInts,
    Optional<Merger> merger,
    Optional<RunSort> runSort,
    Optional<Boolean> overlap,
    Optional<Boolean> parallelMerge,
    Optional<Integer> threads,
    Optional<StreamType> mergeReadType) {

  /** Nothing chosen: every setting the preset's. */
  public static SortChoices none() {
    return new SortChoices(
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        OptionalLong.empty(),
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        Optional.empty());
  }
}
