"""Play-tester (issue 34, pt11 g_60 / j_60): the end screen's winner card
covered what was under it: in Ginza seat 3's "orders + yen + bonus" line,
in Café International Junior the end explanation ("... place is filled
with", "... (each gives up").  While the card is up, every seat's score
breakdown and the reason the game ended must be readable: on the card
itself where the card covers them on the board.

Every game's final board (the gallery's "over" state) at both screen sizes,
with the card drawn as the session draws it
(:func:`firmware.screens.draw.result_card`)."""
from __future__ import annotations

import re

import pytest

from engines.results import game_result
from firmware.app.gallery import STATES, context_for, find_state
from firmware.screens.draw import default_measure, hdmi_screen

from screen_checks import scene_problems

GAMES = ("retrograde", "cha-dango", "ginza", "cryptid-cafe", "cafe-junior")
SIZES = ((1920, 1080), (800, 480))
#: What on a final board explains a score or why the game ended (the rest
#: under the card is the board itself: dice, cards, counters).
RESULT_WORDS = re.compile(r"orders \d|yen \d|bonus \d|droid|troph|tips|walkouts|guest pile|place is filled|"
                          r"joker|customer|order card|gives up|Sold out|Seat \d: \d+ VP", re.I)
#: Words a board line may carry that the card says its own way.
NOT_NEEDED = {"game", "over", "pts", "pt", "points", "point", "vp", "cards", "card", "with", "wins", "each"}


def _final(game_id: str):
    state = next(s for s in STATES[game_id] if s.name == "over")
    game, events = find_state(state)
    ctx, _ = context_for(game, events, state)
    return game, ctx


def _tokens(text: str) -> set[str]:
    return {t for t in re.findall(r"[a-z0-9]+", text.lower()) if t not in NOT_NEEDED}


def _on_card(base, card) -> list[str]:
    """The texts the card adds over the board."""
    return [n.props["text"] for n in card.nodes[len(base.nodes):] if n.kind == "text"]


def _card(game, ctx, size):
    from firmware.screens.draw import result_card
    base = hdmi_screen(game, ctx, size=size, measure=default_measure())
    card = result_card(game, game_result(game), base, size, default_measure(), bots={1, 2},
                       hint="Press any key to return to the menu")
    return base, card


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game_id", GAMES)
def test_the_result_card_hides_no_score_breakdown_nor_why_the_game_ended(game_id, size):
    game, ctx = _final(game_id)
    base, card = _card(game, ctx, size)
    box = card.facts["result"]["card"]
    on_card = _on_card(base, card)
    said = set().union(*(_tokens(t) for t in on_card))
    hidden = []
    for n in base.all_nodes():
        if n.kind != "text" or not n.rect.intersects(box) or not RESULT_WORDS.search(n.props["text"]):
            continue
        missing = _tokens(n.props["text"]) - said
        if missing:
            hidden.append((n.props["text"], sorted(missing)))
    assert not hidden, f"{game_id} {size}: under the card and not on it: {hidden}"
    assert not scene_problems(card), scene_problems(card)
    assert not card.dropped, card.dropped


@pytest.mark.parametrize("size", SIZES)
def test_ginza_card_gives_every_seats_orders_yen_and_bonus_and_why_it_ended(size):
    game, ctx = _final("ginza")
    base, card = _card(game, ctx, size)
    text = " ".join(_on_card(base, card))
    view = game.view(None)
    for seat, p in enumerate(view["players"]):
        yen = p.get("coin_points", 0)
        bonus = view["scores"][seat] - p["order_points"] - yen
        assert f"orders {p['order_points']}, yen {yen} (\u00a5{p['coins']}), bonus {bonus:g}" in text, (seat, text)
    assert "left unserved" in text


@pytest.mark.parametrize("size", SIZES)
def test_cafe_junior_card_says_why_the_game_ended(size):
    game, ctx = _final("cafe-junior")
    base, card = _card(game, ctx, size)
    text = " ".join(_on_card(base, card))
    assert re.search(r"guest pile is empty|place is filled", text), text


@pytest.mark.parametrize("size", SIZES)
def test_cryptid_solo_card_gives_the_ai_players_score_in_parts(size):
    """The solo card named AI Player 2's coins with no word of where they
    came from (the log's last line said it, under the card at 800x480)."""
    import collections

    from screen_checks import context, play_states
    game, events = collections.deque(play_states("cryptid-cafe", 1, 3, limit=20000), maxlen=1).pop()
    assert game.is_terminal()
    base, card = _card(game, context(game, events), size)
    text = " ".join(_on_card(base, card))
    ai = game.view(None)["ai_players"]["ai2"]
    assert re.search(rf"AI Player 2: {ai['share_coins']} shared tips \+{ai['lost_coins']} walkouts "
                     rf"\+\d+ dishes = {game.ai2_score()}", text), text


def test_the_gallerys_end_card_states_take_no_other_states_name():
    """The end-card pictures ("<game>-end-card-*") must not overwrite
    another state's (Cha dango has a "result": its race result)."""
    for game_id, states in STATES.items():
        names = [s.name for s in states]
        assert len(names) == len(set(names)), (game_id, names)
        assert sum(s.result for s in states) == 1, game_id
