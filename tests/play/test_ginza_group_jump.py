"""Ginza: a long choice list (~80 choices in groups: order cards, change,
reroll, add, wash, limit, Lv.2, stop) is crossed a group at a time by
holding Right (issue 34, leftovers: Left/Right stepped one at a time
through 81 choices).  Left held alone is the take-back (CAB-11) and both
arrows the pause, so the hold of Right alone is the group jump: 0.5 s
held, the cursor goes to the next group's first choice (and on, a group
each further 0.5 s), the OLED saying so; a tap still steps one."""
from __future__ import annotations

from firmware.runtime.controls import SeatControls
from firmware.screens.ginza_groups import choice_group


def _to_long_turn(t, least: int = 12):
    """Seat 1 plays (dice ok, player card) until it is its play turn with
    at least ``least`` choices in two groups or more.  Returns them."""
    s, g = t.session, t.session.game
    for _ in range(3000):
        v = g.view(None)
        if s.dice.tray_of(0, s.runtime.bots) is not None:
            t.press(0, "button")                       # dice ok
            t.step(ms=100)
            continue
        acts = SeatControls(0).selectable(g)
        if v["phase"] == "play" and v["turn"] == 0 and not v["dice_requests"] and len(acts) >= least \
                and len({choice_group(a, g) for a in acts}) >= 3:
            t.step(ms=1000)                            # looked at it
            return acts
        if 0 in g.active_players() and v["phase"] != "play" and s.runtime.controls[0].refresh(g):
            t.step(ms=800)
            t.press(0, "button")
            t.press(0, "button")
        t.step(ms=100)
    raise AssertionError("no long turn for seat 1")


def _groups(t):
    g = t.session.game
    acts = t.session.runtime.controls[0].refresh(g)
    return acts, [choice_group(a, g) for a in acts]


def _next_group_first(groups, i):
    """The first index of the group after index ``i``'s (wrapping)."""
    j = i
    while j < len(groups) and groups[j] == groups[i]:
        j += 1
    return j % len(groups)


def _onto_a_big_group(t, groups) -> int:
    """Tap Right until the cursor is on the first choice of a group of two
    or more (so a step and a jump differ)."""
    c = t.session.runtime.controls[0]
    for _ in range(len(groups)):
        i = c.cursor
        if (i == 0 or groups[i - 1] != groups[i]) and groups.count(groups[i]) >= 2:
            return i
        t.press(0, "right")
    raise AssertionError("no group of two")


def test_holding_right_jumps_to_the_next_groups_first_choice(table):
    t = table("ginza", 3, bots={1, 2}, seed=3)
    c = t.session.runtime.controls[0]
    _to_long_turn(t)
    acts, groups = _groups(t)
    start = _onto_a_big_group(t, groups)
    key = t.key_code(0, "right")
    t.post(key, True)
    t.step(ms=100)
    assert c.cursor == (start + 1) % len(acts), "the press itself steps one"
    assert groups[c.cursor] == groups[start]
    for _ in range(18):                                # 0.6 s held since the press was read
        t.step(ms=33)
    want = _next_group_first(groups, start)
    assert c.cursor == want, (groups[start], groups[c.cursor], groups[want])
    texts = " ".join(t.oled_texts(0))
    assert "next group" in texts, texts
    t.post(key, False)
    t.step(2)
    assert c.cursor == want, "letting go moves nothing"
    assert c.armed is None


def test_a_longer_hold_goes_on_a_group_each_half_second_and_a_tap_steps_one(table):
    t = table("ginza", 3, bots={1, 2}, seed=3)
    c = t.session.runtime.controls[0]
    _to_long_turn(t)
    acts, groups = _groups(t)
    start = _onto_a_big_group(t, groups)
    t.press(0, "right")                                # a tap: one step
    assert c.cursor == (start + 1) % len(acts)
    t.press(0, "left")
    assert c.cursor == start
    key = t.key_code(0, "right")
    t.post(key, True)
    for _ in range(32):                                # 1.06 s held: two jumps
        t.step(ms=33)
    t.post(key, False)
    t.step(2)
    assert c.cursor == _next_group_first(groups, _next_group_first(groups, start)), \
        (groups[start], groups[c.cursor])
    assert not t.session.runtime.pause.paused


def test_holding_right_still_jumps_after_a_take_back_hold_of_left(table):
    """Play-test (issue 34, s83-s89): after a take-back (Left held 1 s),
    holds of Right moved one step only, until Left was tapped once: the
    take-back used Left's release up and the jump still thought Left
    down.  Now the Left hold leaves the cursor where it was (its step
    undone) and the next Right hold jumps a group."""
    t = table("ginza", 3, bots={1, 2}, seed=3)
    c = t.session.runtime.controls[0]
    _to_long_turn(t)
    acts, groups = _groups(t)
    start = _onto_a_big_group(t, groups)
    left = t.key_code(0, "left")
    t.post(left, True)
    for _ in range(36):                                # 1.2 s: a take-back hold (taken back or refused)
        t.step(ms=33)
    t.post(left, False)
    t.step(3)
    acts, groups = _groups(t)
    assert c.cursor == start, "the hold's Left step stayed"
    key = t.key_code(0, "right")
    t.post(key, True)
    for _ in range(20):                                # 0.66 s held
        t.step(ms=33)
    t.post(key, False)
    t.step(2)
    assert c.cursor == _next_group_first(groups, start), (groups[start], groups[c.cursor])
