"""Issue 34 (a fresh play-tester) in Café International Junior: a waiting
seat's OLED drew its six guests in a row and their countries under them
in two rows of three ("USA joker USA / Germany China Japan"): which name
was whose was unclear.  Each guest now has its own country beside it, in
the hand's order."""
from __future__ import annotations

from firmware.runtime.controls import SeatControls
from firmware.screens import cafe_junior as cj

from screen_checks import context, play_states


def test_a_waiting_seat_names_each_guest_beside_it_one_name_per_guest():
    seen = 0
    for game, events in play_states("cafe-junior", 3, 1, every=3, limit=200):
        for seat in range(game.num_players):
            if seat in game.active_players() or game.is_terminal():
                continue
            view = game.view(seat)
            hand = (view.get("hand") or [])[:8]
            if len(hand) < 2:
                continue
            f = cj.oled_frame(game, seat, view, SeatControls(seat), context(game, events))
            names = [cj.country_words(c) for c in hand]
            texts = list(f.texts)
            start = len(texts) - len(names)
            assert texts[start:] == names, (texts, names)      # one text per guest, in the hand's order
            seen += 1
    assert seen > 10
