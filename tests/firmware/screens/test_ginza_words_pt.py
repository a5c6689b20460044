"""Play-tester's words in Ginza: "Pudding: 3 +2, costs ... ¥3" never said
the "+2" is the common die; "Morning Set 5VP" wants a space ("5 VP")."""
from __future__ import annotations

import re

from engines import new_game
from firmware.screens import ginza_words as gw
from firmware.screens.ginza_oled import label

from screen_checks import play_states


def test_a_serve_with_the_common_die_says_so_on_the_choice_and_its_cost():
    found = 0
    for game, _ in play_states("ginza", 3, 2, limit=3000):
        for seat in game.active_players():
            for a in game.legal_actions(seat):
                if a.get("type") == "serve" and a.get("common") is not None:
                    assert "common" in gw.short_words(a, game), gw.short_words(a, game)
                    assert "common die" in gw.cost_words(game, seat, a)[0], gw.cost_words(game, seat, a)
                    found += 1
        if found > 5:
            break
    assert found


def test_victory_points_have_a_space_before_vp():
    game = new_game("ginza", 3, 1)
    for cid in game.comp.bonus_cards:
        words = label({"type": "pick_bonus", "card": cid}, game)
        assert not re.search(r"\dVP", words), words
