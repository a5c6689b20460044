"""Take-back: a seat takes back its last confirmed choice (turn-based games).

The policy (Board Game Arena's): a seat may take back its last choice while
its turn lasts and nothing hidden or random came to light since; allowed for
a misclick and within a complex turn, never across another seat's move, a
revealed secret or a random event.  In the engine's words, the choices a
seat may take back are the player actions it applied since:

* no other seat acted, and no chance input (a ``"dice"`` answer) came in;
* no action of the seat revealed anything: its events hold none of the
  game's :attr:`~engines.base.Game.REVEALING_EVENTS` (a card drawn, a
  customer arriving, an AI player's move) and the game's RNG did not move
  (a shuffle or a random pick is a random event);
* the seat is still one whose decision is due (:meth:`Game.active_players`)
  and the game does not wait for dice.

Each take-back undoes one choice (the latest); taking back again undoes the
one before it, back to the start of the seat's turn.  The engine keeps a
snapshot (:meth:`Game.to_json` without this history) before each such
choice; the take-back is itself an action, ``{"type": "take_back",
"player": seat}``, so a journal records it as its own line and a replay
reproduces it.  Bots never take back (it is not among the legal actions).

Only games that set :attr:`Game.TAKE_BACK` keep snapshots (the turn-based
ones); a take-back in any other game is refused.
"""
from __future__ import annotations

import re
from typing import Any

#: The action type of a take-back.
TAKE_BACK = "take_back"
#: Action types that answer a chance request (the physical world revealed).
CHANCE_TYPES = frozenset({"dice"})
#: At most this many choices of one turn are kept (a turn of Café
#: International Junior places at most 8 guests; more is a damaged snapshot).
MAX_KEPT = 64


def fresh() -> dict[str, Any]:
    """An empty take-back history: no seat, no choice kept."""
    return {"seat": None, "kept": []}


def before(game: Any, action: dict[str, Any]) -> tuple[dict[str, Any], Any] | None:
    """What to keep before ``action`` is applied: ``(snapshot, rng state)``
    when ``action`` is a seat's choice in a game that allows take-backs,
    else None (ticks, chance inputs, real-time games)."""
    if not game.TAKE_BACK or action.get("player") is None or action["type"] in CHANCE_TYPES:
        return None
    return snapshot(game), game.rng.getstate()


def snapshot(game: Any) -> dict[str, Any]:
    """The game's :meth:`to_json` without its take-back history."""
    data = game.to_json()
    data.pop("take_back", None)
    return data


def after(game: Any, action: dict[str, Any], events: list[dict[str, Any]],
          kept: tuple[dict[str, Any], Any] | None) -> None:
    """Update the history after ``action`` was applied with ``events``:
    keep the snapshot taken :func:`before` it when the seat may still take
    it back, else forget every kept choice (another seat acted, a chance
    input came, something was revealed, the turn passed)."""
    if not game.TAKE_BACK:
        return
    history = game.__dict__.setdefault("_take_back", fresh())
    if action["type"] == "tick" and action.get("player") is None:
        return                                  # a turn-based game's clock: nothing happened
    seat = action.get("player")
    if kept is None or game.is_terminal() or game.take_back_closer(action, events) is not None \
            or kept[1] != game.rng.getstate() or seat not in game.active_players() \
            or game.chance_requests():
        game._take_back = fresh()
        return
    if history["seat"] != seat:
        history = game._take_back = {"seat": seat, "kept": []}
    words = next((e["text"] for e in events if e.get("text")), "")
    history["kept"].append({"before": kept[0], "action": dict(action), "text": words})
    del history["kept"][:-MAX_KEPT]


def problem(game: Any, player: Any) -> str | None:
    """Why ``player`` may not take back now, in words; None when it may."""
    if not game.TAKE_BACK:
        return f"{game.display_name} has no take-back (it is played in real time)"
    history = game.__dict__.get("_take_back") or fresh()
    if game.is_terminal():
        return "the game is over"
    if not history["kept"] or history["seat"] != player:
        return "there is no choice of yours to take back since the last draw, roll or other seat's move"
    if player not in game.active_players() or game.chance_requests():
        return "your turn is over"
    return None


def take_back(game: Any, player: int) -> list[dict[str, Any]]:
    """Restore the state before ``player``'s latest kept choice.

    Returns:
        One event ``{"type": "take_back", "player", "action", "text"}``;
        its text says what was taken back ("Seat 2 took back:
        raises ...").

    Raises:
        ValueError: the seat may not take back now (:func:`problem` says
            why); nothing changes.  :meth:`Game.apply` checks first and
            raises ``IllegalAction`` instead.
    """
    why = problem(game, player)
    if why is not None:
        raise ValueError(f"no take-back: {why}")
    history = game._take_back
    last = history["kept"][-1]
    restored = type(game)._load(last["before"])
    rest = {"seat": player, "kept": history["kept"][:-1]}
    game.__dict__.clear()
    game.__dict__.update(restored.__dict__)
    game._take_back = rest
    what = _without_seat(last["text"]) or last["action"]["type"].replace("_", " ")
    return [{"type": TAKE_BACK, "player": player, "action": last["action"],
             "text": f"Seat {player + 1} took back: {what}"}]


def _without_seat(text: str) -> str:
    """An event text without the seat that opens it ("seat 1 raises ..."
    -> "raises ..."), so it follows "Seat 1 took back: "."""
    return re.sub(r"^(?:[Ss]eat|Player) \d+ ", "", text)


def to_json(game: Any) -> dict[str, Any] | None:
    """The history as JSON data for :meth:`Game.to_json` (None when empty)."""
    history = game.__dict__.get("_take_back")
    if not history or not history["kept"]:
        return None
    return {"seat": history["seat"], "kept": [dict(k) for k in history["kept"]]}


def from_json(cls: Any, data: Any) -> dict[str, Any]:
    """A history read back from :func:`to_json` data, each kept snapshot
    loaded to check it.

    Raises:
        ValueError: the data is damaged (the message says where).
    """
    if data is None:
        return fresh()
    if not isinstance(data, dict) or not isinstance(data.get("kept"), list):
        raise ValueError("'take_back' must be an object with a 'kept' list")
    seat = data.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= len(data["kept"]) <= MAX_KEPT:
        raise ValueError("'take_back' needs a seat and 1..64 kept choices")
    kept = []
    for item in data["kept"]:
        if not isinstance(item, dict) or not isinstance(item.get("action"), dict) \
                or not isinstance(item.get("text"), str) or not isinstance(item.get("before"), dict) \
                or "take_back" in item["before"]:
            raise ValueError("a kept choice needs 'before', 'action' and 'text'")
        cls._load(item["before"])
        kept.append({"before": item["before"], "action": item["action"], "text": item["text"]})
    return {"seat": seat, "kept": kept}
