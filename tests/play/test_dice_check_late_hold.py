"""A hold meant as "wrong" that comes after the dice check ran out is told
the dice were accepted (ruling CAB-6; issue 34, the fresh play-test of
Ginza Retro Café, /tmp/pt11 s48 -> s49: the check of three red dice ran
out, the tester held its button 0.5 s later to reject them, and the OLED
said nothing of it: the hold's press was taken as the late "dice ok" and
its release went unsaid).  The check that ran out is not reopened (its
dice are in the game, the bots may have moved on them): the seat reads
"too late: accepted" and knows its dice stand."""
from __future__ import annotations

import json

from firmware.rulings import LATE_OK_US, LONG_PRESS_US, LOOK_FIRST_US, TOO_LATE_WORDS

from .harness import cut_before


def _ginza_turn(game) -> bool:
    """Seat 1's turn in Ginza's play, no dice asked, with a reroll offered."""
    return (game.view(None)["phase"] == "play" and not game.chance_requests() and game.active_players() == [0]
            and any(a["type"] == "reroll" for a in game.legal_actions(0)))


def _journal(t) -> list[dict]:
    return [json.loads(line) for line in t.session.writer.path.read_text().splitlines()[1:]]


def test_ginza_a_hold_half_a_second_after_the_check_ran_out_is_told_the_dice_were_accepted(table, tmp_path):
    journal = cut_before(tmp_path, "ginza", 2, 3, _ginza_turn)
    t = table("ginza", 2, bots={1}, journal=journal)
    s = t.session
    t.run_until(lambda t: _ginza_turn(s.game) and 0 in s.game.active_players()
                and bool(s.runtime.controls[0].refresh(s.game)), max_passes=400)
    controls = s.runtime.controls[0]
    for _ in range(120):
        if controls.shown(s.game).chosen["type"] == "reroll":
            break
        t.press(0, "right")
    t.step(LOOK_FIRST_US // 1000 // t.pass_ms + 1)
    t.press(0, "button")
    t.press(0, "button")                                    # rerolls: its dice are asked for
    t.run_until(lambda t: 0 in s.dice.held, max_passes=600)
    t.run_until(lambda t: 0 not in s.dice.held, max_passes=600)     # nobody pressed: accepted
    dice = list(s.game.view(0)["players"][0]["dice"])
    lines = len(_journal(t))
    assert 500 < LATE_OK_US // 1000
    t.step(500 // t.pass_ms)
    key = t.key_code(0, "button")
    t.post(key, True)                                       # held to say "wrong", 0.5 s late
    t.step((LONG_PRESS_US // 1000 + 500) // t.pass_ms)
    t.post(key, False)
    t.step(2)
    texts = " ".join(t.oled_texts(0))
    assert TOO_LATE_WORDS in texts, texts
    assert s.game.view(0)["players"][0]["dice"] == dice, "the dice accepted changed"
    assert not [a for a in _journal(t)[lines:] if a.get("player") == 0], "the late hold chose something"
    assert s.runtime.controls[0].armed is None
