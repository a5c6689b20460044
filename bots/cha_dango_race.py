"""Cha dango strategies and the blind-slapper measurement (rulings CD-9, CD-12).

The cabinet's Cha dango race is about *seeing* which customer matches the
order (rulebook "How to Play" 2).  A hit names the customer under the
seat's cursor (ruling CD-12); a bot that hits at once on every order,
without looking, must lose clearly to players who look.  This module
measures that:

* :class:`SeeingBot` reads the public view like a player looks at the
  table: it finds the matching customers itself and answers after the time
  a practised adult takes to read the order and look over the customers
  (the cabinet's ``normal`` bot: a reaction time plus
  :func:`bots.cha_dango.look_median_us`, each log-normal; about 1.1 s with
  5 customers, 1.5 s with 9), then moves its cursor to the matching
  customer nearest it (:data:`bots.cha_dango.STEP_US` a step, the
  ``normal`` pace) and hits it; then the next one after the placing
  delay (CD-4) and the steps to it; or a sip of :data:`SIP_EXTRA_US`
  more than the sip time when nothing matches.
* :class:`BlindSlapper` hits the customer under its cursor after a simple
  reaction time (median :data:`BLIND_MEDIAN_US`) on every order, never
  moves its cursor and never looks.

:func:`measure` plays whole games through the engine contract (stamped
inputs, ticks at the engine's deadlines) with one blind slapper (rotating
seat) against seeing bots and returns the blind slapper's share of wins,
with the cabinet's early-press grace (ruling CAB-7, :data:`CABINET_OPTIONS`).

Run ``python -m bots.cha_dango_race --games 1000 --players 2 3 4 5 6`` for
the figures in docs/rulings.md (CD-12); ``--json`` prints JSON only.
"""
from __future__ import annotations

import argparse
import json
import math
import random
import sys
from typing import Any

from bots.cha_dango import LOOK_SIGMA, REACTION_MEDIAN_US, cursor_at, cursor_steps, look_median_us, steps_us
from engines.base import IllegalAction
from engines.cha_dango import ChaDango

#: The level whose times a player who looks has (a practised adult).
SEEING_LEVEL = "normal"
#: Engine options the cabinet sets for every game (ruling CAB-7: a press
#: within 200 ms of the order counts for nothing).
CABINET_OPTIONS = {"reveal_grace_us": 200_000}
#: Median simple reaction time (press as soon as the order appears), us.
BLIND_MEDIAN_US = 250_000
#: Log-normal sigma of both reaction times.
REACTION_SIGMA = 0.3
#: How long a bot holds its button, us.
HOLD_US = 80_000
#: A sip is held this much longer than the sip time (median), us.
SIP_EXTRA_US = 150_000
#: A reveal comes this long after the previous turn ended, us.
REVEAL_GAP_US = 1_500_000

Plan = list[tuple[int, dict[str, Any]]]


def _lognormal(rng: random.Random, median_us: int, sigma: float = REACTION_SIGMA) -> int:
    return max(1, int(rng.lognormvariate(math.log(median_us), sigma)))


def matching_customers(view: dict[str, Any]) -> list[int]:
    """Ids of the dining-area customers that match the view's order (what a
    player sees by looking; ruling CD-1)."""
    order = view.get("order")
    if not order:
        return []
    return [c["id"] for c in view["dining_area"] if c[order["attribute"]] == order["value"]]


def _press(seat: int, t_us: int, card: int) -> Plan:
    return [(t_us, {"type": "slap", "player": seat, "card": card, "t_us": t_us}),
            (t_us + HOLD_US, {"type": "release", "player": seat, "t_us": t_us + HOLD_US})]


