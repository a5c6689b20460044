"""The start menu as play-tester 2 met it: each game's own blurb, the
focus back on the Resume row of the game just left, one font size with
Resume rows, and the Esc question's time left."""
from __future__ import annotations

from pathlib import Path

from engines import GAMES
from firmware.app.menu import Menu
from firmware.screens.draw import default_measure

RESUMES = [(Path("/s/cafe-junior-20261202-050000-1.jsonl"), "Café Junior, 3 players, turn 12, 14:02"),
           (Path("/s/ginza-20261201-090000-2.jsonl"), "Ginza Retro Café, 4 players, round 2 of 4, yesterday 09:10"),
           (Path("/s/cha-dango-20261128-140000-3.jsonl"), "Cha dango, 3 players, 40 orders left, Mon 28 Nov 14:02")]


def _info(game_id: str) -> list[str]:
    """The words beside the menu's rows with the Game row focused (the
    drawn menu's panel, its title left out)."""
    return Menu(games=[game_id]).scene((1280, 720), default_measure()).facts["info"][1:]


def test_each_game_has_its_own_one_line_description_and_no_dice_where_it_has_none():
    """Cha dango's blurb said "bots play through the same buttons and dice
    as people" (Cha dango has no dice); every game read the same."""
    said = {g: " ".join(_info(g)) for g in GAMES}
    for g in ("cha-dango", "cafe-junior"):
        assert "dice" not in said[g], said[g]
    for g in ("retrograde", "ginza"):
        assert "dice" in said[g], said[g]
    firsts = {_info(g)[0] for g in GAMES}
    assert len(firsts) == len(GAMES), firsts      # a description of its own, first


def test_leaving_a_game_puts_the_focus_on_its_resume_row():
    """After Esc the cursor sat on "Start", not on the game just left."""
    menu = Menu(resumable=list(RESUMES))
    menu.focus_resume(Path("/s/ginza-20261201-090000-2.resumed-1.jsonl"))    # its family's resumed copy
    assert menu.rows()[menu.focus] == ("Resume", RESUMES[1][1])
    menu.focus_resume(Path("/s/retrograde-20261202-050000-9.jsonl"))       # finished: not offered
    assert menu.rows()[menu.focus] == ("Resume", RESUMES[1][1])


def test_resume_rows_keep_the_menus_font_size_and_cut_nothing():
    """The whole menu column switched to a smaller font once Resume rows appeared."""
    m = default_measure()
    for size in ((1280, 720), (1920, 1080), (800, 480)):
        sizes = []
        for res in ([], RESUMES, RESUMES * 3):
            scene = Menu(resumable=list(res), simulated=True).scene(size, m)
            bars = [n.rect for n in scene.all_nodes() if n.kind == "panel" and (n.key or "").startswith("menu-row-")]
            words = [n for n in scene.of_kind("text") if any(n.rect.inside(b) for b in bars)]
            sizes.append({n.props["size"] for n in words})
            assert not [t for t in scene.texts() if "…" in t], (size, scene.texts())
        assert sizes[0] == sizes[1] == sizes[2] and len(sizes[0]) == 1, (size, sizes)


def test_the_focused_resume_row_is_told_in_full_beside_the_menu():
    menu = Menu(resumable=list(RESUMES))
    menu.focus_resume(RESUMES[2][0])
    assert "40 orders left" in " ".join(menu.scene((1280, 720), default_measure()).facts["info"])


def test_cryptid_cafe_difficulty_row_only_where_it_has_an_effect():
    """Play-tester: the "Difficulty" row showed in a 3-player game where it
    changes nothing (it sets the solo wasted-dish cost only): there it is
    greyed "solo only" (issue 34: it stays, so the rows below keep their
    places)."""
    m = Menu(games=["cryptid-cafe"])
    for players in range(1, 6):
        m.players = players
        assert ("Difficulty" in m.greyed()) == (players > 1), players
        assert (dict(m.rows())["Difficulty"] == "solo only") == (players > 1), m.rows()
