"""Play-tester (issue 34, pt11 s12): in Ginza's first round seat 1's OLED
showed the common dice to check with its countdown ("press: dice ok 2 s /
hold: wrong, reroll") while the walkthrough band said "Watch the board,
this band tells you when it is your turn".  While a person's seat checks
dice the camera read (ruling CAB-6), rerolls them or enters them by hand,
the band names that seat and what to do."""
from __future__ import annotations

from bots.random_bot import RandomBot
from engines import new_game
from firmware.runtime.controls import SeatControls
from firmware.screens import walkthrough
from firmware.screens.draw import default_measure, hdmi_screen

from screen_checks import context


def _setup_game():
    """Ginza at its set-up: only the common dice wait for the camera (the
    seats' own first dice are read), as in the tester's shot."""
    game = new_game("ginza", 3, 1)
    bot = RandomBot(1)
    while [r["player"] for r in game.chance_requests()] != [None]:
        game.apply(bot.next_action(game))
    return game


def _band(game, readings, bots=(1, 2)):
    ctx = context(game, [], walkthrough="on", bots=list(bots), readings=readings,
                  controls=[SeatControls(s) for s in range(game.num_players)])
    scene = hdmi_screen(game, ctx, size=(1920, 1080), measure=default_measure())
    return " ".join(scene.facts["walkthrough"]["texts"]).lower()


def test_the_band_names_the_seat_that_checks_the_common_dice():
    game = _setup_game()
    band = _band(game, {-1: {"state": "check", "values": [2, 3, 5], "window_ms": 3000, "left_ms": 2000}})
    assert "watch the board" not in band, band
    assert "seat 1" in band and "common dice" in band and "press your button" in band \
        and "hold it" in band, band


def test_the_band_names_the_seat_that_checks_its_own_dice_and_one_entering_by_hand():
    game = _setup_game()
    band = _band(game, {0: {"state": "check", "values": [1, 4], "window_ms": 3000, "left_ms": 1000}})
    assert "seat 1" in band and "your dice" in band, band
    band = _band(game, {0: {"state": "entry", "values": [1, 4], "cursor": 0}})
    assert "seat 1" in band and "by hand" in band, band


def test_the_seat_that_rerolls_rejected_common_dice_is_told_to_reroll():
    game = _setup_game()
    band = _band(game, {-1: {"state": "rejected", "by": 0, "values": [2, 3, 5]}})
    assert "seat 1" in band and "reroll" in band, band


def test_prompts_for_a_check_name_only_the_peoples_seats():
    game = _setup_game()
    ctx = context(game, [], walkthrough="on", bots=[1], controls=[SeatControls(s) for s in range(3)],
                  readings={-1: {"state": "check", "values": [2, 3, 5], "window_ms": 3000, "left_ms": 2000}})
    seats = [p.seats for p in walkthrough.prompts(game, ctx)]
    assert seats == [(0, 2)], seats
