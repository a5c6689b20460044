"""Play-tester: choosing a Ginza player card on the seat's OLED, Shin's
ability read "+1 yen each time" and never said when (the choice line took
two lines and pushed the ability's second line out): a blind choice.  The
OLED now shows every offered card's whole ability."""
from __future__ import annotations

from engines import new_game
from firmware.runtime.controls import SeatControls
from firmware.screens.draw import oled_frame
from firmware.screens.ginza_oled import ability_lines


def test_every_offered_player_cards_whole_ability_is_on_the_oled():
    seen = 0
    for seed in range(1, 9):
        g = new_game("ginza", 3, seed)
        assert g.view(None)["phase"] == "player_card"
        controls = [SeatControls(s) for s in range(3)]
        ctx = {"controls": controls, "bots": [], "last_events": [], "prompts": {}, "dice": {}}
        for seat in range(3):
            for _ in range(len(controls[seat].refresh(g))):
                shown = controls[seat].shown(g)
                card = g.comp.player_cards[shown.choices[shown.cursor]["card"]]
                f = oled_frame(g, seat, controls[seat], ctx)
                for _, line in ability_lines(f, card.text):
                    assert line in f.texts, (card.name, card.text, f.texts)
                # play-test round 3: the card's dice limit was never shown (the pages say it has one)
                assert any(f"limit {card.dice_limit}" in t for t in f.texts), (card.name, f.texts)
                assert not f.overlaps(), f.overlaps()
                seen += 1
                controls[seat].nav(g, 1)
    assert seen >= 24
