"""Checks shared by the drawn-screen tests: every text fits its box and
the screen, none is cut, sizes stay readable; OLED frames stay inside.

A check returns the list of problems (empty = good), so a test can also
show that it catches a deliberately clipped text.
"""
from __future__ import annotations

import collections

from engines import new_game
from bots.random_bot import RandomBot
from firmware.runtime.controls import SeatControls
from firmware.ui.kit import Rect, Scene

SIZES = ((1920, 1080), (800, 480))


def scene_problems(scene: Scene) -> list[str]:
    """Texts that leave their box or the screen, are cut ("…" or "..."),
    or are smaller than the scene's minimum text size."""
    out = []
    screen = Rect(0, 0, scene.width, scene.height)
    small = scene.metrics.small
    for n in scene.all_nodes():
        if n.kind not in ("text", "glyph"):
            continue
        text, size = n.props["text"], n.props["size"]
        w, h = scene.measure(text, size)
        if w > n.rect.w or h > n.rect.h:
            out.append(f"{text!r} is {w}x{h} px in a {n.rect.w}x{n.rect.h} box")
        if not n.rect.inside(screen):
            out.append(f"{text!r} box {n.rect} is off the screen")
        if "…" in text or "..." in text:
            out.append(f"{text!r} is cut")
        if n.kind == "text" and size < n.props.get("least", small):      # issue 34: a name may shrink
            out.append(f"{text!r} is {size} px, under {small} px")
    return out


def play_states(game_id: str, players: int, seed: int, every: int = 1, limit: int = 4000, options=None):
    """Yield ``(game, events)`` every ``every`` actions of a seeded random
    game (the game object is live: use it before the next step)."""
    game = new_game(game_id, players, seed, options)
    bot = RandomBot(seed)
    events: collections.deque[str] = collections.deque(maxlen=8)
    for i in range(limit):
        if i % every == 0:
            yield game, list(events)
        if game.is_terminal():
            yield game, list(events)
            return
        for e in game.apply(bot.next_action(game)):
            events.append(e["text"])


def context(game, events, controls=None, **extra):
    ctx = {"last_events": events, "prompts": {}, "notice": "", "banner": "", "dice": {},
           "now_us": game.now_us(), "controls": controls or [SeatControls(s) for s in range(game.num_players)]}
    ctx.update(extra)
    return ctx
