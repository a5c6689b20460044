"""PT38 (a fresh play-tester, Retrograde seed 7): a round summary's parts
add up to its points. Seat 2's "+8 pts · 1 droid, 1 boss, 6-pip trophy,
1 coin spent" made only 5: the +3 for all six trophies (rulebook scoring:
"+3 for all six") was left out."""
from firmware.screens.retrograde_round import round_summary


def _seat(seat, trophies, score, blasted=0, bosses=0, spent=0):
    return {"seat": seat, "blasted": [i < blasted for i in range(20)], "bosses": [i < bosses for i in range(4)],
            "trophies": trophies, "coins_marked": 2, "coins_spent": spent, "hand": [], "unlocked": [],
            "score": score}


def test_the_last_trophy_names_the_bonus_for_all_six():
    five = [True] * 5 + [False]
    before = {"round": 6, "seats": [_seat(0, five, 10), _seat(1, five, 17, blasted=5, bosses=1)]}
    after = {"round": 7, "seats": [_seat(0, five, 10), _seat(1, [True] * 6, 25, blasted=6, bosses=2, spent=1)]}
    line = round_summary(before, after)["seats"][1]
    assert line == "Seat 2: +8 pts · 1 droid, 1 boss, 6-pip trophy, all 6 trophies +3, 1 coin spent", line


def test_a_trophy_that_does_not_complete_the_six_names_no_bonus():
    four = [True] * 4 + [False] * 2
    before = {"round": 2, "seats": [_seat(0, four, 4)]}
    after = {"round": 3, "seats": [_seat(0, [True] * 5 + [False], 5)]}
    assert round_summary(before, after)["seats"][0] == "Seat 1: +1 pt · 5-pip trophy"
