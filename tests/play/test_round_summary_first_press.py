"""A press during a round's summary acts on no choice (issue 34, PT13,
c16-c17: Cryptid Cafe's "Round 1 done · next round in 6 s" covered the
station board while seat 1's OLED already offered round 2's servers; one
arrow press both closed the summary and moved the cursor, and the summary
was lost).  One rule for every game with a round summary (ruling CAB-13):
while it stands, a person's press only says it has read it; the summary
closes once every person's seat pressed (or its time is up), and the OLED
says "round N done · press: see the board" meanwhile.  Cryptid Cafe solo,
Ginza and Retrograde, each played as seat 1 in the window."""
from __future__ import annotations

import pytest

from .harness import cut_before


def _cc_round_2(game) -> bool:
    view = game.view(None)
    return view["round"] == 2 and view["phase"] == "place" and not any(
        who is not None for ranks in view["stations"].values() for who in ranks)


def _gz_round_end(game) -> bool:
    view = game.view(None)
    return view["phase"] == "play" and any(r["reason"] in ("replenish", "common dice")
                                           for r in view["dice_requests"])


def _rg_round_2(game) -> bool:
    return game.view(None).get("round", 1) >= 2


def _summary_up(t) -> bool:
    return bool(t.scene().facts.get("round_summary"))


def _play_to_summary(t, max_passes: int = 3000) -> None:
    """Seat 1 plays like a hurried person until a round's summary is up."""
    s = t.session
    for _ in range(max_passes):
        if _summary_up(t):
            return
        if 0 in s.dice.held:
            t.step(40)
            t.press(0, "button")
        elif t.has_choice(0):
            t.press(0, "button")
            t.press(0, "button")
        else:
            t.step(ms=100)
    raise AssertionError("no round summary came")


@pytest.mark.parametrize("game_id,players,seed,when,lead", [
    ("cryptid-cafe", 1, 1, _cc_round_2, 1),
    ("ginza", 2, 3, _gz_round_end, 2),
    ("retrograde", 2, 1, _rg_round_2, 3),
])
def test_cab13_a_press_during_a_round_summary_closes_it_and_chooses_nothing(table, tmp_path, game_id, players,
                                                                           seed, when, lead):
    journal = cut_before(tmp_path, game_id, players, seed, when, lead=lead)
    t = table(game_id, players, bots=set(range(1, players)), journal=journal)
    s = t.session
    _play_to_summary(t)
    t.step(3)
    said = " ".join(t.oled_texts(0))
    rnd = t.scene().facts["round_summary"]["round"]
    assert f"round {rnd} done" in said and "press: see the board" in said, said
    cursor, lines = s.runtime.controls[0].cursor, len(t.journal())
    t.press(0, "right")                       # a habitual arrow press, while the summary stands
    t.step(2)
    assert s.runtime.controls[0].cursor == cursor, "the arrow moved a cursor the seat could not see"
    assert not _summary_up(t), "the press did not close the summary"
    t.step(30)
    assert not _summary_up(t), "the summary came back"
    assert "press: see the board" not in " ".join(t.oled_texts(0))
    moves = [a for a in t.journal()[lines:] if a.get("player") == 0 and a.get("type") != "dice"]
    assert not moves, f"seat 1 made a move: {moves}"


def test_cab13_with_two_people_the_summary_waits_for_both(table, tmp_path):
    journal = cut_before(tmp_path, "cryptid-cafe", 2, 1, _cc_round_2, lead=1)
    t = table("cryptid-cafe", 2, bots=set(), journal=journal)
    for _ in range(600):
        if _summary_up(t):
            break
        for seat in (0, 1):
            if t.has_choice(seat):
                t.press(seat, "button")
                t.press(seat, "button")
        t.step(ms=100)
    assert _summary_up(t)
    t.press(0, "button")
    t.step(2)
    assert _summary_up(t), "one person's press took the summary from the other"
    assert "wait" in " ".join(t.oled_texts(0)), t.oled_texts(0)
    t.press(1, "left")
    t.step(2)
    assert not _summary_up(t)


def test_the_first_frame_after_a_press_closes_retrogrades_summary_shows_the_3_2_1_not_roll(table, tmp_path):
    """Issue 36 (found drawing the board ahead): the press that closed the
    summary ended the banner ("") in the step, after the timers had set it,
    so the pass drew the board with no banner - "Roll! Claim a card with
    your button" - for one frame, and the next pass the 3-2-1's "3"."""
    journal = cut_before(tmp_path, "retrograde", 2, 1, _rg_round_2, lead=3)
    t = table("retrograde", 2, bots={1}, journal=journal)
    _play_to_summary(t)
    t.step(3)
    t.post(t.key_code(0, "right"), True)
    t.step(1)                                 # the press's own pass
    assert not _summary_up(t)
    texts = " ".join(t.scene().texts())
    assert t.session.countdown == "3" and "Roll!" not in texts.replace("says Roll!", ""), \
        (t.session.countdown, texts[:300])
