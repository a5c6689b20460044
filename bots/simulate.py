"""Whole games played by bots through the engine contract (``cabinet
simulate``): completion, errors, score statistics, wins per seat."""
from __future__ import annotations

import random
import statistics
import time
import traceback
from dataclasses import dataclass, field
from typing import Any

from engines import Game, engine_class

from bots.random_bot import RandomBot
from engines.results import Result, game_result

#: A game that has not ended after this many actions counts as an error.
DEFAULT_ACTION_CAP = 20_000


@dataclass
class GameResult:
    """The outcome of one simulated game."""
    seed: int
    actions: int
    scores: list[float] | None = None
    ranking: list[list[int]] | None = None
    error: str | None = None
    result: Result | None = None


@dataclass
class SimulationReport:
    """Summary of ``K`` simulated games (see :meth:`as_dict`)."""
    game: str
    players: int
    seed: int
    results: list[GameResult] = field(default_factory=list)
    wall_s: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready summary: games, completed, errors (count and the first
        traceback), score mean / stdev per seat and overall, wins per seat
        (a shared win counts for every seat in it; a solo game counts as a
        win only when the seat beat its opponent), shared victories, how
        many games a tie-break decided (by rule), solo opponent's wins and
        mean score, mean actions per game, wall seconds.  Results come from
        :func:`engines.results.game_result`."""
        done = [r for r in self.results if r.error is None]
        errors = [r for r in self.results if r.error is not None]
        per_seat = [[r.scores[s] for r in done] for s in range(self.players)] if done else []
        all_scores = [x for seat in per_seat for x in seat]
        wins = [0] * self.players
        shared = 0
        tie_breaks: dict[str, int] = {}
        opponent_wins: dict[str, int] = {}
        opponent_scores: list[float] = []
        for r in done:
            res = r.result
            for seat in res.winners:
                wins[seat] += 1
            shared += res.shared
            if res.tie_break and not res.shared:
                rule = res.tie_break.split(":")[0]
                tie_breaks[rule] = tie_breaks.get(rule, 0) + 1
            if res.solo is not None:
                opponent_wins[res.solo.name] = opponent_wins.get(res.solo.name, 0) + (not res.solo.won)
                opponent_scores.append(res.solo.score)
        return {
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "games": len(self.results),
            "completed": len(done),
            "errors": len(errors),
            "first_error": errors[0].error if errors else None,
            "first_error_seed": errors[0].seed if errors else None,
            "score_mean": round(statistics.fmean(all_scores), 3) if all_scores else None,
            "score_stdev": round(statistics.pstdev(all_scores), 3) if all_scores else None,
            "score_mean_per_seat": [round(statistics.fmean(s), 3) for s in per_seat] if done else [],
            "wins_per_seat": wins,
            "shared_victories": shared,
            "decided_by_tie_break": tie_breaks,
            "solo_opponent_wins": opponent_wins,
            "solo_opponent_score_mean": round(statistics.fmean(opponent_scores), 3) if opponent_scores else None,
            "mean_actions": round(statistics.fmean(r.actions for r in self.results), 1) if self.results else 0,
            "wall_s": round(self.wall_s, 3),
        }


def play_one(cls: type[Game], players: int, seed: int, options: dict | None = None,
             action_cap: int = DEFAULT_ACTION_CAP) -> tuple[Game, GameResult]:
    """Play one whole game with :class:`RandomBot` at every seat.

    Never raises for engine failures: they are returned in
    ``GameResult.error`` with the traceback.
    """
    bot = RandomBot(seed)
    actions = 0
    game = None
    try:
        game = cls.new(players, seed, options)
        while not game.is_terminal():
            if actions >= action_cap:
                return game, GameResult(seed, actions, error=f"game did not end within {action_cap} actions")
            game.apply(bot.next_action(game))
            actions += 1
        return game, GameResult(seed, actions, scores=list(game.scores()), ranking=game.ranking(),
                                result=game_result(game))
    except Exception:  # noqa: BLE001 - any engine failure is a counted error
        return game, GameResult(seed, actions, error=traceback.format_exc())


def play_one_kinds(game_id: str, kinds: list[str], seed: int, options: dict | None = None,
                   action_cap: int = DEFAULT_ACTION_CAP) -> GameResult:
    """Play one whole game with the bot ``kinds[i]`` at seat ``i`` (see
    :mod:`bots`); engine and bot failures are returned in ``error``."""
    from bots.match import play_match
    r = play_match(game_id, kinds, seed, options, action_cap=action_cap, keep_game=True)
    game = r.extra.get("game")
    return GameResult(seed, r.actions, scores=r.scores, ranking=r.ranking, error=r.error,
                      result=game_result(game) if game is not None and r.error is None else None)


def simulate(game_id: str, players: int, games: int, seed: int, options: dict | None = None,
             action_cap: int = DEFAULT_ACTION_CAP, kinds: list[str] | None = None) -> SimulationReport:
    """Play ``games`` whole games; game ``i`` gets a seed derived from
    ``seed`` so the same seed always gives the same report (timing aside).
    ``kinds``: one bot kind per seat (default: ``random`` everywhere, the
    :class:`RandomBot` of the cabinet).

    Raises:
        SetupError: unknown/unavailable game, bad player count or options.
    """
    cls = engine_class(game_id)
    cls.new(players, seed, options)   # a bad option value is a usage error, not a game error
    seeds = random.Random(seed)
    report = SimulationReport(game_id, players, seed)
    start = time.perf_counter()
    smart = kinds is not None and any(k != "random" for k in kinds)
    for _ in range(games):
        game_seed = seeds.randrange(2**31)
        if smart:
            result = play_one_kinds(game_id, kinds, game_seed, options, action_cap)
        else:
            _, result = play_one(cls, players, game_seed, options, action_cap)
        report.results.append(result)
    report.wall_s = time.perf_counter() - start
    return report
