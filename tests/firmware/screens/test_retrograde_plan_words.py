"""Retrograde: what a blast plan does, in words on the seat's OLED and the
HDMI (issue 34 items 2 and 4): which trophy, whether a coin is spent, and
the +3 for all six trophies when the plan earns it."""
from __future__ import annotations

from types import SimpleNamespace

from firmware.screens.retrograde_oled import oled_plan_line, plan_words
from firmware.ui.oled import OledFrame

ROOM = OledFrame.W - 36   # beside the mini sheet


def plan(points, droids=2, bosses=0, trophy=None, coins=0, comet_cell=None):
    return SimpleNamespace(points=points, cells=tuple(range(droids)), droids=droids, bosses=bosses,
                           trophy=trophy, coins=coins, comet_cell=comet_cell)


def test_the_oled_names_the_trophy_and_the_coin_spent():
    """The play-tester's case: "+5 pts" and "2 droids" on the OLED, the
    trophy and the coin only on the HDMI: the OLED line says them first
    (the droids are lit on its mini sheet)."""
    line = oled_plan_line(OledFrame(), plan(3, droids=2, trophy=4, coins=1), ROOM)
    assert "4-pip" in line and "coin" in line, line
    assert OledFrame().fits(line, ROOM, 10)


def test_the_all_trophies_bonus_is_said():
    """"+5 pts · 1 droid, 2-pip trophy" hid the +3 for all six trophies."""
    words = plan_words(plan(5, droids=1, trophy=2), coins=True)
    assert "all 6 trophies +3" in words, words
    assert "+3" not in plan_words(plan(2, droids=1, trophy=2), coins=True)
    assert "1 coin spent" in plan_words(plan(1, droids=1, coins=1), coins=True)


def test_a_plan_that_uses_the_comet_says_so():
    """PT42/PT43 (fresh play-testers): a plan that used the card's Comet lit
    a Droid of a colour the card does not show, and nothing said why.  The
    plan's words say a Droid is blasted with the Comet (the book: 3
    matching dice blast any colour of Droid)."""
    words = plan_words(plan(3, droids=3, comet_cell=1), coins=True)
    assert "comet" in words.lower() and "any colour" in words, words
    assert "comet" not in plan_words(plan(2, droids=2), coins=True).lower()
