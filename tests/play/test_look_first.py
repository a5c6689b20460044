"""Ruling CAB-12 in the window: a new choice is looked at before a press
takes it (the fresh play-tester, Retrograde: the cursor on card A, three
presses 0.3 s apart claimed the card, and the two after it armed and
confirmed a blast plan the seat never saw: "Seat 1 circles the 1-pip
trophy")."""
from __future__ import annotations

from firmware.rulings import LATE_OK_US, LOOK_FIRST_US
from firmware.runtime.controls import LOOK_FIRST


def _three_presses(t, seat: int = 0, apart_ms: int = 300) -> None:
    """The big button three times, ``apart_ms`` from press to press."""
    for _ in range(3):
        t.press(seat, "button")                      # 99 ms on the loop's clock
        t.step(ms=apart_ms - 3 * t.pass_ms)


def test_cab11_the_last_claim_then_two_more_presses_choose_no_blast_plan(table):
    t = table("retrograde", 2, bots={1})
    s = t.session
    g = s.game
    t.run_until(lambda t: g.view(None)["seats"][1]["claim"] is not None
                and g.view(None)["seats"][0]["dice"] is not None and not s.dice.held, max_passes=4000)
    t.step(LATE_OK_US // 1000 // t.pass_ms + 2)
    while s.runtime.controls[0].shown(g).chosen["type"] != "claim":
        t.press(0, "right")                           # the cursor on a card (a taken one keeps its place: PT61)
    assert s.runtime.controls[0].shown(g).chosen["type"] == "claim"
    t.step(ms=1000)                                   # looked at it
    _three_presses(t)
    view = g.view(None)
    assert view["seats"][0]["claim"] is not None and view["phase"] == "blast" and view["turn"]["seat"] == 0
    assert not any(view["seats"][0]["blasted"]) and g.scores()[0] == 0, "a blast plan was chosen unseen"
    assert not s.runtime.controls[0].shown(g).armed
    texts = " ".join(t.oled_texts(0))
    assert "look first" in texts, texts              # "new choice: look first", its gist on one line
    assert any(x.startswith("plan 1 of") for x in t.oled_texts(0)), "the new choice is shown"
    t.step(ms=LOOK_FIRST_US // 1000)                  # read: now the presses choose
    t.press(0, "button")
    assert s.runtime.controls[0].shown(g).armed and LOOK_FIRST not in t.oled_texts(0)
    t.press(0, "button")
    t.step(3)
    assert any(g.view(None)["seats"][0]["blasted"]) or g.view(None)["turn"]["seat"] != 0


def test_cab11_a_turn_of_the_cursor_is_a_look(table):
    """A seat that turned its cursor on the new choice has looked at it:
    its press arms at once."""
    t = table("retrograde", 2, bots={1})
    s = t.session
    g = s.game
    t.run_until(lambda t: 0 in s.dice.held, max_passes=3000)
    t.step(LOOK_FIRST_US // 1000 // t.pass_ms + 1)    # looked at the dice (CAB-12)
    t.press(0, "button")                              # dice ok: the seat's choices appear
    t.press(0, "right")
    t.press(0, "left")                                # back on "reroll", looked at
    t.press(0, "button")
    assert s.runtime.controls[0].shown(g).armed, t.oled_texts(0)
