"""Issue #34 (played as people play), Café Junior: the window's legend said
"Q held: cup" though the game has no cup, and the menu's "Left/Right: row"
moved up and down a list."""
from __future__ import annotations

import pytest

from engines.registry import is_available
from firmware.app.menu import Menu
from firmware.app.session import Session, SessionOptions
from firmware.runtime import config
from firmware.screens.draw import default_measure


def _legend(tmp_path, game_id: str) -> list[tuple[str, str]]:
    cfg = config.load(None)
    cfg["cabinet"]["state_dir"] = str(tmp_path / "state")
    opts = SessionOptions(headless=True, size=(800, 480), bots=set())
    s = Session.new(cfg, game_id, 2, 3, None, tmp_path / "g.jsonl", opts, model=None)
    return s._legends()[0]


@pytest.mark.skipif(not is_available("cafe-junior"), reason="Café Junior engine not available")
def test_cafe_junior_legend_names_no_cup(tmp_path):
    legend = _legend(tmp_path, "cafe-junior")
    assert "cup" not in [what for _, what in legend], legend
    assert ("Space", "button") in legend


@pytest.mark.skipif(not is_available("cha-dango"), reason="Cha dango engine not available")
def test_cha_dango_legend_keeps_its_cup(tmp_path):
    assert ("Q held", "cup") in _legend(tmp_path, "cha-dango")


def test_the_menu_says_what_left_and_right_do_in_its_list():
    for simulated in (True, False):
        menu = Menu(simulated=simulated)
        said = " ".join(menu.keys_hints()) + " " + " ".join(menu.scene((1280, 720), default_measure()).texts())
        assert ": row" not in said and "choose a row" not in said, said
        assert "up/down" in said, said


def test_at_game_over_the_legend_says_only_what_closes_the_result(tmp_path):
    """Played in the window (Café Junior, seat 1 against a bot, to the end):
    under "Seat 1 wins! ... Press your button to close" the seat's legend
    still offered "Left/Right: choose", "Down: cancel" and "Left held:
    take back", none of which does anything any more."""
    from bots.random_bot import RandomBot
    cfg = config.load(None)
    cfg["cabinet"]["state_dir"] = str(tmp_path / "state")
    opts = SessionOptions(headless=True, size=(800, 480), bots=set())
    s = Session.new(cfg, "cafe-junior", 2, 3, None, tmp_path / "g.jsonl", opts, model=None)
    bot = RandomBot(3)
    while not s.game.is_terminal():
        s.game.apply(bot.next_action(s.game))
    assert s._legends()[0] == [("Space", "close")], s._legends()[0]
