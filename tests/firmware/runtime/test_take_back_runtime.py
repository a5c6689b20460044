"""A person's seat takes back its last choice at the cabinet: Left held
alone 1 s (firmware/runtime/takeback.py); the seat's OLED says when it may,
the journal records the take-back as its own line, resume replays it, the
moves say "Seat 1 took back ..."; bots never take back."""
from __future__ import annotations

import json

import pytest

from engines import IllegalAction
from firmware.app.session import Session, SessionOptions
from firmware.runtime import config
from firmware.runtime.journal import read, replay
from firmware.runtime.pace import PAUSE_HOLD_US
from firmware.runtime.takeback import HINT, REFUSAL_SHOWN_US, TAKE_BACK_HOLD_US, take_back


def session(tmp_path, bots=frozenset({1})):
    cfg = config.validate({"cabinet": {"state_dir": str(tmp_path)}, "gpio": {"backend": "mock"}})
    opts = SessionOptions(headless=True, size=(800, 480), bots=set(bots))
    return Session.new(cfg, "cafe-junior", 2, 5, {"start_player": 0}, tmp_path / "g.jsonl", opts, model=None)


def run_to(rt, end, dt=20_000):
    t = rt.now_us
    while t < end:
        t = min(end, t + dt)
        rt.step(t)


def state(game) -> str:
    data = game.to_json()
    data.pop("take_back", None)
    return json.dumps(data, sort_keys=True)


def seat_one_places_a_guest(rt):
    """Seat 1 (a person) moves its cursor to a placement and presses its
    button twice (arm, confirm); returns the state before it."""
    game = rt.game
    place = next(a for a in game.legal_actions(0) if a["type"] == "place")
    rt.step(rt.now_us)
    index = rt.controls[0].index_of(game, place)
    rt.nav(0, index - rt.controls[0].cursor)
    before, t = state(game), rt.now_us
    rt.timeline.press(0, t + 50_000, 80_000)
    rt.timeline.press(0, t + 400_000, 80_000)
    run_to(rt, t + 700_000)
    assert rt.game.can_take_back(0), "the placement was not applied"
    return before


def hold_left(rt, hold_us, also_right=False):
    t = rt.now_us
    rt.timeline.press(0, t + 20_000, hold_us, name="nav_a")
    if also_right:
        rt.timeline.press(0, t + 50_000, hold_us - 30_000, name="nav_b")
    run_to(rt, t + hold_us + 200_000)


def test_holding_left_takes_back_the_placement_journaled_and_replayed(tmp_path):
    s = session(tmp_path)
    rt = s.runtime
    try:
        before = seat_one_places_a_guest(rt)
        assert s.context()["prompts"].get(0) == HINT          # the OLED says how
        assert s.context()["prompts"].get(1) != HINT          # a bot's seat is never offered it
        hold_left(rt, 300_000)                                  # a short press: a cursor step only
        assert rt.game.can_take_back(0)
        hold_left(rt, TAKE_BACK_HOLD_US + 100_000)
        assert state(rt.game) == before
        assert not rt.game.can_take_back(0) and s.context()["prompts"].get(0) != HINT
        assert any(e.startswith("Seat 1 took back seating ") for e in rt.events)
        lines = read(tmp_path / "g.jsonl").actions
        assert lines[-1] == {"type": "take_back", "player": 0}
        resumed, _ = replay(tmp_path / "g.jsonl")
        assert json.dumps(resumed.to_json(), sort_keys=True) == json.dumps(rt.game.to_json(), sort_keys=True)
    finally:
        s.close()


@pytest.fixture
def refused(tmp_path):
    """Seat 1 (a person) holds Left past the take-back hold with nothing of
    its own to take back: (runtime, state before, actions before)."""
    s = session(tmp_path)
    rt = s.runtime
    try:
        rt.step(rt.now_us)
        before, actions = state(rt.game), rt.stats.actions
        hold_left(rt, TAKE_BACK_HOLD_US + 100_000)
        yield rt, before, actions
    finally:
        s.close()


def test_a_hold_with_nothing_to_take_back_says_why_and_changes_nothing(refused):
    rt, before, actions = refused
    assert state(rt.game) == before and rt.stats.actions == actions
    assert rt.prompts[0] == "nothing done yet"          # why (issue 34: "nothing to take back" said no why)


def test_a_refused_take_back_fits_a_line_and_goes_at_the_next_step(refused):
    """Play-test round 3: "no take-back: there is no choice of yours to
    take ..." was cut on the OLED and stayed over later choices."""
    from firmware.ui.oled import OledFrame
    rt, _, _ = refused
    said = rt.prompts[0]
    assert OledFrame().fits(said, OledFrame().W - 4), said
    rt.nav(0, 1)
    assert 0 not in rt.prompts, rt.prompts


def test_every_refusal_fits_one_oled_line_and_goes_at_the_next_step():
    """Every line a refused take-back can say (each reason, every seat,
    every game's words of what came to light) fits one OLED line and is
    known as a refusal (its seat's next arrow step clears it)."""
    from firmware.runtime.takeback import SHORT_WHY, _refusal_lines, is_refusal, refused_words
    from firmware.ui.oled import OledFrame
    f = OledFrame()
    lines = _refusal_lines()
    assert len(lines) > len(SHORT_WHY)
    assert [t for t in lines if not f.fits(t, f.W - 4)] == []
    assert is_refusal(refused_words({"why": "other_seat", "seat": 3, "words": None}))
    assert not is_refusal("look first")


