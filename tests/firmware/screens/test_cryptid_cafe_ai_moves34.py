"""Issue 34 (a fresh play-tester, 2 seats with AI Player 3): the AI's
placements never appeared in "Latest moves" (its meeple just appeared),
and the AI die was drawn (a star, two stars, a blank) with no words."""
from __future__ import annotations

import pytest

from firmware.app.gallery import STATES, context_for, find_state
from firmware.screens.cryptid_cafe_words import die_words, is_move
from firmware.screens.draw import hdmi_screen
from firmware.ui.hdmi import HdmiRenderer

TWO = next(s for s in STATES["cryptid-cafe"] if s.name == "two")


@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (1846, 770), (1920, 1080)])
def test_the_ai_players_placement_is_among_the_latest_moves_and_its_die_said(size):
    game, events = find_state(TWO)
    placed = [e for e in events if e.startswith("AI Player 3 sends a server to")]
    assert placed, events
    r = HdmiRenderer(*size, "headless")
    ctx, _ = context_for(game, events, TWO)
    scene = hdmi_screen(game, ctx, size=size, measure=r.scene_measure)
    assert placed[-1] in scene.facts["moves"], (size, scene.facts["moves"])
    said = scene.facts.get("ai_die_words", "")
    assert said.startswith("AI die: ") and "rank" in said, (size, said, scene.dropped)


def test_the_ai_die_says_what_each_face_does_in_the_rulebook_s_terms():
    assert die_words("AI Player 3 rolls the AI die: one symbol (rank 2)", 1)[0] == \
        "AI die: 1 star: its server goes to rank 2"
    assert die_words("AI Player 3 rolls the AI die at Baba au Rhume: two symbols", 2)[0] == \
        "AI die: 2 stars: its server moves up 2 ranks, free"
    assert die_words("AI Player 3 rolls the AI die at Baba au Rhume: blank", 0)[-1] == "AI die: blank = stays"


def test_the_moves_list_keeps_the_ai_moves_and_leaves_out_its_steps():
    assert is_move("AI Player 3 sends a server to Baba au Rhume, rank 2")
    assert is_move("AI Player 3 moves up at Baba au Rhume from rank 1 to rank 3")
    assert is_move("AI Player 3's server pushes Seat 1's server at Baba au Rhume down to rank 2: "
                   "Seat 1 collects 1 Baba au Rhume fewer")
    assert not is_move("AI Player 3 draws the Baba au Rhume card")
    assert not is_move("AI Player 2's score: 12 coins = 4 from shared tips")
    assert is_move("Seat 1 sends a server to Kaputtcino, rank 1")


def test_the_words_are_the_rulebook_s_not_mgr_or_serve_space():
    """Issue 34: the OLED said "Mgr" (the Manager card) and "serve space 2"
    (space: a track slot, read as the Space key); the side panel's AI
    lines did not say which servers are the AI's ("AI3" on a grey one)."""
    from firmware.screens.cryptid_cafe_words import short_forms
    from firmware.screens.draw import oled_frame
    view = {"you": 0, "players": [{"track": [{"name": "Yeti"}, {"name": "Nessie"}]}]}
    assert short_forms({"type": "serve", "slot": 1}, view)[0] == "serve Nessie"
    game, events = find_state(TWO)
    ctx, controls = context_for(game, events, TWO)
    oleds = [" ".join(oled_frame(game, s, controls[s], ctx).texts) for s in range(2)]
    assert not any("Mgr" in o for o in oleds) and any("Manager" in o for o in oleds), oleds
    r = HdmiRenderer(1846, 770, "headless")
    texts = " ".join(hdmi_screen(game, ctx, size=(1846, 770), measure=r.scene_measure).texts())
    assert "AI Player 3 (AI3)" in texts, texts
