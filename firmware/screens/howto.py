"""How to play (issue 38, Build 2): for each game a few drawn pages, each
of two or three tiles: a picture made of the kit's components (dice,
droids, cards, dango, meeples, flags...) and a short caption in our own
words after the rulebooks in /work/shared/rules and the cabinet's rulings
(docs/rulings.md; no copied text or art): for each game what a newcomer
needs to play a whole game (what they see at the start, a turn or round,
every action and its cost, the end and the scoring) and the cabinet's
buttons for it.  The pages live beside this module:
:mod:`firmware.screens.howto_race` (Retrograde, Cha dango; Cha dango's hit
in one place, ``CHA_DANGO_HIT``), :mod:`firmware.screens.howto_cafe` (the
three café games), their pieces in :mod:`firmware.screens.howto_parts`.

Reached from the menu's "How to play" row, and during a game from any
person's seat: hold both arrows 1 s to pause (the pause of
:mod:`firmware.runtime.pace`), then the arrows turn the pages (page 0 is the
board itself); hold both again to go on.  In the menu the arrows turn
the pages and the button goes to the next page; on the last page the
button goes back to the menu.

:data:`PAGES` is the content, :class:`Pager` the state; the art items a
tile draws are listed in :mod:`firmware.screens.howto_parts`.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from firmware.screens.howto_cafe import CAFE_JUNIOR, CRYPTID_CAFE, GINZA
from firmware.screens.howto_parts import (ARROW, AT_THE_CABINET, PLUS, Art, Page,  # noqa: F401 (re-exported)
                                          Tile)
from firmware.screens.howto_race import CHA_DANGO, CHA_DANGO_HIT, RETROGRADE  # noqa: F401 (re-exported)

#: Each game's pages, in the order they are turned.
PAGES: dict[str, tuple[Page, ...]] = {
    "retrograde": RETROGRADE,
    "cha-dango": CHA_DANGO,
    "ginza": GINZA,
    "cryptid-cafe": CRYPTID_CAFE,
    "cafe-junior": CAFE_JUNIOR,
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
