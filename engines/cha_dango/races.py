"""Cha dango races, decided by hardware timestamps (rulings CAB-3, CAB-4).

Both races live in a plain JSON dict (``game.race``) so that the game
serialises exactly.  Times are integer microseconds (us) on the edge-source
clock.

Settle window (``settle_us``): the runtime promises that an input which
arrives late is stamped no earlier than ``now - settle_us`` (``now`` = the
latest timestamp the engine has seen).  So the engine only decides what
happened up to the *horizon* ``now - settle_us``; inputs stamped before the
horizon are refused as too late, inputs between the horizon and ``now`` are
still ranked by their stamps (ruling CAB-3: never by arrival order).

Slap race ("How to Play" 2A, rulings CD-4, CD-5): the earliest eligible press
wins the first matching customer (dining-area order, oldest first).  It is
decided once the horizon reaches the press's stamp plus the tie resolution,
so every press that could tie with it (closer than ``tie_resolution_us``,
CAB-4) is known; a tie is broken by the game's seeded RNG and logged as a tie.
Every press in the decided group is used up.  The winner's presses are then
ignored for ``placing_delay_us`` after their winning press while the others
race for the next matching customer; then all race again.

Sip race ("How to Play" 2B, rulings CD-6, CD-7): a seat's sip is complete at
the first cup-down that comes at least ``sip_us`` after a lift made after
the order appeared.  A seat's completion depends on that seat's own edges
only (which arrive in stamp order), so it is final when it arrives.  The race
closes when every seat has completed, or when the horizon reaches the sip
timeout (``sip_timeout_us`` after the order); seats that have not completed
by then are the slowest.
"""
from __future__ import annotations

from typing import Any

Event = dict[str, Any]


def seat_name(seat: int) -> str:
    """Words for a seat on screen: seat 0 is "Player 1"."""
    return f"Player {seat + 1}"


def seats_text(seats: list[int]) -> str:
    """"Players 1 and 3" style list of seats."""
    names = [str(s + 1) for s in sorted(seats)]
    if len(names) == 1:
        return f"Player {names[0]}"
    return "Players " + ", ".join(names[:-1]) + " and " + names[-1]


def ms(us: int) -> str:
    """A duration in us as milliseconds for a screen ("312 ms", "0.004 ms")."""
    if abs(us) >= 1000 or us == 0:
        return f"{round(us / 1000)} ms"
    return f"{us / 1000:.3f} ms"


def new_slap_race(open_us: int, targets: list[int], num_players: int) -> dict[str, Any]:
    """A slap race opened at ``open_us`` for the matching customers
    ``targets`` (card ids, oldest first)."""
    return {
        "kind": "slap",
        "open_us": open_us,
        "targets": list(targets),
        "presses": [],            # [t_us, seat, seq], not yet used up
        "seq": 0,
        "placing_until_us": [open_us] * num_players,
        "won": [],                # [card, seat, t_us]
        "last_t_us": [None] * num_players,
    }


def new_sip_race(open_us: int, timeout_us: int, num_players: int) -> dict[str, Any]:
    """A sip race opened at ``open_us`` that times out at
    ``open_us + timeout_us``."""
    return {
        "kind": "sip",
        "open_us": open_us,
        "timeout_at_us": open_us + timeout_us,
        "lift_us": [None] * num_players,   # counted lift (after the order), per seat
        "done_us": [None] * num_players,   # completed sip (cup-down time), per seat
        "last_t_us": [None] * num_players,
    }


# ---------------------------------------------------------------- slap race
def add_press(race: dict[str, Any], seat: int, t_us: int) -> None:
    """Record a press edge (validated by the caller); keep stamp order."""
    race["presses"].append([t_us, seat, race["seq"]])
    race["seq"] += 1
    race["presses"].sort(key=lambda p: (p[0], p[2]))


def _eligible(race: dict[str, Any], press: list) -> bool:
    t_us, seat, _ = press
    return t_us >= race["placing_until_us"][seat]


def slap_deadline(race: dict[str, Any], settle_us: int, resolution_us: int) -> int | None:
    """When a tick lets the slap race decide its next press (us), or None
    while no press is waiting."""
    if not race["presses"]:
        return None
    first = race["presses"][0]
    if not _eligible(race, first):
        return first[0] + settle_us
    return first[0] + resolution_us + settle_us


