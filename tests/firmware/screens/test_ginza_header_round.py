"""Issue 34 (fresh play-tester, round 12): while round 2's dice were being
rolled and read, Ginza's header still said "Round 1" beside "Then roll for
round 2". Between a round's end and the next round's start (the engine
waits for the round's-end rolls, ruling GR-10) the header names the round
the dice are for; in a round and in its play it names that round."""
from __future__ import annotations

from bots.random_bot import RandomBot
from engines import new_game
from firmware.screens.draw import hdmi_screen
from firmware.screens.ginza_round import round_ended

from screen_checks import context


def _header_round(game) -> list[str]:
    scene = hdmi_screen(game, context(game, []), size=(1920, 1080))
    return [t for t in scene.texts() if t.startswith("Round ")]


def test_the_header_names_the_round_its_dice_are_rolled_for():
    game = new_game("ginza", 2, 3)
    bot = RandomBot(3)
    seen_end = seen_play = False
    while not game.is_terminal() and not (seen_end and seen_play):
        game.apply(bot.next_action(game))
        view = game.view(None)
        if game.is_terminal() or not view["round"]:
            continue
        said = _header_round(game)
        if round_ended(view):
            seen_end = True
            assert f"Round {view['round'] + 1}" in said, (view["round"], said)
        elif view["round"] == 2:
            seen_play = True
            assert "Round 2" in said, said
    assert seen_end and seen_play


def test_while_a_rounds_summary_stands_the_header_names_that_round():
    """PT22 saw Cryptid Cafe's header name the next round over "Round 1
    done"; Ginza's names the round its summary sums up while it stands."""
    from firmware.screens import ginza as gz
    game = new_game("ginza", 2, 3)
    bot = RandomBot(3)
    start = None
    while not game.is_terminal():
        game.apply(bot.next_action(game))
        view = game.view(None)
        if view["round"] == 1 and start is None and not view["dice_requests"]:
            start = view
        if round_ended(view) and start is not None:
            summary = gz.round_summary(start, view)
            scene = hdmi_screen(game, context(game, [], round_summary=summary, banner="next 6"), size=(1920, 1080))
            said = [t for t in scene.texts() if t.startswith("Round ")]
            assert "Round 1" in said and "Round 2" not in said, said
            return
    raise AssertionError("round 1 never ended")
