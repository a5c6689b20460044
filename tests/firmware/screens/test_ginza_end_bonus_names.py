"""Ginza's end screen names the bonus cards that scored (issue 34, PT13
ww30: the result card said each seat's "orders + yen + bonus" but not
which bonus cards scored), short, within the card's room at 1920x1080 and
800x480 - also when two long-named cards scored for every seat."""
from __future__ import annotations

import pytest

from engines.ginza.components import components
from engines.results import game_result
from firmware.app.gallery import STATES, context_for, find_state
from firmware.screens import ginza as gz
from firmware.screens.draw import default_measure, hdmi_screen, result_card

from screen_checks import scene_problems

SIZES = ((1920, 1080), (800, 480))


def _final():
    state = next(s for s in STATES["ginza"] if s.name == "over")
    game, events = find_state(state)
    ctx, _ = context_for(game, events, state)
    return game, ctx


def _named(name: str, said: str, size) -> bool:
    """The card names the bonus card: in full on the big screen, at least
    by its first word (as the OLED shortens it) on the small one."""
    return name in said if size[0] >= 1920 else name.split()[0] in said


def _card_text(game, ctx, size):
    base = hdmi_screen(game, ctx, size=size, measure=default_measure())
    card = result_card(game, game_result(game), base, size, default_measure(), bots={1, 2},
                       hint="Press any key to return to the menu")
    said = " ".join(n.props["text"] for n in card.nodes[len(base.nodes):] if n.kind == "text")
    return card, said


@pytest.mark.parametrize("size", SIZES)
def test_pt13_the_ginza_result_card_names_the_bonus_cards_that_scored(size):
    game, ctx = _final()
    view = game.view(None)
    scored = [p.get("bonus_achieved") or [] for p in view["players"]]
    assert any(scored), "the gallery's final board has no bonus card scored: pick another"
    card, said = _card_text(game, ctx, size)
    comp = components()
    for seat, ids in enumerate(scored):
        for b in ids:
            assert _named(comp.bonus_cards[b].name, said, size), (seat, comp.bonus_cards[b].name, said)
    assert not scene_problems(card) and not card.dropped, (scene_problems(card), card.dropped)


@pytest.mark.parametrize("size", SIZES)
def test_pt13_two_long_bonus_names_a_seat_still_fit_the_card(size, monkeypatch):
    game, ctx = _final()
    comp = components()
    longest = sorted(comp.bonus_cards, key=lambda b: -len(comp.bonus_cards[b].name))[:2]
    real_view = game.view

    def view(seat=None):
        v = real_view(seat)
        for p in v["players"]:
            p["bonus_achieved"] = list(longest)
            p["coin_points"], p["order_points"] = 10, 19
        return v

    monkeypatch.setattr(game, "view", view)
    words = gz.result_breakdown(game.view(None))
    assert all(comp.bonus_cards[b].name in w[0] for w in words for b in longest), words
    card, said = _card_text(game, ctx, size)
    for b in longest:
        assert _named(comp.bonus_cards[b].name, said, size), said
    assert not scene_problems(card) and not card.dropped, (scene_problems(card), card.dropped)
    assert card.facts["result"]["card"].bottom <= size[1]
