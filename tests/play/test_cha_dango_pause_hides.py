"""Cha dango: a race held by a pause hides what it is about until it goes
on (PT31 item 1, ruling CAB-15): the person who paused won four races in
412-479 ms against bots at 1-1.3 s, having studied the order and the
customers under the pause and aimed during the 3-2-1.  Now, from the
hold's first edge to "go", the order and every customer lie face down,
the arrows do not aim in the 3-2-1 (each cursor stays where it was), and
a press in the first 200 ms after "go" counts for nobody, in words that
say the race went on (PT31 item 2: "TOO SOON after your reveal")."""
from __future__ import annotations

from tests.play.test_cha_dango_pause import _aimed, _hold_pause, _open_race, _view

FACES = ("figure", "dango", "swatch")


def _faces_shown(t) -> int:
    """How many card faces (a figure, a dango, a background) the HDMI draws now."""
    return sum(1 for n in t.scene().all_nodes() if n.kind in FACES)


def _words(t) -> str:
    return " ".join(t.scene().texts()).replace("\u00a0", " ")


def _to_go(t) -> None:
    rt = t.session.runtime
    t.run_until(lambda t: rt.frozen_until_us <= rt.now_us and rt.restart_action is None
                and t.session._resume_action is None, max_passes=200, ms=50)


def test_cab15_a_paused_race_shows_neither_the_order_nor_the_customers_until_go(table):
    """c22, c26b, c28a, c36: the board stayed in view under the pause.  From
    the pause to the end of its 3-2-1 no card face is drawn and the order's
    words are gone; at go they are back."""
    t = table("cha-dango", players=2, seed=7)
    _open_race(t)
    t.step(10, ms=50)
    order = _view(t)["order"]
    assert _faces_shown(t) > 0 and "Order:" in _words(t)
    _hold_pause(t, 0)
    assert t.session.runtime.pause.paused
    assert _faces_shown(t) == 0, "a customer or the order is shown under the pause"
    assert "Order:" not in _words(t) and order["value"] not in _words(t).lower()
    moves = " ".join(t.session.log_lines())           # the paused game's moves (left of the board)
    assert order["value"] not in moves.lower() and "hidden" in moves, moves
    t.step(20, ms=50)
    _hold_pause(t, 0)                          # going on: the 3-2-1
    rt = t.session.runtime
    assert rt.frozen_until_us > rt.now_us
    t.step(4, ms=50)
    assert _faces_shown(t) == 0, "the 3-2-1 shows the customers: a head start for whoever remembers"
    assert "go" in _words(t).lower()
    _to_go(t)
    t.step(2, ms=50)
    assert _view(t)["race"] is not None
    assert _faces_shown(t) > 0 and "Order:" in _words(t)


def test_cab15_the_board_is_hidden_while_the_pause_is_held_down(table):
    """The race counts as paused from the hold's first edge (CAB-8): the
    board is hidden from then too, so the 1 s hold is no free look."""
    t = table("cha-dango", players=2, seed=7)
    _open_race(t)
    t.step(10, ms=50)
    left, right = t.key_code(0, "left"), t.key_code(0, "right")
    t.post(left, True)
    t.post(right, True)
    t.step(6, ms=50)
    assert not t.session.runtime.pause.paused
    assert _faces_shown(t) == 0, "the board is in view while the pause is being held"
    card = _aimed(t, 0)
    from engines.cha_dango.cards import load_cards
    assert load_cards().cards[card].figure not in t.oled_texts(0), t.oled_texts(0)
    t.post(left, False)
    t.post(right, False)
    t.step(2, ms=50)                           # let go early: no pause, the board is back
    assert not t.session.runtime.pause.paused and _faces_shown(t) > 0


def test_cab15_arrows_do_not_aim_during_a_held_races_countdown_and_say_so(table):
    """Every seat's aim is as it was when the race was held: an arrow in the
    3-2-1 moves nothing and its OLED says to wait for go (never vanishes
    unsaid)."""
    t = table("cha-dango", players=2, seed=7)
    _open_race(t)
    t.step(10, ms=50)
    before = _aimed(t, 1)
    _hold_pause(t, 0)
    t.step(10, ms=50)
    _hold_pause(t, 0)
    rt = t.session.runtime
    t.press(1, "right", hold_passes=1)
    assert rt.frozen_until_us > rt.now_us, "the countdown should still run"
    assert _aimed(t, 1) == before, "the aim moved in the 3-2-1"
    t.step()
    assert any("aim at go" in x for x in t.oled_texts(1)), t.oled_texts(1)
    _to_go(t)
    t.step(2, ms=50)
    assert _aimed(t, 1) == before


def test_cab15_a_press_just_after_go_is_too_soon_after_the_restart_not_after_a_reveal(table):
    """c14: seat 1 revealed, paused, went on, and lifted its cup 108 ms
    after the 3-2-1: "TOO SOON after your reveal".  A press within the
    early-press grace of go counts for no seat (go shows the race again,
    like a reveal), and the words say it was the restart."""
    t = table("cha-dango", players=2, seed=7)
    _open_race(t)                              # seat 1 revealed
    t.step(8, ms=50)                           # well past the reveal's grace before the pause
    _hold_pause(t, 0)
    t.step(10, ms=50)
    _hold_pause(t, 0)
    _to_go(t)
    cup = t.key_code(0, "cup")
    t.post(cup, True)                          # lifted ~100 ms after go, and held
    t.step(3, ms=40)
    race = _view(t)["race"]
    assert race is not None and race["answers"][0] is None, "a lift in the grace after go counted"
    said = " ".join(t.oled_texts(0))
    assert "reveal" not in said.lower(), said
    assert "TOO SOON" in said and "go" in said, said
    t.post(cup, False)
    t.step(2, ms=50)


def test_cab15_the_keys_under_the_oled_say_hands_off_in_the_3_2_1(table):
    """PT44 (cdm): in the 3-2-1 after a pause the HDMI said "Hands off:
    button, cup and arrows" while the keys under seat 1's OLED still
    offered "Space: hit · Q held: cup · Left/Right: aim"."""
    t = table("cha-dango", players=2, seed=7)
    _open_race(t)
    t.step(10, ms=50)
    _hold_pause(t, 0)
    t.step(20, ms=50)
    _hold_pause(t, 0)                          # going on: the 3-2-1
    t.step(4, ms=50)
    assert t.session.countdown.isdigit()
    said = dict(t.session._legends()[0])
    assert "hit" not in said.values() and "cup" not in said.values() and "aim" not in said.values(), said
    assert any("hands off" in f"{k} {w}".lower() for k, w in said.items()), said
    _to_go(t)
    t.step(2, ms=50)
    assert "hit" in dict(t.session._legends()[0]).values()
