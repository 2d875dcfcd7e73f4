package org.secmem.experiment;

/**
 * One configuration of the sort experiment: what is sorted and where ({@link SortData}), and how
 * ({@link SortMethod}: one of secmem's own algorithms, with just the parameters that apply to it,
 * or another engine).
 */
public record SortTrialSpec(SortData data, SortMethod method) implements Configuration {

  public SortTrialSpec {
    if (data == null || method == null) {
      throw new IllegalArgumentException("data and method must be given");
    }
    if (method instanceof EngineMethod e) {
      if (!e.settings().workDirs().equals(data.workDirs())) {
        throw new IllegalArgumentException("the engine's work folders must be the data's");
      }
      if (data.online()) {
        throw new IllegalArgumentException(
            "online sorting is secmem's own: not with " + e.engine());
      }
    }
  }

  @Override
  public Experiment experiment() {
    return Experiment.SORT;
  }
}
