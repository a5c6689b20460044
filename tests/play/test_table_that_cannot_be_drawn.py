"""PT30, a fresh play-tester of Ginza Retro Café: one part of the shared
screen that could not be laid out ("HDMI could not be drawn ...; the game
goes on") froze the table on the last board it drew, for the rest of the
game: the end, who won and the scores were never shown, and ``cabinet
replay`` of the game stopped with an error at that step.  A layout fault
is a bug (the screen tests hunt them), but when one slips through the
table still shows the game in words (the latest moves, then who won)
and says that its picture could not be drawn."""
from __future__ import annotations

from firmware.app import session as session_mod
from firmware.ui.kit import LayoutError


def _broken(*_a, **_kw):
    raise LayoutError("'x3' does not fit 23x32 px at 27 px (1280x720)")


def test_a_table_that_cannot_be_drawn_still_says_the_moves_and_who_won(table, monkeypatch):
    t = table("cafe-junior", 2, bots={0, 1}, seed=3)
    s = t.session
    monkeypatch.setattr(session_mod, "hdmi_screen", _broken)
    t.step(3)
    scene = s._hdmi_scene(s.context())
    assert scene is not None, "the last frame stayed: nothing new is said"
    assert any("could not be drawn" in x for x in scene.texts()), scene.texts()
    t.run_until(lambda t: s.game.is_terminal(), max_passes=20000)
    t.step(5)
    scene = s._hdmi_scene(s.context())
    assert any("wins" in x or "share" in x for x in scene.texts()), scene.texts()
