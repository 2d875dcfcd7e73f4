package org.secmem.fs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Who this process is beyond its PID, which means nothing outside its own PID namespace: the host's
 * name, the running kernel's boot id (the same for every container on one kernel, new at every
 * boot) and the PID namespace. Each is empty where the platform does not say.
 *
 * @param host the host name (the UTS namespace's), e.g. {@code vm}
 * @param bootId {@code /proc/sys/kernel/random/boot_id}
 * @param pidNamespace {@code /proc/self/ns/pid}'s target, e.g. {@code pid:[4026531836]}
 */
public record ThisMachine(String host, String bootId, String pidNamespace) {

  public ThisMachine {
    host = clean(host);
    bootId = clean(bootId);
    pidNamespace = clean(pidNamespace);
  }

  /** This process's, read from {@code /proc} where there is one. */
  public static ThisMachine current() {
    String host = firstLine(Path.of("/proc/sys/kernel/hostname"));
    if (host.isEmpty()) {
      host = System.getenv().getOrDefault("HOSTNAME", "");
    }
    String ns;
    try {
      ns = Files.readSymbolicLink(Path.of("/proc/self/ns/pid")).toString();
    } catch (IOException | UnsupportedOperationException e) {
      ns = "";
    }
    return new ThisMachine(host, firstLine(Path.of("/proc/sys/kernel/random/boot_id")), ns);
  }

  /** Whether {@code other} is a process on this very kernel, since its last boot. */
  public boolean sameKernel(ThisMachine other) {
    if (bootId.isEmpty() && other.bootId.isEmpty()) {
      // No boot ids here (not Linux): the host name is all there is.
      return !host.isEmpty() && host.equals(other.host);
    }
    return !bootId.isEmpty() && bootId.equals(other.bootId);
  }

  /** Whether {@code other} ran on this host before its kernel last started. */
  public boolean earlierBoot(ThisMachine other) {
    return !bootId.isEmpty()
        && !other.bootId.isEmpty()
        && !bootId.equals(other.bootId)
        && !host.isEmpty()
        && host.equals(other.host);
  }

  /** Whether PIDs of {@code other} mean the same processes as this one's. */
  public boolean samePids(ThisMachine other) {
    return sameKernel(other) && !pidNamespace.isEmpty() && pidNamespace.equals(other.pidNamespace);
  }

  private static String firstLine(Path p) {
    try {
      String s = Files.readString(p, StandardCharsets.US_ASCII);
      int nl = s.indexOf('\n');
      return nl < 0 ? s : s.substring(0, nl);
    } catch (IOException | RuntimeException e) {
      return "";
    }
  }

  /** One printable line at most 200 characters long: what a marker can hold. */
  private static String clean(String s) {
    String t = s == null ? "" : s.strip().replaceAll("[^\\x21-\\x7e]", "?");
    return t.length() > 200 ? t.substring(0, 200) : t;
  }
}
