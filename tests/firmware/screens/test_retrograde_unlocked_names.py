"""PT42 (a fresh play-tester): seat 3's panel said "2 unlocked" and showed
one power-up by name - the second name did not fit and was dropped, so the
panel contradicted itself.  Where a seat's unlocked power-ups are named,
every one is named, or the names left out are counted ("+1 more")."""
from __future__ import annotations

import copy

import pytest

from engines import new_game
from firmware.screens.draw import default_measure, hdmi_screen
from screen_checks import SIZES, context

NAMES = ["Snake Eye", "Even Steven"]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_seats_unlocked_power_ups_are_named_all_or_counted(players, size):
    game = new_game("retrograde", players, 3)
    real = game.view

    def texts(unlocked: list[str]) -> str:
        def view(p=None):
            v = copy.deepcopy(real(p))
            v["seats"][players - 1]["unlocked"] = list(unlocked)
            return v
        game.view = view
        return " ".join(hdmi_screen(game, context(game, []), size=size, measure=default_measure()).texts())
    before, after = texts([]), texts(NAMES)     # (a card on the table may show the same name)
    named = [n for n in NAMES if after.count(n) > before.count(n)]
    assert len(named) in (0, len(NAMES)) or f"+{len(NAMES) - len(named)} more" in after, (named, after)


@pytest.mark.parametrize("size", SIZES)
def test_a_seats_kept_power_ups_are_named_where_the_panel_has_room(size):
    """PT46 (a fresh play-tester): the sheet said only "4 kept"; at the
    unlock prompt the tester had to remember which four power-ups it held
    (the book: "keep that card beside your sheet", in everyone's view).
    Where the panel names power-ups, the kept ones are named too
    ("kept: Even Steven"), or counted ("+1 more")."""
    game = new_game("retrograde", 2, 3)
    real = game.view

    def texts(hand: list[str]) -> str:
        def view(p=None):
            v = copy.deepcopy(real(p))
            v["seats"][1]["hand"] = list(hand)
            v["seats"][1]["hand_count"] = len(hand)
            return v
        game.view = view
        return " ".join(hdmi_screen(game, context(game, []), size=size, measure=default_measure()).texts())
    after = texts(["T08"])                        # Even Steven, kept
    assert "kept: Even Steven" in after or "+1 more" in after, after
