"""Issue 34 (a fresh play-tester): Cryptid Cafe's "Change My Order"
opened on "copy Seat 2's Ropen", one press from spending the once-a-game
card: a new decision like that opens on keeping the order."""
from __future__ import annotations

from firmware.runtime.controls import SeatControls

from screen_checks import play_states


def test_cryptid_change_my_order_opens_on_keeping_the_order():
    seen = 0
    for game, _ in play_states("cryptid-cafe", 3, 2, limit=1500):
        if game.is_terminal() or game.view(None).get("phase") != "change_order":
            continue
        for seat in game.active_players():
            acts = game.legal_actions(seat)
            if not any(a["type"] == "change_order" for a in acts):
                continue
            c = SeatControls(seat)
            c.refresh(game)
            assert c.shown(game).chosen["type"] == "keep_order", c.shown(game).chosen
            seen += 1
        if seen >= 3:
            break
    assert seen
