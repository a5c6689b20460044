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

Views
-----
:meth:`Game.view` returns a JSON-serialisable dict for one player (``int``)
or the public (``None``), with everything that viewer may not see left out:
other hands, deck order, hidden bonus cards, the RNG state.
"""
from __future__ import annotations

import copy
import json
import random
from typing import Any, ClassVar

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
        return self._apply(action)

    def _apply(self, action: Action) -> list[Event]:
        """Engine hook: validate then apply; raise IllegalAction before any
        mutation."""
        raise NotImplementedError

    # ------------------------------------------------------ serialisation
    def to_json(self) -> dict[str, Any]:
        """Exact, JSON-serialisable snapshot of the whole state (RNG
        included): ``from_json(to_json())`` behaves identically."""
        state = self._state_to_json()
        return {
            "game": self.game_id,
            "num_players": self.num_players,
            "seed": self.seed,
            "options": dict(self.options),
            "rng": rng_state_to_json(self.rng),
            "state": state,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Game":
        """Rebuild a game from :meth:`to_json` output.

        Raises:
            ValueError: the data is not a snapshot of this game.
        """
        if not isinstance(data, dict) or data.get("game") != cls.game_id:
            raise ValueError(f"not a {cls.game_id} snapshot")
        game = cls.__new__(cls)
        game.num_players = data["num_players"]
        game.seed = data["seed"]
        game.options = dict(data["options"])
        game.rng = rng_state_from_json(data["rng"])
        game._state_from_json(copy.deepcopy(data["state"]))
        return game

    def _state_to_json(self) -> dict[str, Any]:
        """Engine hook: the engine's own state as JSON data."""
        raise NotImplementedError

    def _state_from_json(self, state: dict[str, Any]) -> None:
        """Engine hook: restore the engine's own state."""
        raise NotImplementedError

    def clone(self) -> "Game":
        """An independent copy of this game (via serialisation)."""
        return type(self).from_json(json.loads(json.dumps(self.to_json())))


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
