"""Ruling CAB-11 at the real window loop: a person seats a guest, the OLED
says "hold left: take back", the person holds Left 1 s and lets go: the
guest is back in hand, the moves on the HDMI say "Seat 1 took back: ...",
the journal has the take-back line.  A short Left is only a cursor step."""
from __future__ import annotations

import json

from firmware.runtime.journal import read
from firmware.runtime.takeback import HINT


def _state(game) -> str:
    data = game.to_json()
    data.pop("take_back", None)
    return json.dumps(data, sort_keys=True)


def _seat_a_guest(t) -> str:
    """Seat 1 moves to a placement with Right and presses its button twice;
    returns the state before the placement."""
    game = t.session.game
    controls = t.session.runtime.controls[0]
    for _ in range(60):
        if controls.shown(game).chosen["type"] == "place":
            break
        t.press(0, "right")
    assert controls.shown(game).chosen["type"] == "place"
    before = _state(game)
    t.press(0, "button")
    t.press(0, "button")
    t.step(3)
    assert t.session.game.can_take_back(0), "the placement was not applied"
    return before


def _hold_left(t, ms: int) -> None:
    key = t.key_code(0, "left")
    t.post(key, True)
    t.step(ms // 33 + 1)
    t.post(key, False)
    t.step(3)


def test_a_person_takes_back_a_seated_guest_with_a_long_left(table, tmp_path):
    t = table("cafe-junior", 2, bots={1}, options={"start_player": 0})
    t.run_until(lambda t: 0 in t.session.game.active_players(), max_passes=300)
    before = _seat_a_guest(t)
    assert HINT in t.oled_texts(0), t.oled_texts(0)
    _hold_left(t, 300)                                  # short: a cursor step, nothing taken back
    assert t.session.game.can_take_back(0) and _state(t.session.game) != before
    controls = t.session.runtime.controls[0]
    for _ in range(60):                                 # back on the first choice: Left then wraps to "end turn"
        if controls.cursor == 0:
            break
        t.press(0, "right")
    assert controls.cursor == 0
    _hold_left(t, 1_200)
    assert _state(t.session.game) == before, "the hold did not take the guest back"
    assert HINT not in t.oled_texts(0)
    # the Left press of the hold stepped the cursor (to "end turn", gone once taken back): the seat
    # is not told of a vanished choice, its choices open afresh on the first one
    assert not any("gone" in x for x in t.oled_texts(0)), t.oled_texts(0)
    assert t.session.runtime.controls[0].shown(t.session.game).chosen["type"] == "place"
    assert any(x.startswith("Seat 1 took back seating ") for x in t.scene().texts()), t.scene().texts()
    journal = read(t.session.writer.path).actions
    assert journal[-1] == {"type": "take_back", "player": 0}
