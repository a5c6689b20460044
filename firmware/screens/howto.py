"""How to play (issue 38, Build 2): for each game a few drawn pages, each
of two or three tiles: a picture made of the kit's components (dice,
droids, cards, dango, meeples, flags...) and a short caption in our own
words after the rulebooks in /work/shared/rules (no copied text or art).

Reached from the menu's "How to play" row, and during a game from any
person's seat: hold both arrows 1 s to pause (the pause of
:mod:`firmware.runtime.pace`), then the arrows turn the pages (page 0 is the
board itself); hold both again to go on.  In the menu the arrows turn
the pages and the button goes to the next page; on the last page the
button goes back to the menu.

:data:`PAGES` is the content, :class:`Pager` the state.  Art items are
``(kind, props)``: any kit component kind, plus ``"target"`` (a Retrograde
target card with the droids ``pips``), ``"sign"`` (a big glyph: an arrow,
"+"), ``"keys"`` (the seat's two arrows and its big button).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Art = tuple[str, dict[str, Any]]

BLUE = {"body": (64, 134, 230), "pip": (250, 250, 250)}
RED = {"body": (222, 72, 64), "pip": (250, 250, 250)}
YELLOW = {"body": (238, 196, 48)}


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


def _t(caption: str, *art: Art) -> Tile:
    return Tile(caption, tuple(art))


ARROW = ("sign", {"text": "\u00bb"})      # the font has no arrows: "then"
PLUS = ("sign", {"text": "+"})
AT_THE_CABINET = Page("At the cabinet", (
    _t("Arrows choose, your screen shows the choice", ("keys", {})),
    _t("Press your button twice to confirm", ("keys", {"lit": True})),
    _t("Button light: steady = your turn, blinking = act now", ("keys", {"lit": True, "blink": True})),
))
#: The turn-based games: a seat takes back its last choice (firmware/runtime/takeback.py).
TAKE_BACK = Page("Chose the wrong one?", (
    _t("Hold your left arrow 1\u00a0s: your last choice is taken back", ("keys", {})),
    _t("Only in your own turn, before any dice, card or other player's move", ("die", {"value": 5}),
       ("icon", {"name": "deck"})),
))

PAGES: dict[str, tuple[Page, ...]] = {
    "retrograde": (
        Page("The goal", (
            _t("Blast droids on your sheet: 1\u00a0point each", ("droid", {"pips": 1}), ("droid", {"pips": 4}),
               ("droid", {"pips": 6, "blasted": True})),
            _t("Trophies and bosses score too", ("icon", {"name": "trophy", "won": True, "label": 4}),
               ("boss", {})),
            _t("8\u00a0rounds; the most points wins", ("icon", {"name": "deck"}), ("icon", {"name": "star"})),
        )),
        Page("Roll, then claim a card", (
            _t("After 3-2-1 everyone rolls at once, keep some, roll again", ("die", dict(BLUE, value=6)),
               ("die", dict(RED, value=5)), ("die", dict(BLUE, value=6))),
            _t("Happy? Press your button to claim a card", ("target", {"pips": (6, 3)}),
               ("icon", {"name": "hand"})),
            _t("Last without a card: 2\u00a0more rolls, then take one", ("icon", {"name": "hourglass"}),
               ("target", {"pips": (2, 5)})),
        )),
        Page("Blast droids", (
            _t("A pair of your card's colour blasts one droid", ("die", dict(BLUE, value=6)),
               ("die", dict(BLUE, value=6)), ARROW, ("droid", {"pips": 6, "blasted": True})),
            _t("Several droids: neighbours in a chain", ("droid", {"pips": 6, "blasted": True}),
               ("droid", {"pips": 6, "blasted": True}), ("droid", {"pips": 3})),
            _t("A die left over can circle a trophy", ("die", {"value": 4}), ARROW,
               ("icon", {"name": "trophy", "won": True, "label": 4})),
        )),
        Page("At the cabinet", (
            _t("Roll your real dice in the tray: the camera reads them", ("die", {"value": 3}),
               ("die", {"value": 5})),
            _t("A die it cannot read: nudge it", ("die", {"state": "unread"}), ARROW, ("die", {"value": 2})),
            AT_THE_CABINET.tiles[0],
        )),
    ),
    "cha-dango": (
        Page("An order", (
            _t("Each turn a new order card is revealed", ("icon", {"name": "deck"}), ARROW,
               ("dango", {"name": "pink"})),
            _t("It matches a customer by figure, dango or background", ("figure", {"name": "cat"}),
               ("figure", {"name": "fox"}), ("figure", {"name": "panda"})),
            _t("First to hit the customer wins its card: press your button", ("icon", {"name": "hand"}),
               ("keys", {"lit": True, "blink": True})),
        )),
        Page("No match? Sip tea", (
            _t("No customer matches: lift your cup as if to sip", ("icon", {"name": "cup"})),
            _t("The slowest sipper gives a card to the dining area", ("icon", {"name": "hourglass"}),
               ("icon", {"name": "deck"})),
            _t("Hit when none matches: lose VP cards (cabinet's rule)",
               ("figure", {"name": "rabbit"}),
               ("sign", {"text": "\u00d7"})),
        )),
        Page("The end", (
            _t("When no order can be made, the dango are sold out", ("dango", {"name": "green"}),
               ("dango", {"name": "white"}), ("dango", {"name": "yellow"})),
            _t("The most cards wins (a tie is shared)", ("icon", {"name": "deck"}),
               ("icon", {"name": "trophy", "won": True})),
        )),
        AT_THE_CABINET,
    ),
    "ginza": (
        Page("The goal", (
            _t("Serve your customers' orders with your dice", ("plate", {"name": "Omurice"}),
               ("plate", {"name": "Coffee"})),
            _t("Served orders, bonuses and coins give points", ("icon", {"name": "star"}),
               ("coin", {"label": 3})),
            _t("No customers left: the most points wins", ("icon", {"name": "trophy", "won": True})),
        )),
        Page("Your turn: one action", (
            _t("Serve: dice matching the order (a sum for drinks)", ("die", dict(RED, value=3)),
               ("die", dict(RED, value=3)), ARROW, ("plate", {"name": "Pudding"})),
            _t("Arrange: change, reroll or add dice", ("arrange", {"name": "change"}),
               ("arrange", {"name": "reroll"}), ("arrange", {"name": "add"})),
            _t("Wash dishes: your ones become coins", ("die", {"value": 1}), ARROW, ("coin", {"label": 3})),
        )),
        Page("Between turns", (
            _t("Each action costs a token on the card", ("token", {"seat": 0, "label": "1"}), ARROW,
               ("plate", {"name": "Parfait"})),
            _t("Customers wait a few rounds, then leave", ("icon", {"name": "clock", "frac": 0.7})),
            _t("Coins buy more dice and better arrange cards", ("coin", {"label": 4}), ARROW,
               ("die", dict(YELLOW, value=6))),
        )),
        AT_THE_CABINET,
        TAKE_BACK,
    ),
    "cryptid-cafe": (
        Page("Send servers", (
            _t("In turn, put a server at a station, rank 3, 2\u00a0or\u00a01", ("meeple", {"seat": 0, "label": "1"}),
               ("dish", {"name": "kaputtcino"})),
            _t("One server per station; rank = dishes you collect", ("meeple", {"seat": 1, "label": "2"}),
               ("dish", {"name": "waterzoeil"}), ("dish", {"name": "waterzoeil"})),
            _t("The lowest rank may tip the chef to move up", ("coin", {"label": 1}), ARROW,
               ("meeple", {"seat": 0, "label": "1"})),
        )),
        Page("Serve cryptids", (
            _t("Give a customer the dishes it ordered", ("dish", {"name": "beuvnoire"}),
               ("dish", {"name": "beuvnoire"}), ARROW, ("ctype", {"name": "aquatic"})),
            _t("Served sooner, bigger tip", ("mood", {"name": "green"}), ("mood", {"name": "yellow"}),
               ("mood", {"name": "red"})),
            _t("Too slow: the customer walks out", ("mood", {"name": "red"}), ARROW, ("sign", {"text": "\u00d7"})),
        )),
        Page("The end", (
            _t("Sets of 3\u00a0cryptids of one type earn a bonus", ("ctype", {"name": "airborne"}),
               ("ctype", {"name": "airborne"}), ("ctype", {"name": "airborne"})),
            _t("The most tips wins", ("coin", {"label": 9}), ("icon", {"name": "trophy", "won": True})),
        )),
        AT_THE_CABINET,
        TAKE_BACK,
    ),
    "cafe-junior": (
        Page("Seat the guests", (
            _t("Your hand of guests is on your seat's screen", ("guest", {"gender": "girl"}),
               ("guest", {"gender": "boy"})),
            _t("A guest sits on a side showing their flag", ("flag", {"code": "JPN"}), ARROW,
               ("tabletop", {})),
            _t("Each table: two girls and two boys", ("guest", {"gender": "girl"}),
               ("guest", {"gender": "girl"}), ("guest", {"gender": "boy"}), ("guest", {"gender": "boy"})),
        )),
        Page("Points", (
            _t("1\u00a0point for each guest you seat", ("guest", {"gender": "boy"}), ARROW, ("coin", {"label": 1})),
            _t("Fill a table's last seat: 10\u00a0points, turn over", ("tabletop", {}), ARROW,
               ("coin", {"label": 10})),
            _t("A joker sits anywhere; left in hand at the end: -5", ("guest", {"gender": "girl", "joker": True}),
               ("sign", {"text": "-5"})),
        )),
        Page("The end", (
            _t("Ends when the last seat is filled or the cards run out", ("tabletop", {"turned": True}),
               ("icon", {"name": "deck"})),
            _t("The most points wins", ("icon", {"name": "trophy", "won": True})),
        )),
        AT_THE_CABINET,
        TAKE_BACK,
    ),
}


def pages_for(game_id: str) -> tuple[Page, ...]:
    """The how-to-play pages of ``game_id``.

    Raises:
        KeyError: a game with no pages (names the game).
    """
    if game_id not in PAGES:
        raise KeyError(f"no how-to-play pages for game {game_id!r}")
    return PAGES[game_id]


@dataclass
class Pager:
    """Which page of ``game_id``'s how-to-play is shown (0-based
    ``page``).  With ``board_first`` (during a game) page 0 is the board
    itself and the how-to pages follow (:attr:`showing_board`)."""
    game_id: str
    page: int = 0
    board_first: bool = False
    pages: tuple[Page, ...] = field(default=(), repr=False)

    def __post_init__(self) -> None:
        self.pages = pages_for(self.game_id)

    @property
    def count(self) -> int:
        """Pages to turn through (the board counted during a game)."""
        return len(self.pages) + (1 if self.board_first else 0)

    @property
    def showing_board(self) -> bool:
        return self.board_first and self.page == 0

    @property
    def current(self) -> Page | None:
        """The how-to page shown, or None on the board."""
        return None if self.showing_board else self.pages[self.page - (1 if self.board_first else 0)]

    def turn(self, step: int) -> None:
        """Turn ``step`` pages (wraps around)."""
        self.page = (self.page + step) % self.count

    def press(self) -> bool:
        """The button: the next page; False on the last page (close)."""
        if self.page >= self.count - 1:
            return False
        self.page += 1
        return True
