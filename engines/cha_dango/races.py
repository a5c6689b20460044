"""Cha dango races, decided by hardware timestamps (rulings CAB-3, CAB-4,
CD-4..CD-7, CD-9).

An order opens one race (``game.race``, a plain JSON dict so the game
serialises exactly); the same race serves both of the book's actions
("How to Play" 2: "Each player must do one of the following actions based
on the card"), because the players must *see* which one the card asks for
(ruling CD-9).  Whether customers match (``kind``), which ones
(``targets``) and what the engine has already decided (``won``, ``log``)
stay inside the race until it is decided; views show only the inputs (a
seat's own view also its own wrong hit, CD-12: it is out of the order).

Times are integer microseconds (us) on the edge-source clock.

Settle window (``settle_us``): the runtime promises that an input which
arrives late is stamped no earlier than ``now - settle_us`` (``now`` = the
latest timestamp the engine has seen).  So the engine only decides what
happened up to the *horizon* ``now - settle_us``; inputs stamped before the
horizon are refused as too late, inputs between the horizon and ``now`` are
still ranked by their stamps (ruling CAB-3: never by arrival order).

Answers (CD-9): a seat's first press answers "a customer matches", its first
cup lift after the order "nothing matches"; the first answer stands.

A hit names a customer (ruling CD-12, book 2A: "hit the corresponding
customer(s)"; "if you hit the wrong customer card, you don't [get] any
card").  A hit on a customer that does not match is a *wrong hit*: it wins
nothing and is the seat's last answer in this order (its later hits count
for nothing, ``wrong_us``); on an order nothing matches it is no sip
either (the seat is the slowest, CD-6).  A hit on a matching customer
another seat served first wins nothing and costs nothing: the seat may hit
another one.

Serving (kind ``"slap"``, CD-4): the earliest hit on a matching customer
still in the dining area, by a seat that answered with its button and is
not placing a card it just won, serves that customer.  It is decided once
the horizon reaches the press's stamp plus the tie resolution, so every
press that could tie with it (closer than ``tie_resolution_us``, CAB-4) is
known; seats tied on one customer are decided by the game's seeded RNG and
logged as a tie (the others' hits were right, only slower: they may hit
another customer).  The winner's presses are then ignored for
``placing_delay_us`` after its winning press (book 2A: the winner "MUST
place the card in front of himself first, and then he may hit the 2nd
card").

Sipping (kind ``"sip"``, CD-6, CD-7): a seat's sip is complete at the first
cup-down that comes at least ``sip_us`` after a lift made after the order.
Sips are tracked the same way in both kinds (a sip on a matching order is a
wrong sip, CD-9), and presses are decided on the same schedule in both kinds,
so nothing the engine exposes differs before the race is decided.
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


def seconds(us: int) -> str:
    """A time-out in us as seconds for a screen ("6 s", "6.5 s")."""
    return f"{us / 1_000_000:g} s"


def ms(us: int) -> str:
    """A duration in us as milliseconds for a screen ("312 ms", "0.004 ms")."""
    if abs(us) >= 1000 or us == 0:
        return f"{round(us / 1000)} ms"
    return f"{us / 1000:.3f} ms"


def new_race(open_us: int, timeout_us: int, targets: list[int], num_players: int) -> dict[str, Any]:
    """The race of an order shown at ``open_us``.

    Args:
        open_us: the order's stamp, us.
        timeout_us: answers are due within this time (``sip_timeout_us``).
        targets: matching customers (card ids, oldest first); empty when
            nothing matches (a sip race).
        num_players: seats.
    """
    return {
        "kind": "slap" if targets else "sip",   # hidden until decided (CD-9)
        "open_us": open_us,
        "timeout_at_us": open_us + timeout_us,
        "targets": list(targets),               # hidden: matching customers not served yet
        "customers": list(targets),             # hidden: every matching customer
        "presses": [],                          # [t_us, seat, seq, customer], not yet decided
        "seq": 0,
        "placing_until_us": [open_us] * num_players,
        "won": [],                              # hidden: [card, seat, t_us]
        "log": [],                              # hidden: events shown once decided
        "answers": [None] * num_players,        # first answer: ["slap" | "cup", t_us]
        "wrong_us": [None] * num_players,       # hidden: the seat's first wrong hit (CD-12), us
        "wrong_cards": [None] * num_players,    # hidden: the customer that wrong hit named
        "lift_us": [None] * num_players,        # counted lift (after the order), per seat
        "done_us": [None] * num_players,        # completed sip (cup-down time), per seat
        "last_t_us": [None] * num_players,
    }


def answer(race: dict[str, Any], seat: int, kind: str, t_us: int) -> None:
    """Record ``seat``'s answer if it is its first (CD-9)."""
    if race["answers"][seat] is None:
        race["answers"][seat] = [kind, t_us]


def out_of_race(race: dict[str, Any], seat: int) -> bool:
    """True once ``seat`` can serve no customer in this order: its first
    answer was its cup (CD-9), or it made a wrong hit (CD-12)."""
    ans = race["answers"][seat]
    return (ans is not None and ans[0] == "cup") or race["wrong_us"][seat] is not None


