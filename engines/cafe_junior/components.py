"""Component data of Café International Junior: countries, guest cards, jokers
and table tiles, loaded from ``data/*.json`` and validated into frozen
dataclasses.

The rulebook prints the counts ("100 guest cards (8 children from each of 12
countries, plus 4 jokers)", "24 table tiles") but not the card faces or the
flags of each tile; those are reconstructed in the data files (rulings CI-1,
CI-2), which an owner may edit to match a physical copy.  Every printed count
is checked on load; a broken file raises
:class:`engines.base.ComponentDataError` naming the file, the card or tile
and the broken count or field.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any

from ..base import ComponentDataError

# Printed counts ("Components" section of the rulebook).
COUNTRY_COUNT = 12
GIRLS_PER_COUNTRY = 4
BOYS_PER_COUNTRY = 4
JOKER_GIRLS = 2          # "two female ... jokers"
JOKER_BOYS = 2           # "two male jokers"
GUEST_CARD_COUNT = 100   # 12 x 8 children + 4 jokers
TABLE_TILE_COUNT = 24

GENDERS = ("girl", "boy")
CORNERS = ("top_left", "top_right", "bottom_left", "bottom_right")
# Ruling CI-2: each side accepts the two flags at its ends.
SIDES: dict[str, tuple[str, str]] = {
    "top": ("top_left", "top_right"),
    "right": ("top_right", "bottom_right"),
    "bottom": ("bottom_left", "bottom_right"),
    "left": ("top_left", "bottom_left"),
}
SIDE_ORDER = ("top", "right", "bottom", "left")


@dataclass(frozen=True)
class Country:
    """One of the 12 countries (ruling CI-1): short code and display name."""
    code: str
    name: str


@dataclass(frozen=True)
class GuestCard:
    """A guest card: a child of one country, or a joker (country ``None``).

    ``gender`` is ``"girl"`` or ``"boy"``; a joker counts by its gender at a
    table ("This also applies to joker guests").
    """
    card_id: str
    country: str | None
    gender: str

    @property
    def is_joker(self) -> bool:
        """True for the 4 joker guests, who may sit at any table."""
        return self.country is None


@dataclass(frozen=True)
class TableTile:
    """A table tile with its four corner flags (ruling CI-2)."""
    table_id: str
    flags: tuple[str, str, str, str]  # top_left, top_right, bottom_left, bottom_right

    def side_flags(self, side: str) -> tuple[str, str]:
        """The two country codes whose guests may sit at ``side``
        ("top", "right", "bottom", "left"); ruling CI-2."""
        a, b = SIDES[side]
        return self.flags[CORNERS.index(a)], self.flags[CORNERS.index(b)]


@dataclass(frozen=True)
class Components:
    """All components of one box, validated."""
    countries: tuple[Country, ...]
    cards: tuple[GuestCard, ...]
    tables: tuple[TableTile, ...]
    _cards_by_id: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    _tables_by_id: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    _names: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._cards_by_id.update((c.card_id, c) for c in self.cards)
        self._tables_by_id.update((t.table_id, t) for t in self.tables)
        self._names.update((c.code, c.name) for c in self.countries)

    def card(self, card_id: str) -> GuestCard:
        """The guest card ``card_id``. Raises KeyError if unknown."""
        return self._cards_by_id[card_id]

    def has_card(self, card_id: object) -> bool:
        """True if ``card_id`` names a guest card of this box."""
        return isinstance(card_id, str) and card_id in self._cards_by_id

    def table(self, table_id: str) -> TableTile:
        """The table tile ``table_id``. Raises KeyError if unknown."""
        return self._tables_by_id[table_id]

    def country_name(self, code: str) -> str:
        """Display name of a country code."""
        return self._names.get(code, code)


def _need(cond: bool, file: str, what: str) -> None:
    if not cond:
        raise ComponentDataError(f"{file}: {what}")


def _str_field(obj: Any, key: str, file: str, where: str) -> str:
    _need(isinstance(obj, dict), file, f"{where} must be an object, got {obj!r}")
    value = obj.get(key)
    _need(isinstance(value, str) and value != "", file, f"{where} needs a non-empty string {key!r}, got {value!r}")
    return value


def parse_guests(data: Any, file: str = "guests.json") -> tuple[tuple[Country, ...], tuple[GuestCard, ...]]:
    """Validate guest data (countries, guests, jokers) against the printed
    counts: 12 countries, 4 girls and 4 boys per country, 2 girl and 2 boy
    jokers, 100 cards in all.

    Raises:
        ComponentDataError: naming ``file``, the card and the broken count.
    """
    _need(isinstance(data, dict), file, "top level must be an object")
    raw_countries = data.get("countries")
    _need(isinstance(raw_countries, list), file, "'countries' must be a list")
    countries: list[Country] = []
    for i, rc in enumerate(raw_countries):
        code = _str_field(rc, "code", file, f"country #{i + 1}")
        name = _str_field(rc, "name", file, f"country {code!r}")
        _need(code not in [c.code for c in countries], file, f"country {code!r} is listed twice")
        countries.append(Country(code, name))
    _need(len(countries) == COUNTRY_COUNT, file,
          f"needs {COUNTRY_COUNT} countries (rulebook: 12 countries), found {len(countries)}")
    codes = {c.code for c in countries}

    cards: list[GuestCard] = []
    seen: set[str] = set()
    for key, joker in (("guests", False), ("jokers", True)):
        raw = data.get(key)
        _need(isinstance(raw, list), file, f"{key!r} must be a list")
        for i, rc in enumerate(raw):
            cid = _str_field(rc, "id", file, f"{key} entry #{i + 1}")
            _need(cid not in seen, file, f"card {cid!r} is listed twice")
            seen.add(cid)
            gender = _str_field(rc, "gender", file, f"card {cid!r}")
            _need(gender in GENDERS, file, f"card {cid!r}: gender must be 'girl' or 'boy', got {gender!r}")
            if joker:
                _need("country" not in rc or rc["country"] is None, file,
                      f"joker {cid!r} must not have a country")
                cards.append(GuestCard(cid, None, gender))
            else:
                country = _str_field(rc, "country", file, f"card {cid!r}")
                _need(country in codes, file, f"card {cid!r}: unknown country {country!r}")
                cards.append(GuestCard(cid, country, gender))

    for c in countries:
        for gender, want in (("girl", GIRLS_PER_COUNTRY), ("boy", BOYS_PER_COUNTRY)):
            got = sum(1 for k in cards if k.country == c.code and k.gender == gender)
            _need(got == want, file, f"country {c.code!r} needs {want} {gender}s, found {got}")
    for gender, want in (("girl", JOKER_GIRLS), ("boy", JOKER_BOYS)):
        got = sum(1 for k in cards if k.is_joker and k.gender == gender)
        _need(got == want, file, f"needs {want} {gender} jokers, found {got}")
    _need(len(cards) == GUEST_CARD_COUNT, file,
          f"needs {GUEST_CARD_COUNT} guest cards, found {len(cards)}")
    return tuple(countries), tuple(cards)


def parse_tables(data: Any, country_codes: set[str], file: str = "tables.json") -> tuple[TableTile, ...]:
    """Validate table tiles: 24 tiles, unique ids, 4 known corner flags each
    (ruling CI-2), every country on at least one tile.

    Raises:
        ComponentDataError: naming ``file``, the tile and the broken field.
    """
    _need(isinstance(data, dict), file, "top level must be an object")
    raw = data.get("tables")
    _need(isinstance(raw, list), file, "'tables' must be a list")
    tiles: list[TableTile] = []
    for i, rt in enumerate(raw):
        tid = _str_field(rt, "id", file, f"table #{i + 1}")
        _need(tid not in [t.table_id for t in tiles], file, f"table {tid!r} is listed twice")
        flags = rt.get("flags")
        _need(isinstance(flags, dict) and set(flags) == set(CORNERS), file,
              f"table {tid!r}: 'flags' must give exactly the 4 corners {', '.join(CORNERS)}")
        for corner in CORNERS:
            _need(flags[corner] in country_codes, file,
                  f"table {tid!r}: unknown country {flags[corner]!r} at {corner}")
        tiles.append(TableTile(tid, tuple(flags[c] for c in CORNERS)))  # type: ignore[arg-type]
    _need(len(tiles) == TABLE_TILE_COUNT, file,
          f"needs {TABLE_TILE_COUNT} table tiles (rulebook: 24 table tiles), found {len(tiles)}")
    shown = {f for t in tiles for f in t.flags}
    missing = sorted(country_codes - shown)
    _need(not missing, file, f"no table shows the flag of {', '.join(missing)}: those guests could never sit")
    return tuple(tiles)


def _read(name: str) -> Any:
    path = resources.files(__package__).joinpath("data").joinpath(name)
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise ComponentDataError(f"{name}: component data file is missing") from exc
    except json.JSONDecodeError as exc:
        raise ComponentDataError(f"{name}: not valid JSON ({exc})") from exc


@lru_cache(maxsize=1)
def load_components() -> Components:
    """Load and validate ``data/guests.json`` and ``data/tables.json``.

    Raises:
        ComponentDataError: a file is missing, not JSON, or breaks a count.
    """
    countries, cards = parse_guests(_read("guests.json"))
    tables = parse_tables(_read("tables.json"), {c.code for c in countries})
    return Components(countries, cards, tables)
