"""Benchmarks of the drawn screens of the three café games (issue "The
table, drawn (2 of 2)": <= 8 ms median per 1080p frame on one core of this
machine, building the scene plus painting it; an OLED frame <= 3 ms).

    .venv/bin/pytest benchmarks/bench_cafe_screens.py --benchmark-only --benchmark-timer=time.process_time
    .venv/bin/python benchmarks/bench_cafe_screens.py   # plain timing (CPU time and wall time)

States: the busiest state of each game from the gallery (four-player
Ginza late in the game, five-player Cryptid Cafe with full tracks, the
café grown to a full 4 x 4), found once from their seeds, and the
:data:`STEPS` states that follow it, one action apart.  A frame is measured
as the runtime draws it: after each action, the scene is built from the
public view and painted by the painter that drew the previous frame (its
caches hold what did not change: parts of the screen, cards, dice, flags,
texts at a size).  Each state is drawn once, in order, so every frame
shows a table it has not drawn before (up to :data:`STEPS` frames, fewer
when the game ends first).
"""
from __future__ import annotations

import os
import statistics
import time

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from firmware.app import gallery  # noqa: E402
from firmware.screens.draw import hdmi_screen, oled_frame  # noqa: E402

BUSIEST = {"ginza": "busy", "cryptid-cafe": "busy", "cafe-junior": "busy"}
#: Consecutive states (one action apart) drawn in turn, each once.
STEPS = 160
_STATES: dict = {}
_RUNS: dict = {}


def run(game_id: str) -> list:
    """The busiest state and the :data:`STEPS` states after it: a list of
    ``(game, context)``, each game a copy at that point."""
    if game_id not in _RUNS:
        from engines.registry import game_from_json
        from bots.random_bot import RandomBot
        state = next(s for s in gallery.STATES[game_id] if s.name == BUSIEST[game_id])
        game, events = gallery.find_state(state)
        bot = gallery.SeatingBot(state.seed) if state.bot == "seating" else RandomBot(state.seed)
        out = []
        for _ in range(STEPS):
            ctx, _ = gallery.context_for(game, events, state)
            out.append((game_from_json(game.to_json()), ctx))
            if game.is_terminal():
                break
            events = (events + [e["text"] for e in game.apply(bot.next_action(game))])[-8:]
        _RUNS[game_id] = out
    return _RUNS[game_id]


def busiest(game_id: str):
    """``(game, context, controls)`` of the game's busiest gallery state."""
    if game_id not in _STATES:
        state = next(s for s in gallery.STATES[game_id] if s.name == BUSIEST[game_id])
        game, events = gallery.find_state(state)
        ctx, controls = gallery.context_for(game, events, state)
        _STATES[game_id] = (game, ctx, controls)
    return _STATES[game_id]


def _renderer():
    from firmware.ui.hdmi import HdmiRenderer
    return HdmiRenderer(1920, 1080, "headless")


def frame_fn(game_id: str):
    """``(frame, count)``: ``frame()`` draws the next state's 1080p frame
    (scene + paint) on one renderer, in order; ``count`` frames are left
    after the first (drawn here, as the frame before the measured ones)."""
    states = run(game_id)
    r = _renderer()
    k = {"i": 0}

    def frame():
        game, ctx = states[k["i"] % len(states)]
        k["i"] += 1
        scene = hdmi_screen(game, ctx, size=(1920, 1080), measure=r.scene_measure)
        r.draw(scene)
    frame()
    return frame, len(states) - 1


def oled_fn(game_id: str):
    """A function building every seat's OLED frame once; returns the count."""
    game, ctx, controls = busiest(game_id)

    def frames():
        for seat in range(game.num_players):
            oled_frame(game, seat, controls[seat], ctx)
    frames()
    return frames


@pytest.mark.parametrize("game_id", sorted(BUSIEST))
def test_bench_hdmi_frame(benchmark, game_id):
    """1080p frames of the busiest state and the states after it, each a
    changed table drawn once: scene built and painted."""
    frame, count = frame_fn(game_id)
    benchmark.pedantic(frame, rounds=count, iterations=1)


@pytest.mark.parametrize("game_id", sorted(BUSIEST))
def test_bench_oled_frame(benchmark, game_id):
    """One OLED frame (the busiest state's seats in turn)."""
    game, ctx, controls = busiest(game_id)
    seats = list(range(game.num_players))
    state = {"i": 0}

    def one():
        seat = seats[state["i"] % len(seats)]
        state["i"] += 1
        oled_frame(game, seat, controls[seat], ctx)
    one()
    benchmark(one)


def _median_ms(fn, n: int, clock=time.process_time) -> float:
    """Median of ``n`` calls in ms of ``clock`` (default: this process's CPU
    time, which other work on a busy machine does not inflate)."""
    times = []
    for _ in range(n):
        t = clock()
        fn()
        times.append((clock() - t) * 1000)
    return statistics.median(times)


if __name__ == "__main__":
    for gid in sorted(BUSIEST):
        game, _, _ = busiest(gid)
        _RUNS.clear()
        fn, count = frame_fn(gid)
        hd = _median_ms(fn, count)
        fn, count = frame_fn(gid)
        wall = _median_ms(fn, count, time.perf_counter)
        ol = _median_ms(oled_fn(gid), 60) / game.num_players
        print(f"{gid:14s} {count} frames: 1080p frame median {hd:6.2f} ms CPU ({wall:6.2f} ms wall)   "
              f"OLED frame median {ol:5.2f} ms CPU")
