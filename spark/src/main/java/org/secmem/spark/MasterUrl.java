package org.secmem.spark;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Spark master as {@code --master} gives it, checked: {@code local}, {@code local[N]}, {@code
 * local[*]}, {@code local[N,F]}, {@code local[*,F]} (this JVM) or {@code spark://host:port[,...]}
 * (a standalone cluster). YARN and Kubernetes are reached through {@code spark-submit} only.
 */
final class MasterUrl {

  /** The forms {@code --master} accepts, for messages. */
  static final String ALLOWED =
      "local, local[N], local[*], local[N,F], local[*,F]," + " spark://host:port[,host:port...]";

  /** Most task threads per core that local mode may run: beyond it, threads only contend. */
  static final int SLOTS_PER_CORE = 4;

  /** The largest N of {@code local[N]} on this machine. */
  static int maxLocalSlots() {
    return SLOTS_PER_CORE * Runtime.getRuntime().availableProcessors();
  }

  private static final Pattern LOCAL =
      Pattern.compile("local(\\[(\\*|[1-9][0-9]{0,5})(,[1-9][0-9]{0,5})?\\])?");
  private static final Pattern ENDPOINT =
      Pattern.compile("(\\[[0-9A-Fa-f:.]+\\]|[A-Za-z0-9][A-Za-z0-9.\\-_]*):([0-9]{1,5})");

  /** One {@code host:port} of a standalone master. */
  record Endpoint(String host, int port) {
    @Override
    public String toString() {
      return host + ":" + port;
    }
  }

  private final String url;
  private final List<Endpoint> endpoints;
  private final boolean local;

  private MasterUrl(String url, List<Endpoint> endpoints, boolean local) {
    this.url = url;
    this.endpoints = List.copyOf(endpoints);
    this.local = local;
  }

  /**
   * The master {@code spark-submit} set: any it launched with (YARN, Kubernetes ...) is Spark's to
   * reach; only a standalone master's endpoints are checked here.
   */
  static MasterUrl submitted(String master) {
    String m = master.trim();
    try {
      return parse(m);
    } catch (IllegalArgumentException e) {
      return new MasterUrl(m, List.of(), false);
    }
  }

  /**
   * The master, checked.
   *
   * @throws IllegalArgumentException with a message quoting the master and saying what is allowed
   *     (it names no option: the command line and parameter files name their own)
   */
  static MasterUrl parse(String master) {
    String m = master.trim();
    Matcher local = LOCAL.matcher(m);
    if (local.matches()) {
      if (local.group(2) != null
          && !local.group(2).equals("*")
          && Integer.parseInt(local.group(2)) > maxLocalSlots()) {
        throw new IllegalArgumentException(
            "'"
                + m
                + "': at most local["
                + maxLocalSlots()
                + "] here ("
                + SLOTS_PER_CORE
                + " task threads per core, "
                + Runtime.getRuntime().availableProcessors()
                + " cores); each is a thread sorting a"
                + " partition of its own, and more only starve the machine (local[*] runs one per"
                + " core)");
      }
      return new MasterUrl(m, List.of(), true);
    }
    String lower = m.toLowerCase(Locale.ROOT);
    if (lower.equals("yarn") || lower.startsWith("k8s://")) {
      throw new IllegalArgumentException(
          "'"
              + m
              + "': YARN and Kubernetes are reached by"
              + " submitting spark/target/secmem-spark-submit.jar with spark-submit (--master "
              + m
              + " --class org.secmem.Main); this module does not bundle spark-yarn or"
              + " spark-kubernetes");
    }
    if (lower.startsWith("spark://")) {
      List<Endpoint> found = new ArrayList<>();
      boolean ok = true;
      for (String part : m.substring("spark://".length()).split(",", -1)) {
        Matcher e = ENDPOINT.matcher(part);
        int port = e.matches() ? Integer.parseInt(e.group(2)) : 0;
        if (port < 1 || port > 65535) {
          ok = false;
          break;
        }
        found.add(new Endpoint(e.group(1), port));
      }
      if (ok && !found.isEmpty()) {
        return new MasterUrl(m, found, false);
      }
    }
    throw new IllegalArgumentException(
        "'" + m + "' is not a Spark master this engine runs on (allowed: " + ALLOWED + ")");
  }

  /** Whether the sort runs in this JVM. */
  boolean isLocal() {
    return local;
  }

  /**
   * The task slots of local mode: N of {@code local[N]}, every processor for {@code local[*]}, 1
   * for {@code local}; -1 on a cluster (its executors say).
   */
  int localCores() {
    if (!local) {
      return -1;
    }
    Matcher m = LOCAL.matcher(url);
    if (!m.matches() || m.group(2) == null) {
      return 1;
    }
    return m.group(2).equals("*")
        ? Runtime.getRuntime().availableProcessors()
        : Integer.parseInt(m.group(2));
  }

  /** The standalone master's host:port pairs (empty for local mode). */
  List<Endpoint> endpoints() {
    return endpoints;
  }

  @Override
  public String toString() {
    return url;
  }
}