def test_both_arrows_held_pause_and_take_nothing_back(tmp_path):
    s = session(tmp_path)
    rt = s.runtime
    try:
        before = seat_one_places_a_guest(rt)
        hold_left(rt, PAUSE_HOLD_US + 100_000, also_right=True)
        assert rt.pause.paused and rt.game.can_take_back(0) and state(rt.game) != before
    finally:
        s.close()


def test_bots_never_take_back(tmp_path):
    s = session(tmp_path, bots={0, 1})
    rt = s.runtime
    try:
        run_to(rt, rt.now_us + 3_000_000)
        assert not take_back(rt, 0) and not take_back(rt, 1)
        assert all(v != HINT for v in s.context()["prompts"].values())
        assert not any("took back" in e for e in rt.log)
    finally:
        s.close()


def test_resume_replays_a_take_back_and_goes_on(tmp_path):
    """A journal with a take-back line resumes to the state after it, and
    a take-back the engine refuses on replay is a clear error."""
    s = session(tmp_path)
    rt = s.runtime
    try:
        seat_one_places_a_guest(rt)
        take_back(rt, 0)
        seat_one_places_a_guest(rt)
        final = json.dumps(rt.game.to_json(), sort_keys=True)
    finally:
        s.close()
    resumed, contents = replay(tmp_path / "g.jsonl")
    assert [a["type"] for a in contents.actions].count("take_back") == 1
    assert json.dumps(resumed.to_json(), sort_keys=True) == final
    assert resumed.can_take_back(0)
    resumed.apply({"type": "take_back", "player": 0})
    try:
        resumed.apply({"type": "take_back", "player": 0})
    except IllegalAction as exc:
        assert "no take-back" in str(exc)
    else:
        raise AssertionError("a second take-back across nothing was applied")


def test_the_cabinet_resumes_after_a_take_back_and_the_seat_may_take_back_again(tmp_path):
    """``cabinet resume`` (Session.resume) replays the journal with its
    take-back line: the same state, the move log says it, and a choice kept
    before the power cut can still be taken back after it."""
    s = session(tmp_path)
    rt = s.runtime
    try:
        seat_one_places_a_guest(rt)
        take_back(rt, 0)
        before_second = state(rt.game)
        seat_one_places_a_guest(rt)
        final = json.dumps(rt.game.to_json(), sort_keys=True)
    finally:
        s.close()
    cfg = config.validate({"cabinet": {"state_dir": str(tmp_path)}, "gpio": {"backend": "mock"}})
    resumed = Session.resume(cfg, tmp_path / "g.jsonl", SessionOptions(headless=True, size=(800, 480), bots={1}),
                             model=None)
    try:
        assert json.dumps(resumed.game.to_json(), sort_keys=True) == final
        assert any(e.startswith("Seat 1 took back seating ") for e in resumed.runtime.log)
        assert resumed.context()["prompts"].get(0) == HINT
        assert take_back(resumed.runtime, 0)
        assert state(resumed.game) == before_second
    finally:
        resumed.close()


def _first_choice_of_seat_one(tmp_path, game_id):
    """A game with seat 1 a person and the others bots, run until seat 1
    has two choices or more to step between: the runtime."""
    cfg = config.validate({"cabinet": {"state_dir": str(tmp_path)}, "gpio": {"backend": "mock"}})
    opts = SessionOptions(headless=True, size=(800, 480), bots={1, 2})
    s = Session.new(cfg, game_id, 3, 5, None, tmp_path / "g.jsonl", opts, model=None)
    rt = s.runtime
    for _ in range(3000):
        if 0 in rt.game.active_players() and len(rt.controls[0].refresh(rt.game)) >= 2 \
                and (rt.dice is None or rt.dice.tray_of(0, rt.bots) is None):
            return s
        rt.step(max(rt.next_event_us() or rt.now_us + 20_000, rt.now_us + 1))
    s.close()
    raise AssertionError("seat 1 never had two choices")


@pytest.mark.parametrize("game_id", ["cafe-junior", "cryptid-cafe"])
def test_a_refused_take_back_leaves_the_cursor_where_it_was_and_its_words_go_after_a_while(tmp_path, game_id):
    """Play-test (issue 34, Cryptid c33-c36): Left held with nothing to take
    back moved the cursor "move 1" -> "move 2" (the press's step) and
    "nothing to take back" stayed on the OLED through a whole choice.  The
    hold's step is undone; the words go after :data:`REFUSAL_SHOWN_US`
    (3 s since PT13: 2 s was covered too soon)."""
    s = _first_choice_of_seat_one(tmp_path, game_id)
    rt = s.runtime
    try:
        game = rt.game
        assert game.take_back_problem(0) is not None, "the case needs nothing to take back"
        rt.nav(0, 1)                               # not on the first choice: a step back would show too
        run_to(rt, rt.now_us + 300_000)
        before = rt.controls[0].shown(game).chosen
        hold_left(rt, TAKE_BACK_HOLD_US + 100_000)
        assert rt.prompts.get(0) == "nothing done yet"
        assert rt.controls[0].shown(game).chosen == before, "the hold's Left step stayed"
        run_to(rt, rt.now_us + REFUSAL_SHOWN_US + 200_000)
        assert rt.prompts.get(0) != "nothing done yet", "the refusal stayed on the OLED"
    finally:
        s.close()
