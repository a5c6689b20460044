"""Cha dango components: the 55 cards, loaded from ``data/cards.json``.

The rulebook prints only the counts ("55 cards (including 5 starting cards)",
"6 tea cup tokens").  The faces and backs are a reconstruction (ruling CD-1:
every face has a figure, a dango colour and a background colour; every back
shows which of those three attributes an order asks for).  The data file says
so in its ``_comment`` and an owner may edit it to match a physical copy; this
loader checks the printed counts and that every attribute value can form
orders, and fails with :class:`engines.base.ComponentDataError` naming the
file, the card and the broken count or field.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..base import ComponentDataError

#: The three attributes of a card face, in the order the screen lists them
#: (ruling CD-1).
ATTRIBUTES: tuple[str, ...] = ("figure", "dango", "background")
#: Printed counts (rulebook "Components").
TOTAL_CARDS = 55
STARTING_CARDS = 5
CUP_TOKENS = 6

DEFAULT_PATH = Path(__file__).with_name("data") / "cards.json"


@dataclass(frozen=True)
class Card:
    """One card: its face (figure, dango colour, background colour) and the
    attribute printed on its back (ruling CD-1).

    Attributes:
        id: index 0..54 in the data file.
        start: True for the 5 starting cards (colourful frame).
        figure, dango, background: the face's three attribute values.
        back: which attribute an order asks for when this card is the top
            card of the ordering deck.
    """
    id: int
    start: bool
    figure: str
    dango: str
    background: str
    back: str

    def value(self, attribute: str) -> str:
        """The face's value of ``attribute`` (one of :data:`ATTRIBUTES`)."""
        return getattr(self, attribute)

    def describe(self) -> str:
        """Words for a screen: "fox, pink dango, teal background"."""
        return f"{self.figure}, {self.dango} dango, {self.background} background"

    def to_view(self) -> dict:
        """JSON view of the face (the back is only shown for deck cards)."""
        return {"id": self.id, "figure": self.figure, "dango": self.dango, "background": self.background}


@dataclass(frozen=True)
class CardSet:
    """The validated component data.

    Attributes:
        cards: all 55 cards, index = card id.
        values: attribute -> tuple of its possible values.
        source: the file it was loaded from (for messages).
    """
    cards: tuple[Card, ...]
    values: dict
    source: str

    def starting_ids(self) -> list[int]:
        """Ids of the 5 starting cards (the first dining area)."""
        return [c.id for c in self.cards if c.start]

    def ordering_ids(self) -> list[int]:
        """Ids of the 50 ordering cards (the deck before shuffling)."""
        return [c.id for c in self.cards if not c.start]


def _fail(path: Path, what: str) -> ComponentDataError:
    return ComponentDataError(f"{path.name}: {what}")


def parse_cards(data: object, path: Path) -> CardSet:
    """Validate parsed JSON ``data`` into a :class:`CardSet`.

    Raises:
        ComponentDataError: a printed count is wrong (55 cards, 5 starting
            cards, 6 cup tokens), a card has a missing/unknown attribute value
            or back, ids are not 0..54 in order, or an attribute value or
            back cannot form orders (appears on no ordering card).
    """
    if not isinstance(data, dict):
        raise _fail(path, "top level must be a JSON object")
    if data.get("cup_tokens") != CUP_TOKENS:
        raise _fail(path, f"cup_tokens must be {CUP_TOKENS} (rulebook: 6 tea cup tokens), got {data.get('cup_tokens')!r}")
    attrs = data.get("attributes")
    if not isinstance(attrs, dict) or sorted(attrs) != sorted(ATTRIBUTES):
        raise _fail(path, f"'attributes' must list exactly {', '.join(ATTRIBUTES)} (ruling CD-1)")
    values: dict[str, tuple[str, ...]] = {}
    for attr in ATTRIBUTES:
        vals = attrs[attr]
        if (not isinstance(vals, list) or not vals or len(set(vals)) != len(vals)
                or not all(isinstance(v, str) and v for v in vals)):
            raise _fail(path, f"attribute {attr!r} must be a non-empty list of distinct names")
        values[attr] = tuple(vals)
    raw = data.get("cards")
    if not isinstance(raw, list):
        raise _fail(path, "'cards' must be a list")
    if len(raw) != TOTAL_CARDS:
        raise _fail(path, f"{len(raw)} cards, the rulebook prints {TOTAL_CARDS}")
    cards: list[Card] = []
    for index, entry in enumerate(raw):
        name = f"card {index}"
        if not isinstance(entry, dict):
            raise _fail(path, f"{name} must be an object")
        if entry.get("id") != index:
            raise _fail(path, f"{name} has id {entry.get('id')!r}; ids must be 0..{TOTAL_CARDS - 1} in order")
        if not isinstance(entry.get("start"), bool):
            raise _fail(path, f"{name}: 'start' must be true or false")
        for attr in ATTRIBUTES:
            if entry.get(attr) not in values[attr]:
                raise _fail(path, f"{name}: {attr} {entry.get(attr)!r} is not one of {', '.join(values[attr])}")
        if entry.get("back") not in ATTRIBUTES:
            raise _fail(path, f"{name}: back {entry.get('back')!r} is not one of {', '.join(ATTRIBUTES)}")
        cards.append(Card(index, entry["start"], entry["figure"], entry["dango"], entry["background"], entry["back"]))
    starting = [c for c in cards if c.start]
    if len(starting) != STARTING_CARDS:
        raise _fail(path, f"{len(starting)} starting cards, the rulebook prints {STARTING_CARDS}")
    ordering = [c for c in cards if not c.start]
    for attr in ATTRIBUTES:
        if not any(c.back == attr for c in ordering):
            raise _fail(path, f"no ordering card has {attr!r} on its back, so no order can ask for it")
        for value in values[attr]:
            if not any(c.value(attr) == value for c in ordering):
                raise _fail(path, f"{attr} {value!r} is on no ordering card, so no order can ask for it")
    return CardSet(tuple(cards), values, str(path))


def load_cards(path: Path | str | None = None) -> CardSet:
    """Load and validate a card file (default: the reconstruction shipped in
    ``data/cards.json``; cached).

    Raises:
        ComponentDataError: unreadable file, bad JSON or a broken count
            (see :func:`parse_cards`).
    """
    return _load(str(path or DEFAULT_PATH))


@lru_cache(maxsize=8)
def _load(path_str: str) -> CardSet:
    path = Path(path_str)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise ComponentDataError(f"{path.name}: cannot read card data: {exc}") from exc
    return parse_cards(data, path)
