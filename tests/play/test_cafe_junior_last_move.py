"""Café International Junior in the window, its end (PT45, a fresh
play-tester, 3 seats, seed 4): the move that ended the game went straight
to the result card, which covered the moves' log, the line behind it cut
at "...place is filled with" - the last move was never shown; and the
seat's own OLED said "Seat 1 114 pts over", not that it had won.

The result card says the last move ("Last move: Seat 2 seats ... and fills
the last table: +11"); each person's OLED says its place ("you win!",
"2nd of 3")."""
from __future__ import annotations

from engines.results import game_result

from harness import near_end, play_on


def test_the_result_card_shows_the_last_move_and_each_oled_its_place(table, tmp_path):
    journal = near_end(tmp_path, "cafe-junior", 3, seed=4, drop=4)
    t = table("cafe-junior", 3, bots={1, 2}, journal=journal)
    play_on(t)
    assert t.loop.stage == "result" and t.session.game.is_terminal()
    t.step()
    game = t.session.game
    notes = t.session.hdmi_model.facts["result"]["notes"]
    if "last free place" in game.end_reason:
        last = [n for n in notes if n.startswith("Last move: Seat ")]
        assert last and " seats " in last[0] and "fills the last table: +" in last[0], notes
    result = game_result(game)
    place = next(k for k, g in enumerate(result.ranking) if 0 in g)
    said = " ".join(t.oled_texts(0))
    ahead = sum(len(g) for g in result.ranking[:place])
    want = ("you win!" if len(result.ranking[0]) == 1 else "shared win!") if place == 0 else \
        f"{ahead + 1}{ {1: 'nd', 2: 'rd'}[ahead]} of 3"
    assert want in said, said
