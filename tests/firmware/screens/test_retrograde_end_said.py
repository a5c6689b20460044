"""Retrograde's result says why the game ended (PT17, issue 34: the last
blast went straight to "Game over", nothing said the 8 rounds were done;
rulebook "Game Over": "The game ends at the end of the 8th round, the
round when the card deck is empty")."""
from __future__ import annotations

from bots.random_bot import RandomBot
from engines import new_game
from engines.results import game_result
from firmware.screens.draw import default_measure, hdmi_screen, result_card, result_notes


def test_the_result_card_says_the_8th_round_ended_the_game():
    game = new_game("retrograde", 3, 5)
    bot = RandomBot(5)
    while not game.is_terminal():
        game.apply(bot.next_action(game))
    assert result_notes(game) == ["The 8th round is over: the card deck is empty"]
    for size in ((1920, 1080), (800, 480)):
        base = hdmi_screen(game, {"bots": [1, 2]}, size=size, measure=default_measure())
        card = result_card(game, game_result(game), base, size, default_measure())
        assert "The 8th round is over: the card deck is empty" in card.texts(), size
