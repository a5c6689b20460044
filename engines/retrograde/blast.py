"""3 - Blast Droids: one seat's turn (validation, legal actions, effects).

The turn state is a JSON dict kept by the game (``state["turn"]``)::

    {"seat": p, "pool": [die values], "spent": [bool], "real": n,
     "cells": [cells blasted this turn], "comet_cell": cell or None,
     "odd": k, "even": k, "coins": k}

``pool`` holds the seat's real dice (Cube Friend dice included) followed by
virtual dice in the order they were added (Odd Eye, Even Steven, coin
copies).  Actions (all carry ``"player"``):

* ``{"type": "odd", "value": 1|3|5}`` / ``{"type": "even", "value": 2|4|6}``
  - Odd Eye / Even Steven: add a virtual die (one per copy unlocked).
* ``{"type": "coin", "die": i}`` - spend a coin: add a copy of die ``i``
  (two copies with Super Coin, one more per extra Super Coin) (RG-6).
* ``{"type": "blast", "cell": k, "dice": [i, j]}`` - a pair of matching
  dice (or wild: Snake Eye 1s, 2 Wild 2s) blasts droid ``k`` of that colour,
  a colour on the claimed card.
* ``{"type": "comet", "cell": k, "dice": [i, j, l]}`` - 3 matching dice
  blast any droid, never a boss (RG-5); once, if the card shows a comet.
* ``{"type": "trophy", "die": i}`` - circle the trophy of that die's pips
  with a single leftover die; ends the turn.
* ``{"type": "done"}`` - end the turn.

Every blast keeps the droids blasted this turn a legal chain (RG-4,
:mod:`.chain`).  Each action spends something, so random play ends.
"""
from __future__ import annotations

from typing import Any

from engines.base import IllegalAction

from .chain import chain_ok
from .components import CELLS, cell_name, colour_of


def power_count(seat: dict, name: str) -> int:
    """How many copies of power-up ``name`` the seat has unlocked."""
    return seat["unlocked"].count(name)


def wild_values(seat: dict) -> set[int]:
    """Die faces that count as any droid type (Snake Eye 1, 2 Wild 2)."""
    out = set()
    if power_count(seat, "Snake Eye"):
        out.add(1)
    if power_count(seat, "2 Wild"):
        out.add(2)
    return out


def new_turn(seat_no: int, seat: dict) -> dict:
    """The turn state at the start of a seat's 3 - Blast Droids."""
    dice = list(seat["dice"] or [])
    return {"seat": seat_no, "pool": dice, "spent": [False] * len(dice), "real": len(dice),
            "cells": [], "comet_cell": None, "odd": 0, "even": 0, "coins": 0}


def _die(turn: dict, index: Any, what: str) -> int:
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(turn["pool"]):
        raise IllegalAction(f"{what}: no die number {index!r} (dice are 0..{len(turn['pool']) - 1})")
    if turn["spent"][index]:
        raise IllegalAction(f"{what}: die {index} ({turn['pool'][index]}) is already spent this turn")
    return turn["pool"][index]


def _dice(turn: dict, indices: Any, n: int, what: str) -> list[int]:
    if not isinstance(indices, list) or len(indices) != n:
        raise IllegalAction(f"{what} needs exactly {n} dice, got {indices!r}")
    if len(set(i for i in indices if isinstance(i, int))) != n:
        raise IllegalAction(f"{what}: a die cannot be spent twice ({indices!r})")
    return [_die(turn, i, what) for i in indices]


def _open_cell(seat: dict, turn: dict, cell: Any, what: str) -> int:
    if isinstance(cell, bool) or not isinstance(cell, int) or not 0 <= cell < CELLS:
        raise IllegalAction(f"{what}: cell must be a droid 0..24, got {cell!r}")
    if seat["blasted"][cell] or cell in turn["cells"]:
        raise IllegalAction(f"{what}: the droid at {cell_name(cell)} is already blasted")
    return cell


def check(game_state: dict, seat: dict, card, turn: dict, action: dict, frogs: int) -> None:
    """Validate one Blast Droids action without changing anything.

    Raises:
        IllegalAction: with the rule broken (chain RG-4, comet RG-5, coin
            RG-6, power-up not unlocked, dice spent twice, ...).
    """
    kind = action["type"]
    wild = wild_values(seat)
    if "boss" in action:
        if kind == "comet":
            raise IllegalAction("a comet can only blast normal droids, never a boss")
        raise IllegalAction("bosses are blasted only by completing their column (4 - End the Round)")
    if kind in ("odd", "even"):
        name, values = ("Odd Eye", (1, 3, 5)) if kind == "odd" else ("Even Steven", (2, 4, 6))
        if turn[kind] >= power_count(seat, name):
            raise IllegalAction(f"{name} is not unlocked" if not power_count(seat, name)
                                else f"every {name} is already used this round")
        if action.get("value") not in values:
            raise IllegalAction(f"{name} adds a die showing one of {values}, not {action.get('value')!r}")
    elif kind == "coin":
        if seat["coins_marked"] - seat["coins_spent"] <= 0:
            raise IllegalAction("no unspent coin to spend (coins are marked at 4 - End the Round)")
        _die(turn, action.get("die"), "a coin copies one of your dice")
    elif kind == "blast":
        cell = _open_cell(seat, turn, action.get("cell"), "blast")
        colour = seat["pips"][cell]
        if colour not in card.colours:
            raise IllegalAction(f"the droid at {cell_name(cell)} is {colour_of(colour)}; your card shows "
                                f"{colour_of(card.colours[0])} and {colour_of(card.colours[1])} only")
        values = _dice(turn, action.get("dice"), 2, "a blast")
        for v in values:
            if v != colour and v not in wild:
                raise IllegalAction(f"a {v} does not match a {colour_of(colour)} droid ({colour} pips)")
        if not chain_ok(turn["cells"] + [cell], frogs):
            raise IllegalAction(f"the droid at {cell_name(cell)} breaks the chain: it must touch the "
                                f"droids blasted this round")
    elif kind == "comet":
        if card.spot != "comet":
            raise IllegalAction("your card shows no comet")
        if turn["comet_cell"] is not None:
            raise IllegalAction("the comet is already used this round")
        cell = _open_cell(seat, turn, action.get("cell"), "comet")
        values = _dice(turn, action.get("dice"), 3, "a comet")
        if len({v for v in values if v not in wild}) > 1:
            raise IllegalAction(f"a comet needs 3 matching dice, got {values}")
        if not chain_ok(turn["cells"] + [cell], frogs):
            raise IllegalAction(f"the droid at {cell_name(cell)} breaks the chain (a comet blast is part of "
                                f"it)")
    elif kind == "trophy":
        v = _die(turn, action.get("die"), "a trophy")
        if seat["trophies"][v - 1]:
            raise IllegalAction(f"your {v}-pip trophy is already circled")
    elif kind != "done":
        raise IllegalAction(f"{kind!r} is not an action of 3 - Blast Droids")


