"""The engine contract: one shape that every rules engine implements.

Every game is a :class:`Game` subclass.  A game object *is* the state; it is
created by :meth:`Game.new`, advanced by :meth:`Game.apply`, and saved by
:meth:`Game.to_json` / :meth:`Game.from_json`.  Engines are pure: no I/O, no
clocks, no devices, standard library only.  Time enters only as integer
microseconds (``t_us``) carried by actions; randomness only through the game's
own seeded RNG (``self.rng``) or as chance inputs supplied from outside (dice
read by the camera, or rolled by a bot from the game's RNG in simulation).

Actions
-------
An action is a JSON-serialisable ``dict`` with at least ``"type"`` (str).
Player actions carry ``"player"`` (0-based seat index).  Conventions:

* Real-time inputs (slap, cup lifted, cup down, claim, ...) carry
  ``"t_us"``: int microseconds on the cabinet's edge-source clock.  In
  :meth:`Game.legal_actions` such actions are *templates* with
  ``"t_us": None``; the caller (runtime or bot) fills in the timestamp.
* ``{"type": "tick", "t_us": T}`` advances the game's clock to ``T`` so that
  it may close races and time-outs.  :meth:`Game.deadline_us` says the
  earliest ``T`` at which a tick would change anything (``None``: no tick
  needed).  Ticks are legal whenever ``T >= now_us()``.
* Chance inputs: :meth:`Game.chance_requests` lists what the game waits for,
  each a dict ``{"type": "dice", "player": seat-or-None, "count": n,
  "colour": str-or-None, "faces": 6, ...}``.  The answer is the action
  ``{"type": "dice", "player": ..., "values": [v1, ..., vn], ...}`` (plus
  any fields the request asked to be echoed, such as ``"t_us"`` or
  ``"colour"``).  The camera answers on the cabinet, a bot in simulation.

Applying
--------
:meth:`Game.apply` returns a list of events (JSON dicts with ``"type"`` and a
human-readable ``"text"`` a screen can show).  An illegal action raises
:class:`IllegalAction` whose message says why, and leaves the state exactly
as it was (engines validate before they mutate; the contract tests check
this with a serialisation comparison).

Take-back
---------
In the turn-based games (:attr:`Game.TAKE_BACK`) a seat may take back its
last confirmed choice while its turn lasts and nothing hidden or random came
to light since: ``{"type": "take_back", "player": seat}``, applied like any
action (so journaled and replayed); :meth:`Game.can_take_back` /
:meth:`Game.take_back_problem` say whether it may now.  It is never among
the legal actions (bots never take back).  See :mod:`engines.take_back`.

Views
-----
:meth:`Game.view` returns a JSON-serialisable dict for one player (``int``)
or the public (``None``), with everything that viewer may not see left out:
other hands, deck order, hidden bonus cards, the RNG state.
"""
from __future__ import annotations

import copy
import json
import pickle
import random
from typing import Any, ClassVar

from . import take_back as _take_back

Action = dict[str, Any]
Event = dict[str, Any]


class EngineError(Exception):
    """Base class of every error an engine raises on purpose."""


class IllegalAction(EngineError, ValueError):
    """An action that the rules do not allow now.

    The message says why, in words a player understands.  The state is left
    exactly as it was before the action was applied.
    """


class SetupError(EngineError, ValueError):
    """A game cannot be created: player count out of range, unknown or
    badly typed option."""


class ComponentDataError(EngineError, ValueError):
    """A component data file (cards, sheets, tiles) is broken; the message
    names the file, the component and the broken count or field."""


def rng_state_to_json(rng: random.Random) -> list:
    """Serialise a :class:`random.Random` state to JSON-compatible lists."""
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_state_from_json(data: list) -> random.Random:
    """Rebuild a :class:`random.Random` from :func:`rng_state_to_json` data.

    Raises:
        ValueError: the data is not a valid RNG state.
    """
    try:
        version, internal, gauss = data
        rng = random.Random()
        rng.setstate((version, tuple(internal), gauss))
    except (TypeError, ValueError) as exc:
        raise ValueError(f"bad RNG state in save data: {exc}") from exc
    return rng


