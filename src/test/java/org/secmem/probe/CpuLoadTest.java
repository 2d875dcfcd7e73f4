package org.secmem.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** How busy other work kept the machine while the probe measured. */
class CpuLoadTest {

  @Test
  void busyTicks_countAllButIdleAndIowait_stealIncluded() {
    // cpu user nice system idle iowait irq softirq steal guest guest_nice
    assertEquals(
        Optional.of(100L + 2 + 30 + 5 + 6 + 40),
        CpuLoad.busyTicks("cpu  100 2 30 9999 500 5 6 40 0 0"));
    assertEquals(Optional.empty(), CpuLoad.busyTicks("cpu0 1 2 3 4 5 6 7 8"));
    assertEquals(Optional.empty(), CpuLoad.busyTicks("cpu 1 2 3"));
    assertEquals(Optional.empty(), CpuLoad.busyTicks("cpu 1 2 x 4 5 6 7 8"));
  }

  @Test
  void othersCores_isTheMachinesCpuLessThisProcesss_perSecond() {
    CpuLoad.Sample start = new CpuLoad.Sample(0, 1000, 0);
    // 2 s of wall time, 300 ticks (3 CPU-seconds) on the machine, 2 of them this process's
    CpuLoad.Sample end = new CpuLoad.Sample(2_000_000_000L, 1300, 2_000_000_000L);
    assertEquals(0.5, CpuLoad.othersCores(start, end).getAsDouble(), 1e-9);
    // this process counted more than the ticks show (rounding): never below 0
    CpuLoad.Sample own = new CpuLoad.Sample(2_000_000_000L, 1100, 1_500_000_000L);
    assertEquals(0.0, CpuLoad.othersCores(start, own).getAsDouble(), 1e-9);
    assertTrue(CpuLoad.othersCores(start, start).isEmpty());
  }

  @Test
  void anotherProcessSpinning_isSeenAsBusy() throws Exception {
    assumeTrue(Files.isReadable(Path.of("/proc/stat")), "Linux only");
    Process spin = new ProcessBuilder("sh", "-c", "while :; do :; done").start();
    try {
      Thread.sleep(200);
      CpuLoad.Sample start = CpuLoad.sample().orElseThrow();
      Thread.sleep(1000);
      CpuLoad.Sample end = CpuLoad.sample().orElseThrow();
      double busy = CpuLoad.othersCores(start, end).getAsDouble();
      assertTrue(busy > CpuLoad.BUSY_CORES, "a spinning shell: " + busy + " cores");
    } finally {
      spin.destroyForcibly();
      spin.waitFor(10, TimeUnit.SECONDS);
    }
  }
}
