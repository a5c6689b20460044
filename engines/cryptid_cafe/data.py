"""Cryptid Cafe component data: loaded from ``data/*.json`` into frozen
dataclasses and validated (rulebook "Components"; rulings CC-2, CC-3, CC-6,
CC-7).

The files are reconstructions (the rulebook prints the counts, not the card
faces); an owner may edit them to match a physical copy.  Every broken count
or field raises :class:`engines.base.ComponentDataError` naming the file, the
card and what is wrong.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

from ..base import ComponentDataError

DATA_DIR = Path(__file__).with_name("data")

#: Cryptid types (rulebook "Bonuses").
CRYPTID_TYPES = ("airborne", "terrestrial", "aquatic")
#: Satisfaction colours, best first (rulebook "Player board layout", CC-3).
COLOURS = ("green", "yellow", "orange", "red")
EVENT_KINDS = ("closed_station", "move_two")

# Counts printed by the rulebook ("Components", "Setup", "Number of rounds").
PRINTED = {
    "stations": 5, "ranks": 3, "ranks_five_players": 4, "dish_supply_per_type": 24,
    "servers_per_player": 3, "starting_coins": 5, "starting_coins_five_players": 7,
    "events_per_deck": 2, "solo_events": 6, "customers_on_green_at_setup": 2,
    "deck_size": 15, "events": 30, "ai_deck_cards": 5, "ai_die_faces": 6,
}
PRINTED_ROUNDS = {1: 9, 2: 9, 3: 9, 4: 8, 5: 10}
TRACK_CC3 = ("green", "green", "yellow", "yellow", "orange", "red")


@dataclass(frozen=True)
class Station:
    """A preparation station; ``id`` is also the id of its dish type;
    ``name`` is the dish's name, ``short`` its one short form (the OLED,
    narrow screens)."""
    id: str
    name: str
    short: str = ""


@dataclass(frozen=True)
class CustomerCard:
    """A customer card (CC-2).

    Attributes:
        order: ``((dish_id, count), ...)`` dishes needed to serve it.
        tips: ``((colour, coins), ...)`` tip by satisfaction colour, coins.
        lost: lost-customer value, coins (subtracted at final scoring).
        short: the name's one short form (narrow cards), the name when short.
    """
    id: str
    name: str
    type: str
    order: tuple[tuple[str, int], ...]
    tips: tuple[tuple[str, int], ...]
    lost: int
    short: str = ""

    def tip(self, colour: str) -> int:
        """Tip in coins when served on a space of ``colour``."""
        return dict(self.tips)[colour]

    def order_dict(self) -> dict[str, int]:
        """The order as ``{dish_id: count}``."""
        return dict(self.order)


@dataclass(frozen=True)
class EventCard:
    """An event card: ``kind`` is ``closed_station`` (with ``station``) or
    ``move_two`` (rulebook "Event cards")."""
    id: str
    kind: str
    station: str | None


@dataclass(frozen=True)
class Components:
    """Every Cryptid Cafe component the engine needs."""
    stations: tuple[Station, ...]
    ranks: int
    ranks_five_players: int
    dish_supply_per_type: int
    servers_per_player: int
    starting_coins: int
    starting_coins_five_players: int
    events_per_deck: int
    solo_events: int
    customers_on_green_at_setup: int
    rounds: tuple[tuple[int, int], ...]
    track: tuple[str, ...]
    ai_die_symbols: tuple[int, ...]
    ai_decks: tuple[tuple[str, str, tuple[str, ...]], ...]
    solo_wasted_dish_coins: tuple[tuple[str, int], ...]
    customers: tuple[CustomerCard, ...]
    events: tuple[EventCard, ...]

    @property
    def station_ids(self) -> list[str]:
        """Station ids left to right (Kaputtcino ... Waterzoeil)."""
        return [s.id for s in self.stations]

    def station_name(self, station_id: str) -> str:
        """Display name of a station (= its dish)."""
        return next(s.name for s in self.stations if s.id == station_id)

    def station_short(self, station_id: str) -> str:
        """The one short form of a station's (= its dish's) name."""
        return next(s.short for s in self.stations if s.id == station_id)

    def customer(self, card_id: str) -> CustomerCard:
        """The customer card with this id (KeyError if unknown)."""
        return self._customer_index[card_id]

    def event(self, card_id: str) -> EventCard:
        """The event card with this id (KeyError if unknown)."""
        return self._event_index[card_id]

    def is_event(self, card_id: str) -> bool:
        """True if ``card_id`` names an event card."""
        return card_id in self._event_index

    @cached_property
    def _customer_index(self) -> dict[str, CustomerCard]:
        return {c.id: c for c in self.customers}

    @cached_property
    def _event_index(self) -> dict[str, EventCard]:
        return {e.id: e for e in self.events}

    def ai_deck(self, ai_id: str) -> tuple[str, ...]:
        """Station cards of an AI placement deck (``ai2`` red, ``ai3`` green)."""
        return next(cards for key, _, cards in self.ai_decks if key == ai_id)

    def ai_name(self, ai_id: str) -> str:
        """Display name of an AI player."""
        return next(name for key, name, _ in self.ai_decks if key == ai_id)


def _read(name: str) -> dict[str, Any]:
    path = DATA_DIR / name
    try:
        with path.open(encoding="utf-8") as fh:
            data = json.load(fh)
    except (OSError, json.JSONDecodeError) as exc:
        raise ComponentDataError(f"{name}: cannot read component data: {exc}") from exc
    if not isinstance(data, dict):
        raise ComponentDataError(f"{name}: top level must be an object")
    return data


def _int(name: str, where: str, value: Any, minimum: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise ComponentDataError(f"{name}: {where} must be an integer >= {minimum}, got {value!r}")
    return value


def _printed(name: str, key: str, value: Any) -> int:
    value = _int(name, key, value)
    if value != PRINTED[key]:
        raise ComponentDataError(
            f"{name}: {key} is {value} but the rulebook prints {PRINTED[key]}")
    return value


def _load_game(name: str = "game.json") -> dict[str, Any]:
    d = _read(name)
    try:
        stations = tuple(Station(str(s["id"]), str(s["name"]), str(s.get("short") or s["name"]))
                         for s in d["stations"])
        if len(stations) != PRINTED["stations"]:
            raise ComponentDataError(
                f"{name}: {len(stations)} stations but the rulebook prints {PRINTED['stations']}")
        ids = [s.id for s in stations]
        if len(set(ids)) != len(ids):
            raise ComponentDataError(f"{name}: station ids repeat: {ids}")
        out: dict[str, Any] = {"stations": stations}
        for key in ("ranks", "ranks_five_players", "dish_supply_per_type", "servers_per_player",
                    "starting_coins", "starting_coins_five_players", "events_per_deck",
                    "solo_events", "customers_on_green_at_setup"):
            out[key] = _printed(name, key, d[key])
        rounds = {int(k): _int(name, f"rounds[{k}]", v, 1) for k, v in d["rounds"].items()}
        if rounds != PRINTED_ROUNDS:
            raise ComponentDataError(f"{name}: rounds {rounds} differ from the rulebook's {PRINTED_ROUNDS}")
        out["rounds"] = tuple(sorted(rounds.items()))
        track = tuple(d["satisfaction_track"])
        if track != TRACK_CC3:
            raise ComponentDataError(f"{name}: satisfaction_track {list(track)} differs from ruling CC-3 {list(TRACK_CC3)}")
        out["track"] = track
        die = tuple(_int(name, "ai_die_symbols face", v) for v in d["ai_die_symbols"])
        if len(die) != PRINTED["ai_die_faces"] or any(v > 2 for v in die):
            raise ComponentDataError(f"{name}: the AI die needs 6 faces of 0..2 symbols (CC-7), got {list(die)}")
        out["ai_die_symbols"] = die
        decks = []
        for key in ("ai2", "ai3"):
            deck = d["ai_decks"][key]
            cards = tuple(str(c) for c in deck["cards"])
            if len(cards) != PRINTED["ai_deck_cards"]:
                raise ComponentDataError(
                    f"{name}: AI deck {key} has {len(cards)} cards but the rulebook prints {PRINTED['ai_deck_cards']}")
            for c in cards:
                if c not in ids:
                    raise ComponentDataError(f"{name}: AI deck {key} card {c!r} names no station")
            decks.append((key, str(deck["name"]), cards))
        out["ai_decks"] = tuple(decks)
        waste = {str(k): _int(name, f"solo_wasted_dish_coins[{k}]", v, 1)
                 for k, v in d["solo_wasted_dish_coins"].items()}
        if set(waste) != {"easy", "hard", "epic"}:
            raise ComponentDataError(f"{name}: solo_wasted_dish_coins needs easy, hard and epic")
        out["solo_wasted_dish_coins"] = tuple(sorted(waste.items()))
    except (KeyError, TypeError, AttributeError, ValueError) as exc:
        if isinstance(exc, ComponentDataError):
            raise
        raise ComponentDataError(f"{name}: missing or malformed field: {exc!r}") from exc
    return out


def _load_customers(station_ids: list[str], name: str = "customers.json") -> tuple[CustomerCard, ...]:
    d = _read(name)
    cards = []
    try:
        _printed(name, "deck_size", d["deck_size"])
        for raw in d["cards"]:
            cid = str(raw["id"])
            if raw["type"] not in CRYPTID_TYPES:
                raise ComponentDataError(f"{name}: card {cid}: unknown cryptid type {raw['type']!r}")
            order = []
            for dish, n in raw["order"].items():
                if dish not in station_ids:
                    raise ComponentDataError(f"{name}: card {cid}: order names unknown dish {dish!r}")
                order.append((dish, _int(name, f"card {cid} order count of {dish}", n, 1)))
            if not order:
                raise ComponentDataError(f"{name}: card {cid}: empty order")
            if set(raw["tips"]) != set(COLOURS):
                raise ComponentDataError(f"{name}: card {cid}: tips must give exactly {list(COLOURS)}")
            tips = tuple((c, _int(name, f"card {cid} tip on {c}", raw["tips"][c])) for c in COLOURS)
            cards.append(CustomerCard(cid, str(raw["name"]), raw["type"], tuple(order), tips,
                                      _int(name, f"card {cid} lost value", raw["lost"]),
                                      str(raw.get("short") or raw["name"])))
    except (KeyError, TypeError, AttributeError) as exc:
        raise ComponentDataError(f"{name}: missing or malformed field: {exc!r}") from exc
    if len(cards) != PRINTED["deck_size"]:
        raise ComponentDataError(
            f"{name}: the customer deck has {len(cards)} cards but the rulebook prints {PRINTED['deck_size']}")
    if len({c.id for c in cards}) != len(cards):
        raise ComponentDataError(f"{name}: customer card ids repeat")
    return tuple(cards)


def _load_events(station_ids: list[str], name: str = "events.json") -> tuple[EventCard, ...]:
    d = _read(name)
    cards = []
    try:
        _printed(name, "events", d["count"])
        for raw in d["cards"]:
            eid = str(raw["id"])
            kind = raw["kind"]
            if kind not in EVENT_KINDS:
                raise ComponentDataError(f"{name}: card {eid}: unknown kind {kind!r}")
            station = raw.get("station")
            if kind == "closed_station" and station not in station_ids:
                raise ComponentDataError(f"{name}: card {eid}: closed_station needs a known station, got {station!r}")
            if kind == "move_two" and station is not None:
                raise ComponentDataError(f"{name}: card {eid}: a move_two card names no station")
            cards.append(EventCard(eid, kind, station))
    except (KeyError, TypeError, AttributeError) as exc:
        raise ComponentDataError(f"{name}: missing or malformed field: {exc!r}") from exc
    if len(cards) != PRINTED["events"]:
        raise ComponentDataError(
            f"{name}: {len(cards)} event cards but the rulebook prints {PRINTED['events']}")
    if len({c.id for c in cards}) != len(cards):
        raise ComponentDataError(f"{name}: event card ids repeat")
    return tuple(cards)


def load_components() -> Components:
    """Load and validate every component file (uncached).

    Raises:
        ComponentDataError: a file is missing, malformed, or a count differs
            from the rulebook's.
    """
    game = _load_game()
    ids = [s.id for s in game["stations"]]
    customers = _load_customers(ids)
    events = _load_events(ids)
    for c in customers:
        if any(e.id == c.id for e in events):
            raise ComponentDataError(f"customers.json / events.json: id {c.id!r} is used by both")
    return Components(customers=customers, events=events, **game)


@lru_cache(maxsize=1)
def components() -> Components:
    """The validated components (loaded once)."""
    return load_components()
