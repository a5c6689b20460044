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

A take-back that may not be made says why (:func:`refusal`, in words
:func:`problem`): nothing done yet this turn, the dice read (or being
rolled), another seat's move, what came to light (the game's
:attr:`~engines.base.Game.TAKE_BACK_WORDS`), the round or the turn over,
another seat's turn; the history notes, when it forgets a seat's choices,
why they became final (one note a seat, kept until its turn ends or
begins anew).

Only games that set :attr:`Game.TAKE_BACK` keep snapshots (the turn-based
ones); a take-back in any other game is refused.
"""
from __future__ import annotations

import re
from typing import Any

from .words import took_back_words

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
    input came, something was revealed, the turn passed) and note why, for
    the seat whose choices became final (:func:`refusal`).  Each seat's
    note stays until its turn ends or begins anew (:func:`_age`): a third
    seat's move does not make seat 1 forget that Seat 2's move made its
    serve final (issue 34)."""
    if not game.TAKE_BACK:
        return
    history = game.__dict__.setdefault("_take_back", fresh())
    if action["type"] == "tick" and action.get("player") is None:
        return                                  # a turn-based game's clock: nothing happened
    seat = action.get("player")
    why = _closing(game, action, events, kept)
    notes = dict(history.get("closed") or {})
    if why is not None:
        notes.update(_closed(game, history, action, kept, why, notes))
        game._take_back = {**fresh(), "closed": _age(game, notes)}
        return
    if history["seat"] != seat:
        if history["kept"]:                     # another seat's move made the seat's choices final
            notes[history["seat"]] = _note(game, history["seat"], ("other_seat", None), seat)
        history = game._take_back = {"seat": seat, "kept": [], "closed": notes}
    history["closed"] = _age(game, notes)
    words = next((e["text"] for e in events if e.get("text")), "")
    history["kept"].append({"before": kept[0], "action": dict(action), "text": words})
    del history["kept"][:-MAX_KEPT]


