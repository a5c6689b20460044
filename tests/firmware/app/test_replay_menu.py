"""Issue 38, Build 6: the menu's "Watch a game" row: the newest saved game
(finished or not) in words, its button starts watching it, a damaged save
is refused in words on the menu and left as it is."""
from __future__ import annotations

from firmware.app.menu import Menu
from firmware.app.menu_saves import find_resume
from firmware.app.menu_watch import watch_in_menu
from firmware.runtime import config
from firmware.screens.draw import default_measure
from firmware.screens.menu_scene import menu_scene

from test_replay import play_and_journal


def _cfg(tmp_path):
    return config.validate({"cabinet": {"state_dir": str(tmp_path)}, "gpio": {"backend": "mock"}})


def test_the_watch_row_offers_the_newest_game_finished_or_not(tmp_path):
    folder = tmp_path / "journals"
    folder.mkdir()
    play_and_journal("ginza", folder / "a.jsonl", 30)
    play_and_journal("cafe-junior", folder / "b.jsonl", 5000)          # the newest, and finished
    menu = Menu()
    find_resume(menu, _cfg(tmp_path))
    rows = dict(menu.rows())
    assert rows["Watch a game"] == "Café International Junior"
    assert "finished" in menu.watchable[1]
    menu.focus = [lab for lab, _ in menu.rows()].index("Watch a game")
    assert menu.press() == ("watch", folder / "b.jsonl")
    for size in ((1920, 1080), (800, 480)):                            # drawn, and the focus says what it does
        scene = menu_scene(menu, size, default_measure())
        assert any(r.startswith("Watch a game") for r in scene.facts["rows"])
        assert "arrows step" in " ".join(scene.texts())


def test_no_saved_game_no_watching(tmp_path):
    menu = Menu()
    find_resume(menu, _cfg(tmp_path))
    assert dict(menu.rows())["Watch a game"] == "no saved game"
    menu.focus = [lab for lab, _ in menu.rows()].index("Watch a game")
    assert menu.press() is None


def test_a_damaged_newest_save_is_refused_on_the_menu_in_words(tmp_path):
    folder = tmp_path / "journals"
    folder.mkdir()
    path = folder / "a.jsonl"
    play_and_journal("cryptid-cafe", path, 30)
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x04                                        # one flipped bit
    path.write_bytes(bytes(data))
    menu = Menu()
    find_resume(menu, _cfg(tmp_path))
    assert menu.watchable == (path, "damaged save")
    said = watch_in_menu(_cfg(tmp_path), path, cabinet=None, renderer=None, size=(800, 480))
    assert said.startswith("not watched: this saved game is damaged and cannot be watched")
    assert path.read_bytes() == bytes(data)
