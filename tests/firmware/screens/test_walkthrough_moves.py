"""Play-testers: with the first-game walkthrough on, its band at the foot
of the HDMI took the moves feed's place for the whole first round, so the
bots' moves (Ginza: a serve, a customer leaving, a die bought) went by
unseen.  While the band shows, the latest move stays on the screen, whole
(never cut), in every game, at 1920 x 1080 and 800 x 480."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "runtime"))

from firmware.screens.draw import default_measure, game_module, hdmi_screen
from firmware.screens.moves_log import move_words

from test_bot_pace import run_to, session  # noqa: E402

#: the games whose HDMI has a moves feed (Cha dango's board shows the order up and the race, no feed)
GAMES = [("ginza", 2), ("retrograde", 2), ("cryptid-cafe", 2), ("cafe-junior", 2)]


def _shown(scene) -> str:
    """Every text drawn, one string (wrapped lines joined by spaces)."""
    return " ".join(n.props.get("text", "") for n in scene.all_nodes() if n.kind == "text")


@pytest.mark.parametrize("game_id,players", GAMES)
def test_the_latest_move_stays_visible_under_the_walkthrough_band(game_id, players, tmp_path):
    s = session(tmp_path, game_id, players, set(range(players)))
    rt = s.runtime
    try:
        t = rt.now_us
        rt.step(t)
        run_to(rt, t, t + 6_000_000)                       # the bots make their first moves
        ctx = dict(s.context(), walkthrough="on", bots=list(range(1, players)))   # seat 1 a person
        moves = move_words(game_id, list(ctx["last_events"]), s.game.view(None))
        latest = getattr(game_module(game_id), "band_moves", list)(moves)[-1:]   # Ginza: a service over the arrival
        if not latest:
            pytest.skip(f"{game_id}: no move in words yet")
        for size in ((1920, 1080), (800, 480)):
            scene = hdmi_screen(s.game, ctx, size=size, measure=default_measure())
            assert scene.facts.get("walkthrough"), (game_id, size)          # the band shows
            shown = " ".join(_shown(scene).split())
            assert " ".join(latest[0].split()) in shown, (game_id, size, latest[0])
    finally:
        s.close()


def test_cha_dango_has_no_feed_and_its_band_says_no_move(tmp_path):
    """Cha dango's board shows the order up itself: no "Last move" there."""
    s = session(tmp_path, "cha-dango", 3, {0, 1, 2})
    rt = s.runtime
    try:
        t = rt.now_us
        rt.step(t)
        run_to(rt, t, t + 6_000_000)
        ctx = dict(s.context(), walkthrough="on", bots=[1, 2])
        scene = hdmi_screen(s.game, ctx, size=(1920, 1080), measure=default_measure())
        assert scene.facts["walkthrough"]["move"] == ""
    finally:
        s.close()
