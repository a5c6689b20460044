"""The bot interface, the levels and the factory.

A :class:`Bot` plays one seat.  The caller (the cabinet's runtime, or
:mod:`bots.match` in simulation) asks :meth:`Bot.choose` for the seat's next
action whenever the seat may act, stamps real-time templates with
:meth:`Bot.reaction_us` after the moment the seat could first see what it
reacts to, and applies the action through the same inputs a person uses.
"""
from __future__ import annotations

import importlib
import inspect
import math
import random
import time
from dataclasses import dataclass, replace
from typing import Any

from engines.base import Action, Game

from .seat import seat_view


class BotError(ValueError):
    """An unknown bot kind or a malformed ``--bots`` list."""


@dataclass(frozen=True)
class Level:
    """What a level changes.

    Attributes:
        name: ``easy``, ``normal`` or ``hard``.
        reaction_median_us: median reaction time (log-normal), us.
        reaction_sigma: sigma of ln(reaction time).
        slip: chance per turn-based decision of a random legal action
            instead of the heuristic's (a lapse of attention).
        wrong: chance of the wrong real-time decision (Cha dango: slap when
            it should sip or the reverse; Retrograde: grab a card without
            weighing it).
        search_ms: time budget of the determinised tree search per
            decision, ms (0: no search, the heuristic decides).
        search_iterations: iteration cap of that search.
    """
    name: str
    reaction_median_us: int
    reaction_sigma: float
    slip: float
    wrong: float
    search_ms: float
    search_iterations: int


#: The three levels a family chooses from (issue 24: reaction times around
#: 700 / 500 / 350 ms).
LEVELS = {
    "easy": Level("easy", 700_000, 0.35, slip=0.25, wrong=0.15, search_ms=0, search_iterations=0),
    "normal": Level("normal", 500_000, 0.30, slip=0.0, wrong=0.05, search_ms=0, search_iterations=0),
    "hard": Level("hard", 350_000, 0.25, slip=0.0, wrong=0.01, search_ms=150, search_iterations=400),
}
#: Every kind a seat may be: the levels, ``random`` and ``heuristic``
#: (another name for ``normal``).
KINDS = ("random", "easy", "normal", "hard", "heuristic")
#: The random bot's reaction time (as the cabinet's RandomBot): median 350 ms.
RANDOM_LEVEL = Level("random", 350_000, 0.35, slip=1.0, wrong=0.5, search_ms=0, search_iterations=0)

_MODULES = {"retrograde": "retrograde", "cha-dango": "cha_dango", "ginza": "ginza",
            "cryptid-cafe": "cryptid_cafe", "cafe-junior": "cafe_junior"}


def policy_module(game_id: str):
    """The heuristic module of a game (``bots.<game>``).

    Raises:
        BotError: no bot is written for that game.
    """
    name = _MODULES.get(game_id)
    if name is None:
        raise BotError(f"no bot plays {game_id!r}")
    return importlib.import_module(f"bots.{name}")


def parse_kinds(text: str, players: int) -> list[str]:
    """``--bots`` text -> one kind per seat.

    ``"hard"`` gives every seat that kind; ``"hard,random"`` one kind per
    seat (exactly ``players`` names).

    Raises:
        BotError: an unknown kind or the wrong number of names.
    """
    names = [p.strip().lower() for p in str(text).split(",") if p.strip()]
    if not names:
        raise BotError(f"--bots needs a kind per seat ({', '.join(KINDS)})")
    bad = [n for n in names if n not in KINDS]
    if bad:
        raise BotError(f"--bots: unknown bot kind {bad[0]!r}; kinds are {', '.join(KINDS)}")
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise BotError(f"--bots names {len(names)} kinds for {players} seats: give one kind, "
                       f"or one per seat (e.g. hard,random)")
    return names