def advance_slap(race: dict[str, Any], horizon_us: int, resolution_us: int,
                 placing_delay_us: int, rng, cards) -> list[Event]:
    """Decide every press the horizon has passed (ruling CD-4, CAB-4).

    Mutates ``race``: moves won customers from ``targets`` to ``won`` and
    uses up decided presses.  Returns the events ("won", "tie", "ignored").
    The caller closes the race when ``targets`` is empty.
    """
    events: list[Event] = []
    presses = race["presses"]
    while race["targets"] and presses:
        first = presses[0]
        if not _eligible(race, first):
            if first[0] > horizon_us:
                break
            presses.pop(0)
            seat = first[1]
            events.append({"type": "slap_ignored", "player": seat, "t_us": first[0],
                           "text": f"{seat_name(seat)} is still placing the customer just won: slap ignored"})
            continue
        if first[0] + resolution_us > horizon_us:
            break
        group_end = first[0] + resolution_us
        group = [p for p in presses if p[0] < group_end]
        del presses[:len(group)]
        contenders: dict[int, int] = {}
        for t_us, seat, _ in group:
            if _eligible(race, [t_us, seat, 0]) and seat not in contenders:
                contenders[seat] = t_us
            elif not _eligible(race, [t_us, seat, 0]):
                events.append({"type": "slap_ignored", "player": seat, "t_us": t_us,
                               "text": f"{seat_name(seat)} is still placing the customer just won: slap ignored"})
        seats = sorted(contenders)
        if len(seats) == 1:
            winner = seats[0]
        else:
            winner = rng.choice(seats)
            events.append({"type": "tie", "players": seats, "winner": winner, "t_us": first[0],
                           "text": (f"Tie: {seats_text(seats)} slapped within {ms(resolution_us)} of each other; "
                                    f"a coin flip gives the customer to {seat_name(winner)} (CAB-4)")})
        t_win = contenders[winner]
        card = race["targets"].pop(0)
        race["won"].append([card, winner, t_win])
        race["placing_until_us"][winner] = t_win + placing_delay_us
        after = t_win - race["open_us"]
        runner = next((p for p in presses if p[1] != winner and _eligible(race, p)), None)
        margin = ""
        if len(seats) > 1:
            margin = ", by a coin flip"
        elif runner is not None:
            margin = f", {ms(runner[0] - t_win)} ahead of {seat_name(runner[1])}"
        events.append({"type": "customer_won", "player": winner, "card": card, "t_us": t_win,
                       "text": (f"{seat_name(winner)} served the customer ({cards[card].describe()}) "
                                f"{ms(after)} after the order{margin}")})
    return events


# ----------------------------------------------------------------- sip race
def sip_deadline(race: dict[str, Any], settle_us: int) -> int:
    """When a tick closes the sip race by time-out (us)."""
    return race["timeout_at_us"] + settle_us


def slowest_sipper(race: dict[str, Any], resolution_us: int, rng) -> tuple[int, list[Event]]:
    """The slowest seat of a finished sip race (ruling CD-6; ties CAB-4).

    A seat that did not complete its sip before the time-out is slowest;
    several such seats, or completions closer than ``resolution_us``, are a
    tie broken by the game's seeded RNG and logged.  Returns the seat and
    the events ("slowest", maybe "tie").
    """
    done = race["done_us"]
    missing = [s for s, t in enumerate(done) if t is None]
    events: list[Event] = []
    if missing:
        group = missing
        reason = f"did not finish the sip within {ms(race['timeout_at_us'] - race['open_us'])}"
        others = [t for t in done if t is not None]
        margin = ""
    else:
        latest = max(done)
        group = [s for s, t in enumerate(done) if latest - t < resolution_us]
        others = [t for s, t in enumerate(done) if s not in group]
        reason = f"finished the sip {ms(latest - race['open_us'])} after the order"
        margin = f", {ms(latest - max(others))} after the next slowest" if others else ""
    if len(group) == 1:
        slowest = group[0]
    else:
        slowest = rng.choice(sorted(group))
        events.append({"type": "tie", "players": sorted(group), "loser": slowest,
                       "text": (f"Tie for slowest sip between {seats_text(group)}; "
                                f"a coin flip picks {seat_name(slowest)} (CAB-4)")})
    events.append({"type": "slowest_sip", "player": slowest,
                   "text": f"{seat_name(slowest)} was slowest to sip: {reason}{margin}"})
    return slowest, events
