"""Issue 34 (fresh play-testers): in Ginza the lit customer (the one the
turn seat's cursor would serve) lost its "(Morning)": a long name with its
time of day did not fit the customer's head at the small size, so the
time of day was dropped (at 800x480 "Early Bird Family" vanished whole).
Every customer on the HDMI keeps its name and its time of day, lit or not,
at a legible size."""
from __future__ import annotations

import pytest

from firmware.screens.draw import hdmi_screen
from firmware.ui.hdmi import HdmiRenderer

from screen_checks import context, play_states, scene_problems


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (1920, 1080)])
def test_ginza_every_customer_keeps_its_time_of_day(players, size):
    r = HdmiRenderer(*size, "headless")
    seen, lost, lit = 0, [], 0
    for game, events in play_states("ginza", players, 3, every=10, limit=600):
        scene = hdmi_screen(game, context(game, events), size=size, measure=r.scene_measure)
        texts = scene.texts()
        lit_order = scene.facts.get("lit_order")
        for slot in game.view(None)["customers"]:
            if not slot:
                continue
            seen += 1
            lit += any(o["card"] == lit_order for o in slot["orders"])
            tod = f"({slot['time_of_day']})"
            if not any(slot["name"] in t for t in texts) or not any(tod in t for t in texts
                                                                   if t.startswith(slot["name"]) or t == tod):
                lost.append(f"{slot['name']} {tod}")
        assert not scene_problems(scene), scene_problems(scene)
    assert seen > 15 and lit >= 2 and not lost, sorted(set(lost))
