"""Whole games between bots, straight through the engine (no cabinet).

The table is simulated as the cabinet would see it: every seat's bot
decides from its own view; a real-time input is stamped with the bot's
reaction time after the moment it became possible; dice are rolled by a
dice RNG of their own (seeded from the game seed, so every pairing of bots
sees the same dice for the same seed and the same actions), and dice thrown
in real time land ``ROLL_US`` after the throw; ticks close
races when nothing happens before the deadline.

A seat keeps its planned input (and its stamp) as long as that input stays
legal, so a reaction time is drawn once per decision and a seat is not asked
again while others act.
"""
from __future__ import annotations

import json
import random
import traceback
from dataclasses import dataclass, field
from typing import Any

from engines import Game, engine_class

from .base import Bot, fixed_rollouts, make_bot
from .seat import answer_dice

#: A game that has not ended after this many actions counts as an error.
ACTION_CAP = 20_000
#: Time from a real-time dice request (a throw) to the dice at rest, us.
ROLL_US = 1_500_000


@dataclass
class MatchResult:
    """One whole game: seat kinds, scores, ranking, decision times per
    seat (wall s and process CPU s), actions applied, or the error's
    traceback."""
    seed: int
    kinds: list[str]
    actions: int = 0
    scores: list[float] | None = None
    ranking: list[list[int]] | None = None
    decision_s: list[list[float]] = field(default_factory=list)
    decision_cpu_s: list[list[float]] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)
    error: str | None = None


def _key(action: dict) -> str:
    return json.dumps({k: v for k, v in action.items() if k not in ("t_us", "t_min_us")}, sort_keys=True)


class Table:
    """Bots around one game; :meth:`step` applies the next action.

    Args:
        game: the engine state (mutated).
        bots: one :class:`Bot` per seat.
        dice_seed: seed of the dice RNG.
    """

    def __init__(self, game: Game, bots: list[Bot], dice_seed: Any) -> None:
        self.game = game
        self.bots = bots
        self.dice = random.Random(f"dice:{dice_seed}")
        self.plans: dict[int, tuple[str, int, dict]] = {}
        self.rolling: dict[str, int] = {}

    def next_action(self) -> dict:
        """The action that happens next at the table.

        Raises:
            RuntimeError: nothing can move the game.
        """
        game = self.game
        now = game.now_us()
        requests = game.chance_requests()
        candidates: list[tuple[int, int, dict]] = []
        waiting = {}
        for req in requests:
            if "t_us" not in req:      # turn-based: the dice are read at once
                return answer_dice(req, self.dice, now)
            key = _key(req)
            due = self.rolling.get(key, now + ROLL_US)
            waiting[key] = due
            candidates.append((due, -2, req))
        self.rolling = waiting
        active = game.active_players()
        for seat in list(self.plans):
            if seat not in active:
                del self.plans[seat]
        for seat in active:
            old = self.plans.get(seat)
            if old is not None:
                if old[0] in {_key(a) for a in game.legal_actions(seat)}:
                    candidates.append((old[1], seat, old[2]))
                    continue
                del self.plans[seat]
            action = self.bots[seat].choose(game, seat)
            if action is None:
                continue
            action = dict(action)
            t_min = action.pop("t_min_us", None)
            if "t_us" in action and action["t_us"] is None:
                start = max(now, t_min if isinstance(t_min, int) else now)
                action["t_us"] = start + self.bots[seat].reaction_us()
            at = action.get("t_us", now)
            self.plans[seat] = (_key(action), at, action)
            candidates.append((at, seat, action))
        deadline = game.deadline_us()
        if deadline is not None:
            candidates.append((max(deadline, now), -1, {"type": "tick", "t_us": max(deadline, now)}))
        if not candidates:
            raise RuntimeError(f"{game.display_name}: no seat can act, no dice and no tick awaited")
        candidates.sort(key=lambda c: (c[0], c[1]))
        t, seat, action = candidates[0]
        if seat == -2:    # dice thrown in real time land after ROLL_US
            self.rolling.pop(_key(action), None)
            action = answer_dice(action, self.dice, t)
            action["t_us"] = max(t, now)
        elif seat >= 0:
            self.plans.pop(seat, None)
        return action


def play_match(game_id: str, kinds: list[str], seed: int, options: dict | None = None,
               bot_seeds: list[int] | None = None, action_cap: int = ACTION_CAP,
               keep_game: bool = False, hard_rollouts: int | None = None) -> MatchResult:
    """Play one whole game, seat ``i`` played by a bot of ``kinds[i]``;
    ``keep_game`` keeps the finished engine in ``extra["game"]``;
    ``hard_rollouts`` gives every ``hard`` seat a fixed search budget of that
    many rollouts instead of its wall-time budget
    (:func:`bots.base.fixed_rollouts`: reproducible whatever the load).

    Never raises for engine or bot failures: they are returned in
    :attr:`MatchResult.error` with the traceback.
    """
    result = MatchResult(seed, list(kinds))
    try:
        cls = engine_class(game_id)
        game = cls.new(len(kinds), seed, options)
        seeds = bot_seeds or [seed * 16 + i for i in range(len(kinds))]
        fixed = fixed_rollouts(hard_rollouts) if hard_rollouts is not None else None
        bots = [make_bot(game_id, k, s, level=fixed if k == "hard" else None) for k, s in zip(kinds, seeds)]
        table = Table(game, bots, seed)
        while not game.is_terminal():
            if result.actions >= action_cap:
                result.error = f"game did not end within {action_cap} actions"
                break
            game.apply(table.next_action())
            result.actions += 1
        else:
            result.scores = list(game.scores())
            result.ranking = game.ranking()
            if game_id == "cryptid-cafe" and len(kinds) == 1:
                result.extra = {"solo_won": game.solo_won(), "ai2_score": game.ai2_score()}
            if keep_game:
                result.extra["game"] = game
        result.decision_s = [b.decision_s for b in bots]
        result.decision_cpu_s = [b.decision_cpu_s for b in bots]
    except Exception:  # noqa: BLE001 - any failure is a counted error
        result.error = traceback.format_exc()
    return result
