package org.secmem.runner;

import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.config.Configurator;
import org.apache.logging.log4j.core.config.DefaultConfiguration;
import org.secmem.Main;

/**
 * A launcher that starts Log4j with a configuration of its own before secmem's main runs, as {@code
 * spark-submit} does with Spark's (for {@link LogFileTest}).
 */
final class LoggingStartedBefore {

  private LoggingStartedBefore() {}

  public static void main(String[] args) {
    Configurator.initialize(new DefaultConfiguration());
    LogManager.getLogger("launcher").error("the launcher's own line");
    Main.main(args);
  }
}
