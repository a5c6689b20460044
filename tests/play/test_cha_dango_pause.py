"""Cha dango paused mid-race in the window (issue 34, "Played as people
play"; ruling CAB-8): what was done before the pause stands, and the race
goes on after the 3-2-1 (hidden until go, CAB-15: test_cha_dango_pause_hides.py)."""
from __future__ import annotations

from engines.cha_dango.cards import load_cards


def _view(t):
    return t.session.game.view(None)


def _open_race(t):
    """Seat 1 reveals; returns once the order is open."""
    t.run_until(lambda t: _view(t)["phase"] == "reveal" and _view(t)["current"] == 0)
    t.step(30, ms=50)                                     # past the reveal's look-first guard (CAB-12)
    t.press(0, "button")
    t.run_until(lambda t: _view(t)["phase"] == "race", max_passes=200)


def _not_matching_step(t, seat):
    """Right presses that bring ``seat``'s cursor onto a customer that does
    not match the order (any customer when nothing matches)."""
    g = t.session.game
    cards = load_cards().cards
    order = g.view(None)["order"]
    shown = t.session.runtime.controls[seat].shown(g)
    ids = [a.get("card") for a in shown.choices]
    for k in range(len(ids)):
        c = ids[(shown.cursor + k) % len(ids)]
        if c is not None and cards[c].value(order["attribute"]) != order["value"]:
            return k
    return 0


def _paused_and_going_on(t):
    """Open seed 7's race, pause it and go on: the 3-2-1 runs; returns the runtime."""
    _open_race(t)
    t.step(10, ms=50)
    _hold_pause(t, 0)
    t.step(20, ms=50)
    _hold_pause(t, 0)                                      # going on: the 3-2-1 runs
    rt = t.session.runtime
    assert rt.frozen_until_us > rt.now_us + 1_000_000
    return rt


def _hold_pause(t, seat):
    """``seat`` holds both arrows 1.2 s (the pause, or going on)."""
    left, right = t.key_code(seat, "left"), t.key_code(seat, "right")
    t.post(left, True)
    t.post(right, True)
    t.step(24, ms=50)
    t.post(left, False)
    t.post(right, False)
    t.step(2, ms=50)


def test_cab8_a_hit_made_before_a_pause_stands_with_its_time(table):
    """shot083 -> shot089: seat 2's "hit 1751 ms" was gone after the
    pause's 3-2-1 and the race restarted from zero.  Now the hit keeps its
    time after the order (the paused span not counted) and the race goes on."""
    t = table("cha-dango", players=2, seed=7)
    _open_race(t)
    t.step(10, ms=50)
    for _ in range(_not_matching_step(t, 1)):
        t.press(1, "right", hold_passes=1)
    t.press(1, "button")                                  # seat 2 hits (a customer that does not match)
    t.step(3, ms=50)
    race = _view(t)["race"]
    assert race is not None and race["answers"][1] is not None, "the hit should leave the race open"
    hit_ms = race["answers"][1]["t_us"] - race["open_us"]
    _hold_pause(t, 0)                                      # seat 1 pauses
    assert t.session.runtime.pause.paused
    t.step(60, ms=50)                                      # 3 s paused
    _hold_pause(t, 0)                                      # and goes on: the 3-2-1
    assert not t.session.runtime.pause.paused
    t.run_until(lambda t: t.session.runtime.frozen_until_us <= t.session.runtime.now_us
                and t.session.runtime.restart_action is None and t.session._resume_action is None,
                max_passes=200, ms=50)
    t.step(2, ms=50)
    race = _view(t)["race"]
    assert race is not None, "the race went on"
    assert race["answers"][1] is not None, "the hit made before the pause was forgotten"
    assert race["answers"][1]["t_us"] - race["open_us"] == hit_ms
    assert race["answers"][0] is None
    shown = " ".join(t.scene().texts())
    assert f"hit {round(hit_ms / 1000)} ms" in shown.replace("\u00a0", " "), shown


def _aimed(t, seat):
    shown = t.session.runtime.controls[seat].shown(t.session.game)
    return shown.choices[shown.cursor].get("card")


# test_cab8_arrows_aim_during_the_pauses_countdown: replaced by ruling CAB-15 (PT31: aiming in the 3-2-1
# at a race seen before the pause won four races in 412-479 ms); see
# tests/play/test_cha_dango_pause_hides.py::test_cab15_arrows_do_not_aim_during_a_held_races_countdown_and_say_so


