"""Ginza Retro Café components, loaded from ``data/*.json`` and validated.

The rulebook ("2. Components") prints only counts; the card faces are
reconstructed (rulings GR-2, GR-3, GR-4) in the JSON files beside this module,
which an owner may edit to match a physical copy.  Loading checks every
printed count and raises :class:`engines.base.ComponentDataError` naming the
file, the card and the broken count or field.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..base import ComponentDataError

DATA_DIR = Path(__file__).resolve().parent / "data"

CATEGORIES = ("Drink", "Dessert", "Food")
RANKS = ("I", "II", "III")
#: "Rank 1: 18 cards. Rank 2: 18 cards. Rank 3: 6 cards." (2. Components)
RANK_COUNTS = {"I": 18, "II": 18, "III": 6}
#: Each category splits into subcategories of 9 and 5 cards (GR-2).
SUBCATEGORY_SIZES = [5, 9]
TIMES_OF_DAY = ("Morning", "Daytime", "Night")
ARRANGE_IDS = ("change", "reroll", "add")
ABILITY_KINDS = ("start_arrange_lv2", "limit_discount", "dishwashing", "serve_coin")
BONUS_KINDS = ("subcategory_x2", "subcategories_each", "most_category", "most_orders",
               "all_categories_x2")


@dataclass(frozen=True)
class OrderCard:
    """An order card (GR-2).

    Attributes:
        id: unique card id.
        category: Drink, Dessert or Food.
        subcategory: one of the category's two subcategories.
        rank: "I", "II" or "III" (the card back).
        item: the ordered item's name.
        coins: yen acquired when the dish is served.
        vp: victory points when the card is acquired.
        sum: Drink condition: dice adding up to ``sum`` or more (else None).
        faces: Dessert/Food condition: exact dice faces (else empty).
    """
    id: str
    category: str
    subcategory: str
    rank: str
    item: str
    coins: int
    vp: int
    sum: int | None
    faces: tuple[int, ...]

    def condition_text(self) -> str:
        """The printed condition, e.g. "8+" or "3,3,3"."""
        return f"{self.sum}+" if self.sum is not None else ",".join(map(str, self.faces))


@dataclass(frozen=True)
class CustomerCard:
    """A customer card (GR-3): time of day and the ranks of the order cards
    it draws on arrival."""
    id: str
    time_of_day: str
    name: str
    order: tuple[str, ...]


@dataclass(frozen=True)
class PlayerCard:
    """A player card (GR-4): ability, dishwashing table (yen for 0..3 "1"
    dice) and starting dice limit."""
    id: str
    name: str
    text: str
    ability: tuple[tuple[str, Any], ...]
    dishwashing: tuple[int, int, int, int]
    dice_limit: int

    def ability_kind(self) -> str:
        """The ability's kind (one of ``ABILITY_KINDS``)."""
        return dict(self.ability)["kind"]

    def ability_value(self, key: str, default: Any = None) -> Any:
        """A field of the ability (e.g. ``"arrange"``, ``"coins"``)."""
        return dict(self.ability).get(key, default)


@dataclass(frozen=True)
class BonusCard:
    """A bonus card ("6. Scoring - Bonus Card Points")."""
    id: str
    name: str
    vp: int
    kind: str
    subcategories: tuple[str, ...]
    category: str | None


@dataclass(frozen=True)
class ArrangeCard:
    """An arrange card type (Lv.1 front, Lv.2 back; GR-1 links a category).

    ``levels[i]`` holds level ``i+1``: ``changes`` (+-1 adjustments),
    ``rerolls`` or ``max_add`` (None = up to the dice limit)."""
    id: str
    name: str
    category: str
    copies: int
    levels: tuple[tuple[tuple[str, Any], ...], ...]

    def level(self, lv: int) -> dict[str, Any]:
        """The fields of level ``lv`` (1 or 2)."""
        return dict(self.levels[lv - 1])


@dataclass(frozen=True)
class Components:
    """Every Ginza Retro Café component the engine needs."""
    orders: dict[str, OrderCard]
    subcategories: dict[str, tuple[str, ...]]
    customers: dict[str, CustomerCard]
    player_cards: dict[str, PlayerCard]
    bonus_cards: dict[str, BonusCard]
    arrange: dict[str, ArrangeCard]
    upgrade_vp: int
    upgrade_coins: int


def _fail(file: str, what: str, why: str) -> ComponentDataError:
    return ComponentDataError(f"ginza data/{file}: {what}: {why}")