class SeeingBot:
    """Looks at the table and answers what it sees, after a human reaction
    time (CD-4, CD-6, CD-9)."""

    def __init__(self, level: str = SEEING_LEVEL, misaim: float = 0.0):
        self.level = level
        #: chance that a hit lands one customer past the one meant (an arrow pressed once too often)
        self.misaim = misaim
        #: where its cursor stands: ``{"cursor": (card, position)}`` (:func:`bots.cha_dango.cursor_at`)
        self.memory: dict[str, Any] = {}

    def answer_us(self, view: dict[str, Any], rng: random.Random) -> int:
        """Its time from the order to its answer, us: a reaction time plus
        the time it looks over the customers in ``view`` (the cabinet's bot
        of the same level, :mod:`bots.cha_dango`)."""
        look = look_median_us(self.level, len(view["dining_area"]))
        return _lognormal(rng, REACTION_MEDIAN_US[self.level]) + _lognormal(rng, look, LOOK_SIGMA)

    def plan(self, game: ChaDango, seat: int, rng: random.Random) -> Plan:
        """Stamped inputs for the race just opened (time-ordered)."""
        view = game.view(seat)
        open_us = view["race"]["open_us"]
        t = open_us + self.answer_us(view, rng)
        matches = matching_customers(view)
        if matches:
            ids = [c["id"] for c in view["dining_area"]]
            here, out = cursor_at(view, self.memory), []
            left = list(matches)
            while left:     # CD-12: the nearest match first, the cursor moved a step a press
                card = min(left, key=lambda c: cursor_steps(here, ids.index(c), len(ids)))
                t += steps_us(self.level, cursor_steps(here, ids.index(card), len(ids)), rng)
                left.remove(card)
                if self.misaim and rng.random() < self.misaim:     # one step too far: a wrong hit, most often
                    card = ids[(ids.index(card) + 1) % len(ids)]
                    left = []
                out += _press(seat, t, card)
                here = ids.index(card)
                self.memory["cursor"] = (card, here)
                t += game.options["placing_delay_us"] + _lognormal(rng, 150_000)
            return out
        down = t + game.options["sip_us"] + _lognormal(rng, SIP_EXTRA_US)
        return [(t, {"type": "cup_lift", "player": seat, "t_us": t}),
                (down, {"type": "cup_down", "player": seat, "t_us": down})]

    def choose_vp(self, game: ChaDango, seat: int) -> dict[str, Any]:
        """CD-10: gives up its oldest VP card (any choice scores the same)."""
        return game.legal_actions(seat)[0]


class BlindSlapper:
    """Hits the customer under its cursor at once on every order, and again
    after each placing delay; never looks, never moves its cursor, never
    sips."""

    def __init__(self, median_us: int = BLIND_MEDIAN_US, repeats: int = 3):
        self.median_us = median_us
        self.repeats = repeats
        self.memory: dict[str, Any] = {}

    def plan(self, game: ChaDango, seat: int, rng: random.Random) -> Plan:
        """Stamped presses for the race just opened."""
        view = game.view(seat)
        here = cursor_at(view, self.memory)
        card = view["dining_area"][here]["id"]
        self.memory["cursor"] = (card, here)      # the cursor follows its customer, as a seat's does
        t = view["race"]["open_us"] + _lognormal(rng, self.median_us)
        out: Plan = []
        for _ in range(self.repeats):
            out += _press(seat, t, card)
            t += game.options["placing_delay_us"] + _lognormal(rng, 100_000)
        return out

    def choose_vp(self, game: ChaDango, seat: int) -> dict[str, Any]:
        """CD-10: gives up its oldest VP card."""
        return game.legal_actions(seat)[0]


class LevelBot:
    """The cabinet's bot at a level (``easy``, ``normal``, ``hard``),
    timed as the cabinet's runtime times it: its policy's answer (a hit,
    or a cup lift when it sees no match; the level's wrong calls included)
    after its reaction time plus the time it looks over the dining area
    (:meth:`bots.base.Bot.weigh_us`), the cup put down a reaction time
    after the sip's second.  One answer per order, as at the cabinet."""

    def __init__(self, kind: str = "normal", seed: int = 0):
        from bots.base import Bot
        self.bot = Bot("cha-dango", kind, seed)

    def plan(self, game: ChaDango, seat: int, rng: random.Random) -> Plan:
        """Stamped inputs for the race just opened (time-ordered)."""
        open_us = game.view(seat)["race"]["open_us"]
        action = self.bot.choose(game, seat)
        if action is None or action["type"] not in ("slap", "cup_lift"):
            return []
        t = open_us + self.bot.reaction_us() + self.bot.weigh_us(game, seat, action)
        if action["type"] == "slap":
            return _press(seat, t, action["card"])
        down = t + game.options["sip_us"] + self.bot.reaction_us()
        return [(t, {"type": "cup_lift", "player": seat, "t_us": t}),
                (down, {"type": "cup_down", "player": seat, "t_us": down})]

    def choose_vp(self, game: ChaDango, seat: int) -> dict[str, Any]:
        """CD-10: gives up its oldest VP card."""
        return game.legal_actions(seat)[0]


