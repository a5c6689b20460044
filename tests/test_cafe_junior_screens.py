"""Café International Junior's screens as a player reads them (play-tester 2):
the OLED names every guest it offers, says whose turn it is, fits its lines;
the HDMI tells what happened and why."""
from __future__ import annotations

from engines import new_game
from firmware.controls import SeatControls
from firmware.games import cafe_junior as cj

from screen_checks import context


def _new(seed: int = 3):
    """A 3-player game at its first turn and the seat to move."""
    game = new_game("cafe-junior", 3, seed)
    return game, game.current


def _frame_with(game, seat, pick):
    """Seat ``seat``'s OLED with its cursor on the first choice ``pick`` accepts."""
    c = SeatControls(seat)
    acts = c.selectable(game)
    c.cursor = next(i for i, a in enumerate(acts) if pick(a))
    view = game.view(seat)
    ctx = context(game, [], controls=[c if s == seat else SeatControls(s) for s in range(game.num_players)])
    return cj.oled_frame(game, seat, view, c, ctx)


def test_the_oled_names_every_guest_card_it_offers_to_discard():
    """Tester 2: discarding a Great Britain guest read "to None None" (the
    place's fallback words for a discard too long for the line)."""
    game, seat = _new()
    comp = game.comp
    bad = []
    for card in comp.cards:
        cid = card.card_id
        game.hands[seat] = [cid] + [h for h in game.hands[seat] if h != cid][:5]
        f = _frame_with(game, seat, lambda a: a.get("type") == "discard" and a.get("card") == cid)
        text = " | ".join(f.texts)
        if "None" in text or card.gender not in text:
            bad.append(f"{cid}: {text}")
        elif not card.is_joker and not (comp.country_name(card.country) in text or f"{card.country} " in text):
            bad.append(f"{cid} ({card.country}): {text}")
    assert not bad, bad[:5]
