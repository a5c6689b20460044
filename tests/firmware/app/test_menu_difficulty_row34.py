"""Issue 34 (fresh play-testers): Cryptid Cafe's "Difficulty (solo)" row
came and went as the Players row changed, so the rows below moved under a
person's presses (as the Bot level row did, PT13).  It stays in its place
for Cryptid Cafe at every player count: set in a solo game, greyed
"solo only" (doing nothing, saying why) with 2 or more players."""
from __future__ import annotations

from firmware.app.menu import Menu
from firmware.screens.draw import default_measure
from firmware.screens.menu_scene import focus_words


def _labels(menu: Menu) -> list[str]:
    return [label for label, _ in menu.rows()]


def test_the_difficulty_row_keeps_its_place_as_players_change():
    menu = Menu(games=["cryptid-cafe"])
    menu.focus = _labels(menu).index("Players")
    seen = {}
    for _ in range(6):                  # round the Players row once
        menu.press()
        seen[menu.players] = _labels(menu)
    assert len(seen) == 5 and len({tuple(v) for v in seen.values()}) == 1, seen
    assert "Difficulty" in seen[1]


def test_the_difficulty_row_is_greyed_solo_only_with_more_players_and_a_press_changes_nothing():
    menu = Menu(games=["cryptid-cafe"])
    menu.players = 3
    assert "Difficulty" in menu.greyed() and dict(menu.rows())["Difficulty"] == "solo only"
    menu.focus = _labels(menu).index("Difficulty")
    before = menu.difficulty
    menu.press()
    assert menu.difficulty == before and "solo" in menu.message
    said = " ".join(focus_words(menu)[1])
    assert "1 player" in said and "Bots row" not in said, said
    scene = menu.scene((1280, 720), default_measure())
    assert "Difficulty" in scene.facts["greyed_rows"]
    menu.focus = _labels(menu).index("Start")
    assert menu.press()[1]["options"] is None          # no solo option in a 3-player game
    menu.players = 1
    assert "Difficulty" not in menu.greyed() and dict(menu.rows())["Difficulty"] == "easy (solo)"
    menu.focus = _labels(menu).index("Difficulty")
    menu.press()
    menu.focus = _labels(menu).index("Start")
    assert menu.press()[1]["options"] == {"difficulty": "hard"}


def test_other_games_have_no_difficulty_row():
    menu = Menu(games=["ginza"])
    assert "Difficulty" not in _labels(menu)
