"""Take-back as a property of all five games (issue 34, ruling CAB-11):
whenever a person's seat is offered "hold left: take back", a hold at that
moment takes something back; whenever it is not, the hold says why on
the seat's OLED, whatever the OLED shows (a choice, a dice check, a
round's summary): never a silent nothing.

A seeded sweep: seat 1 is a person playing against bots in the window
(keys through SDL's queue), choosing at random and holding Left 1.2 s at
random moments, most often right after a choice of its own (when an
offer stands and the bots are about to move: /tmp/pt11 s17 -> s18)."""
from __future__ import annotations

import copy
import dataclasses
import random

import pytest

from firmware.rulings import LOOK_FIRST_US
from firmware.runtime.takeback import HINT, is_refusal

#: (game, players, seeds, offers at least): every game, a few tables each (about 15 s in all
#: on 2 cores).  Ginza's set-up and first turns offer nothing to take back (every action of
#: a turn ends it or rolls dice; raising an arrange card to level 2, the one choice a turn
#: keeps, needs yen and order cards: tests/engines/test_take_back.py); the real-time games never.
TABLES = [("ginza", 3, (1, 2), 0), ("cryptid-cafe", 3, (1, 2), 1), ("cryptid-cafe", 1, (3,), 1),
          ("cafe-junior", 3, (1, 2), 3), ("retrograde", 2, (1,), 0), ("cha-dango", 3, (1,), 0)]
#: Holds per table.
HOLDS = 10


def _journal_types(t) -> list[str]:
    return [a.get("type") for a in t.journal()]


def _hold(t, rng: random.Random) -> tuple[bool, list[str], list[str]]:
    """Seat 1 holds Left 1.2 s now: (offered when Left went down, the
    journal's new action types, the OLED's texts just after)."""
    offered = HINT in t.oled_texts(0)
    before = len(_journal_types(t))
    key = t.key_code(0, "left")
    t.post(key, True)
    t.step(1200 // t.pass_ms + rng.randrange(0, 6))
    t.post(key, False)
    t.step(2)
    return offered, _journal_types(t)[before:], t.oled_texts(0)


def _kept(game, action) -> bool:
    """True when seat 1 could take ``action`` back once made."""
    after = copy.deepcopy(game)
    try:
        after.apply(action)
    except Exception:       # noqa: BLE001 - a press-bound choice (a race), not one to weigh
        return False
    return after.can_take_back(0)


def _choose(t, rng: random.Random) -> None:
    """Seat 1 turns its cursor a few steps (half the time to a choice it
    could take back), looks, presses twice."""
    s = t.session
    controls = s.runtime.controls[0]
    choices = controls.refresh(s.game)
    kept = [i for i, a in enumerate(choices) if _kept(s.game, a)] if rng.random() < 0.5 else []
    steps = (rng.choice(kept) - controls.cursor) if kept else rng.randrange(-2, 3)
    for _ in range(abs(steps)):
        t.press(0, "right" if steps > 0 else "left")
    t.step(LOOK_FIRST_US // 1000 // t.pass_ms + 1)
    t.press(0, "button")
    t.step(2)
    t.press(0, "button")
    t.step(2)


@pytest.mark.parametrize("game_id,players,seeds,least", TABLES, ids=[f"{g}-{n}" for g, n, _, _ in TABLES])
def test_every_offer_is_kept_and_every_refusal_is_said(table, game_id, players, seeds, least):
    wrong, offers = [], 0
    for seed in seeds:
        t = table(game_id, players, bots=set(range(1, players)), seed=seed)
        s, rng, holds = t.session, random.Random(seed), 0
        # the sweep's mix of moments was drawn at the bots' pace before moves stood their time
        # (pace.py, issue 34 PT13); what it checks does not depend on the pace
        s.runtime.pace = dataclasses.replace(s.runtime.pace, stand_us=0)
        for _ in range(500):
            if t.loop.stage != "play" or holds >= HOLDS:
                break
            mine = t.has_choice(0)
            if mine and rng.random() < 0.6:
                _choose(t, rng)
                if rng.random() < 0.7:                  # right after its choice: the bots are about to move
                    t.step(rng.randrange(0, 1200) // t.pass_ms)
                else:
                    continue
            elif rng.random() < 0.7:
                t.step(rng.randrange(3, 40))
                continue
            offered, new, texts = _hold(t, rng)
            holds += 1
            offers += offered
            if offered and "take_back" not in new:
                wrong.append(f"seed {seed} at {t.t_ms} ms: offered, then refused: {texts} (moves: {new})")
            if not offered and "take_back" in new:
                wrong.append(f"seed {seed} at {t.t_ms} ms: taken back unoffered")
            if not offered and not any(is_refusal(x) for x in texts):
                wrong.append(f"seed {seed} at {t.t_ms} ms: a silent hold: {texts}")
        assert holds >= HOLDS // 2, f"seed {seed}: only {holds} holds"
    assert not wrong, "\n".join(wrong)
    assert offers >= least, f"the sweep met {offers} offers"
