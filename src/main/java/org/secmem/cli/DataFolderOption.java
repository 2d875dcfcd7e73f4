package org.secmem.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * {@code --dir}, the folder a command's data goes in (write's and read's files, a sort's generated
 * input and scratch output, the queue's work folders); what it holds on each command is its help.
 */
final class DataFolderOption {

  @Option(names = "--dir")
  Path dir;
}
