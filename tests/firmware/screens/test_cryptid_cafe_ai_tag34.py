"""Issue 34 (fresh play-testers): Cryptid Cafe's side panel said "AI3 = AI
Player 3 only sends servers", which reads like a line of code.  The grey
servers' label is explained as people write an abbreviation, the name
first and the label in brackets: "AI Player 3 (AI3) only sends servers:
2 cards left" (the solo rules: two AI players send servers, you compete
against AI Player 2)."""
from __future__ import annotations

import re

import pytest

from firmware.screens.draw import hdmi_screen
from firmware.ui.hdmi import HdmiRenderer

from screen_checks import context, play_states


@pytest.mark.parametrize("players", [1, 2])
@pytest.mark.parametrize("size", [(1920, 1080), (1846, 770), (800, 480)])
def test_the_ai_servers_label_is_said_in_words_not_as_an_equation(players, size):
    r = HdmiRenderer(*size, "headless")
    said = []
    for game, events in play_states("cryptid-cafe", players, 3, every=20, limit=400):
        texts = hdmi_screen(game, context(game, events), size=size, measure=r.scene_measure).texts()
        assert not [t for t in texts if re.search(r"\bAI\d\s*=", t)], texts
        said += [t for t in texts if re.search(r"AI Player \d \(AI\d\)", t)]
    if size[0] > 1000:
        assert said, "the grey servers' label is never explained"
