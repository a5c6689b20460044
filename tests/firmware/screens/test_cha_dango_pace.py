"""Cha dango at a person's pace (issue 34 items 4 and 5; ruling CAB-7 in
docs/rulings.md): a press meant for the last race never costs the next one,
the outcome stays on screen before the next order, and a race resumed from
a save restarts with a countdown."""
from __future__ import annotations

import pytest

from engines.base import IllegalAction
from test_cha_dango_helpers import CARDS, T0, down, find, lift, release, reveal, settle, slap, table, types

R = 5  # revealed card: cat, pink dango, blue background
NOTHING = find(exclude={R}, figure=("not", "cat"), dango=("not", "pink"), background=("not", "blue"))
NOTHING2 = find(exclude={R, NOTHING}, figure=("not", "cat"), dango=("not", "pink"), background=("not", "blue"))
MATCH = find(exclude={R, NOTHING, NOTHING2}, figure="cat", dango=("not", "pink"), background=("not", "blue"))
USED = {R, NOTHING, NOTHING2, MATCH}
TOP = next(c.id for c in CARDS if c.back == "figure" and not c.start and c.id not in USED)
REST = [c.id for c in CARDS if not c.start and c.id not in USED | {TOP}][:5]
VP = [c.id for c in CARDS if c.start and c.id not in USED][:5]
GRACE = 250_000


def no_match_table(**options):
    g = table(3, dining=[NOTHING, NOTHING2], deck=[R, TOP] + REST, **options)
    g.vp[0] = list(VP)
    return g


def test_cab7_a_slap_in_the_grace_after_a_reveal_is_not_a_wrong_hit():
    """The issue's case: seat 1's slap meant for the last order lands 172 ms
    after the new reveal; nothing matches the new order: it is no answer (no
    wrong hit, no VP cards lost); the button counts as held at the reveal."""
    g = no_match_table(reveal_grace_us=GRACE)
    reveal(g)
    evs = slap(g, 0, T0 + 172_000)
    assert "press_too_soon" in types(evs)
    assert g.view(None)["race"]["answers"][0] is None
    release(g, 0, T0 + 250_000)
    while g.view(None)["phase"] == "race":
        settle(g)
    last = g.view(None)["last_race"]
    assert 0 not in last["wrong_hits"]
    assert g.view(None)["vp_counts"][0] >= len(VP) - 1, "the early press cost the seat its VP cards"


def test_cab7_without_the_grace_the_same_slap_is_a_wrong_hit():
    """The engine's default keeps the book's race as it was (the cabinet
    sets the grace from its config): the same slap is a wrong hit."""
    g = no_match_table()
    reveal(g)
    slap(g, 0, T0 + 172_000)
    release(g, 0, T0 + 250_000)
    while g.view(None)["phase"] == "race":
        settle(g)
    assert 0 in g.view(None)["last_race"]["wrong_hits"]


def test_cab7_a_slap_after_the_grace_answers():
    g = table(3, dining=[MATCH, NOTHING], deck=[R, TOP] + REST, reveal_grace_us=GRACE)
    reveal(g)
    slap(g, 1, T0 + GRACE)
    assert g.view(None)["race"]["answers"][1]["answer"] == "slap"


def test_cab7_a_released_early_press_may_answer_again():
    g = table(3, dining=[MATCH, NOTHING], deck=[R, TOP] + REST, reveal_grace_us=GRACE)
    reveal(g)
    slap(g, 1, T0 + 100_000)
    release(g, 1, T0 + 180_000)
    slap(g, 1, T0 + 600_000)
    assert g.view(None)["race"]["answers"][1] == {"answer": "slap", "t_us": T0 + 600_000}


def test_cab8_a_restarted_race_forgets_its_answers_and_keeps_its_order():
    """Item 5: restart_race (applied by the cabinet when a race resumed from
    a save ends its countdown) opens the same order again at its stamp:
    answers and sips so far are forgotten, the time-out counts from it."""
    g = no_match_table()
    reveal(g)
    slap(g, 1, T0 + 400_000)
    order = g.view(None)["order"]
    t = T0 + 5_000_000
    g.apply({"type": "restart_race", "t_us": t, "buttons_down": [1], "cups_up": []})
    race = g.view(None)["race"]
    assert g.view(None)["order"] == order and race["open_us"] == t
    assert race["answers"] == [None, None, None] and race["timeout_at_us"] == t + g.options["sip_timeout_us"]
    assert g.deadline_us() >= t
    with pytest.raises(IllegalAction):
        slap(g, 1, t + 10)          # still held since before the restart: a release comes first