def shift_race(race: dict[str, Any], paused_us: int, by_us: int) -> None:
    """Ruling CAB-8: a race paused at ``paused_us`` goes on ``by_us`` later:
    every stamp of ``race`` moves on by ``by_us`` (one made after
    ``paused_us`` counts as made at it), so the order of the stamps and
    every time measured from the order stay as they were, without the
    paused span; deadlines (the time-out, a winner's placing delay) keep
    the time they had left.  Mutates ``race``."""
    def move(t: int | None) -> int | None:
        return None if t is None else min(t, paused_us) + by_us
    race["open_us"] = move(race["open_us"])
    race["timeout_at_us"] += by_us
    race["placing_until_us"] = [t + by_us for t in race["placing_until_us"]]
    for key in ("wrong_us", "lift_us", "done_us", "last_t_us"):
        race[key] = [move(t) for t in race[key]]
    race["answers"] = [None if a is None else [a[0], move(a[1])] for a in race["answers"]]
    race["presses"] = [[move(p[0]), *p[1:]] for p in race["presses"]]
    race["won"] = [[c, s, move(t)] for c, s, t in race["won"]]
    for event in race["log"]:
        if isinstance(event.get("t_us"), int):
            event["t_us"] = move(event["t_us"])


# ------------------------------------------------------------------ presses
def add_press(race: dict[str, Any], seat: int, t_us: int, card: int) -> None:
    """Record a press edge on customer ``card`` (validated by the caller);
    keep stamp order.  A hit on a customer that does not match, by a seat
    still in the race, is its wrong hit (CD-12: it is out of this order).
    Presses of seats out of the race are recorded too (and decided on the
    same schedule) but can never win (CD-9)."""
    if not out_of_race(race, seat) and card not in race["customers"]:
        race["wrong_us"][seat] = t_us
        race["wrong_cards"][seat] = card
    race["presses"].append([t_us, seat, race["seq"], card])
    race["seq"] += 1
    race["presses"].sort(key=lambda p: (p[0], p[2]))


def _can_win(race: dict[str, Any], t_us: int, seat: int) -> bool:
    ans = race["answers"][seat]
    wrong = race["wrong_us"][seat]
    return (ans is not None and ans[0] == "slap" and t_us >= race["placing_until_us"][seat]
            and (wrong is None or t_us < wrong))


def press_deadline(race: dict[str, Any], settle_us: int, resolution_us: int) -> int | None:
    """When a tick lets the race decide its next press (us), or None while
    no press is waiting.  The same in both kinds."""
    if not race["presses"]:
        return None
    return race["presses"][0][0] + resolution_us + settle_us


def advance_presses(race: dict[str, Any], horizon_us: int, resolution_us: int,
                    placing_delay_us: int, rng, cards) -> None:
    """Decide every press group the horizon has passed (CD-4, CD-12, CAB-4).

    Mutates ``race``: moves served customers from ``targets`` to ``won``
    and appends the events to ``race["log"]`` (shown once the race is
    decided).  A hit serves the customer it names when that customer still
    matches and is unserved; seats tied on one customer are decided by a
    coin flip.  On a non-matching order the presses are used up the same
    way and win nothing.
    """
    log = race["log"]
    presses = race["presses"]
    while presses and presses[0][0] + resolution_us <= horizon_us:
        first = presses[0]
        group_end = first[0] + resolution_us
        group = [p for p in presses if p[0] < group_end]
        del presses[:len(group)]
        for t_us, seat, _, card in group:
            _too_late(race, t_us, seat, card, cards)
        if not race["targets"]:
            continue
        contenders: dict[int, dict[int, int]] = {}      # customer -> seat -> stamp
        for t_us, seat, _, card in group:
            if card not in race["targets"]:
                continue          # a wrong hit, or a customer already served: nothing to serve
            if _can_win(race, t_us, seat):
                contenders.setdefault(card, {}).setdefault(seat, t_us)
            elif not out_of_race(race, seat) and t_us < race["placing_until_us"][seat]:
                served_at = race["placing_until_us"][seat] - placing_delay_us     # book 2A: "MUST place
                log.append({"type": "slap_ignored", "player": seat, "card": card, "t_us": t_us,   # the card first"
                            "text": (f"{seat_name(seat)} hit the customer ({cards[card].describe()}) "
                                     f"{ms(t_us - served_at)} after serving one: too soon, still placing it "
                                     f"(a winner places its card {ms(placing_delay_us)} before it may hit "
                                     f"again): hit ignored")})
        for card in [c for c in race["targets"] if c in contenders]:
            seats = sorted(contenders[card])
            if len(seats) == 1:
                winner = seats[0]
            else:
                winner = rng.choice(seats)
                log.append({"type": "tie", "players": seats, "winner": winner, "t_us": first[0],
                            "text": (f"Tie: {seats_text(seats)} hit the same customer within {ms(resolution_us)} "
                                     f"of each other; a coin flip gives it to {seat_name(winner)}")})
            _serve(race, card, winner, contenders[card][winner], len(seats) > 1, placing_delay_us, cards)


