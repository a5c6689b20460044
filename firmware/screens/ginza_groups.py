"""Ginza Retro Café's long choice lists, grouped as a person reads the table
(play-test: "1/81", washing dishes option 15 of 16): the choices in the
screen's order - the order cards as the HDMI lays them out (customers left
to right, each one's orders top down), then the arrange actions (change,
reroll, add dice), washing dishes, the dice limit, the Lv.2 upgrades,
stopping - and each choice's group ("Soda 11+", "reroll") with
the words that tell it apart inside its group ("4 5 5 +common 3")."""
from __future__ import annotations

from typing import Any

from firmware.screens.ginza_words import change_words, wash_yen

#: The action kinds in the screen's order (a kind not named here goes last).
KIND_ORDER = ("serve", "change", "reroll", "add", "wash", "raise_limit", "upgrade", "stop")

#: A group's name for each kind but serving (whose group is its order card).
#: (each the words its choices begin with: "change 2 to 1", "add 2 dice")
_KIND_GROUP = {"change": "change", "reroll": "reroll", "add": "add", "wash": "wash",
               "raise_limit": "raise dice limit", "upgrade": "Lv.2", "stop": "stop rerolling"}


def _kind_rank(action: dict[str, Any]) -> int:
    kind = action.get("type")
    return KIND_ORDER.index(kind) if kind in KIND_ORDER else len(KIND_ORDER)


def _order_places(game: Any) -> dict[str, int]:
    """Order card id -> its place on the table as the HDMI draws it."""
    cards = [o.get("card") for c in game.view(None).get("customers") or [] if c for o in c.get("orders") or [] if o]
    return {card: i for i, card in enumerate(cards)}


def choice_order(game: Any, seat: int, acts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The seat's choices in the screen's order, each group whole (the
    engine's order kept inside a group, but an order card's free ways
    before those paying for a common die).  A list without serves, changes
    or rerolls (drafting, the player card) keeps its order."""
    if not any(a.get("type") in KIND_ORDER for a in acts):
        return acts
    places = _order_places(game)
    # inside an order card's group the ways with the seat's own dice first, then those that pay for a
    # common die (PT22: the first choice paid 3 yen where the seat's own dice served it free)
    key = {id(a): (_kind_rank(a), places.get(a.get("order"), len(places)) if a.get("type") == "serve" else 0,
                   a.get("type") == "serve" and a.get("common") is not None)
           for a in acts}
    return sorted(acts, key=lambda a: key[id(a)])     # sorted() is stable: the engine's order inside a group


def choice_group(action: dict[str, Any], game: Any = None) -> str:
    """The group of a choice as the OLED names it: a serve's order card,
    "Cream Soda 11+" (by its subcategory, a drink's sum telling two
    apart),
    "change", "reroll", "add", "wash" (dishes), "raise dice limit", "Lv.2"."""
    kind = action.get("type")
    if kind == "serve":
        oc = game.comp.orders.get(action.get("order")) if game is not None else None
        if oc is None:
            return str(action.get("order"))
        name = oc.subcategory      # issue 34, PT13: "Soda 18+" was Cream Soda's name cut
        return f"{name} {oc.sum}+" if oc.sum is not None else name
    return _KIND_GROUP.get(kind, str(kind).replace("_", " "))


def detail_words(action: dict[str, Any], game: Any = None) -> list[str]:
    """What tells a choice apart inside its group, longest first: a
    serve's dice "serve 4 5 5", "4 5 5 +common 3" / "4 5 5 +3" (its order
    card is the group's name, on the line above); a change "2 to 1, 4 to 3"
    / "2 to 1,4 to 3" (:func:`change_words`: "two 5s to 4"); a reroll "reroll 3 4 6" / "3 4 6"; washing "wash 2
    ones" / "wash: two 1s for 4 yen" (with ``game``: the yen it gives);
    others their own words."""
    kind = action.get("type")
    if kind == "serve":
        dice = " ".join(map(str, action.get("dice") or []))
        if action.get("common") is None:
            return [f"serve {dice}", dice]
        common = action["common"]
        # issue 34: "+6" read as 6 points; where "+common 6" does not fit, the cost line above says it
        return [f"serve {dice} +common {common}", f"{dice} +common {common}", dice]
    if kind == "upgrade":     # the Arrange card's Lv.2 side (rulebook "Raise the Arrange Lv."), not a verb
        word = {"change": "Change", "reroll": "Reroll", "add": "Add"}.get(action.get("arrange"), "?")
        return [f"Lv.2 {word} card"]
    if kind == "change":
        said = change_words(action.get("steps") or [])
        return [said, said.replace(", ", ",")]
    if kind == "reroll":
        dice = " ".join(map(str, action.get("dice") or []))
        return [f"reroll {dice}", dice]
    if kind == "wash":
        k = int(action.get("ones") or 0)
        count = {1: "one", 2: "two", 3: "three"}.get(k, str(k))
        what = "wash: no 1s" if k == 0 else f"wash: {count} 1{'s' if k != 1 else ''}"
        yen = wash_yen(game, action)      # issue 34: "wash: one 1" did not say it gives yen
        return [f"{what} for {yen} yen", f"{what}: {yen} yen", what] if yen is not None else [what]
    return []

