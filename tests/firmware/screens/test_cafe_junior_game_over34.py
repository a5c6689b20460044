"""Issue 34, PT13 (f20): at the end of Café International Junior a seat's
OLED drew its guests left in hand as silhouettes with no countries (the
hand's names did not fit the one line left).  At game over every guest
left in hand stands with its country, and the frame says the game is
over."""
from __future__ import annotations

from firmware.runtime.controls import SeatControls
from firmware.screens.cafe_junior_oled import country_words
from firmware.screens.draw import oled_frame

from screen_checks import context, play_states


def test_the_hand_left_at_game_over_is_named():
    seen = 0
    for seed in (1, 2, 3, 4):
        for game, events in play_states("cafe-junior", 3, seed, every=1, limit=3000):
            if not game.is_terminal():
                continue
            for seat in range(game.num_players):
                hand = game.view(seat).get("hand") or []
                ctrls = [SeatControls(s) for s in range(game.num_players)]
                f = oled_frame(game, seat, ctrls[seat], context(game, events, ctrls))
                # the end said: "over", or the seat's place (PT45: "you win!", "2nd of 3")
                assert any("over" in t or "win!" in t or " of 3" in t for t in f.texts), f.texts
                for card in hand[:8]:
                    assert country_words(card) in f.texts, (country_words(card), f.texts)
                seen += len(hand) >= 5
            break
    assert seen >= 3
