"""Play-tester (issue 34, pt11 s10 / s17): during Ginza's bonus draft the
player card's name left seat 1's mat ("Seat 1 Kenta" in s10, "Seat 1" in
s17) when the banner said where its cursor was ("card 1/2?"); and the
header "Roll 5 red dice, then 1 more roll" (s10) read as one seat rolling
twice, where the rulebook's set-up has every player roll their 5 dice and
one player the 3 common dice."""
from __future__ import annotations

import pytest

from bots.random_bot import RandomBot
from engines import new_game
from firmware.runtime.controls import SeatControls
from firmware.screens.draw import default_measure, hdmi_screen

from screen_checks import context


def _draft(players: int = 3, seed: int = 1):
    """The game at the bonus draft, every seat's player card chosen."""
    game = new_game("ginza", players, seed)
    bot = RandomBot(seed)
    while game.view(None)["phase"] not in ("draft1", "draft2"):
        game.apply(bot.next_action(game))
    return game


@pytest.mark.parametrize("size", [(1920, 1080), (1266, 712), (1024, 600), (800, 480)])
def test_the_mat_keeps_the_player_cards_name_while_the_cursor_is_shown(size):
    game = _draft()
    controls = [SeatControls(s) for s in range(3)]
    controls[0].refresh(game)
    controls[0].nav(game, 1)                       # seat 1 (a person) looks at its second card
    ctx = context(game, [], controls=controls, bots=[1, 2])
    scene = hdmi_screen(game, ctx, size=size, measure=default_measure())
    texts = " ".join(scene.texts())
    if size[0] >= 1266:        # the tester's window: the cursor is said on the mat too
        assert scene.facts.get("doing", {}).get(0), scene.facts.get("doing")
    for seat, p in enumerate(game.view(None)["players"]):
        name = game.comp.player_cards[p["card"]].name
        assert f"Seat {seat + 1} {name}" in texts, (seat, name, texts)


@pytest.mark.parametrize("size", [(1920, 1080), (800, 480)])
def test_the_set_up_roll_header_says_who_rolls_what(size):
    game = new_game("ginza", 3, 1)
    bot = RandomBot(1)
    while not game.chance_requests():
        game.apply(bot.next_action(game))
    scene = hdmi_screen(game, context(game, []), size=size, measure=default_measure())
    texts = " ".join(scene.texts())
    assert "more roll" not in texts, texts
    assert "roll" in texts and ("Seats 1, 2 and 3" in texts or "Seats 1, 2 and 3: roll" in texts), texts