def _read(file: str) -> dict[str, Any]:
    try:
        data = json.loads((DATA_DIR / file).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise _fail(file, "file", f"cannot be read ({exc})") from exc
    if not isinstance(data, dict):
        raise _fail(file, "file", "must hold a JSON object")
    return data


def _int(file: str, what: str, value: Any, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise _fail(file, what, f"must be an integer {lo}..{hi}, got {value!r}")
    return value


def _cards(file: str, data: dict[str, Any], key: str = "cards") -> list[dict[str, Any]]:
    cards = data.get(key)
    if not isinstance(cards, list) or not all(isinstance(c, dict) for c in cards):
        raise _fail(file, key, "must be a list of objects")
    ids = [c.get("id") for c in cards]
    for i, cid in enumerate(ids):
        if not isinstance(cid, str) or not cid:
            raise _fail(file, f"card #{i + 1}", "has no string 'id'")
        if ids.count(cid) > 1:
            raise _fail(file, f"card {cid}", "id used more than once")
    return cards


def load_orders(data: dict[str, Any], file: str = "order_cards.json"
                ) -> tuple[dict[str, OrderCard], dict[str, tuple[str, ...]]]:
    """Validate order card data (GR-2): 42 cards, ranks 18/18/6, each
    category split into subcategories of 9 and 5 cards.

    Raises:
        ComponentDataError: naming the file, the card and the broken count.
    """
    cats = data.get("categories")
    if not isinstance(cats, dict) or sorted(cats) != sorted(CATEGORIES):
        raise _fail(file, "categories", f"must name exactly {', '.join(CATEGORIES)}")
    subcats: dict[str, tuple[str, ...]] = {}
    for cat in CATEGORIES:
        subs = cats[cat]
        if not isinstance(subs, list) or len(subs) != 2 or not all(isinstance(s, str) for s in subs):
            raise _fail(file, f"category {cat}", "must list exactly 2 subcategory names")
        subcats[cat] = tuple(subs)
    sub_to_cat = {s: c for c, subs in subcats.items() for s in subs}
    if len(sub_to_cat) != 6:
        raise _fail(file, "categories", "the 6 subcategory names must differ")
    orders: dict[str, OrderCard] = {}
    for raw in _cards(file, data):
        cid = raw["id"]
        what = f"order card {cid}"
        cat, sub, rank = raw.get("category"), raw.get("subcategory"), raw.get("rank")
        if cat not in CATEGORIES:
            raise _fail(file, what, f"category must be one of {CATEGORIES}, got {cat!r}")
        if sub_to_cat.get(sub) != cat:
            raise _fail(file, what, f"subcategory {sub!r} is not a subcategory of {cat}")
        if rank not in RANKS:
            raise _fail(file, what, f"rank must be one of {RANKS}, got {rank!r}")
        coins = _int(file, f"{what} coins", raw.get("coins"), 0, 20)
        vp = _int(file, f"{what} vp", raw.get("vp"), 0, 20)
        total, faces = None, ()
        if cat == "Drink":
            if "faces" in raw:
                raise _fail(file, what, "a Drink condition is a sum ('sum'), not faces (GR-2)")
            total = _int(file, f"{what} sum", raw.get("sum"), 1, 54)
        else:
            if "sum" in raw:
                raise _fail(file, what, f"a {cat} condition lists exact faces, not a sum (GR-2)")
            f = raw.get("faces")
            if not isinstance(f, list) or not 1 <= len(f) <= 9:
                raise _fail(file, what, "faces must be a list of 1..9 die faces")
            faces = tuple(sorted(_int(file, f"{what} face", v, 1, 6) for v in f))
        item = raw.get("item", sub)
        if not isinstance(item, str):
            raise _fail(file, what, "item must be a string")
        orders[cid] = OrderCard(cid, cat, sub, rank, item, coins, vp, total, faces)
    if len(orders) != 42:
        raise _fail(file, "cards", f"must hold 42 order cards, found {len(orders)}")
    for rank, want in RANK_COUNTS.items():
        got = sum(1 for c in orders.values() if c.rank == rank)
        if got != want:
            raise _fail(file, f"rank {rank}", f"must have {want} cards, found {got}")
    for cat, subs in subcats.items():
        sizes = sorted(sum(1 for c in orders.values() if c.subcategory == s) for s in subs)
        if sizes != SUBCATEGORY_SIZES:
            raise _fail(file, f"category {cat}",
                        f"subcategories {subs[0]}/{subs[1]} must hold 9 and 5 cards, found {sizes}")
    return orders, subcats


def load_customers(data: dict[str, Any], rank_supply: dict[str, int],
                   file: str = "customers.json") -> dict[str, CustomerCard]:
    """Validate customer cards (GR-3): 15 cards, 5 per time of day, each
    drawing 1..3 order cards; all 15 together never ask for more cards of a
    rank than its order deck holds.

    Raises:
        ComponentDataError: naming the file, the card and the broken count.
    """
    out: dict[str, CustomerCard] = {}
    for raw in _cards(file, data, "customers"):
        cid = raw["id"]
        what = f"customer {cid}"
        tod, name, order = raw.get("time_of_day"), raw.get("name"), raw.get("order")
        if tod not in TIMES_OF_DAY:
            raise _fail(file, what, f"time_of_day must be one of {TIMES_OF_DAY}, got {tod!r}")
        if not isinstance(name, str) or not name:
            raise _fail(file, what, "needs a name")
        if not isinstance(order, list) or not 1 <= len(order) <= 3 or any(r not in RANKS for r in order):
            raise _fail(file, what, f"order must list 1..3 ranks from {RANKS}, got {order!r}")
        out[cid] = CustomerCard(cid, tod, name, tuple(order))
    if len(out) != 15:
        raise _fail(file, "customers", f"must hold 15 customer cards, found {len(out)}")
    for tod in TIMES_OF_DAY:
        got = sum(1 for c in out.values() if c.time_of_day == tod)
        if got != 5:
            raise _fail(file, f"time of day {tod}", f"must have 5 customer cards, found {got}")
    for rank, supply in rank_supply.items():
        demand = sum(c.order.count(rank) for c in out.values())
        if demand > supply:
            raise _fail(file, f"rank {rank}", f"customers ask for {demand} cards but the deck holds {supply}")
    return out


def load_player_cards(data: dict[str, Any], file: str = "player_cards.json") -> dict[str, PlayerCard]:
    """Validate the 8 player cards (GR-4); Yuko must start with Change Dice
    Rolls at Lv.2 (the one printed ability).

    Raises:
        ComponentDataError: naming the file, the card and the broken field.
    """
    out: dict[str, PlayerCard] = {}
    for raw in _cards(file, data):
        cid = raw["id"]
        what = f"player card {cid}"
        ability = raw.get("ability")
        if not isinstance(ability, dict) or ability.get("kind") not in ABILITY_KINDS:
            raise _fail(file, what, f"ability kind must be one of {ABILITY_KINDS}")
        kind = ability["kind"]
        if kind == "start_arrange_lv2" and ability.get("arrange") not in ARRANGE_IDS:
            raise _fail(file, what, f"ability arrange must be one of {ARRANGE_IDS}")
        if kind in ("limit_discount", "serve_coin"):
            _int(file, f"{what} ability coins", ability.get("coins"), 1, 3)
        if kind == "serve_coin" and ability.get("category") not in CATEGORIES:
            raise _fail(file, what, f"ability category must be one of {CATEGORIES}")
        table = raw.get("dishwashing")
        if not isinstance(table, list) or len(table) != 4:
            raise _fail(file, what, "dishwashing must list 4 yen amounts (0..3 '1' dice)")
        table = [_int(file, f"{what} dishwashing", v, 0, 20) for v in table]
        limit = _int(file, f"{what} dice_limit", raw.get("dice_limit"), 5, 9)
        name, text = raw.get("name"), raw.get("text", "")
        if not isinstance(name, str) or not isinstance(text, str):
            raise _fail(file, what, "name and text must be strings")
        out[cid] = PlayerCard(cid, name, text, tuple(sorted(ability.items())), tuple(table), limit)
    if len(out) != 8:
        raise _fail(file, "cards", f"must hold 8 player cards, found {len(out)}")
    yuko = [c for c in out.values() if c.name == "Yuko"]
    if not yuko or yuko[0].ability_kind() != "start_arrange_lv2" or yuko[0].ability_value("arrange") != "change":
        raise _fail(file, "player card Yuko", "must start the game with Change Dice Rolls at Lv.2 (printed)")
    return out


def load_bonus_cards(data: dict[str, Any], subcats: dict[str, tuple[str, ...]],
                     file: str = "bonus_cards.json") -> dict[str, BonusCard]:
    """Validate the 12 bonus cards against the scoring section's list.

    Raises:
        ComponentDataError: naming the file, the card and the broken count.
    """
    all_subs = {s for subs in subcats.values() for s in subs}
    shape = {"subcategory_x2": (1, 4), "subcategories_each": (None, None), "most_category": (0, 5),
             "most_orders": (0, 5), "all_categories_x2": (0, 8)}
    out: dict[str, BonusCard] = {}
    for raw in _cards(file, data):
        cid = raw["id"]
        what = f"bonus card {cid}"
        kind = raw.get("kind")
        if kind not in BONUS_KINDS:
            raise _fail(file, what, f"kind must be one of {BONUS_KINDS}, got {kind!r}")
        vp = _int(file, f"{what} vp", raw.get("vp"), 0, 20)
        subs = raw.get("subcategories", [])
        if not isinstance(subs, list) or any(s not in all_subs for s in subs) or len(set(subs)) != len(subs):
            raise _fail(file, what, f"subcategories must be distinct names from {sorted(all_subs)}")
        n_subs, want_vp = shape[kind]
        if kind == "subcategories_each":
            n_subs, want_vp = (2, 5) if len(subs) == 2 else (3, 6)
        if len(subs) != n_subs:
            raise _fail(file, what, f"a {kind} card lists {n_subs} subcategories, found {len(subs)}")
        if vp != want_vp:
            raise _fail(file, what, f"a {kind} card with {n_subs} subcategories is worth {want_vp} VP, not {vp}")
        cat = raw.get("category")
        if (kind == "most_category") != (cat in CATEGORIES):
            raise _fail(file, what, "only a most_category card names a category (Drink, Dessert or Food)")
        name = raw.get("name")
        if not isinstance(name, str):
            raise _fail(file, what, "needs a name")
        out[cid] = BonusCard(cid, name, vp, kind, tuple(subs), cat)
    if len(out) != 12:
        raise _fail(file, "cards", f"must hold 12 bonus cards, found {len(out)}")
    counts = {
        "2+ of one subcategory (4 VP)": (sum(c.kind == "subcategory_x2" for c in out.values()), 3),
        "1+ of 2 subcategories (5 VP)": (sum(len(c.subcategories) == 2 for c in out.values()), 3),
        "1+ of 3 subcategories (6 VP)": (sum(len(c.subcategories) == 3 for c in out.values()), 1),
        "most of a category (5 VP)": (sum(c.kind == "most_category" for c in out.values()), 3),
        "most order cards (5 VP)": (sum(c.kind == "most_orders" for c in out.values()), 1),
        "2+ of all categories (8 VP)": (sum(c.kind == "all_categories_x2" for c in out.values()), 1),
    }
    for label, (got, want) in counts.items():
        if got != want:
            raise _fail(file, label, f"must be on {want} card(s), found {got}")
    masters = sorted(c.category for c in out.values() if c.kind == "most_category")
    if masters != sorted(CATEGORIES):
        raise _fail(file, "most-category cards", f"need one each of {CATEGORIES}, found {masters}")
    return out


def load_arrange(data: dict[str, Any], file: str = "arrange_cards.json") -> tuple[dict[str, ArrangeCard], int, int]:
    """Validate the arrange cards (12 = 3 types x 4; GR-1 categories).

    Raises:
        ComponentDataError: naming the file, the card and the broken field.
    """
    want = {"change": ("changes", "Drink"), "reroll": ("rerolls", "Dessert"), "add": ("max_add", "Food")}
    out: dict[str, ArrangeCard] = {}
    for raw in _cards(file, data):
        cid = raw["id"]
        what = f"arrange card {cid}"
        if cid not in want:
            raise _fail(file, what, f"id must be one of {ARRANGE_IDS}")
        field, cat = want[cid]
        if raw.get("category") != cat:
            raise _fail(file, what, f"is linked to {cat} (GR-1), not {raw.get('category')!r}")
        copies = _int(file, f"{what} copies", raw.get("copies"), 4, 4)
        levels = raw.get("levels")
        if not isinstance(levels, list) or len(levels) != 2:
            raise _fail(file, what, "needs exactly 2 levels (Lv.1 front, Lv.2 back)")
        lvs = []
        for i, lv in enumerate(levels):
            if not isinstance(lv, dict) or lv.get("level") != i + 1 or field not in lv:
                raise _fail(file, f"{what} Lv.{i + 1}", f"needs 'level': {i + 1} and '{field}'")
            if not (field == "max_add" and lv[field] is None):
                _int(file, f"{what} Lv.{i + 1} {field}", lv[field], 1, 9)
            lvs.append(tuple(sorted(lv.items())))
        out[cid] = ArrangeCard(cid, str(raw.get("name", cid)), cat, copies, tuple(lvs))
    if sorted(out) != sorted(ARRANGE_IDS):
        raise _fail(file, "cards", f"must hold the 3 types {ARRANGE_IDS}, found {sorted(out)}")
    vp = _int(file, "upgrade_vp", data.get("upgrade_vp"), 1, 20)
    coins = _int(file, "upgrade_coins", data.get("upgrade_coins"), 0, 20)
    return out, vp, coins


@lru_cache(maxsize=1)
def components() -> Components:
    """Load and validate every data file once (cached).

    Raises:
        ComponentDataError: a data file is broken.
    """
    orders, subcats = load_orders(_read("order_cards.json"))
    customers = load_customers(_read("customers.json"), RANK_COUNTS)
    players = load_player_cards(_read("player_cards.json"))
    bonus = load_bonus_cards(_read("bonus_cards.json"), subcats)
    arrange, up_vp, up_coins = load_arrange(_read("arrange_cards.json"))
    return Components(orders, subcats, customers, players, bonus, arrange, up_vp, up_coins)
