package org.secmem.spark;

import java.io.IOException;
import java.util.List;
import org.secmem.engine.EngineException;
import org.secmem.engine.EngineJob;
import org.secmem.engine.EngineSettings;
import org.secmem.engine.EngineStats;
import org.secmem.engine.SortEngine;

/** Placeholder until the engine lands. */
public final class SparkSortEngine implements SortEngine {
  @Override public String name() { return "spark"; }
  @Override public List<String> problems(EngineSettings s) { return List.of(); }
  @Override public long start(EngineSettings s) throws IOException { throw new EngineException("not yet"); }
  @Override public EngineStats sort(EngineJob job) throws IOException { throw new EngineException("not yet"); }
  @Override public void close() {}
}