def apply(game_state: dict, seat: dict, turn: dict, action: dict) -> tuple[list[dict], bool]:
    """Apply a checked action; return (events, turn over)."""
    kind, p = action["type"], turn["seat"]
    if kind in ("odd", "even"):
        turn[kind] += 1
        turn["pool"].append(action["value"])
        turn["spent"].append(False)
        name = "Odd Eye" if kind == "odd" else "Even Steven"
        return [{"type": kind, "player": p, "value": action["value"],
                 "text": f"Seat {p + 1} uses {name}: an extra {action['value']}"}], False
    if kind == "coin":
        v = turn["pool"][action["die"]]
        copies = 1 + power_count(seat, "Super Coin")
        seat["coins_spent"] += 1
        turn["coins"] += 1
        turn["pool"].extend([v] * copies)
        turn["spent"].extend([False] * copies)
        return [{"type": "coin", "player": p, "value": v, "copies": copies,
                 "text": f"Seat {p + 1} spends a coin: {copies} extra {v}"}], False
    if kind in ("blast", "comet"):
        cell = action["cell"]
        for i in action["dice"]:
            turn["spent"][i] = True
        turn["cells"].append(cell)
        if kind == "comet":
            turn["comet_cell"] = cell
        seat["blasted"][cell] = True
        colour = colour_of(seat["pips"][cell])
        how = "with the comet" if kind == "comet" else "with a pair"
        return [{"type": kind, "player": p, "cell": cell,
                 "text": f"Seat {p + 1} blasts the {colour} droid at {cell_name(cell)} {how}"}], False
    if kind == "trophy":
        v = turn["pool"][action["die"]]
        turn["spent"][action["die"]] = True
        seat["trophies"][v - 1] = True
        return [{"type": "trophy", "player": p, "pips": v,
                 "text": f"Seat {p + 1} circles the {v}-pip trophy"}], True
    return [{"type": "done", "player": p, "text": f"Seat {p + 1} is done blasting"}], True


def legal(game_state: dict, seat: dict, card, turn: dict, frogs: int) -> list[dict]:
    """Legal Blast Droids actions of the turn's seat (one canonical choice of
    dice per distinct value combination)."""
    p = turn["seat"]
    out: list[dict] = []
    wild = wild_values(seat)
    free = [i for i, s in enumerate(turn["spent"]) if not s]
    first_of: dict[int, int] = {}
    for i in free:
        first_of.setdefault(turn["pool"][i], i)
    for kind, name, values in (("odd", "Odd Eye", (1, 3, 5)), ("even", "Even Steven", (2, 4, 6))):
        if turn[kind] < power_count(seat, name):
            out.extend({"type": kind, "player": p, "value": v} for v in values)
    if seat["coins_marked"] > seat["coins_spent"]:
        out.extend({"type": "coin", "player": p, "die": i} for i in sorted(first_of.values()))
    pairs: dict[int, list[list[int]]] = {}
    for colour in card.colours:
        usable = [i for i in free if turn["pool"][i] == colour or turn["pool"][i] in wild]
        seen, opts = set(), []
        for x in range(len(usable)):
            for y in range(x + 1, len(usable)):
                key = tuple(sorted((turn["pool"][usable[x]], turn["pool"][usable[y]])))
                if key not in seen:
                    seen.add(key)
                    opts.append([usable[x], usable[y]])
        pairs[colour] = opts
    triples = []
    if card.spot == "comet" and turn["comet_cell"] is None:
        seen = set()
        for x in range(len(free)):
            for y in range(x + 1, len(free)):
                for z in range(y + 1, len(free)):
                    tri = [free[x], free[y], free[z]]
                    vals = [turn["pool"][i] for i in tri]
                    key = tuple(sorted(vals))
                    if key in seen or len({v for v in vals if v not in wild}) > 1:
                        continue
                    seen.add(key)
                    triples.append(tri)
    for cell in range(CELLS):
        if seat["blasted"][cell] or cell in turn["cells"]:
            continue
        if not chain_ok(turn["cells"] + [cell], frogs):
            continue
        colour = seat["pips"][cell]
        for dice in pairs.get(colour, []):
            out.append({"type": "blast", "player": p, "cell": cell, "dice": dice})
        for dice in triples:
            out.append({"type": "comet", "player": p, "cell": cell, "dice": dice})
    for v, i in sorted(first_of.items()):
        if not seat["trophies"][v - 1]:
            out.append({"type": "trophy", "player": p, "die": i})
    out.append({"type": "done", "player": p})
    return out