def test_cd12_a_double_tap_of_right_moves_the_aim_two_customers(table):
    """Issue 34 item 3: a person's double tap, presses 120 ms apart (each
    held 50 ms), moves the cursor two customers; the debounce
    (``gpio.debounce_us``, 10 ms) merges only edges closer than that."""
    t = table("cha-dango", players=2, seed=7)
    _open_race(t)
    t.step(12, ms=50)
    order = [a.get("card") for a in t.session.runtime.controls[1].shown(t.session.game).choices]
    before = _aimed(t, 1)
    right = t.key_code(1, "right")
    for _ in range(2):
        t.post(right, True)
        t.step(ms=50)
        t.post(right, False)
        t.step(ms=70)
    t.step(ms=30)
    assert _aimed(t, 1) == order[(order.index(before) + 2) % len(order)]


def test_cab8_the_result_of_a_paused_race_keeps_what_came_before_the_pause(table):
    """In the window, a race paused and going on: its result still starts
    at the order ("Last order: ...") and names the hit made before the
    pause (the words "goes on after the pause" began a new race's text)."""
    t = table("cha-dango", players=2, seed=7)
    _open_race(t)
    t.step(10, ms=50)
    for _ in range(_not_matching_step(t, 1)):
        t.press(1, "right", hold_passes=1)
    t.press(1, "button")
    t.step(3, ms=50)
    _hold_pause(t, 0)
    t.step(10, ms=50)
    _hold_pause(t, 0)
    t.run_until(lambda t: _view(t)["phase"] != "race", max_passes=600, ms=50)
    t.step(2, ms=50)
    shown = " ".join(t.scene().texts())
    assert "Last order:" in shown and "goes on" not in shown, shown
    assert "Seat 2: wrong hit" in shown or "Seat 2 hit" in shown, shown


def test_cab8_a_press_just_before_go_is_told_too_soon(table):
    """Play-test g2g_01-03: seat 1 pressed Space as the restarted race said
    go; the press came a moment before the 3-2-1 ended and vanished: nothing
    on its OLED, the status, the result or the log.  Its OLED says "too
    soon: before go" for a moment (about 1.5 s), then it goes."""
    t = table("cha-dango", players=2, seed=7)
    rt = _paused_and_going_on(t)
    t.run_until(lambda t: rt.frozen_until_us - rt.now_us < 150_000, max_passes=200, ms=20)
    assert rt.frozen_until_us > rt.now_us
    t.press(1, "button", hold_passes=1)                    # a hair before go
    t.step(3, ms=50)
    assert rt.frozen_until_us <= rt.now_us and _view(t)["race"] is not None
    said = " ".join(t.oled_texts(1))
    assert "too soon" in said and "before go" in said, said
    t.step(40, ms=50)                                      # 2 s on: the words have gone
    assert "before go" not in " ".join(t.oled_texts(1))


def test_cab8_the_hold_that_pauses_a_race_is_no_race_time(table):
    """Play-test (issue 34, last rounds): a race paused with 3 s left went
    on after the 3-2-1 with under 2 s: the 1 s hold of both arrows that
    paused it ran the race's clock.  The race is paused from the hold's
    first edge: going on, the time-out has the time it had left then."""
    t = table("cha-dango", players=2, seed=7)
    _open_race(t)
    t.step(10, ms=50)
    rt = t.session.runtime
    left_us = _view(t)["race"]["timeout_at_us"] - rt.now_us      # the pass before the hold's first edge
    _hold_pause(t, 0)                                      # 1.2 s held, then let go: paused
    assert rt.pause.paused and _view(t)["race"] is not None
    t.step(40, ms=50)
    _hold_pause(t, 0)                                      # going on: the 3-2-1
    t.run_until(lambda t: rt.frozen_until_us <= rt.now_us and rt.restart_action is None
                and t.session._resume_action is None, max_passes=200, ms=50)
    race = _view(t)["race"]
    assert race is not None, "the race went on"
    after_us = race["timeout_at_us"] - rt.now_us
    assert abs(after_us - left_us) <= 150_000, (
        f"{left_us / 1e6:.2f} s were left when the hold began, {after_us / 1e6:.2f} s after the pause")


