package org.secmem.buffertree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** What a run line says of the (a, b) a fanout rule made. */
class FanoutRuleTest {

  @Test
  void described_aIsOne_saysItIsNoABTree_andTheMThatMakesOne() {
    // issue 49, item 9: m/16 at the default M and B (m = 125 blocks) was taken silently as (1, 7)
    FanoutRule m16 = FanoutRule.ratio(16);
    String said = m16.described(125, 1024);
    assertEquals(
        "(1, 7) (a = 1: not an (a, b)-tree, which has a >= 2; m/16 makes one from M = 2^17 ints)",
        said);
    // the M it names does make a >= 2, and one block less does not
    assertEquals(2, m16.resolve(128).a());
    assertEquals(1, m16.resolve(127).a());
  }

  @Test
  void described_aTreeAsIs_andAFixedPairAsGiven() {
    assertEquals("(3, 15)", FanoutRule.DEFAULT.described(125, 1024));
    assertEquals("(2, 8)", FanoutRule.ratio(16).described(128, 1024));
    FanoutRule fixed = FanoutRule.parse("1,4");
    assertTrue(fixed.described(125, 1024).startsWith("(1, 4)"));
    assertEquals("(1, 4)", fixed.described(125, 1024), "a fixed pair is what the user asked for");
  }

  @Test
  void described_noTree_theRulesText() {
    assertEquals("m/16", FanoutRule.ratio(16).described(20, 1024), "b = 1: refused before a run");
  }
}
