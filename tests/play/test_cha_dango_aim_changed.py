"""Cha dango: when the customer under a seat's cursor changes without the
seat moving it (the customer was served and a new card took its place),
the seat's OLED says so for a moment (issue 34, play-test g1e_00-02: a
press meant for the panda landed on the cat that replaced it, 490 ms into
the new order, unseen).  Race presses are never swallowed (CAB-12)."""
from __future__ import annotations

from test_cha_dango_helpers import CARDS, aim_at, open_first_race, order_matches, table_view


def test_the_oled_says_when_the_customer_under_the_cursor_changed(table):
    t = table("cha-dango", players=2, seed=3)
    g = open_first_race(t)
    served = order_matches(g)[0]
    revealed = table_view(t)["revealed"]["id"]                  # it takes the served customer's place (issue 34)
    t.step(10, ms=50)
    aim_at(t, 1, served)                                     # seat 2 aims at the panda ...
    aim_at(t, 0, served)
    t.step(4, ms=50)
    t.press(0, "button")                                   # ... seat 1 serves it
    t.run_until(lambda t: table_view(t)["phase"] == "reveal" and table_view(t)["current"] == 1, max_passes=400)
    t.run_until(lambda t: t.session.runtime.not_before.get("reveal", -1) <= t.session.runtime.now_us,
                max_passes=400, ms=50)
    t.step(20, ms=50)
    t.press(1, "button")                                   # seat 2 reveals the next order
    t.run_until(lambda t: table_view(t)["phase"] == "race", max_passes=200)
    t.step(2, ms=30)
    now = t.session.runtime.controls[1].shown(g).chosen
    assert now.get("type") == "slap" and now["card"] != served
    assert now["card"] == revealed, "the cursor is not on the customer that took the served one's place"
    said = " ".join(t.oled_texts(1))
    from firmware.screens.cha_dango import aim_changed
    want = aim_changed(g, 1, {"type": "slap", "card": served}, now)
    assert want and want.split(" gone: now ")[0] != want.split(" gone: now ")[-1], want
    assert want in said, said
    t.step(40, ms=50)                                      # 2 s on, the words have gone
    assert "gone: now" not in " ".join(t.oled_texts(1))


def test_the_words_of_a_changed_aim_fit_the_oled_line():
    """Every figure (or dango, for two alike) that can leave and replace
    another: the hint line under the aimed customer is never cut."""
    from firmware.screens import cha_dango as screens
    from firmware.screens.cha_dango_oled import _aim
    from firmware.ui.oled import OledFrame
    from test_cha_dango_helpers import table
    g = table(2, dining=[c.id for c in CARDS if c.start][:5], deck=[c.id for c in CARDS if not c.start][:10])
    shown = []
    for a in CARDS:
        for b in CARDS:
            if a.id != b.id:
                words = screens.aim_changed(g, 0, {"type": "slap", "card": a.id}, {"type": "slap", "card": b.id})
                f = OledFrame()
                _aim(f, 14, (b.id, 0, 5), words)
                shown.append((words, f))
    for words, f in shown:
        drawn = [t for t in f.texts if "now" in t or "gone:" in t or "moved:" in t]
        assert drawn and all(f.fits(t, f.W) for t in drawn), (words, drawn)
