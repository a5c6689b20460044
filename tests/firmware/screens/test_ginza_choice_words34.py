"""Issue 34 (a fresh play-tester): two different Ginza choices read the
same on the OLED ("serve 1 6" for the Omurice and for the 7+ coffee):
every choice's OLED words tell it apart from the others."""
from __future__ import annotations

from collections import Counter

from firmware.screens import ginza_oled

from screen_checks import play_states


def test_ginza_every_choice_reads_differently_on_the_oled():
    checked = 0
    for game, _ in play_states("ginza", 3, 1, every=3, limit=900):
        if game.is_terminal():
            break
        for seat in game.active_players():
            # the card choices (player card, bonus draft) show the card itself on the OLED
            acts = [a for a in game.legal_actions(seat) if a["type"] not in ("choose_card", "pick_bonus")]
            if len(acts) < 2:
                continue
            said = Counter(ginza_oled._short(a, game) for a in acts)
            twice = {w: [a for a in acts if ginza_oled._short(a, game) == w] for w, k in said.items() if k > 1}
            assert not twice, twice
            checked += 1
    assert checked > 20