def play_game(strategies: list[Any], seed: int, options: dict[str, Any] | None = None,
              events: list[dict[str, Any]] | None = None) -> ChaDango:
    """Play one game of Cha dango with one strategy per seat.

    Inputs are applied in stamp order and the engine is ticked at its
    deadlines, as the runtime does.  Inputs still due when a race is
    decided are dropped; each order is revealed with every button up and
    every cup down (the strategies let go 80 ms after a hit and put the cup
    down after the sip, well before the next order).  ``events``, when given, receives every
    event the engine reports (``customer_won``, ``slowest_sip``...).

    Returns:
        The finished game.
    """
    game = ChaDango.new(len(strategies), seed, options)
    rng = random.Random(f"cha-dango-measure:{seed}")
    queue: list[tuple[int, int, dict[str, Any]]] = []
    seq = 0
    log = events if events is not None else []

    def apply(action: dict[str, Any]) -> None:
        log.extend(game.apply(action))

    while not game.is_terminal():
        if game.phase == "reveal":
            template = game.legal_actions(game.current)[0]
            # every strategy has let go of its button and put its cup down by the next order (their
            # release and cup-down, due after the race was decided, are dropped from the queue below)
            apply(dict(template, t_us=game.now_us() + REVEAL_GAP_US, buttons_down=[], cups_up=[]))
            if game.phase == "race":
                queue = []
                for seat, strategy in enumerate(strategies):
                    for t, action in strategy.plan(game, seat, rng):
                        queue.append((t, seq, action))
                        seq += 1
                queue.sort(key=lambda q: (q[0], q[1]))
            continue
        if game.phase == "place_vp":
            seat = game.active_players()[0]
            apply(strategies[seat].choose_vp(game, seat))
            continue
        deadline = game.deadline_us()
        if queue and queue[0][0] <= deadline:
            _, _, action = queue.pop(0)
            try:
                apply(action)
            except IllegalAction:
                pass   # e.g. a second cup-down after the sip was not counted
        else:
            apply({"type": "tick", "t_us": max(deadline, game.now_us())})
        if game.phase != "race":
            queue = []
    return game


def measure(players: int = 3, games: int = 200, seed: int = 0, options: dict[str, Any] | None = None,
            progress: bool = False, misaim: float | None = None) -> dict[str, Any]:
    """One blind slapper against ``players - 1`` seeing bots, with the
    cabinet's options (:data:`CABINET_OPTIONS`) under ``options``; with
    ``misaim`` (a chance per hit, 0-1) the measured seat is instead a
    seeing bot whose hit lands one customer too far that often (a person
    who looks and misaims; the result's ``blind_*`` keys are its figures).

    The measured seat rotates from game to game (no start-player bias).  A
    shared victory counts as ``1 / len(winners)`` for each winner.

    Returns:
        ``players``, ``games``, ``fair_share`` (1 / players),
        ``blind_win_share``, ``blind_mean_vp``, ``seeing_mean_vp``,
        ``wrong_hit_vp_cards``.
    """
    wins = 0.0
    blind_vp = seeing_vp = 0.0
    for k in range(games):
        blind = k % players
        subject = BlindSlapper() if misaim is None else SeeingBot(misaim=misaim)
        strategies = [subject if s == blind else SeeingBot() for s in range(players)]
        game = play_game(strategies, seed * 100_003 + k, {**CABINET_OPTIONS, **(options or {})})
        best = game.ranking()[0]
        if blind in best:
            wins += 1 / len(best)
        scores = game.scores()
        blind_vp += scores[blind]
        seeing_vp += (sum(scores) - scores[blind]) / (players - 1)
        if progress and (k + 1) % max(1, games // 20) == 0:
            print(f"  {players} players: {k + 1}/{games} games", file=sys.stderr, end="\r", flush=True)
    if progress:
        print(file=sys.stderr)
    opts = ChaDango.check_setup(players, options)
    return {"players": players, "games": games, "fair_share": round(1 / players, 4),
            "blind_win_share": round(wins / games, 4), "blind_mean_vp": round(blind_vp / games, 2),
            "seeing_mean_vp": round(seeing_vp / games, 2), "wrong_hit_vp_cards": opts["wrong_hit_vp_cards"]}


def main(argv: list[str] | None = None) -> int:
    """``python -m bots.cha_dango_race``: the blind-slapper figures."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 6])
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--wrong-hit-vp-cards", type=int, nargs="+", default=[None],
                   help="costs to compare (default: the engine's default)")
    p.add_argument("--misaim", type=float, default=None,
                   help="measure a seeing seat that misaims this share of its hits instead of the blind slapper")
    p.add_argument("--json", action="store_true", help="print JSON only")
    args = p.parse_args(argv)
    progress = not args.json and sys.stderr.isatty()
    results = []
    for cost in args.wrong_hit_vp_cards:
        options = None if cost is None else {"wrong_hit_vp_cards": cost}
        for n in args.players:
            r = measure(n, args.games, args.seed, options, progress, args.misaim)
            results.append(r)
            who = "blind slapper" if args.misaim is None else f"seeing seat misaiming {args.misaim:.0%}"
            if not args.json:
                print(f"{n} players, wrong hit costs {r['wrong_hit_vp_cards']}: {who} wins "
                      f"{r['blind_win_share']:.1%} of games (fair share {r['fair_share']:.1%}); mean VP "
                      f"{r['blind_mean_vp']} vs {r['seeing_mean_vp']}")
    if args.json:
        print(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
