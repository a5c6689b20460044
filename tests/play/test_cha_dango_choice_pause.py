"""Issue 34 (fresh play-tester PT21, twice): a VP-card choice's 10 s ran on
under the pause ("paused by seat 1" on the HDMI while the OLED counted 8,
7, ... 0 s), and when the game went on the time was up at once and the
engine's own time-out gave the seat's most recent card, not the one its
OLED showed under the cursor.  Ruling CAB-8 (no timer runs out while the
game is held) with CAB-9 (what was shown goes): the choice's clock stands
still in a pause or under the Esc question and keeps the time it had
left; at its time-out the card under the cursor goes."""
from __future__ import annotations

import re

from engines.cha_dango.cards import load_cards

from .test_cha_dango_pause import _hold_pause
from .test_play_cha_dango_seen import _rig_a_choice


def _seconds_shown(t) -> int:
    """The seconds of the choice on seat 1's drawn OLED ("... 7 s")."""
    for line in t.oled_texts(0):
        m = re.search(r"(\d+) s\b", line)
        if m:
            return int(m.group(1))
    raise AssertionError(f"no seconds on the OLED: {t.oled_texts(0)}")


def _choosing(t):
    g = _rig_a_choice(t)
    t.run_until(lambda t: g.view(None)["phase"] == "place_vp", max_passes=400, ms=50)
    t.press(0, "right")                      # not the most recent card: the engine's own time-out would give that
    t.step(4, ms=50)
    return g


def test_cab8_a_vp_choice_stands_still_in_a_pause_and_the_card_shown_goes(table):
    t = table("cha-dango", 2, bots={1}, seed=3)
    g = _choosing(t)
    before = _seconds_shown(t)
    assert before >= 7, before
    _hold_pause(t, 0)                        # seat 1 pauses (its arrows held together)
    assert t.session.runtime.pause.paused
    shown = t.session.runtime.controls[0].shown(g).chosen
    assert shown["type"] == "place_vp" and shown["card"] != g.vp[0][-1], shown
    t.step(240, ms=50)                       # 12 s paused: more than the whole choice
    assert g.view(None)["phase"] == "place_vp", "the choice ran out under the pause"
    assert _seconds_shown(t) >= before - 2, "the choice's seconds counted down under the pause"
    _hold_pause(t, 0)                        # and goes on
    assert not t.session.runtime.pause.paused
    t.step(4, ms=50)
    assert g.view(None)["phase"] == "place_vp", "the choice was over as soon as the game went on"
    assert _seconds_shown(t) >= before - 3, _seconds_shown(t)
    shown = t.session.runtime.controls[0].shown(g).chosen
    t.run_until(lambda t: g.view(None)["phase"] != "place_vp", max_passes=400, ms=100)
    assert shown["card"] in g.dining and shown["card"] not in g.vp[0], (shown, g.vp[0])
    figure = load_cards().cards[shown["card"]].figure
    t.step()
    assert f"Time up: Seat 1 gave {figure}" in " ".join(t.session.hdmi_model.texts())


def test_cab8_a_vp_choice_stands_still_under_the_esc_question(table):
    t = table("cha-dango", 2, bots={1}, seed=3)
    g = _choosing(t)
    before = _seconds_shown(t)
    rt = t.session.runtime
    rt.hold_for_question(rt.now_us, True)    # the window's "Esc again within 4 s to leave"
    t.step(80, ms=50)                        # 4 s: the question lapses
    rt.hold_for_question(rt.now_us, False)
    t.step(4, ms=50)
    assert g.view(None)["phase"] == "place_vp"
    assert _seconds_shown(t) >= before - 2, (before, _seconds_shown(t))