def _age(game: Any, notes: dict[int, dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """The seats' notes (:func:`_note`) after a move: a seat whose turn
    went on at its note and is no longer due has its turn over (its
    reason no longer "still"); one whose turn had ended and is due again
    has a new turn (no note: "nothing done yet")."""
    active = set(game.active_players()) if not game.is_terminal() else set()
    aged = {}
    for seat, note in notes.items():
        if note["still"] and seat not in active:
            note = {**note, "still": False}
        elif not note["still"] and seat in active:
            continue
        aged[seat] = note
    return aged


def _closing(game: Any, action: dict[str, Any], events: list[dict[str, Any]],
             kept: tuple[dict[str, Any], Any] | None) -> tuple[str, str | None] | None:
    """Why ``action`` (applied, with ``events``) makes the choices before
    it final, as ``(code, words)`` (:data:`REFUSAL_WORDS`; ``words``: what
    came to light, the game's :attr:`~engines.base.Game.TAKE_BACK_WORDS`),
    or None when they may still be taken back."""
    if kept is None:                            # not a seat's choice: the dice read, or the game moved
        return ("dice_read", None) if action["type"] in CHANCE_TYPES else ("moved", None)
    if game.is_terminal():
        return "over", None
    if any(e.get("type") in game.ROUND_END_EVENTS for e in events):
        return "round_over", None
    if game.take_back_closer(action, events) is not None:
        words = next((game.TAKE_BACK_WORDS[e["type"]] for e in events if e.get("type") in game.TAKE_BACK_WORDS),
                     "something was shown")
        return "revealed", words
    if kept[1] != game.rng.getstate():
        return "random", None
    if game.chance_requests():
        return "dice_asked", None
    if action.get("player") not in game.active_players():
        return "turn_over", None
    return None


def _note(game: Any, seat: int, why: tuple[str, str | None], by: Any) -> dict[str, Any]:
    """Why ``seat``'s choices became final: ``{"seat", "why", "words",
    "by"}`` (``by``: the seat whose action it was, or None), ``"still"``:
    the seat's turn goes on after it."""
    return {"seat": seat, "why": why[0], "words": why[1], "by": by,
            "still": seat in game.active_players() and not game.is_terminal()}


def _closed(game: Any, history: dict[str, Any], action: dict[str, Any],
            kept: tuple[dict[str, Any], Any] | None, why: tuple[str, str | None],
            notes: dict[int, dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """The notes (:func:`_note`, seat -> note) a closing ``action`` leaves:
    for the seat whose kept choices it ends (another seat's action:
    "other_seat"), or the seat whose choice it is; the dice asked for by a
    seat's last choice, once read, turn its "dice_asked" into
    "dice_read"; the other notes stay."""
    seat = action.get("player")
    owner = history["seat"] if history["kept"] else (seat if kept is not None else None)
    if owner is not None:
        if owner != seat:                       # another seat's move, or the game's own
            why = ("other_seat", None) if seat is not None else ("moved", None)
        return {owner: _note(game, owner, why, seat)}
    if action["type"] in CHANCE_TYPES:
        return {s: _note(game, s, ("dice_read", None), n["by"]) for s, n in notes.items() if n["why"] == "dice_asked"}
    return {}


#: A refusal's words by its code (:func:`refusal`): ``{seat}`` the seat it
#: names (1-based), ``{words}`` what came to light.  The log's words; a
#: seat's screen says them in one line (``firmware.runtime.takeback``).
REFUSAL_WORDS = {
    "real_time": "{game} has no take-back (it is played in real time)",
    "over": "the game is over",
    "nothing_yet": "you have made no choice this turn yet",
    "not_your_turn": "it is Seat {seat}'s turn, not yours",
    "others_wait": "it is not your turn",
    "other_seat": "Seat {seat} has moved since your last choice",
    "moved": "the game has moved on since your last choice",
    "dice_read": "the dice were read since your last choice",
    "dice_asked": "the dice your choice asked for are being rolled",
    "revealed": "{words} since your last choice",
    "random": "the cards were shuffled since your last choice",
    "round_over": "the round has ended",
    "turn_over": "your turn is over",
}


def refusal(game: Any, player: Any) -> dict[str, Any] | None:
    """Why ``player`` may not take back now: ``{"why": code, "seat": the
    seat it names (0-based) or None, "words": what came to light or
    None}`` (codes: :data:`REFUSAL_WORDS`), or None when it may.

    The seat's own reason while its turn goes on ("dice_read",
    "other_seat", "revealed", ...); "nothing_yet" at the start of its turn;
    once its turn (or the round) ended, "turn_over" ("round_over",
    "dice_asked" while the dice its choice asked for are rolled); while
    another seat plays, "not_your_turn"."""
    def say(why: str, seat: Any = None, words: str | None = None) -> dict[str, Any]:
        return {"why": why, "seat": seat, "words": words}
    if not game.TAKE_BACK:
        return say("real_time")
    if game.is_terminal():
        return say("over")
    history = game.__dict__.get("_take_back") or fresh()
    active = game.active_players()
    if history["kept"] and history["seat"] == player:
        if game.chance_requests():
            return say("dice_asked")
        return None if player in active else say("turn_over")
    mine = (history.get("closed") or {}).get(player)
    if player in active:
        return say(mine["why"], mine["by"], mine["words"]) if mine and mine["still"] else say("nothing_yet")
    if mine is not None:
        if mine["why"] == "dice_asked" and game.chance_requests():
            return say("dice_asked")
        return say("round_over" if mine["why"] == "round_over" else "turn_over")
    return say("not_your_turn", active[0]) if active else say("others_wait")


def problem(game: Any, player: Any) -> str | None:
    """Why ``player`` may not take back now, in words (:func:`refusal` in
    :data:`REFUSAL_WORDS`); None when it may."""
    why = refusal(game, player)
    if why is None:
        return None
    seat = why["seat"] + 1 if isinstance(why["seat"], int) else "another"
    return REFUSAL_WORDS[why["why"]].format(game=game.display_name, seat=seat, words=why["words"])


def take_back(game: Any, player: int) -> list[dict[str, Any]]:
    """Restore the state before ``player``'s latest kept choice.

    Returns:
        One event ``{"type": "take_back", "player", "action", "text"}``;
        its text says what was taken back as a sentence ("Seat 2 took
        back raising ...": :func:`engines.words.took_back_words`).

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
    rest = {"seat": player, "kept": history["kept"][:-1], "closed": dict(history.get("closed") or {})}
    game.__dict__.clear()
    game.__dict__.update(restored.__dict__)
    game._take_back = rest
    what = _without_seat(last["text"]) or last["action"]["type"].replace("_", " ")
    return [{"type": TAKE_BACK, "player": player, "action": last["action"],
             "text": took_back_words(f"Seat {player + 1} took back: {what}")}]


def _without_seat(text: str) -> str:
    """An event text without the seat that opens it ("seat 1 raises ..."
    -> "raises ..."), so it follows "Seat 1 took back: "."""
    return re.sub(r"^(?:[Ss]eat|Player) \d+ ", "", text)


def to_json(game: Any) -> dict[str, Any] | None:
    """The history as JSON data for :meth:`Game.to_json` (None when empty):
    ``{"seat", "kept": [...], "closed": [note, ...]}``, the notes
    (:func:`_note`) of why seats' choices became final, so a loaded game
    refuses in the same words."""
    history = game.__dict__.get("_take_back")
    closed = list((history or {}).get("closed", {}).values())
    if not history or not (history["kept"] or closed):
        return None
    data: dict[str, Any] = {"seat": history["seat"], "kept": [dict(k) for k in history["kept"]]}
    if closed:
        data["closed"] = [dict(note) for note in closed]
    return data


#: The keys of a saved note (:func:`_note`) and the types they hold.
_NOTE_KEYS = {"seat": int, "why": str, "words": (str, type(None)), "by": (int, type(None)), "still": bool}


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
    seat, closed = data.get("seat"), _notes_from_json(data.get("closed", []))
    if not data["kept"] and seat is None:
        return {**fresh(), "closed": closed}
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
    return {"seat": seat, "kept": kept, "closed": closed}


def _notes_from_json(data: Any) -> dict[int, dict[str, Any]]:
    """The per-seat notes saved by :func:`to_json` (a list), seat -> note.

    Raises:
        ValueError: a note is not an object of :data:`_NOTE_KEYS` with a
            known reason (:data:`REFUSAL_WORDS`).
    """
    if not isinstance(data, list):
        raise ValueError("'take_back.closed' must be a list of notes")
    notes = {}
    for note in data:
        if not isinstance(note, dict) or set(note) != set(_NOTE_KEYS) \
                or any(not isinstance(note[k], t) or (t is int and isinstance(note[k], bool))
                       for k, t in _NOTE_KEYS.items()) \
                or note["why"] not in REFUSAL_WORDS:
            raise ValueError(f"a 'take_back.closed' note needs {sorted(_NOTE_KEYS)} and a known 'why'")
        notes[note["seat"]] = dict(note)
    return notes
