"""Café International Junior in the window: the cards a seat draws at the
end of its turn are said (PT48, a fresh play-tester: the hand refilled to 6
silently; a joker drawn was noticed only by chance and cost 5 points at the
end; the log never said a turn ended).  The seat's own OLED says for a
moment what it drew ("drew: Mexico girl, joker boy"), hidden from the
others; the HDMI log says only how many ("Seat 1 ends the turn and draws
2").  And the guest that fills a table says "+11, your turn ends" before
the first press, its points kept beside a two-digit counter ("fill: +11")."""
from __future__ import annotations

from firmware.screens.cafe_junior_feed import feed_lines
from firmware.screens.cafe_junior_oled import country_words, guest_words
from test_cafe_junior_fill_warning import _fills, _journal_at, _may_fill

SEAT = 0


def test_the_log_says_a_turn_ends_and_how_many_cards_are_drawn():
    lines = feed_lines(["Player 2 discards a boy from Kenya", "Player 2 draws 2 cards", "Player 3's turn"],
                       {"tables": []})
    assert lines[-1] == "Seat 2 ends the turn and draws 2"
    assert feed_lines(["Player 1 draws 1 card"], {"tables": []}) == ["Seat 1 ends the turn and draws 1"]


def test_the_seat_sees_what_it_drew_and_the_hdmi_only_how_many(table):
    t = table("cafe-junior", 3, bots={1, 2}, seed=4)
    s = t.session
    t.run_until(lambda t: t.has_choice(SEAT), max_passes=600, ms=200)
    before = [c["id"] for c in s.game.view(SEAT)["hand"]]
    for _ in range(40):                        # a hurried person: each first choice, until the turn passes
        if s.game.view(None)["current_player"] != SEAT:
            break
        if t.has_choice(SEAT):
            t.confirm(SEAT)
        else:
            t.step()
    assert s.game.view(None)["current_player"] != SEAT
    hand = s.game.view(SEAT)["hand"]
    kept = list(before)
    drawn = []
    for c in hand:
        if c["id"] in kept:
            kept.remove(c["id"])
        else:
            drawn.append(c)
    assert drawn, (before, hand)
    said = " ".join(t.oled_texts(SEAT))
    assert "drew:" in said, said
    for c in drawn:
        assert country_words(c) in said, (said, drawn)            # each guest by its country
    if len(drawn) <= 2:
        assert all(guest_words(c) in said for c in drawn), (said, drawn)   # and, when two fit, its gender
    hdmi = " ".join(t.scene().texts())
    assert f"Seat 1 ends the turn and draws {len(drawn)}" in hdmi, hdmi
    assert "drew" not in hdmi, hdmi           # the hand is hidden: never its cards on the shared screen
    for seat in (1, 2):
        assert "drew:" not in " ".join(t.oled_texts(seat))
    t.step(ms=500, passes=10)                  # a moment later (4 s) it goes
    assert "drew:" not in " ".join(t.oled_texts(SEAT))


def test_the_guest_that_fills_a_table_says_it_before_the_first_press(table, tmp_path):
    t = table("cafe-junior", 3, bots={1, 2}, journal=_journal_at(tmp_path, _may_fill))
    t.run_until(lambda t: _may_fill(t.session.game) and t.has_choice(SEAT), max_passes=600)
    s = t.session
    from firmware.rulings import LOOK_FIRST_US
    t.step(LOOK_FIRST_US // 1000 // t.pass_ms + 1)
    for _ in range(80):
        if _fills(s.game, s.runtime.controls[SEAT].shown(s.game).chosen):
            break
        t.press(SEAT, "right")
    shown = s.runtime.controls[SEAT].shown(s.game)
    assert _fills(s.game, shown.chosen) and not shown.armed
    assert len(shown.choices) >= 10            # a two-digit counter ("6/12")
    said = t.oled_texts(SEAT)
    assert any(x.startswith("fill") and "+11" in x for x in said), said        # its points survive
    assert any("+11, " in x and "turn ends" in x for x in said), said          # and the turn's end, unarmed
