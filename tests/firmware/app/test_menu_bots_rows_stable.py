"""The start menu's Bots rows as PT13 met them (issue 34, m*.png): with 1
player the Bots row offered "all but seat 1", the same as "none"; and
changing Bots inserted a "Bot level" row, so every row below moved and the
tester's presses meant for Resume landed on Walkthrough (m7)."""
from __future__ import annotations

from pathlib import Path

from firmware.app.menu import Menu
from firmware.screens.draw import default_measure

SAVE = [(Path("/s/cryptid-cafe-20261202-050000-1.jsonl"), "Cryptid Cafe, 1 player, round 2 of 9, 14:02")]


def _focus(menu: Menu, label: str) -> None:
    menu.focus = [lab for lab, _ in menu.rows()].index(label)


def _cycle_bots(menu: Menu) -> list[str]:
    """The Bots row's values, pressed round once."""
    _focus(menu, "Bots")
    seen = []
    for _ in range(4):
        value = dict(menu.rows())["Bots"]
        if value in seen:
            break
        seen.append(value)
        menu.press()
    return seen


def test_pt13_with_one_player_the_bots_row_offers_only_what_differs():
    menu = Menu(games=["cryptid-cafe"])
    _focus(menu, "Players")
    while menu.players != 1:
        menu.press()
    assert _cycle_bots(menu) == ["none", "all"]
    menu.bots = 1                             # chosen with 2 players, then the Players row went to 1
    menu.players = 2
    _focus(menu, "Players")
    while menu.players != 1:
        menu.press()
    assert dict(menu.rows())["Bots"] == "none" and menu.bot_seats() == set()


def test_pt13_two_players_still_offer_all_three():
    menu = Menu(games=["ginza"])
    assert _cycle_bots(menu) == ["none", "all but seat 1", "all"]


def test_pt13_changing_bots_moves_no_row_and_press_on_no_bots_level_changes_nothing():
    menu = Menu(games=["cryptid-cafe", "ginza"], resumable=list(SAVE))
    for _ in range(2):                        # each game: the rows' order stays as Bots turns round
        labels = [lab for lab, _ in menu.rows()]
        for _ in range(3):
            _focus(menu, "Bots")
            menu.press()
            assert [lab for lab, _ in menu.rows()] == labels
        menu.bots = 0
        assert dict(menu.rows())["Bot level"] == "no bots"
        _focus(menu, "Bot level")
        level = menu.bot_level
        assert menu.press() is None and menu.bot_level == level
        _focus(menu, "Game")
        menu.press()


def test_pt13_the_bot_level_row_is_greyed_with_no_bots():
    menu = Menu(games=["ginza"])
    scene = menu.scene((1280, 720), default_measure())
    assert "Bot level: no bots" in scene.facts["rows"]
    assert "Bot level" in scene.facts.get("greyed_rows", ()), scene.facts.get("greyed_rows")
