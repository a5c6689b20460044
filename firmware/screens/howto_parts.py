"""The pieces of the how-to-play pages (:mod:`firmware.screens.howto`):
:class:`Tile` and :class:`Page`, the signs drawn between pictures, and the
pages every game shares (the seat's buttons, take-back, the dice tray).

Art items are ``(kind, props)``: any kit component kind, plus the kinds
:mod:`firmware.screens.howto_scene` draws itself: ``"target"`` (a
Retrograde target card with the droids ``pips``), ``"sign"`` (a big glyph:
"»", "+", "×"), ``"keys"`` (a seat's two arrows and its big button),
``"order"`` (a Cryptid Cafe dish with how many are ordered), ``"customer"``
(a Cryptid Cafe customer card), ``"chacard"`` (a Cha dango card face).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

Art = tuple[str, dict[str, Any]]

BLUE = {"body": (64, 134, 230), "pip": (250, 250, 250)}
RED = {"body": (222, 72, 64), "pip": (250, 250, 250)}
YELLOW = {"body": (238, 196, 48)}
PURPLE = {"body": (132, 80, 180), "pip": (250, 250, 250)}


@dataclass(frozen=True)
class Tile:
    """One picture with its caption (a few words)."""
    caption: str
    art: tuple[Art, ...]


@dataclass(frozen=True)
class Page:
    """One how-to-play page: a title and two or three tiles."""
    title: str
    tiles: tuple[Tile, ...]


def tile(caption: str, *art: Art) -> Tile:
    """A :class:`Tile` of ``caption`` over the pictures ``art``."""
    return Tile(caption, tuple(art))


ARROW = ("sign", {"text": "\u00bb"})      # the font has no arrows: "then"
PLUS = ("sign", {"text": "+"})
CROSS = ("sign", {"text": "\u00d7"})
KEYS = ("keys", {})
KEYS_LIT = ("keys", {"lit": True})

AT_THE_CABINET = Page("At the cabinet", (
    tile("Arrows choose, your screen shows the choice", KEYS),
    tile("Press your button twice to confirm", KEYS_LIT),
    tile("Button light: steady = your turn, blinking = act now", ("keys", {"lit": True, "blink": True})),
))
#: Ginza's long choice lists: Right held alone jumps a group (issue 34,
#: firmware/runtime/group_jump.py); Left held is the take-back, both the pause.
AT_THE_CABINET_GROUPS = Page("At the cabinet", (
    tile("Arrows choose; hold right 0.5\u00a0s: next group", KEYS),
    *AT_THE_CABINET.tiles[1:],
))
#: The pause: the third picture of every take-back page.
PAUSE_TILE = tile("Hold both arrows 1\u00a0s: pause, these pages, the moves", KEYS)


def take_back_page(what: str, until: str, *art: Art) -> Page:
    """The turn-based games' take-back page (ruling CAB-11,
    firmware/runtime/takeback.py) in a game's own words: ``what`` a hold of
    the left arrow takes back, ``until`` when (what makes a choice final),
    drawn with ``art``; then the pause.  (A fresh play-test: the one page
    shared by the three games promised take-back where, with bots or the
    AI moving a second later, it was hardly ever possible.)"""
    return Page("Changed your mind? Take it back", (
        tile(f"Hold your left arrow 1\u00a0s: {what}", KEYS),
        tile(until, *art),
        PAUSE_TILE,
    ))


#: Real dice (Retrograde, Ginza): the camera reads them, the seat checks (CAB-5, CAB-6).
DICE_TRAY = Page("Your dice at the cabinet", (
    tile("Roll your real dice in the tray: the camera reads them", ("die", {"value": 3}), ("die", {"value": 5})),
    tile("Check them on your screen: press = correct, hold = wrong",
         ("die", {"value": 2}), KEYS_LIT),
    tile("A die it cannot read: nudge it", ("die", {"state": "unread"}), ARROW, ("die", {"value": 2})),
))