class Game:
    """Base class of every rules engine (the engine contract).

    Class attributes every engine sets:
        game_id: registry id, e.g. ``"retrograde"``.
        display_name: name for menus, e.g. ``"Retrograde"``.
        min_players, max_players: inclusive seat range.
        option_defaults: every accepted option with its default value; the
            type of the default is the type the option must have.

    Subclasses implement the ``_``-prefixed hooks and the abstract methods
    below; the public wrappers here do the checks shared by all games.
    """

    game_id: ClassVar[str] = ""
    display_name: ClassVar[str] = ""
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 1
    option_defaults: ClassVar[dict[str, Any]] = {}
    #: True for a turn-based game whose seats may take back a choice
    #: (:mod:`engines.take_back`): the engine keeps a snapshot before each.
    TAKE_BACK: ClassVar[bool] = False
    #: Event types that bring something hidden or random to light (a card
    #: drawn, a customer arriving, an AI player's move): after one, the
    #: choices before it can no longer be taken back.
    REVEALING_EVENTS: ClassVar[frozenset[str]] = frozenset()
    #: What a take-back refusal says came to light, by event type (each of
    #: :attr:`REVEALING_EVENTS`): a family's words of at most 20 letters, one
    #: line of a seat's screen ("a customer arrived").
    TAKE_BACK_WORDS: ClassVar[dict[str, str]] = {}
    #: Event types that end a round: a choice before one is final (a refused
    #: take-back says "the round has ended").
    ROUND_END_EVENTS: ClassVar[frozenset[str]] = frozenset()

    # Set by new() / from_json(); subclasses may add their own state.
    num_players: int
    seed: int
    options: dict[str, Any]
    rng: random.Random

    # ----------------------------------------------------------- creation
    @classmethod
    def check_setup(cls, num_players: int, options: dict[str, Any] | None) -> dict[str, Any]:
        """Validate a player count and options; return options with defaults.

        Raises:
            SetupError: player count outside ``min_players..max_players``,
                an unknown option, or an option of the wrong type.
        """
        if isinstance(num_players, bool) or not isinstance(num_players, int):
            raise SetupError(f"{cls.display_name}: player count must be an integer, got {num_players!r}")
        if not cls.min_players <= num_players <= cls.max_players:
            raise SetupError(
                f"{cls.display_name} is for {cls.min_players} to {cls.max_players} players, "
                f"not {num_players}")
        merged = dict(cls.option_defaults)
        for key, value in (options or {}).items():
            if key not in cls.option_defaults:
                known = ", ".join(sorted(cls.option_defaults)) or "none"
                raise SetupError(f"{cls.display_name}: unknown option {key!r} (known options: {known})")
            default = cls.option_defaults[key]
            expected = type(default)
            ok = isinstance(value, expected) and not (isinstance(value, bool) and expected is not bool)
            if expected is float and isinstance(value, int) and not isinstance(value, bool):
                ok = True
                value = float(value)
            if not ok:
                raise SetupError(
                    f"{cls.display_name}: option {key!r} must be {expected.__name__}, got {value!r}")
            merged[key] = value
        return merged

    @classmethod
    def new(cls, num_players: int, seed: int, options: dict[str, Any] | None = None) -> "Game":
        """Create a new game and run its setup.

        Args:
            num_players: seats taking part (seats 0..num_players-1).
            seed: seed of the game's one RNG; the same seed, options and
                actions always give the same game.
            options: game options (see ``option_defaults``).

        Raises:
            SetupError: bad player count or options.
        """
        opts = cls.check_setup(num_players, options)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise SetupError(f"seed must be an integer, got {seed!r}")
        game = cls.__new__(cls)
        game.num_players = num_players
        game.seed = seed
        game.options = opts
        game.rng = random.Random(seed)
        game._setup()
        return game

    def _setup(self) -> None:
        """Engine hook: build the initial state (self.rng is ready)."""
        raise NotImplementedError

    # ------------------------------------------------------------ queries
    def active_players(self) -> list[int]:
        """Seats that may act now (several in simultaneous / real-time
        phases; empty when only chance inputs or ticks can move the game)."""
        raise NotImplementedError

    def legal_actions(self, player: int) -> list[Action]:
        """Discrete legal actions of ``player`` now (templates with
        ``"t_us": None`` for real-time inputs).  Empty if the player may not
        act."""
        raise NotImplementedError

    def chance_requests(self) -> list[dict[str, Any]]:
        """Chance inputs the game waits for (dice to be read or rolled)."""
        return []

    def now_us(self) -> int:
        """The game's clock: the latest timestamp applied, in us (0 for
        turn-based games)."""
        return 0

    def deadline_us(self) -> int | None:
        """Earliest time (us) at which a ``tick`` would change the state,
        or ``None`` if no tick is awaited."""
        return None

    def is_terminal(self) -> bool:
        """True once the game is over."""
        raise NotImplementedError

    def scores(self) -> list[float]:
        """Current score of each seat (VP, points), index = seat."""
        raise NotImplementedError

    def ranking(self) -> list[list[int]]:
        """Final ranking as groups of seats, best first; seats in one group
        share the place (the rulebook's tie-breaks already applied)."""
        raise NotImplementedError

    #: Names of the parts of a :meth:`ranking_keys` key, each with +1 (more
    #: is better) or -1 (fewer is better: the key holds the negated count).
    RANKING_CRITERIA: tuple[tuple[str, int], ...] = (("score", 1),)

    def ranking_keys(self) -> list[tuple]:
        """One comparable key per seat, higher is better: the score first,
        then the rulebook's tie-breaks in order (named by
        :attr:`RANKING_CRITERIA`).  :meth:`ranking` groups seats by it, so
        a result can say which tie-break decided it."""
        return [(s,) for s in self.scores()]

    def view(self, player: int | None = None) -> dict[str, Any]:
        """JSON-serialisable view for ``player`` (or the public for
        ``None``) with everything that viewer may not see left out."""
        raise NotImplementedError

    # ------------------------------------------------------------ actions
    def apply(self, action: Action) -> list[Event]:
        """Apply one action (player action, chance input or tick).

        Returns:
            The events it caused, each a JSON dict with ``"type"`` and
            ``"text"``.

        Raises:
            IllegalAction: the action is malformed or not allowed now; the
                state is unchanged.
        """
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction(f"an action must be a dict with a 'type' string, got {action!r}")
        if self.is_terminal():
            raise IllegalAction("the game is over")
        player = action.get("player")
        if player is not None and (isinstance(player, bool) or not isinstance(player, int)
                                   or not 0 <= player < self.num_players):
            raise IllegalAction(f"unknown seat {player!r}: seats are 0..{self.num_players - 1}")
        if "t_us" in action:
            t = action["t_us"]
            if isinstance(t, bool) or not isinstance(t, int):
                raise IllegalAction(f"timestamp t_us must be an integer number of microseconds, got {t!r}")
            if t < 0:   # no edge source's clock runs below zero
                raise IllegalAction(f"timestamp t_us must not be negative, got {t}")
        if action["type"] == _take_back.TAKE_BACK:      # a seat takes back its last choice
            why = _take_back.problem(self, player)
            if why is not None:
                raise IllegalAction(f"no take-back: {why}")
            return _take_back.take_back(self, player)
        kept = _take_back.before(self, action)
        events = self._apply(action)
        _take_back.after(self, action, events, kept)
        return events

    # ------------------------------------------------------------ take-back
    def take_back_problem(self, player: int) -> str | None:
        """Why ``player`` may not take back its last choice now, in words
        ("the dice were read since your last choice"), or None when
        :meth:`can_take_back`."""
        return _take_back.problem(self, player)

    def take_back_refusal(self, player: int) -> dict[str, Any] | None:
        """Why ``player`` may not take back now as data (the reason's code,
        the seat or the words it names: :func:`engines.take_back.refusal`),
        or None when :meth:`can_take_back`."""
        return _take_back.refusal(self, player)

    def can_take_back(self, player: int) -> bool:
        """True when ``{"type": "take_back", "player": player}`` would undo
        the seat's last choice now: same seat's turn still running, nothing
        hidden or random revealed and no other seat acted since
        (:mod:`engines.take_back`)."""
        return self.take_back_problem(player) is None

    def take_back_closer(self, action: Action, events: list[Event]) -> str | None:
        """What in ``action``'s ``events`` makes the choices before it final
        (something revealed: a :attr:`REVEALING_EVENTS` type), in words, or
        None.  An engine may override it for what event types cannot say."""
        for e in events:
            if e.get("type") in self.REVEALING_EVENTS:
                return e.get("text") or e["type"]
        return None

    def _apply(self, action: Action) -> list[Event]:
        """Engine hook: validate then apply; raise IllegalAction before any
        mutation."""
        raise NotImplementedError

    # ------------------------------------------------------ serialisation
    def to_json(self) -> dict[str, Any]:
        """Exact, JSON-serialisable snapshot of the whole state (RNG
        included): ``from_json(to_json())`` behaves identically."""
        state = self._state_to_json()
        data = {
            "game": self.game_id,
            "num_players": self.num_players,
            "seed": self.seed,
            "options": dict(self.options),
            "rng": rng_state_to_json(self.rng),
            "state": state,
        }
        history = _take_back.to_json(self)
        if history is not None:          # the choices the seat may still take back
            data["take_back"] = history
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Game":
        """Rebuild a game from :meth:`to_json` output, validated.

        The header (seat count, seed, options, RNG state) is checked as
        :meth:`new` checks it (options missing from an older snapshot take
        their defaults); the engine's :meth:`_validate_state` hook checks
        types and ranges; then every query is run for every viewer and one
        next action is tried on a copy, so a damaged snapshot is refused
        here rather than crashing later.

        Raises:
            ValueError: the data is not a sound snapshot of this game (the
                message says what is wrong).
        """
        game = cls._load(data)
        game._check_loaded()
        return game

    @classmethod
    def _load(cls, data: Any) -> "Game":
        if not isinstance(data, dict) or data.get("game") != cls.game_id:
            raise ValueError(f"not a {cls.game_id} snapshot")
        for key in ("num_players", "seed", "options", "rng", "state"):
            if key not in data:
                raise ValueError(f"damaged {cls.game_id} snapshot: no {key!r}")
        if not isinstance(data["options"], dict) or not isinstance(data["state"], dict):
            raise ValueError(f"damaged {cls.game_id} snapshot: 'options' and 'state' must be objects")
        try:
            options = cls.check_setup(data["num_players"], data["options"])
        except SetupError as exc:
            raise ValueError(f"damaged {cls.game_id} snapshot: {exc}") from exc
        seed = data["seed"]
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"damaged {cls.game_id} snapshot: seed must be an integer, got {seed!r}")
        game = cls.__new__(cls)
        game.num_players = data["num_players"]
        game.seed = seed
        game.options = options
        game.rng = rng_state_from_json(data["rng"])
        try:
            game._state_from_json(copy.deepcopy(data["state"]))
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise ValueError(f"damaged {cls.game_id} snapshot: {type(exc).__name__}: {exc}") from exc
        try:
            game._take_back = _take_back.from_json(cls, data.get("take_back"))
        except ValueError as exc:
            message = str(exc)
            raise ValueError(message if message.startswith("damaged") else
                             f"damaged {cls.game_id} snapshot: {message}") from exc
        return game

    def _validate_state(self) -> None:
        """Engine hook: check the restored state's types and ranges (every
        component accounted for); raise ValueError naming what is wrong.
        The base checks no engine field."""

    def _check_loaded(self) -> None:
        """Refuse a snapshot that would crash later: the engine's checks, then
        every query for every viewer, then one next action on a copy."""
        try:
            self._validate_state()
            self.is_terminal(), self.now_us(), self.deadline_us()
            requests = self.chance_requests()
            active = self.active_players()
            for viewer in [None, *range(self.num_players)]:
                json.dumps(self.view(viewer))
                if viewer is not None:
                    self.legal_actions(viewer)
            self.scores(), self.ranking()
            if self.is_terminal():
                return
            trial = copy.deepcopy(self)
            if requests:
                req = requests[0]
                action = {k: v for k, v in req.items() if k not in ("count", "faces")}
                action["values"] = [1] * int(req.get("count", 1))
                if action.get("t_us", 0) is None:
                    action["t_us"] = self.now_us()
            elif active and trial.legal_actions(active[0]):
                action = {k: v for k, v in trial.legal_actions(active[0])[0].items() if k != "t_min_us"}
                if action.get("t_us", 0) is None:
                    action["t_us"] = self.now_us()
            else:
                action = {"type": "tick", "t_us": max(self.now_us(), self.deadline_us() or 0)}
            try:
                trial.apply(action)
            except IllegalAction:
                pass
        except ValueError as exc:
            raise ValueError(f"damaged {self.game_id} snapshot: {exc}") from exc
        except (KeyError, TypeError, IndexError, AttributeError, OverflowError, ZeroDivisionError,
                RecursionError) as exc:
            raise ValueError(f"damaged {self.game_id} snapshot: {type(exc).__name__}: {exc}") from exc

    def _state_to_json(self) -> dict[str, Any]:
        """Engine hook: the engine's own state as JSON data."""
        raise NotImplementedError

    def _state_from_json(self, state: dict[str, Any]) -> None:
        """Engine hook: restore the engine's own state."""
        raise NotImplementedError

    def clone(self) -> "Game":
        """An independent copy of this game (via serialisation; the state is
        trusted, so the load-time checks of :meth:`from_json` are skipped)."""
        return type(self)._load(json.loads(json.dumps(self.to_json())))


