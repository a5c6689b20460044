"""Retrograde in the simulator: the words say which dice a reroll keeps
(ruling RG-16; issue 34, the fresh play-test of Retrograde seed 11, r03:
"To keep dice: stay on a card, then reroll" was cryptic, and "stay:
reroll keeps 3" for card A puzzled the tester, who counted two dice for
A).  The count was right: seat 1 held 4 5 2 2 6 1 and card A is orange
(2) and red (5), so the 5 and both 2s fit it (a reroll keeps dice, not
pairs).  Now the OLED names the dice ("reroll keeps 2 2 5 for A"), the
line on "reroll" too ("keep 2 2 5 for A, roll 3"), and the shared screen
says how ("Point at a card, then reroll: the dice that fit it stay")."""
from __future__ import annotations

from engines.retrograde.components import default_components

from firmware.rulings import LATE_OK_US, LOOK_FIRST_US

COMP = default_components()


def _texts(t) -> str:
    return " | ".join(t.oled_texts(0))


def _dice_in(t) -> list[int]:
    s = t.session
    t.run_until(lambda t: 0 in s.dice.held, max_passes=3000)
    t.step(LOOK_FIRST_US // 1000 // t.pass_ms + 1)
    t.press(0, "button")                                          # dice ok
    t.run_until(lambda t: 0 not in s.dice.held, max_passes=50)
    t.step(LATE_OK_US // 1000 // t.pass_ms + 2)
    return list(s.game.view(0)["seats"][0]["dice"])


def test_the_oled_names_the_dice_a_reroll_keeps_for_the_card_under_the_cursor(table):
    t = table("retrograde", 3, bots={1, 2}, seed=11)
    s = t.session
    dice = _dice_in(t)
    assert sorted(dice) == [1, 2, 2, 4, 5, 6]
    t.press(0, "right")
    chosen = s.runtime.controls[0].shown(s.game).chosen
    assert chosen["type"] == "claim" and "claim card A" in _texts(t), _texts(t)
    fit = sorted(v for v in dice if v in COMP.card(chosen["card"]).colours)
    assert fit == [2, 2, 5]
    assert "reroll keeps 2 2 5" in _texts(t) and "stay" not in _texts(t), _texts(t)
    t.step(600 // t.pass_ms)                                  # rested on A: it is the target
    t.press(0, "left")
    assert s.runtime.controls[0].shown(s.game).chosen["type"] == "reroll"
    assert "keep 2 2 5" in _texts(t) and "A" in _texts(t), _texts(t)


def test_the_shared_screen_says_how_a_reroll_keeps_dice(table):
    t = table("retrograde", 3, bots={1, 2}, seed=11)
    _dice_in(t)
    texts = " ".join(t.scene().texts())
    assert "stay on a card" not in texts, texts
    assert "Point at a card, then reroll: the dice that fit it stay" in texts, texts


def test_at_stop_four_kept_dice_and_the_rerolls_left_share_the_line():
    """Window play of seed 11, round 2: at Stop with four dice fitting the
    target ("2 rerolls, keep 2 2 5 5" is one character too long) the line
    fell back to "Stop! 2 rerolls" and no longer named the dice kept."""
    from engines.registry import new_game
    from firmware.runtime.controls import SeatControls
    from firmware.screens.retrograde_oled import oled_frame
    game = new_game("retrograde", 2, seed=5)
    view = game.view(None)
    card = view["face_up_ids"][0]
    a, b = COMP.card(card).colours
    game.apply({"type": "dice", "player": 0, "values": [a, a, b, b, 7 - a if 7 - a not in (a, b) else 1, 6],
                "t_us": 1_000})
    game.apply({"type": "dice", "player": 1, "values": [1, 1, 1, 2, 3, 4], "t_us": 1_000})
    other = view["face_up_ids"][1]
    game.apply({"type": "claim", "player": 1, "card": other, "t_us": 2_000})
    game.apply({"type": "tick", "t_us": 3_000_000})
    assert game.view(None)["phase"] == "stop" and game.view(None)["stop_seat"] == 0
    controls = SeatControls(0)
    controls.refresh(game)
    fit = sorted(v for v in game.view(0)["seats"][0]["dice"] if v in (a, b))
    assert len(fit) >= 4
    said = " ".join(oled_frame(game, 0, game.view(0), controls,
                               {"simulated_dice": True, "targets": {0: card}}).texts)
    vals = " ".join(map(str, fit))
    assert f"2 rerolls, keep {vals}" in said or f"keep {vals}, 2 left" in said, said
