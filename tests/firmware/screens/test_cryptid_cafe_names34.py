"""Issue 34 (a fresh play-tester): long customer names (Jackalope,
Ogopogo) vanished from their cards on the HDMI at 1280x720 and 1920x1080
instead of shrinking: every customer on a track keeps its name, drawn no
smaller than the kit's least legible size."""
from __future__ import annotations

import pytest

from firmware.screens.draw import hdmi_screen
from firmware.ui.hdmi import HdmiRenderer
from firmware.ui.kit import Metrics

from screen_checks import context, play_states


@pytest.mark.parametrize("players", [3, 5])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_cryptid_cafe_every_customer_name_on_its_card(players, size):
    r = HdmiRenderer(*size, "headless")
    least = Metrics(*size).least
    seen, missing = 0, []
    for game, events in play_states("cryptid-cafe", players, 2, every=15, limit=300):
        scene = hdmi_screen(game, context(game, events), size=size, measure=r.scene_measure)
        drawn = {n.props["text"]: n.props["size"] for n in scene.of_kind("text")}
        for p in game.view(None)["players"]:
            for c in p["track"]:
                if c:
                    seen += 1
                    got = [drawn[t] for t in (c["name"], c.get("short")) if t in drawn]
                    if not got:
                        missing.append(c["name"])
                    else:
                        assert max(got) >= least, (c["name"], got)
    assert seen > 20 and not missing, sorted(set(missing))