def test_cab8_a_paused_race_goes_on_with_its_hits_and_sips_timed_without_the_pause():
    """Issue 34 (shot135-136): a hit and a sip made before a pause were
    wiped by the restart, and a sip's hold ran through the pause ("sipped
    4115 ms").  With ``paused_at_us`` the race goes on: the hit keeps its
    time after the order, a cup still up goes on with its sip, and every
    time is measured without the paused span."""
    g = no_match_table()
    reveal(g)
    slap(g, 1, T0 + 400_000)
    lift(g, 2, T0 + 900_000)
    paused, t = T0 + 1_200_000, T0 + 9_000_000
    g.apply({"type": "restart_race", "t_us": t, "paused_at_us": paused, "buttons_down": [], "cups_up": [2]})
    race = g.view(None)["race"]
    shift = t - paused
    assert race["open_us"] == T0 + shift
    assert race["answers"][1] == {"answer": "slap", "t_us": T0 + 400_000 + shift}
    assert race["timeout_at_us"] - race["open_us"] == g.options["sip_timeout_us"]
    down(g, 2, t + 800_000)                    # held 300 ms before the pause + 800 ms after it: a sip
    race = g.view(None)["race"]
    assert race["sipped_us"][2] - race["open_us"] == 1_200_000 + 800_000, race
    with pytest.raises(IllegalAction, match="paused_at_us"):
        g.apply({"type": "restart_race", "t_us": t + 900_000, "paused_at_us": T0 - 1})


def test_cab8_restart_race_is_refused_outside_a_race():
    g = no_match_table()
    with pytest.raises(IllegalAction, match="no race"):
        g.apply({"type": "restart_race", "t_us": T0})


# ------------------------------------------------------------ on the cabinet
from firmware.runtime import config  # noqa: E402
from firmware.app.session import Session, SessionOptions  # noqa: E402


def cfg_for(tmp_path):
    return config.validate({"cabinet": {"state_dir": str(tmp_path)}, "gpio": {"backend": "mock"}})


def new_session(tmp_path, players=3, seed=4, bots=None):
    opts = SessionOptions(headless=True, size=(800, 480), bots=set(range(players)) if bots is None else bots)
    return Session.new(cfg_for(tmp_path), "cha-dango", players, seed, None, tmp_path / "g.jsonl", opts, model=None)


def step(s):
    rt = s.runtime
    rt.step(max(rt.next_event_us() or rt.now_us + 10_000, rt.now_us + 1))


def test_cab7_bots_reveal_only_after_the_outcome_was_on_screen(tmp_path):
    """Item 4: bots revealed the next order 0.03-0.8 s after a race was
    decided; now every reveal comes cabinet.race_result_ms (2.5 s) or more
    after the race's outcome reached the screen, and the HDMI says so."""
    from firmware.screens.draw import default_measure, hdmi_screen
    s = new_session(tmp_path)
    rt = s.runtime
    pause_us = s.cfg["cabinet"]["race_result_ms"] * 1000
    assert pause_us == 2_500_000
    decided_at, gaps, shown_pause = None, [], False
    phase = s.game.view(None)["phase"]
    while len(gaps) < 4 and not s.game.is_terminal():
        step(s)
        now = s.game.view(None)["phase"]
        if now == "reveal" and phase != "reveal":
            decided_at = rt.now_us
        if now == "reveal" and not shown_pause and decided_at is not None:
            facts = hdmi_screen(s.game, s.context(), size=(1920, 1080), measure=default_measure()).facts
            shown_pause = facts.get("pause") in range(1, 16)    # 2.5 s or more: longer for a longer result
        if now == "race" and phase != "race" and decided_at is not None:
            gaps.append(s.game.view(None)["race"]["open_us"] - decided_at)
        phase = now
    assert len(gaps) == 4 and min(gaps) >= pause_us, gaps
    assert shown_pause, "the HDMI does not show the pause before the next order"


