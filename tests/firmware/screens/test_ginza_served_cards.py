"""Play-tester (issue 34, pt11 s32_1 / s34): when a customer was fully
served its order cards went to the seats silently: "1 card, 3 VP" appeared
on seat 1's mat while the walkthrough band said only the next customer's
arrival, and the moves list said "Newspaper Reader is served and leaves"
and never who got which order card.  Rulebook "4. Successfully served a
customer": each order card goes to the player whose token is on it.

The moves list names, for each order card, the seat that takes it and its
VP; the band's "Last move" says the service, not the arrival after it."""
from __future__ import annotations

import re

from engines import new_game
from bots.random_bot import RandomBot
from firmware.screens.draw import default_measure, hdmi_screen
from firmware.screens.moves_log import move_words

from screen_checks import context


def _first_service(seed: int = 3):
    """The game right after the action that served a customer, with the
    event texts of that action and the order cards each seat got."""
    game = new_game("ginza", 3, seed)
    bot = RandomBot(seed)
    events: list[str] = []
    for _ in range(5000):
        before = [list(p["orders"]) for p in game.view(None)["players"]]
        new = game.apply(bot.next_action(game))
        events += [e["text"] for e in new]
        if any(e["type"] == "served" for e in new):
            after = [list(p["orders"]) for p in game.view(None)["players"]]
            got = {s: after[s][len(before[s]):] for s in range(3) if len(after[s]) > len(before[s])}
            return game, events, got
    raise AssertionError("no customer served")


def test_the_moves_list_says_who_takes_which_order_card_and_its_vp():
    game, events, got = _first_service()
    lines = move_words("ginza", events, game.view(None))
    served = [ln for ln in lines if "is served" in ln]
    assert served, lines
    for seat, cards in got.items():
        for cid in cards:
            card = game.comp.orders[cid]
            assert re.search(rf"Seat {seat + 1} takes [^;]*{re.escape(card.item)}[^;]*\({card.vp} VP\)",
                             served[-1]), (seat, card.item, served[-1])


def test_the_walkthrough_band_says_the_service_not_only_the_arrival_after_it():
    game, events, got = _first_service()
    lines = move_words("ginza", events, game.view(None))
    assert "arrives" in lines[-1], lines       # the case the tester met: a new customer came after
    ctx = context(game, events[-8:], walkthrough="on", bots=[1, 2])
    scene = hdmi_screen(game, ctx, size=(1920, 1080), measure=default_measure())
    move = scene.facts["walkthrough"]["move"]
    assert "is served" in move and "takes" in move, move
