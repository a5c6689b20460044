"""Retrograde components: colours, power-ups, sheet layouts, target cards.

The rulebook prints neither the sheet layouts nor the target card faces; they
are reconstructed in ``data/sheets.json`` and ``data/target_cards.json``
(rulings RG-1, RG-2).  Both files are validated on load into frozen
dataclasses; a broken file raises :class:`engines.base.ComponentDataError`
naming the file, the sheet or card, and the broken count or field.

Cells of a sheet are numbered 0..24 row by row (row 0 is the top row, right
under the bosses; ``cell = row * 5 + column``).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from engines.base import ComponentDataError

#: Droid colours in pip order (ruling RG-3): colour i has i + 1 pips.
COLOURS: tuple[str, ...] = ("yellow", "orange", "pink", "green", "red", "blue")
#: Sheet letters of the colours (data/sheets.json).
LETTERS: str = "YOPGRB"
#: The 8 power-ups of the Power-Up Glossary.
POWER_UPS: tuple[str, ...] = ("Super Coin", "Rolypoly", "Cube Friend", "Frogger",
                              "Snake Eye", "2 Wild", "Odd Eye", "Even Steven")
#: Third spots a target card may show (ruling RG-2).
SPOTS: tuple[str, ...] = ("none", "coin", "comet", "power-up")
SIZE = 5
CELLS = SIZE * SIZE
#: Maximum number of sheets of one colour in a layout (issue: "no colour
#: more than 6 times").
MAX_PER_COLOUR = 6
DATA_DIR = Path(__file__).resolve().parent / "data"


def pips_of(colour: str) -> int:
    """Pips (1..6) of a droid colour (ruling RG-3).  Raises KeyError."""
    return COLOURS.index(colour) + 1


def colour_of(pips: int) -> str:
    """Colour name of a die face 1..6 (ruling RG-3)."""
    return COLOURS[pips - 1]


def cell_name(cell: int) -> str:
    """Human-readable cell position, e.g. ``"row 2, column 4"`` (1-based)."""
    return f"row {cell // SIZE + 1}, column {cell % SIZE + 1}"


def _neighbours(cell: int) -> frozenset[int]:
    r, c = divmod(cell, SIZE)
    out = set()
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if (dr or dc) and 0 <= r + dr < SIZE and 0 <= c + dc < SIZE:
                out.add((r + dr) * SIZE + c + dc)
    return frozenset(out)


#: 8-neighbourhood of every cell (diagonals count, ruling RG-4).
NEIGHBOURS: tuple[frozenset[int], ...] = tuple(_neighbours(k) for k in range(CELLS))
#: Cells of each row (top to bottom) and each column (left to right).
ROWS: tuple[tuple[int, ...], ...] = tuple(tuple(r * SIZE + c for c in range(SIZE)) for r in range(SIZE))
COLUMNS: tuple[tuple[int, ...], ...] = tuple(tuple(r * SIZE + c for r in range(SIZE)) for c in range(SIZE))


@dataclass(frozen=True)
class SheetLayout:
    """One sheet of the pad (ruling RG-1).

    Attributes:
        index: position in data/sheets.json.
        name: layout name.
        pips: colour of each of the 25 droids as pips 1..6, row by row.
    """
    index: int
    name: str
    pips: tuple[int, ...]


@dataclass(frozen=True)
class TargetCard:
    """One target card (ruling RG-2).

    Attributes:
        id: card id, e.g. ``"T07"``.
        colours: the two droid colours as pips (low, high).
        spot: third spot: ``"none"``, ``"coin"``, ``"comet"`` or ``"power-up"``.
        power_up: the power-up's glossary name when ``spot == "power-up"``.
    """
    id: str
    colours: tuple[int, int]
    spot: str
    power_up: str | None = None

    def describe(self) -> str:
        """Short text for screens, e.g. ``"T07 pink/blue + coin"``."""
        names = "/".join(colour_of(p) for p in self.colours)
        extra = {"none": "", "coin": " + coin", "comet": " + comet"}.get(self.spot, f" + {self.power_up}")
        return f"{self.id} {names}{extra}"


@dataclass(frozen=True)
class Components:
    """All Retrograde component data (validated).

    Attributes:
        sheets: the sheet layouts.
        coin_slots: coin slots on each sheet (RG-1 default 4).
        cards: the 45 target cards, in file order.
    """
    sheets: tuple[SheetLayout, ...]
    coin_slots: int
    cards: tuple[TargetCard, ...]
    by_id: dict = field(default_factory=dict, compare=False, hash=False, repr=False)

    def __post_init__(self) -> None:
        self.by_id.update((c.id, c) for c in self.cards)

    def card(self, card_id: str) -> TargetCard:
        """The card with this id.  Raises KeyError."""
        return self.by_id[card_id]


def _read(path: Path) -> dict:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ComponentDataError(f"{path.name}: cannot read the file: {exc}") from exc
    except json.JSONDecodeError as exc:
        raise ComponentDataError(f"{path.name}: not valid JSON: {exc}") from exc
    if not isinstance(data, dict):
        raise ComponentDataError(f"{path.name}: the top level must be an object")
    return data


def parse_sheets(data: dict, fname: str = "sheets.json") -> tuple[tuple[SheetLayout, ...], int]:
    """Validate sheet data (ruling RG-1): every layout 5 rows of 5 letters
    from ``YOPGRB``, every colour present, none more than 6 times.

    Returns:
        (layouts, coin_slots).

    Raises:
        ComponentDataError: naming the file, the sheet and the broken count.
    """
    slots = data.get("coin_slots")
    if isinstance(slots, bool) or not isinstance(slots, int) or not 0 <= slots <= 10:
        raise ComponentDataError(f"{fname}: coin_slots must be an integer 0..10, got {slots!r}")
    raw = data.get("sheets")
    if not isinstance(raw, list) or not raw:
        raise ComponentDataError(f"{fname}: 'sheets' must be a non-empty list")
    layouts = []
    for i, sheet in enumerate(raw):
        name = sheet.get("name") if isinstance(sheet, dict) else None
        label = f"{fname}: sheet {i} ({name!r})"
        rows = sheet.get("rows") if isinstance(sheet, dict) else None
        if not isinstance(name, str) or not name:
            raise ComponentDataError(f"{label}: needs a 'name' string")
        if not isinstance(rows, list) or len(rows) != SIZE:
            raise ComponentDataError(f"{label}: needs exactly {SIZE} rows, got "
                                     f"{len(rows) if isinstance(rows, list) else rows!r}")
        pips: list[int] = []
        for r, row in enumerate(rows):
            if not isinstance(row, str) or len(row) != SIZE:
                raise ComponentDataError(f"{label}: row {r + 1} must be {SIZE} letters, got {row!r}")
            for ch in row:
                if ch not in LETTERS:
                    raise ComponentDataError(f"{label}: row {r + 1} has unknown colour letter {ch!r} "
                                             f"(use {LETTERS})")
                pips.append(LETTERS.index(ch) + 1)
        for p in range(1, 7):
            n = pips.count(p)
            if n == 0 or n > MAX_PER_COLOUR:
                raise ComponentDataError(f"{label}: {colour_of(p)} appears {n} times; every colour must "
                                         f"appear 1..{MAX_PER_COLOUR} times")
        layouts.append(SheetLayout(i, name, tuple(pips)))
    return tuple(layouts), slots


def parse_cards(data: dict, fname: str = "target_cards.json") -> tuple[TargetCard, ...]:
    """Validate target card data (ruling RG-2): 45 cards, each of the 15
    colour pairs on exactly 3 cards, known third spots, every power-up of the
    glossary at least once.

    Raises:
        ComponentDataError: naming the file, the card and the broken count.
    """
    raw = data.get("cards")
    if not isinstance(raw, list):
        raise ComponentDataError(f"{fname}: 'cards' must be a list")
    if len(raw) != 45:
        raise ComponentDataError(f"{fname}: the rulebook prints 45 target cards, the file has {len(raw)}")
    cards: list[TargetCard] = []
    seen: set[str] = set()
    pairs: dict[tuple[int, int], int] = {}
    for i, card in enumerate(raw):
        cid = card.get("id") if isinstance(card, dict) else None
        label = f"{fname}: card {i} ({cid!r})"
        if not isinstance(cid, str) or not cid:
            raise ComponentDataError(f"{label}: needs an 'id' string")
        if cid in seen:
            raise ComponentDataError(f"{label}: duplicate id")
        seen.add(cid)
        cols = card.get("colours")
        if (not isinstance(cols, list) or len(cols) != 2 or any(c not in COLOURS for c in cols)
                or cols[0] == cols[1]):
            raise ComponentDataError(f"{label}: 'colours' must be 2 different colours of {COLOURS}, got {cols!r}")
        pair = tuple(sorted(pips_of(c) for c in cols))
        spot = card.get("spot")
        if spot not in SPOTS:
            raise ComponentDataError(f"{label}: 'spot' must be one of {SPOTS}, got {spot!r}")
        power = card.get("power_up")
        if spot == "power-up" and power not in POWER_UPS:
            raise ComponentDataError(f"{label}: power-up card needs 'power_up' from {POWER_UPS}, got {power!r}")
        if spot != "power-up" and power is not None:
            raise ComponentDataError(f"{label}: only a power-up card may name a 'power_up'")
        pairs[pair] = pairs.get(pair, 0) + 1
        cards.append(TargetCard(cid, pair, spot, power))
    for a in range(1, 7):
        for b in range(a + 1, 7):
            n = pairs.get((a, b), 0)
            if n != 3:
                raise ComponentDataError(f"{fname}: pair {colour_of(a)}/{colour_of(b)} is on {n} cards, "
                                         f"must be on exactly 3")
    for p in POWER_UPS:
        if not any(c.power_up == p for c in cards):
            raise ComponentDataError(f"{fname}: power-up {p!r} is on no card (0 copies, need at least 1)")
    return tuple(cards)


def load_components(data_dir: Path = DATA_DIR) -> Components:
    """Load and validate ``sheets.json`` and ``target_cards.json``.

    Raises:
        ComponentDataError: a file is missing or broken.
    """
    sheets, slots = parse_sheets(_read(data_dir / "sheets.json"))
    cards = parse_cards(_read(data_dir / "target_cards.json"))
    return Components(sheets, slots, cards)


@lru_cache(maxsize=1)
def default_components() -> Components:
    """The shipped components (loaded once)."""
    return load_components()
