"""Every OLED line of every game fits on its line (play-test, leftovers):
the choice under the cursor wrapped onto the counter's line ("raise dice" /
"limit" beside "3/9" in Ginza, "Waterz. rank" / "2" in Cryptid Cafe), and
no line is cut ("...").  Goes over the gallery's states and seeded random
games of all five, every cursor position of every seat."""
from __future__ import annotations

import pytest

from firmware.app.gallery import STATES, context_for, find_state
from firmware.runtime.controls import SeatControls
from firmware.screens.draw import oled_frame
from firmware.ui.oled import OledFrame

from screen_checks import context, play_states

GAMES = ("retrograde", "cha-dango", "ginza", "cryptid-cafe", "cafe-junior")


class _Watch:
    """Records, while active, every choice label that :meth:`OledFrame.choice`
    had to wrap onto the counter's line."""

    def __init__(self, monkeypatch) -> None:
        self.wrapped: list[str] = []
        real = OledFrame.choice

        def choice(frame, text, index, count, armed, pos=None, presses=1, wraps=True):
            if count > 1:
                shown = f"{index + 1}/{count}" if pos is None else pos
                if frame.width(text) > frame.W - frame.width(shown) - 18:
                    self.wrapped.append(text)
            return real(frame, text, index, count, armed, pos, presses, wraps)

        monkeypatch.setattr(OledFrame, "choice", choice)


def line_problems(frame: OledFrame, wrapped: list[str]) -> list[str]:
    """A frame's lines that wrapped or were cut ("..." / "…")."""
    out = [f"{t!r} wraps onto the counter's line" for t in wrapped]
    out += [f"{t!r} is cut" for t in frame.texts if "..." in t or "…" in t]
    return out


def seat_problems(game, events, seat: int, watch: _Watch, max_cursors: int = 60, **extra) -> list[str]:
    """Line problems on ``seat``'s OLED over its cursor positions."""
    out = []
    n = len(SeatControls(seat).selectable(game))
    for cursor in range(min(max(1, n), max_cursors)):
        c = SeatControls(seat)
        c.refresh(game)
        c.cursor = cursor
        ctrls = [SeatControls(s) for s in range(game.num_players)]
        ctrls[seat] = c
        watch.wrapped.clear()
        f = oled_frame(game, seat, c, context(game, events, ctrls, **extra))
        out += [f"{game.game_id} seat {seat + 1} cursor {cursor}: {p}" for p in line_problems(f, watch.wrapped)]
    return out


def test_the_check_catches_a_wrapped_choice_and_a_cut_line(monkeypatch):
    watch = _Watch(monkeypatch)
    f = OledFrame()
    f.choice("raise dice limit", 2, 9, False)
    f.text(2, 14, "Seat 2 sends a ...")
    assert line_problems(f, watch.wrapped) == ["'raise dice limit' wraps onto the counter's line",
                                               "'Seat 2 sends a ...' is cut"]


@pytest.mark.parametrize("game_id", GAMES)
def test_gallery_oled_lines_fit(game_id, monkeypatch):
    watch = _Watch(monkeypatch)
    problems = []
    for state in STATES[game_id]:
        game, events = find_state(state)
        ctx, controls = context_for(game, events, state)
        for seat in range(game.num_players):
            watch.wrapped.clear()
            f = oled_frame(game, seat, controls[seat], ctx)
            problems += [f"{state.name} seat {seat + 1}: {p}" for p in line_problems(f, watch.wrapped)]
    assert problems == [], problems[:10]


@pytest.mark.parametrize("game_id,players,seed", [
    ("ginza", 2, 1), ("ginza", 4, 7), ("cryptid-cafe", 3, 1), ("cryptid-cafe", 5, 2),
    ("cafe-junior", 3, 2), ("cafe-junior", 4, 1), ("retrograde", 3, 1), ("cha-dango", 4, 1)])
def test_played_oled_lines_fit(game_id, players, seed, monkeypatch):
    watch = _Watch(monkeypatch)
    problems = []
    for game, events in play_states(game_id, players, seed, every=5, limit=1500):
        for seat in range(game.num_players):
            problems += seat_problems(game, events, seat, watch)
        if len(problems) > 20:
            break
    assert problems == [], sorted(set(p.split(": ", 1)[1] for p in problems))[:15]


def test_retrograde_unlock_choices_fit_beside_the_counter(monkeypatch):
    """PT46 (a fresh play-tester): "unlock Cube Friend" wrapped beside the
    counter "4/5" and its first line was drawn over "1 coin, 4 kept".  The
    unlock choices (4 - End the Round, a row completed) fit one line, the
    longest power-up names too, at every cursor of a long list."""
    from types import SimpleNamespace

    from firmware.screens.retrograde_oled import _choice_band
    watch = _Watch(monkeypatch)
    cards = ["T03", "T08", "T01", "T11", "T16"]       # Cube Friend, Even Steven, Super Coin ...
    acts = [{"type": "unlock", "player": 0, "card": c} for c in cards] + [{"type": "keep", "player": 0}]
    for cursor in range(len(acts)):
        f = OledFrame()
        watch.wrapped.clear()
        _choice_band(f, SimpleNamespace(choices=acts, chosen=acts[cursor], cursor=cursor, armed=False,
                                        guard_words=()), {"phase": "unlock", "seats": [], "face_up_ids": []})
        assert line_problems(f, watch.wrapped) == [], (cursor, acts[cursor])
