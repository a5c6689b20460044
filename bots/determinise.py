"""Determinisation: a full game state sampled from one seat's knowledge.

:func:`determinise` returns a copy of the game in which everything the seat
cannot see is drawn afresh from the bot's RNG: other seats' hidden cards,
the order of every deck, the game's RNG (future dice, AI draws, coin
flips).  The unseen cards are pooled and sorted before they are shuffled,
so two states that differ only in what the seat cannot see give the same
samples for the same bot RNG: a search over these copies cannot use hidden
information (tests/bots/test_bots.py checks it).
"""
from __future__ import annotations

import pickle
import random

from engines.base import Game

#: Attributes that hold read-only component data, shared by copies.
SHARED = ("comp",)


def fast_clone(game: Game) -> Game:
    """An independent copy of ``game``, like :meth:`Game.clone` but without
    the JSON round trip: the state is copied with pickle and the component
    data (``comp``, read-only) is shared.  ``tests/bots/test_bots.py`` checks that
    it equals :meth:`Game.clone`."""
    new = object.__new__(type(game))
    state = dict(game.__dict__)
    shared = {k: state.pop(k) for k in SHARED if k in state}
    rng = state.pop("rng")
    new.__dict__.update(pickle.loads(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)))
    new.__dict__.update(shared)
    new.rng = random.Random()
    new.rng.setstate(rng.getstate())
    return new


def _redeal(rng: random.Random, piles: list[list]) -> None:
    """Pool the piles, sort, shuffle and refill each with its own size."""
    pool = sorted(c for p in piles for c in p)
    rng.shuffle(pool)
    at = 0
    for p in piles:
        n = len(p)
        p[:] = pool[at:at + n]
        at += n


def _cafe_junior(g, seat: int, rng: random.Random) -> None:
    _redeal(rng, [g.guest_pile] + [h for s, h in enumerate(g.hands) if s != seat])
    _redeal(rng, [g.table_pile, g.box])


def _ginza(g, seat: int, rng: random.Random) -> None:
    st = g.st
    comp = g.comp
    for rank in sorted(st["order_decks"]):
        deck = st["order_decks"][rank]
        visible = {o["card"] for slot in st["slots"] if slot for o in slot["orders"]}
        visible |= {o for p in st["players"] for o in p["orders"]}
        pool = sorted(c.id for c in comp.orders.values() if c.rank == rank and c.id not in visible)
        rng.shuffle(pool)
        deck[:] = pool[:len(deck)]
    # customers still to come: the same time-of-day counts, any customer
    # not yet seen
    seen = {slot["id"] for slot in st["slots"] if slot}
    deck = st["customer_deck"]
    tods = [comp.customers[c].time_of_day for c in deck]
    out = []
    used = set(seen)
    for tod in tods:
        pool = sorted(c.id for c in comp.customers.values() if c.time_of_day == tod and c.id not in used)
        pick = rng.choice(pool)
        used.add(pick)
        out.append(pick)
    deck[:] = out
    me = st["players"][seat]
    known = set(me["bonus"]) | set(me["draft"]) | ({me["pick"]} if me["pick"] else set())
    pool = sorted(b for b in comp.bonus_cards if b not in known)
    rng.shuffle(pool)
    for s, p in enumerate(st["players"]):
        if s == seat:
            continue
        for key in ("bonus", "draft"):
            p[key] = [pool.pop() for _ in p[key]]
        if p["pick"] is not None:
            p["pick"] = p["draft"][0] if p["draft"] else pool.pop()
        if p["dealt"]:
            cards = sorted(c for c in comp.player_cards if c not in (me["dealt"] or []))
            p["dealt"] = rng.sample(cards, len(p["dealt"]))
        if p["card"] is not None and any(q["card"] is None for q in st["players"]):
            p["card"] = rng.choice(p["dealt"]) if p["dealt"] else p["card"]


def _cryptid_cafe(g, seat: int, rng: random.Random) -> None:
    _redeal(rng, [p["deck"] for p in g.players])
    for ai in sorted(g.ais):
        deck = g.ais[ai]["deck"]
        deck.sort()
        rng.shuffle(deck)


def _retrograde(g, seat: int, rng: random.Random) -> None:
    s = g.s
    _redeal(rng, [s["deck"], s["setup_discard"]])


_BY_GAME = {"cafe-junior": _cafe_junior, "ginza": _ginza, "cryptid-cafe": _cryptid_cafe,
            "retrograde": _retrograde}


def determinise(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of ``game`` with everything ``seat`` cannot see resampled.

    Raises:
        KeyError: no sampler is written for the game (Cha dango has no
            turn-based choice to search).
    """
    sampler = _BY_GAME[game.game_id]
    g = fast_clone(game)
    g.TAKE_BACK = False                 # a search copy never takes back: no snapshot before each choice
    g.__dict__.pop("_take_back", None)
    sampler(g, seat, rng)
    g.rng = random.Random(rng.getrandbits(64))
    return g
