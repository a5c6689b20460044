"""Cha dango: the arrows aim between races too (issue 34, play-test
c28-c30: while "Seat 2: reveal the order" was up, Right x3 on seat 1
changed nothing on any screen, and when the order came out the cursor was
still on the old customer).  Ruling CD-12: a seat's cursor stands over the
dining area's customers, its arrows move it; nothing forbids aiming ahead.
A press between races still hits nothing."""
from __future__ import annotations

from test_cha_dango_helpers import aim_at, aimed, open_first_race, order_matches, table_view

from engines.cha_dango.cards import load_cards


def test_cd12_arrows_aim_ahead_while_another_seat_reveals(table):
    t = table("cha-dango", players=2, seed=3)
    t.run_until(lambda t: table_view(t)["phase"] == "reveal" and table_view(t)["current"] == 0)
    t.step(30, ms=50)
    t.press(0, "button")                                   # seat 1 reveals the first order
    t.run_until(lambda t: table_view(t)["phase"] == "race", max_passes=200)
    t.step(4, ms=50)
    before = aimed(t, 0)
    t.run_until(lambda t: table_view(t)["phase"] == "reveal" and table_view(t)["current"] == 1, max_passes=2000, ms=50)
    t.step(4, ms=50)
    g = t.session.game
    dining = [c["id"] for c in table_view(t)["dining_area"]]
    start = dining.index(before) if before in dining else 0
    for _ in range(3):
        t.press(0, "right", hold_passes=1)                 # while "Seat 2: reveal the order" is up
    t.step(2, ms=50)
    want = dining[(start + 3) % len(dining)]
    assert table_view(t)["phase"] == "reveal", "still between races"
    assert aimed(t, 0) == want, "the arrows between races moved nothing"
    figure = load_cards().cards[want].figure
    said = " ".join(t.oled_texts(0))
    assert figure in said and f"{dining.index(want) + 1}/{len(dining)}" in said, said
    from firmware.screens.choices import cursor_choices
    lit = cursor_choices(g, t.session.context()).get(0)
    assert lit is not None and lit.get("card") == want, "the HDMI token did not follow the aim"
    from firmware.screens.cha_dango import legend_words
    assert legend_words(g, 0)["arrows"] == "aim", "the seat's keys do not say the arrows aim between races"
    drawn = t.scene().facts.get("aimed") or {}             # what the HDMI draws: the card edged, seat 1's token
    assert drawn.get(want) == [0], f"the HDMI draws no aim between races: {drawn}"
    t.press(0, "button")                                   # a press between races hits nothing
    t.step(2, ms=50)
    assert table_view(t)["phase"] == "reveal" and table_view(t)["race"] is None
    t.run_until(lambda t: t.session.runtime.not_before.get("reveal", -1) <= t.session.runtime.now_us,
                max_passes=400, ms=50)
    t.step(20, ms=50)
    t.press(1, "button")                                   # seat 2 reveals
    t.run_until(lambda t: table_view(t)["phase"] == "race", max_passes=200)
    t.step(2, ms=30)
    assert aimed(t, 0) == want, "the race opened off the customer aimed at"


def test_cd12_the_revealers_arrows_aim_ahead_and_its_button_still_reveals(table):
    """Play-test (issue 34, last rounds): the seat whose OLED said "REVEAL!"
    (it reveals the next order) pressed Right and Left between races and
    nothing it could see happened, while the other seats aimed ahead.  Its
    arrows aim as theirs do (its OLED and the HDMI token follow, its keys
    say "aim"); its button still reveals, and the race opens on its aim."""
    t = table("cha-dango", players=2, seed=3)
    open_first_race(t)                                     # seat 1 reveals the first order
    t.run_until(lambda t: table_view(t)["phase"] == "reveal" and table_view(t)["current"] == 1, max_passes=2000, ms=50)
    t.step(4, ms=50)                                       # seat 2 reveals next; the result stays a moment
    g = t.session.game
    assert "REVEAL" in " ".join(t.oled_texts(1)) or "reveal in" in " ".join(t.oled_texts(1))
    dining = [c["id"] for c in table_view(t)["dining_area"]]
    t.press(1, "right", hold_passes=1)
    first = aimed(t, 1)
    assert first in dining, "the revealer's Right moved nothing"
    for _ in range(2):
        t.press(1, "right", hold_passes=1)
    t.press(1, "left", hold_passes=1)
    t.step(2, ms=50)
    want = dining[(dining.index(first) + 1) % len(dining)]
    assert table_view(t)["phase"] == "reveal" and table_view(t)["current"] == 1
    assert aimed(t, 1) == want, "the revealer's arrows moved nothing"
    said = " ".join(t.oled_texts(1))
    figure = load_cards().cards[want].figure
    assert figure in said and f"{dining.index(want) + 1}/{len(dining)}" in said, said
    assert "reveal" in said, f"the revealer's OLED no longer says it reveals: {said}"
    from firmware.screens.choices import cursor_choices
    lit = cursor_choices(g, t.session.context()).get(1)
    assert lit is not None and lit.get("card") == want, "the HDMI token did not follow the revealer's aim"
    assert (t.scene().facts.get("aimed") or {}).get(want) == [1]
    from firmware.screens.cha_dango import legend_words
    assert legend_words(g, 1) == {"button": "reveal", "arrows": "aim", "push": None}
    t.run_until(lambda t: t.session.runtime.not_before.get("reveal", -1) <= t.session.runtime.now_us,
                max_passes=400, ms=50)
    t.step(20, ms=50)                                      # past the look-first guard of the prompt (CAB-12)
    assert "press: reveal" in " ".join(t.oled_texts(1)), t.oled_texts(1)
    t.press(1, "button")                                   # its button reveals
    t.run_until(lambda t: table_view(t)["phase"] == "race", max_passes=40)
    t.step(2, ms=30)
    assert aimed(t, 1) == want, "the race opened off the customer the revealer aimed at"


def test_cd12_the_aim_stays_shown_between_orders_without_an_arrow(table):
    """PT44 (shot11, shot15, qm, cd7): in the result window and while
    another seat's reveal was awaited, seat 1's OLED showed no customer and
    the HDMI no "1" token, its aimed customer still on the table; they came
    back after any arrow (shot16).  CD-12: the cursor stays on its customer
    between orders, the OLED shows it and the HDMI its token."""
    t = table("cha-dango", players=2, seed=3)
    g = open_first_race(t)
    matches = set(order_matches(g))
    dining = [c["id"] for c in table_view(t)["dining_area"]]
    keep = next(c for c in reversed(dining) if c not in matches)
    t.step(4, ms=50)
    aim_at(t, 0, keep)                                     # seat 1 aims at a customer that stays, hits nothing
    assert aimed(t, 0) == keep
    t.run_until(lambda t: table_view(t)["phase"] == "reveal" and table_view(t)["current"] == 1,
                max_passes=2000, ms=50)
    figure = load_cards().cards[keep].figure
    rt = t.session.runtime
    for when in ("in the result window", "while seat 2's reveal is awaited"):
        t.step(4, ms=50)
        assert table_view(t)["phase"] == "reveal"
        assert keep in [c["id"] for c in table_view(t)["dining_area"]]
        said = " ".join(t.oled_texts(0))
        assert figure in said and "/" in said, f"{when}: the OLED shows no aimed customer: {said}"
        drawn = t.scene().facts.get("aimed") or {}
        assert drawn.get(keep) == [0], f"{when}: the HDMI draws no token on the aim: {drawn}"
        t.run_until(lambda t: rt.not_before.get("reveal", -1) <= rt.now_us, max_passes=400, ms=50)