def test_cab7_a_persons_press_during_the_pause_reveals_nothing(tmp_path):
    """Item 4: the seat to reveal presses 300 ms after the race was decided
    (a slap meant for that race): no order is revealed; after the pause
    its press reveals, once the reveal prompt has been up 0.7 s."""
    from firmware.rulings import LOOK_FIRST_US
    s = new_session(tmp_path, bots={0, 2})
    rt = s.runtime
    assert s.game.options["reveal_grace_us"] == 200_000, "the cabinet's grace is recorded with the game"
    while not (s.game.view(None)["phase"] == "reveal" and s.game.view(None)["current"] == 1):
        if s.game.view(None)["phase"] == "place_vp" and s.game.view(None)["must_place"][1]:
            rt.timeline.press(1, rt.now_us + 1000)       # seat 2 confirms its VP card
        step(s)
    t = rt.now_us
    rt.timeline.press(1, t + 300_000)
    rt.step(t + 600_000)
    assert s.game.view(None)["phase"] == "reveal", "a press during the pause revealed the next order"
    after = rt.not_before["reveal"]          # 2.5 s or more: longer for a longer result
    assert after >= t + 2_500_000
    rt.timeline.press(1, after + LOOK_FIRST_US + 100_000)    # the prompt looked at first (CAB-12: a reveal is no race)
    rt.step(after + LOOK_FIRST_US + 300_000)
    assert s.game.view(None)["phase"] == "race"


def test_cab8_a_race_resumed_from_a_save_restarts_after_a_countdown(tmp_path):
    """Item 5: killed mid-race and resumed, nothing counts for 3 s (the
    countdown on the HDMI and the OLEDs), then the same order's race starts
    again: no seat is slowest to sip before it."""
    from firmware.screens.draw import default_measure, hdmi_screen, oled_frame
    s = new_session(tmp_path)
    rt = s.runtime
    while not (s.game.view(None)["phase"] == "race" and s.game.view(None)["race"]["answers"].count(None) < 3):
        step(s)
    order = s.game.view(None)["order"]
    s.writer.close()                                     # killed: the OS closes the files
    r = Session.resume(cfg_for(tmp_path), tmp_path / "g.jsonl", SessionOptions(headless=True, size=(800, 480)),
                       model=None)
    rt = r.runtime
    start = rt.now_us
    rt.step(start)
    facts = hdmi_screen(r.game, r.context(), size=(1920, 1080), measure=default_measure()).facts
    assert facts.get("countdown") == "3"
    assert "3" in oled_frame(r.game, 0, rt.controls[0], r.context()).texts
    while r.game.view(None)["phase"] == "race" and r.game.view(None)["race"]["open_us"] < start + 3_000_000:
        assert r.game.view(None)["last_race"] is None or rt.now_us < start
        step(r)
        assert rt.now_us < start + 4_000_000, "the race never restarted"
    race = r.game.view(None)["race"]
    assert race is not None and race["open_us"] == start + 3_000_000 and r.game.view(None)["order"] == order
    assert race["answers"] == [None, None, None]
    while r.game.view(None)["phase"] == "race":
        step(r)
    assert r.game.view(None)["last_race"]["open_us"] == start + 3_000_000
    r.writer.close()


def test_cab7_a_bot_whose_press_came_too_soon_answers_again():
    """A bot's hit inside the grace counts for nothing: once its button is
    up it answers again (it does not sit the race out as slowest sipper)."""
    import random as _random

    from bots.cha_dango import policy
    g = table(3, dining=[MATCH, NOTHING], deck=[R, TOP] + REST, reveal_grace_us=GRACE)
    reveal(g)
    memory: dict = {}
    first = policy(g.view(1), g.legal_actions(1), _random.Random(1), None, memory)
    assert first["type"] == "slap"
    slap(g, 1, T0 + 100_000)                                 # too soon: no answer
    assert policy(g.view(1), g.legal_actions(1), _random.Random(1), None, memory)["type"] == "release"
    release(g, 1, T0 + 180_000)
    again = policy(g.view(1), g.legal_actions(1), _random.Random(1), None, memory)
    assert again is not None and again["type"] == "slap"


def test_cab7_the_seats_oled_says_its_press_came_too_soon():
    from firmware.runtime.controls import SeatControls
    from firmware.screens.draw import oled_frame
    g = no_match_table(reveal_grace_us=GRACE)
    events = [e["text"] for e in reveal(g)]
    events += [e["text"] for e in slap(g, 1, T0 + 172_000)]    # seat 2, not the revealer (seat 1)
    events += [e["text"] for e in release(g, 1, T0 + 250_000)]
    ctx = {"last_events": events, "controls": [SeatControls(s) for s in range(3)]}
    assert "too soon: again!" in oled_frame(g, 1, ctx["controls"][1], ctx).texts
    assert "hit it, or sip?" in oled_frame(g, 2, ctx["controls"][2], ctx).texts
