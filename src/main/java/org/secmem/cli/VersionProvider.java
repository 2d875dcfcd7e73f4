package org.secmem.cli;

import picocli.CommandLine;

/** The version from the jar's manifest ("dev" when run from classes). */
final class VersionProvider implements CommandLine.IVersionProvider {
  @Override
  public String[] getVersion() {
    String v = SecmemCommand.class.getPackage().getImplementationVersion();
    return new String[] {
      "secmem " + (v == null ? "dev" : v),
      "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")"
    };
  }
}
