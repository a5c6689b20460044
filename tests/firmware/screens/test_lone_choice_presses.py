"""A seat's only choice that takes two presses says so on its OLED
(PT18, issue 34: Café Junior's lone "end turn" read "press: end turn"
while one press only armed it; PT17 met Retrograde's lone "done blasting"
the same way).  Ruling CAB-2: every choice is armed, then taken; only
races (and Cha dango's reveal) are one press."""
from __future__ import annotations

import pytest

from bots.random_bot import RandomBot
from engines import new_game
from firmware.runtime.controls import SeatControls
from firmware.screens.choices import press_count
from firmware.screens.draw import oled_frame


def _context(game):
    return {"bots": list(range(1, game.num_players)), "last_events": [], "prompts": {}, "notice": "",
            "banner": "", "dice": {}, "now_us": game.now_us()}


@pytest.mark.parametrize("game_id,players", [("cafe-junior", 3), ("retrograde", 3), ("cha-dango", 3)])
def test_a_lone_choice_says_how_many_presses_it_takes(game_id, players):
    seen = {1: 0, 2: 0}
    for seed in range(1, 6):
        game = new_game(game_id, players, seed=seed)
        bot = RandomBot(seed)
        controls = [SeatControls(s) for s in range(players)]
        for _ in range(3000):
            if game.is_terminal():
                break
            shown = controls[0].shown(game)
            # (Cha dango's revealer aims ahead beside its reveal, CD-12: the button's lone choice)
            lone = shown.button if shown.button is not None else shown.chosen if len(shown.choices) == 1 else None
            if lone is not None:
                presses = press_count(lone, 1)
                texts = " | ".join(oled_frame(game, 0, controls[0], _context(game)).texts)
                seen[presses] += 1
                if presses == 2:
                    assert "press 2x" in texts, texts
                    assert not any(t.startswith("press: ") for t in texts.split(" | ")), texts
            game.apply(bot.next_action(game))
    assert seen[1] + seen[2], f"{game_id}: seat 1 never had a lone choice"
