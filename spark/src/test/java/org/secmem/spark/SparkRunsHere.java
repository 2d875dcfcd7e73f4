package org.secmem.spark;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.secmem.engine.EngineJvm;

/**
 * Skips (not fails) a test class that starts or checks Spark on a JVM Spark cannot run on (JDK 24
 * and later: {@link EngineJvm}), where secmem refuses the engine up front instead.
 */
final class SparkRunsHere implements ExecutionCondition {

  @Override
  public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
    return EngineJvm.problem("spark")
        .map(ConditionEvaluationResult::disabled)
        .orElseGet(() -> ConditionEvaluationResult.enabled("Spark runs on this JVM"));
  }
}