class Bot:
    """One seat's player.

    Args:
        game_id: the game (registry id).
        kind: one of :data:`KINDS`.
        seed: seed of the bot's own RNG (never the game's).
        level: a :class:`Level` to use instead of the kind's (tests and
            benchmarks: e.g. an iteration budget with no time budget, so
            the search is reproducible).

    Raises:
        BotError: unknown kind or game.
    """

    def __init__(self, game_id: str, kind: str, seed: int, level: Level | None = None) -> None:
        if kind not in KINDS:
            raise BotError(f"unknown bot kind {kind!r}; kinds are {', '.join(KINDS)}")
        self.game_id = game_id
        self.kind = kind
        self.level = level or (RANDOM_LEVEL if kind == "random" else LEVELS["normal" if kind == "heuristic" else kind])
        self.module = policy_module(game_id)
        median = (getattr(self.module, "REACTION_MEDIAN_US", None) or {}).get(self.level.name)
        if level is None and median:     # the game's own recognition time (Cha dango, issue 34)
            self.level = replace(self.level, reaction_median_us=median)
        self.rng = random.Random(f"bot:{kind}:{seed}")
        self._mu = math.log(self.level.reaction_median_us)
        #: wall seconds of every decision taken (for tournaments/benchmarks)
        self.decision_s: list[float] = []
        #: CPU seconds of this process for every decision taken (the same
        #: decisions; on a shared machine the fairer measure of the work)
        self.decision_cpu_s: list[float] = []
        self.memory: dict[str, Any] = {}
        #: its own RNG for the time a choice takes at the cabinet (:meth:`weigh_us`), so the
        #: decisions are the same whether or not the cabinet asks for it
        self._weigh_rng = random.Random(f"weigh:{kind}:{seed}")

    def __repr__(self) -> str:
        return f"Bot({self.game_id!r}, {self.kind!r})"

    def reaction_us(self) -> int:
        """One sampled reaction time (log-normal around the level's
        median), us >= 1."""
        return max(1, int(self.rng.lognormvariate(self._mu, self.level.reaction_sigma)))

    def weigh_us(self, game: Game, seat: int, action: Action) -> int:
        """How long the seat looks before acting on ``action`` at the
        cabinet, us >= 0, on top of :meth:`reaction_us`: a person weighs
        Retrograde's four cards against the sheet before claiming or
        rerolling, a Cha dango seat moves its cursor to the customer it hits
        (the game module's ``weigh_us(view, action, level, rng)``, given the
        bot's ``memory`` too where it takes one; 0 where the game has
        none).  The cabinet's runtime asks for it;
        :mod:`bots.match` (simulate, tournament) does not."""
        hook = getattr(self.module, "weigh_us", None)
        if hook is None:
            return 0
        extra = {"memory": self.memory} if "memory" in inspect.signature(hook).parameters else {}
        return max(0, int(hook(seat_view(game, seat), action, self.level, self._weigh_rng, **extra)))

    def keep_dice(self, game: Game, seat: int) -> list[int]:
        """The dice (values) the seat keeps when it rerolls now (book
        Retrograde: "keep as many dice as you want and reroll the rest"):
        the game module's ``keep(view, level, memory)`` (the dice that fit
        the card it aims for); [] where the game has none or the bot plays
        at random.  The cabinet's simulated table throws only the others."""
        hook = getattr(self.module, "keep", None)
        if hook is None or self.kind == "random":
            return []
        return list(hook(seat_view(game, seat), self.level, self.memory))

    def choose(self, game: Game, seat: int) -> Action | None:
        """The seat's next action: one of ``game.legal_actions(seat)``
        (real-time ones are templates with ``"t_us": None``), or ``None``
        when the seat may not act or chooses to wait (a Cha dango seat that
        already slapped or sipped for this order).  The wall time taken is appended to
        :attr:`decision_s`, the process CPU time to :attr:`decision_cpu_s`."""
        start = time.perf_counter()
        cpu = time.process_time()
        try:
            return self._choose(game, seat)
        finally:
            self.decision_s.append(time.perf_counter() - start)
            self.decision_cpu_s.append(time.process_time() - cpu)

    def _choose(self, game: Game, seat: int) -> Action | None:
        legal = game.legal_actions(seat)
        if not legal:
            return None
        if self.kind == "random":
            return self.rng.choice(legal)
        if len(legal) == 1:
            return legal[0]
        level = self.level
        realtime = any("t_us" in a for a in legal)
        if level.slip and not realtime and self.rng.random() < level.slip:
            return self.rng.choice(legal)
        if level.search_ms > 0 and not realtime and getattr(self.module, "SEARCH", False):
            wants = getattr(self.module, "wants_search", None)
            if wants is None or wants(seat_view(game, seat), legal):
                from .search import search
                return search(game, seat, self, legal)
        return self.module.policy(seat_view(game, seat), legal, self.rng, level, self.memory)


def fixed_rollouts(rollouts: int) -> Level:
    """The ``hard`` level with its search budget fixed at ``rollouts``
    rollouts per decision and no wall-time limit: the same decisions for the
    same seed however loaded the machine is (tournaments; see
    bots/README.md for the counts ``hard`` reaches within its 150 ms here).

    Raises:
        BotError: ``rollouts`` < 1.
    """
    if int(rollouts) < 1:
        raise BotError(f"a fixed search budget needs 1 or more rollouts, got {rollouts}")
    return replace(LEVELS["hard"], search_ms=math.inf, search_iterations=int(rollouts))


def make_bot(game_id: str, kind: str, seed: int, level: Level | None = None) -> Bot:
    """A :class:`Bot` of ``kind`` for ``game_id`` (see :class:`Bot`)."""
    return Bot(game_id, kind, seed, level)