def _too_late(race: dict[str, Any], t_us: int, seat: int, card: int, cards) -> None:
    """A hit on a matching customer another seat served first (CD-12: it
    wins nothing, costs nothing) is logged once per seat and customer,
    with its time and the winner's margin (issue 34: every seat that hit
    is told its outcome)."""
    won = next((w for w in race["won"] if w[0] == card), None)
    if won is None or won[1] == seat or out_of_race(race, seat) or t_us < won[2]:
        return
    if any(e.get("type") == "hit_too_late" and e["player"] == seat and e["card"] == card for e in race["log"]):
        return
    race["log"].append({"type": "hit_too_late", "player": seat, "card": card, "t_us": t_us, "winner": won[1],
                        "text": (f"{seat_name(seat)} hit the customer ({cards[card].describe()}) "
                                 f"{ms(t_us - race['open_us'])} after the order: too late, "
                                 f"{seat_name(won[1])} was first by {ms(t_us - won[2])}")})


def late_hit(race: dict[str, Any], seat: int) -> dict[str, Any] | None:
    """``seat``'s first hit in ``race`` that the engine decided came after
    another seat served the same customer (CD-12, logged by
    :func:`_too_late`), as ``{"card", "t_us", "winner", "by_us"}`` (the
    margin over the winner's hit, us); None when it has none (yet)."""
    e = next((e for e in race["log"] if e.get("type") == "hit_too_late" and e["player"] == seat), None)
    if e is None:
        return None
    won = next(w for w in race["won"] if w[0] == e["card"])
    return {"card": e["card"], "t_us": e["t_us"], "winner": e["winner"], "by_us": e["t_us"] - won[2]}


def _serve(race: dict[str, Any], card: int, winner: int, t_win: int, tie: bool, placing_delay_us: int,
           cards) -> None:
    """``winner`` serves matching customer ``card`` with its press at
    ``t_win`` (CD-4, CD-12); logged with its margin over the next hit on
    the same customer ("by a coin flip" in a tie)."""
    presses = race["presses"]
    race["targets"].remove(card)
    race["won"].append([card, winner, t_win])
    race["placing_until_us"][winner] = t_win + placing_delay_us
    runner = next((p for p in presses if p[1] != winner and p[3] == card and _can_win(race, p[0], p[1])), None)
    margin = ""
    if tie:
        margin = ", by a coin flip"
    elif runner is not None:
        margin = f", {ms(runner[0] - t_win)} ahead of {seat_name(runner[1])}"
    race["log"].append({"type": "customer_won", "player": winner, "card": card, "t_us": t_win,
                        "text": (f"{seat_name(winner)} served the customer ({cards[card].describe()}) "
                                 f"{ms(t_win - race['open_us'])} after the order{margin}")})


# ------------------------------------------------------------------ closing
def timeout_deadline(race: dict[str, Any], settle_us: int) -> int:
    """When a tick closes the race by time-out (us)."""
    return race["timeout_at_us"] + settle_us


def is_decided(race: dict[str, Any], horizon_us: int) -> bool:
    """True once the race's outcome can no longer change (CD-4, CD-6, CD-9).

    Matching order: every matching customer served, or every seat is out
    of the race (answered with its cup, or hit a customer that does not
    match: nobody can serve any more).  No match: every seat has
    completed a sip or made a wrong hit.  Either: the horizon passed the
    time-out.
    """
    if horizon_us >= race["timeout_at_us"]:
        return True
    answers = race["answers"]
    if race["kind"] == "slap":     # CD-12: a seat out of the race (its cup, a wrong hit) serves nobody
        return not race["targets"] or all(out_of_race(race, s) for s in range(len(answers)))
    return all(d is not None or (a is not None and a[0] == "slap")
               for d, a in zip(race["done_us"], answers))


def slowest_sipper(race: dict[str, Any], resolution_us: int, rng) -> tuple[int, list[Event]]:
    """The slowest seat of a decided no-match race (CD-6; ties CAB-4).

    A seat that did not complete its sip before the time-out, or whose first
    answer was a slap (a wrong hit is no sip, CD-9), is slowest; several
    such seats, or completions closer than ``resolution_us``, are a tie
    broken by the game's seeded RNG and logged.  Returns the seat and the
    events ("slowest_sip", maybe "tie").
    """
    answers = race["answers"]
    done = [None if (a is not None and a[0] == "slap") else d for d, a in zip(race["done_us"], answers)]
    missing = [s for s, t in enumerate(done) if t is None]
    events: list[Event] = []
    if missing:
        group = missing
        if all(answers[s] is not None and answers[s][0] == "slap" for s in group):
            reason = "hit a customer instead of sipping"
        else:
            reason = f"did not finish the sip within {seconds(race['timeout_at_us'] - race['open_us'])}"
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
                                f"a coin flip picks {seat_name(slowest)}")})
    events.append({"type": "slowest_sip", "player": slowest,
                   "text": f"{seat_name(slowest)} was slowest to sip: {reason}{margin}"})
    return slowest, events