def test_cab8_a_time_out_that_falls_in_the_pause_hold_waits_for_it(table):
    """The same hold begun with 0.6 s left: the race must not time out
    under the seat's hands while it holds; paused, it goes on after the
    3-2-1 with those 0.6 s."""
    t = table("cha-dango", players=2, seed=7)
    _open_race(t)
    rt = t.session.runtime
    t.run_until(lambda t: _view(t)["race"]["timeout_at_us"] - rt.now_us <= 650_000, max_passes=400, ms=50)
    left_us = _view(t)["race"]["timeout_at_us"] - rt.now_us
    _hold_pause(t, 0)
    assert rt.pause.paused and _view(t)["race"] is not None, "the race timed out in the hold that paused it"
    t.step(20, ms=50)
    _hold_pause(t, 0)
    t.run_until(lambda t: rt.frozen_until_us <= rt.now_us and rt.restart_action is None
                and t.session._resume_action is None, max_passes=200, ms=50)
    race = _view(t)["race"]
    assert race is not None and abs(race["timeout_at_us"] - rt.now_us - left_us) <= 150_000


def test_cab8_a_cup_lifted_in_the_3_2_1_is_told_too_soon(table):
    """Play-test (issue 34, last rounds): seat 1 lifted its cup (Q held)
    during the 3-2-1 before a paused race went on: nothing was said, where
    a button pressed there says "too soon: before go".  The cup is told
    the same; the lift is no sip (CD-7: a cup up at go is put down and
    lifted again)."""
    t = table("cha-dango", players=2, seed=7)
    rt = _paused_and_going_on(t)
    cup = t.key_code(1, "cup")
    t.post(cup, True)                                      # seat 2 lifts its cup at "Get ready: 2"
    t.step(3, ms=50)
    assert rt.frozen_until_us > rt.now_us, "the countdown should still run"
    said = " ".join(t.oled_texts(1))
    assert "too soon" in said and "before go" in said, said
    t.run_until(lambda t: t.session._resume_action is None and rt.restart_action is None
                and rt.frozen_until_us <= rt.now_us, max_passes=200, ms=50)
    t.step(30, ms=50)                                      # 1.5 s held after go
    race = _view(t)["race"]
    assert race is not None and race["sipped_us"][1] is None, "a cup lifted before go counted as a sip"
    t.post(cup, False)
    t.step(3, ms=50)


def test_cab8_a_bot_does_not_hit_while_a_person_holds_the_pause(table):
    """Played in the window (2 seats, seat 2 a bot, seed 4): seat 1 held
    both arrows right after its reveal and the bot served the fox 710 ms
    into the race, before the 1 s hold could pause it: with a bot at the
    table a race could not be paused.  A bot's press due in a person's
    pause hold waits for the hold's end, as a deadline does (CAB-8): the
    hold pauses the race undecided, and the race goes on after the 3-2-1."""
    for seed in (4, 5, 6):
        t = table("cha-dango", players=2, bots={1}, seed=seed)
        _open_race(t)
        _hold_pause(t, 0)
        rt = t.session.runtime
        assert rt.pause.paused, seed
        assert _view(t)["phase"] == "race" and not any(_view(t)["race"]["answers"]), (seed, _view(t)["race"])
        t.step(20, ms=50)
        assert _view(t)["phase"] == "race" and not any(_view(t)["race"]["answers"]), seed     # nothing while paused
        _hold_pause(t, 0)                                  # going on: the 3-2-1, then the bot may hit
        assert not rt.pause.paused and rt.frozen_until_us > rt.now_us, seed


def test_cab8_a_hold_let_go_before_it_pauses_only_puts_the_bots_hit_off(table):
    """A pause hold let go after 0.5 s pauses nothing: the bot's hit is put
    off by the hold, not called off, and the race is decided by it."""
    t = table("cha-dango", players=2, bots={1}, seed=4)
    _open_race(t)
    left, right = t.key_code(0, "left"), t.key_code(0, "right")
    t.post(left, True)
    t.post(right, True)
    t.step(10, ms=50)
    t.post(left, False)
    t.post(right, False)
    assert not t.session.runtime.pause.paused
    t.run_until(lambda t: _view(t)["phase"] != "race", max_passes=200)
    assert _view(t)["last_race"]["won"][0]["player"] == 1, _view(t)["last_race"]