def json_copy(data: Any) -> Any:
    """An independent copy of ``data``: JSON-like state (dicts, lists,
    numbers, strings; tuples and sets too), as ``copy.deepcopy`` makes it
    (shared parts stay shared), by a pickle round trip: 3-6 times as fast
    (a view or a take-back snapshot is copied on every action and every
    frame that reads it)."""
    return pickle.loads(pickle.dumps(data, pickle.HIGHEST_PROTOCOL))


def ranking_from_keys(keys: list[tuple], shared: bool = True) -> list[list[int]]:
    """Group seats by a sort key (higher is better), best first.

    Args:
        keys: one comparable tuple per seat (score first, then tie-breaks).
        shared: seats with equal keys share a place.
    """
    order = sorted(range(len(keys)), key=lambda s: keys[s], reverse=True)
    groups: list[list[int]] = []
    for seat in order:
        if shared and groups and keys[groups[-1][0]] == keys[seat]:
            groups[-1].append(seat)
        else:
            groups.append([seat])
    return groups


def check_ints(obj: Any, low: int, high: int, where: str = "state") -> None:
    """Raise ValueError if any integer in the JSON data ``obj`` is outside
    ``low..high`` (a guard for snapshots of turn-based games, whose counts
    are small: a damaged count must not make an engine allocate gigabytes).
    """
    if isinstance(obj, bool):
        return
    if isinstance(obj, int):
        if not low <= obj <= high:
            raise ValueError(f"{where} = {obj} is out of range {low}..{high}")
    elif isinstance(obj, dict):
        for k, v in obj.items():
            check_ints(v, low, high, f"{where}.{k}")
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            check_ints(v, low, high, f"{where}[{i}]")
