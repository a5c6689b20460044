"""The AI players of the solo and 2-player game (rulebook "Solo and
2-Player Rules"; ruling CC-7).

AI decisions use the game's own seeded RNG (the AI die is virtual on the
cabinet: CAB-1 lists physical dice only for Retrograde and Ginza), and each
step (card drawn, die rolled, server placed or moved) is reported as its own
event so the runtime can show them one by one.
"""
from __future__ import annotations

import random
from typing import Any

from .data import Components
from .stations import ai_placement_rank, free_ranks, lowest, max_move_up, move_up

SYMBOL_WORDS = {0: "blank", 1: "one symbol", 2: "two symbols"}


def roll_ai_die(comp: Components, rng: random.Random) -> int:
    """Roll the AI die; returns the symbols shown (0, 1 or 2; CC-7)."""
    return rng.choice(comp.ai_die_symbols)


def place(comp: Components, rng: random.Random, ai_id: str, deck: list[str],
          stations: dict[str, list], closed: str | None) -> list[dict[str, Any]]:
    """One AI server placement (rulebook Solo Phase 1; CC-5, CC-7).

    Draws the top card of the AI's placement deck (``deck`` is mutated);
    a card naming a closed or full station is discarded and the next one
    drawn.  Then rolls the AI die: rank = 1 + symbols, the next higher free
    rank if taken, then the next lower.  ``stations`` is mutated.

    Returns:
        the events, one per step.
    """
    name = comp.ai_name(ai_id)
    events: list[dict[str, Any]] = []
    while deck:
        card = deck.pop(0)
        sname = comp.station_name(card)
        events.append({"type": "ai_draw", "ai": ai_id, "station": card,
                       "text": f"{name} draws the {sname} card"})
        if card == closed:
            events.append({"type": "ai_redraw", "ai": ai_id, "station": card,
                           "text": f"{sname} is closed this round: {name} draws again"})
            continue
        if not free_ranks(stations[card]):
            events.append({"type": "ai_redraw", "ai": ai_id, "station": card,
                           "text": f"{sname} is full: {name} draws again"})
            continue
        symbols = roll_ai_die(comp, rng)
        want = min(1 + symbols, len(stations[card]))
        events.append({"type": "ai_roll", "ai": ai_id, "symbols": symbols,
                       "text": f"{name} rolls the AI die: {SYMBOL_WORDS[symbols]} (rank {want})"})
        rank = ai_placement_rank(stations[card], symbols)
        stations[card][rank - 1] = ai_id
        taken = "" if rank == want else f" (rank {want} is taken)"
        events.append({"type": "ai_place", "ai": ai_id, "station": card, "rank": rank,
                       "text": f"{name} sends a server to {sname}, rank {rank}{taken}"})
        return events
    events.append({"type": "ai_no_place", "ai": ai_id,
                   "text": f"{name} has no station left to send a server to"})
    return events


def move(comp: Components, rng: random.Random, station_id: str, stations: dict[str, list],
         ) -> tuple[list[dict[str, Any]], Any]:
    """An AI server on the lowest rank rolls the AI die and moves up that
    many ranks without paying (rulebook Solo Phase 2; CC-4, CC-7).  The move
    is capped at the front rank.  ``stations`` is mutated.

    Returns:
        ``(events, locked)``: ``locked`` is the server pushed to the lowest
        rank (CC-4) or ``None``.
    """
    station = stations[station_id]
    ai_id = lowest(station)[1]
    name = comp.ai_name(ai_id)
    sname = comp.station_name(station_id)
    symbols = roll_ai_die(comp, rng)
    events = [{"type": "ai_roll", "ai": ai_id, "symbols": symbols, "station": station_id,
               "text": f"{name} rolls the AI die at {sname}: {SYMBOL_WORDS[symbols]}"}]
    ranks = min(symbols, max_move_up(station))
    if ranks == 0:
        events.append({"type": "ai_stay", "ai": ai_id, "station": station_id,
                       "text": f"{name} stays on the lowest rank of {sname}"})
        return events, None
    old = lowest(station)[0]
    stations[station_id], locked = move_up(station, ranks)
    events.append({"type": "ai_move_up", "ai": ai_id, "station": station_id,
                   "from_rank": old, "to_rank": old + ranks,
                   "text": f"{name} moves up at {sname} from rank {old} to rank {old + ranks}"})
    return events, locked
