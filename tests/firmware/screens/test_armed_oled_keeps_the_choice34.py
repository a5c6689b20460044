"""Issue 34, play-tester PT13 (g03, g39, Cryptid Cafe): once a choice was
armed, the OLED's "press again: confirm" took a line of the frame - on a
Ginza serve the dice row, so the seat could not see its dice at the
confirming press; on a player card part of its text; in Cryptid Cafe the
station's full name.  Café Junior already keeps where the guest sits
(test_an_armed_choice_still_says_where_the_guest_sits).  Armed, nothing
the seat read before the first press disappears (the top bar's seat and
money aside, which then asks for the press again), over seeded games."""
from __future__ import annotations

import pytest

from firmware.runtime.controls import SeatControls
from firmware.screens.draw import oled_frame

from screen_checks import context, play_states


def _body(frame):
    """The frame's texts and dice under the top bar (y > 11)."""
    return sorted(what for what, box in frame.boxes if box[1] > 11)


def _armed_pairs(game_id, players, seed, every, limit):
    for game, events in play_states(game_id, players, seed, every=every, limit=limit):
        if game.is_terminal():
            continue
        for seat in range(game.num_players):
            c = SeatControls(seat)
            acts = c.refresh(game)
            if not acts:
                continue
            for cursor in sorted({0, len(acts) // 2, len(acts) - 1}):
                c = SeatControls(seat)
                c.go_to(game, cursor)
                ctrls = [c if s == seat else SeatControls(s) for s in range(game.num_players)]
                before = oled_frame(game, seat, c, context(game, events, ctrls))
                if c.press(game, 1_000) is not None or not c.armed:
                    continue         # a one-press choice: nothing to confirm
                after = oled_frame(game, seat, c, context(game, events, ctrls))
                yield game, seat, before, after


@pytest.mark.parametrize("game_id,players", [("ginza", 3), ("cryptid-cafe", 1), ("cryptid-cafe", 2)])
def test_an_armed_choice_keeps_everything_the_seat_read(game_id, players):
    seen = set()
    for game, seat, before, after in _armed_pairs(game_id, players, 3, 3, 400):
        lost = [t for t in _body(before) if t not in _body(after)]
        assert not lost, (game.view(seat).get("phase"), lost, before.texts, after.texts)
        assert any(t.startswith("press again") for t in after.texts), after.texts
        seen.add(game.view(seat).get("phase"))
    assert len(seen) >= 3, seen


@pytest.mark.parametrize("players", [1, 3])
def test_a_server_choice_names_its_station_in_full(players):
    """PT13 (occ.png): on Croque-Monsieur the OLED showed the dish counts
    and the Manager / Change boxes where the other stations said "server
    to Baba au Rhume rank 1" - the choice line's "Croque rank 1" was the
    only name.  Every placing names its station in full, armed or not."""
    from engines.cryptid_cafe.data import components
    comp, seen = components(), set()
    for game, events in play_states("cryptid-cafe", players, 5, every=2, limit=300):
        for seat in range(game.num_players):
            c = SeatControls(seat)
            acts = c.refresh(game)
            for i, act in enumerate(acts):
                if act.get("type") != "place":
                    continue
                c.go_to(game, i)
                ctrls = [c if s == seat else SeatControls(s) for s in range(game.num_players)]
                for arm in (False, True):
                    if arm and (c.press(game, 1_000) is not None or not c.armed):
                        continue
                    texts = oled_frame(game, seat, c, context(game, events, ctrls)).texts
                    name = comp.station_name(act["station"])
                    assert name in " ".join(texts), (name, arm, texts)
                    seen.add(act["station"])
    assert len(seen) == 5, seen
