"""Bots that play any engine through the engine contract.

:class:`RandomBot` picks uniformly among legal actions, answers chance
requests (dice) with uniform values, and stamps real-time actions with a
human-like reaction time drawn from a log-normal model, so that races are
decided by sampled reaction times, not by seat order.

The bot owns its own RNG (seeded from the game's seed), separate from the
game's RNG: chance inputs are journaled as actions, so replaying a journal
never needs the bot, and the game's RNG state stays a pure function of the
actions applied.
"""
from __future__ import annotations

import math
import random
from typing import Any

from engines.base import Action, Game

#: Median reaction time of the simulated players, us.
REACTION_MEDIAN_US = 350_000
#: Log-normal shape (sigma of ln(reaction)); 0.35 gives a 5..95 % range of
#: about 200..620 ms.
REACTION_SIGMA = 0.35


class Stuck(RuntimeError):
    """The game is not terminal but offers no action, chance input or tick."""


class RandomBot:
    """A bot for every engine: uniform legal actions, random dice, log-normal
    reaction times.

    Args:
        seed: seed of the bot's own RNG.
        reaction_median_us: median reaction time, us.
        reaction_sigma: log-normal sigma of the reaction time.
    """

    def __init__(self, seed: int, reaction_median_us: int = REACTION_MEDIAN_US,
                 reaction_sigma: float = REACTION_SIGMA) -> None:
        self.rng = random.Random(f"bot:{seed}")
        self._mu = math.log(reaction_median_us)
        self._sigma = reaction_sigma

    def reaction_us(self) -> int:
        """One sampled reaction time, us (>= 1)."""
        return max(1, int(self.rng.lognormvariate(self._mu, self._sigma)))

    def answer_chance(self, game: Game, request: dict[str, Any]) -> Action:
        """Answer one chance request (``type == "dice"``) with uniform values.

        Raises:
            Stuck: the request is of a kind the bot does not know.
        """
        if request.get("type") != "dice":
            raise Stuck(f"unknown chance request {request!r}")
        faces = int(request.get("faces", 6))
        count = int(request.get("count", 1))
        action = {k: v for k, v in request.items() if k not in ("count", "faces")}
        action["values"] = [self.rng.randint(1, faces) for _ in range(count)]
        if action.get("t_us", 0) is None:
            action["t_us"] = game.now_us()
        return action

    def stamp(self, game: Game, template: Action) -> tuple[int, Action]:
        """Fill a template's ``t_us`` (reaction time after ``now`` or after
        its ``t_min_us``); return ``(t_us, action)``."""
        action = dict(template)
        now = game.now_us()
        t_min = action.pop("t_min_us", None)
        if "t_us" in action and action["t_us"] is None:
            start = max(now, t_min if isinstance(t_min, int) else now)
            action["t_us"] = start + self.reaction_us()
            return action["t_us"], action
        return now, action

    def next_action(self, game: Game) -> Action:
        """The next action for the whole table (every seat is a bot).

        Raises:
            Stuck: nothing can move the game.
        """
        requests = game.chance_requests()
        if requests:
            return self.answer_chance(game, requests[0])
        candidates: list[tuple[int, float, Action]] = []
        for player in game.active_players():
            actions = game.legal_actions(player)
            if actions:
                t, action = self.stamp(game, self.rng.choice(actions))
                candidates.append((t, self.rng.random(), action))
        deadline = game.deadline_us()
        if deadline is not None:
            candidates.append((deadline, self.rng.random(), {"type": "tick", "t_us": max(deadline, game.now_us())}))
        if not candidates:
            raise Stuck(f"{game.display_name}: no player can act, no chance input and no tick is awaited")
        candidates.sort(key=lambda c: (c[0], c[1]))
        return candidates[0][2]

    def action_for(self, game: Game, player: int) -> Action | None:
        """A random legal action of one seat (stamped), or ``None``."""
        actions = game.legal_actions(player)
        if not actions:
            return None
        return self.stamp(game, self.rng.choice(actions))[1]
