"""Ginza Retro Café in the window: at a round's end the round's summary
comes first and stays its reading time; only then are the next round's
dice asked for and checked (issue 34, the play-test after the last round:
seat 1's OLED said "roll 6 dice!" and then "press: dice ok" the moment
round 1 ended, while the HDMI still showed the board; the summary came
only once the dice were read, so a person read neither; rulings GR-10,
CAB-7).  The game's own end still waits for a press."""
from __future__ import annotations

from firmware.screens import ginza_round as gz

from .harness import cut_before, near_end, play_on

#: the dice the engine asks for at a round's end ("B-4", "B-5")
ROUND_END = ("replenish", "common dice")


def _round_ended(game) -> bool:
    view = game.view(None)
    return view["phase"] == "play" and any(r["reason"] in ROUND_END for r in view["dice_requests"])


def _dice_asked(t) -> bool:
    """Seat 1's OLED asks it to roll, or to check a reading."""
    said = " ".join(t.oled_texts(0))
    return "roll" in said or "dice ok" in said or bool(t.session.dice.held)


def test_ginza_the_rounds_summary_stands_before_the_next_rounds_dice_are_asked(table, tmp_path):
    journal = cut_before(tmp_path, "ginza", 2, 3, _round_ended, lead=2)
    t = table("ginza", 2, bots={1}, journal=journal)
    s = t.session
    for _ in range(400):            # seat 1 plays the round out like a hurried person
        if _round_ended(s.game):
            break
        if 0 in s.dice.held:
            t.step(40)
            t.press(0, "button")
        elif s.game.active_players() == [0] and s.runtime.controls[0].refresh(s.game):
            t.press(0, "button")
            t.press(0, "button")
        else:
            t.step()
    assert _round_ended(s.game), "round 1 did not end"
    ended = t.t_ms
    t.step()
    summary = t.scene().facts.get("round_summary")
    assert summary and summary["round"] == 1, "no summary of round 1 on the HDMI when it ended"
    assert not _dice_asked(t), f"the dice were asked with the summary: {t.oled_texts(0)}"
    said = " ".join(t.oled_texts(0))
    assert "round 1 done" in said and "next round in" in said, said
    todo = t.scene().facts["todo"]         # the header asked "Roll 6 red dice, then 2 more rolls"
    assert "dice" not in todo and "then roll for round 2" in todo, todo
    read_ms = gz.result_pause_ms(s.game.view(None), [], s.cfg["cabinet"]["round_result_ms"])
    t.run_until(lambda t: _dice_asked(t), max_passes=2000)
    assert t.t_ms - ended >= read_ms, \
        f"the dice were asked {t.t_ms - ended} ms after the round ended, under its {read_ms} ms summary"
    assert not t.scene().facts.get("round_summary"), "the summary stayed over the dice"
    t.run_until(lambda t: s.game.view(None)["round"] == 2, max_passes=3000)


def test_ginza_the_games_result_still_stays_until_a_press(table, tmp_path):
    journal = near_end(tmp_path, "ginza", 2, 3, 3)
    t = table("ginza", 2, bots={1}, journal=journal)
    play_on(t)
    assert t.loop.stage == "result" and t.session.game.is_terminal()
    t.step(600, ms=100)                               # a minute later: still up
    assert t.loop.stage == "result"
    t.press(0, "button")
    assert t.loop.stage == "done"
