"""Café International Junior in the window: on a seat's own turn its OLED
names every guest in its hand (the cursor's guest marked), as it does
while the seat waits (issue 34, the last play-test: on its turn the OLED
drew six figures and named only the guest under the cursor, so a person
could not see its hand by name while choosing).  Whole on the 128 x 64
OLED: every text fits (``OledFrame.text`` refuses a cut one), nothing
drawn over anything, what the next press does still said."""
from __future__ import annotations

from firmware.screens import cafe_junior as cj
from firmware.screens.draw import oled_frame


def _frame(t, seat: int = 0):
    s = t.session
    return oled_frame(s.game, seat, s.runtime.controls[seat], s.context())


def _marked(t, frame) -> list[str]:
    """The guests whose box the frame marks, each checked on the window's
    drawn OLED: its box mostly lit (inverted)."""
    drawn = t.window_oled(0).convert("L").load()
    out = []
    for what, (x0, y0, x1, y1) in frame.marks:
        if what.startswith("marked: "):
            lit = sum(1 for x in range(x0, x1 + 1) for y in range(y0, y1 + 1) if drawn[x, y])
            assert lit * 2 > (x1 - x0 + 1) * (y1 - y0 + 1), f"{what} is not drawn marked"
            out.append(what[len("marked: "):])
    return out


def _check_turn(t, hand_size: int, steps: int) -> int:
    s = t.session
    seat_view = s.game.view(0)
    hand = seat_view["hand"]
    assert len(hand) == hand_size, (len(hand), hand_size)
    names = [cj.country_words(c) for c in hand]
    checked = 0
    for _ in range(steps):
        frame = _frame(t)
        texts = list(frame.texts)
        assert [x for x in texts if x in names] == names, f"hand {names}, the OLED names {texts}"
        chosen = s.runtime.controls[0].shown(s.game).chosen
        card = next((c for c in hand if c["id"] == chosen.get("card")), None)
        assert _marked(t, frame) == ([cj.country_words(card)] if card else []), (frame.marks, card)
        assert frame.overlaps() == [], frame.overlaps()
        said = " ".join(x for x in texts if x not in names)        # what the next press does, in words
        assert any(w in said for w in ("row ", "discard", "end turn", "joker")), texts
        checked += 1
        t.press(0, "right")
        t.step(2)
    return checked


def test_cafe_junior_own_turn_names_the_whole_hand_with_the_cursors_guest_marked(table):
    t = table("cafe-junior", 3, bots={1, 2}, options={"start_player": 0})
    t.run_until(lambda t: t.has_choice(), max_passes=300)
    t.step(3)
    assert _check_turn(t, 8, 12) == 12            # the start player's first turn: 8 guests
    t.press(0, "button")
    t.press(0, "button")                          # seats the guest under the cursor
    t.step(3)
    assert _check_turn(t, 7, 6) == 6
