"""Retrograde: a card another seat took keeps its place among a seat's
choices, and the cursor does not wrap in the race (PT61, a fresh
play-tester: card B was taken between its arrow presses, so its Right x 3
from "reroll", meant for card C, landed on D; and Left from "reroll"
wrapped round to the last card, where its presses claimed card E, which it
never meant).

The seat's choices follow the cards on the table, lettered A, B, C...: a
card taken stays in its place as "card B taken", where a press takes
nothing and says so (ruling CAB-2: no blind choice), and the arrows stop
at the row's ends."""
from __future__ import annotations

from engines.registry import new_game
from firmware.runtime.controls import SeatControls
from firmware.screens.retrograde_plans import card_letters


def _rolled(players: int = 3):
    g = new_game("retrograde", players, seed=5)
    for s in range(players):
        g.apply({"type": "dice", "player": s, "values": [1, 2, 3, 4, 5, 6], "t_us": 1_000})
    return g


def _take(g, seat: int, letter: str) -> None:
    """``seat`` claims the card lettered ``letter`` and the claim settles."""
    by_letter = {v: k for k, v in card_letters(g.view(None)).items()}
    g.apply({"type": "claim", "player": seat, "card": by_letter[letter], "t_us": 2_000})
    g.apply({"type": "tick", "t_us": g.deadline_us()})
    assert g.view(None)["seats"][seat]["claim"] == by_letter[letter]


def _on(g, controls: SeatControls) -> tuple[str | None, str | None]:
    chosen = controls.shown(g).chosen
    letters = card_letters(g.view(None))
    return chosen.get("type"), letters.get(chosen.get("card"))


def test_right_three_times_from_reroll_lands_on_card_c_after_b_was_taken():
    g = _rolled()
    c = SeatControls(0)
    c.refresh(g)
    assert _on(g, c) == ("reroll", None)
    _take(g, 1, "B")                     # between the seat's presses
    for _ in range(3):
        c.nav(g, +1)
    assert _on(g, c) == ("claim", "C")


def test_left_from_reroll_does_not_wrap_to_the_last_card_in_the_race():
    g = _rolled()
    c = SeatControls(0)
    c.refresh(g)
    c.nav(g, -1)
    assert _on(g, c) == ("reroll", None)
    for _ in range(9):
        c.nav(g, +1)
    assert _on(g, c)[1] == "D"           # the last card (3 players: 4 cards)


def test_a_press_on_a_taken_card_takes_nothing_and_says_it_was_taken():
    g = _rolled()
    c = SeatControls(0)
    c.refresh(g)
    c.nav(g, +1)
    c.nav(g, +1)                         # on card B
    _take(g, 1, "B")
    c.refresh(g)
    assert _on(g, c) == ("taken", "B")
    for _ in range(2):                   # the first press says the card went; any press after, still nothing
        assert c.press(g, 3_000_000) is None
        assert "card B" in c.message and "taken" in c.message, c.message
    assert c.armed is None
