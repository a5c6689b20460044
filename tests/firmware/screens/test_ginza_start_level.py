"""Play-tester: Kenta ("Start the game with Reroll Dice at Lv.2") was
played, yet the seat's mat showed Reroll Lv.1 until the game started: the
mat shows what the card will give as soon as it is played."""
from __future__ import annotations

from engines import new_game
from firmware.screens.draw import default_measure, hdmi_screen


def test_a_start_at_lv2_card_shows_lv2_on_the_mat_once_played():
    found = 0
    for seed in range(1, 30):
        g = new_game("ginza", 2, seed)
        for s in range(2):
            g.apply(g.legal_actions(s)[0])
        view = g.view(None)
        assert view["phase"] != "play"
        for s, p in enumerate(view["players"]):
            pc = g.comp.player_cards[p["card"]]
            if pc.ability_kind() != "start_arrange_lv2":
                continue
            arr = pc.ability_value("arrange")
            scene = hdmi_screen(g, {"last_events": [], "dice": {}, "prompts": {}}, size=(1920, 1080),
                                measure=default_measure())
            assert scene.facts["arrange"][s][arr] == 2, (pc.name, scene.facts["arrange"][s])
            found += 1
    assert found >= 1
