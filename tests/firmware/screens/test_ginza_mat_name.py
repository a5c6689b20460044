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


@pytest.mark.parametrize("size", [(1920, 1080), (1266, 712)])
def test_the_mat_never_loses_both_its_name_and_what_the_cursor_would_do(size):
    """pt11 w2_5: "Seat 1 · 6 VP" on seat 1's turn: the name went for a
    doing that was then too long to show ("change 1 to 2?" was not shown
    either).  On the seat's turn its banner says what the cursor would do
    (issue 34: the cursor lit on the HDMI) where it fits, else the name."""
    game, bot = new_game("ginza", 3, 3), RandomBot(3)
    seen = 0
    while seen < 3 and not game.is_terminal():
        view = game.view(None)
        if view["phase"] == "play" and view.get("turn") == 0 and not game.chance_requests():
            controls = [SeatControls(s) for s in range(3)]
            n = len(controls[0].refresh(game))
            name = game.comp.player_cards[view["players"][0]["card"]].name
            for _ in range(min(n, 40)):
                ctx = context(game, [], controls=controls, bots=[1, 2])
                scene = hdmi_screen(game, ctx, size=size, measure=default_measure())
                texts = scene.texts()
                doing = scene.facts.get("doing", {}).get(0)
                assert any(t.startswith(f"Seat 1 {name}") for t in texts) or doing in texts, \
                    (controls[0].shown(game).chosen, doing, [t for t in texts if t.startswith("Seat 1")])
                controls[0].nav(game, 1)
            seen += 1
        game.apply(bot.next_action(game))
    assert seen


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
