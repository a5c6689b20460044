"""Issue 34, play-tester PT13 (Ginza Retro Café on the OLED): long change
choices lost their place in the group ("5 to 4, 4 to 3" with no "4/8",
od.png); "5 to 4, 5 to 4" did not say which die; "Soda 18+" cut Cream
Soda's name; "1 token, 3 yen" did not say whether the 3 yen is paid or
got (g38; the rulebook: "You may add 1 common die ... by paying ¥3",
then "Acquire the coins indicated on the Order card"); Coffee Regular put
its VP on the choice line, the other bonus cards beside their name (g10)."""
from __future__ import annotations

import re

from firmware.runtime.controls import SeatControls
from firmware.screens import ginza_oled
from firmware.screens.draw import oled_frame

from screen_checks import context, play_states


def _frames(kinds, limit=900, seed=7):
    """(game, seat, action, group members, cursor, frame texts) for each choice of ``kinds`` on a turn."""
    for game, events in play_states("ginza", 3, seed, every=2, limit=limit):
        view = game.view(None)
        if view["phase"] not in ("play", "draft1", "draft2") or view.get("dice_requests"):
            continue
        for seat in range(game.num_players):
            c = SeatControls(seat)
            acts = c.refresh(game)
            groups = [ginza_oled.choice_group(a, game) for a in acts]
            for i, act in enumerate(acts):
                if act.get("type") not in kinds:
                    continue
                c.go_to(game, i)
                ctrls = [c if s == seat else SeatControls(s) for s in range(game.num_players)]
                members = [k for k, g in enumerate(groups) if g == groups[i]]
                yield game, seat, act, members, i, oled_frame(game, seat, c, context(game, events, ctrls)).texts


def test_a_change_choice_keeps_its_place_on_the_choice_line():
    seen = 0
    for game, seat, act, members, i, texts in _frames(("change",), limit=600):
        if len(members) > 1:
            place = f"{members.index(i) + 1}/{len(members)}"
            assert place in texts, (act, place, texts)      # its own text: the choice line's count
            seen += 1
    assert seen > 10


def test_two_dice_of_one_value_are_named_as_two():
    seen = 0
    for game, seat, act, members, i, texts in _frames(("change",), limit=900):
        faces = [f for f, _ in act["steps"]]
        if len(faces) == 2 and faces[0] == faces[1]:
            said = " ".join(texts)
            assert not re.search(r"\b(\d) to (\d), \1 to \2\b", said), texts
            assert f"two {faces[0]}s" in said or f"{faces[0]}s to" in said, texts
            seen += 1
    assert seen > 2


def test_cream_soda_is_never_cut_to_soda():
    seen = 0
    for game, seat, act, members, i, texts in _frames(("serve",), limit=900):
        oc = game.comp.orders[act["order"]]
        if oc.subcategory == "Cream Soda":
            assert not [t for t in texts if re.search(r"(?<!Cream )\bSoda\b", t)], texts
            seen += 1
    assert seen > 2


def test_the_cost_line_says_what_is_paid_and_what_is_got():
    seen = 0
    for game, seat, act, members, i, texts in _frames(("serve",), limit=900):
        assert not [t for t in texts if re.fullmatch(r"\d+ tokens?, \d+ yen", t)], texts
        if act.get("common") is not None:
            assert any("pay 3 yen" in t for t in texts), texts
            seen += 1
    assert seen > 2


def test_every_bonus_card_says_its_vp_in_the_same_place():
    places = {}
    for game, seat, act, members, i, texts in _frames(("pick_bonus",), limit=40, seed=1):
        bc = game.comp.bonus_cards[act["card"]]
        where = "choice line" if f"keep: {bc.vp} VP" in texts else "title" if f"{bc.name} {bc.vp} VP" in texts else "?"
        places.setdefault(where, set()).add(bc.name)
    assert len(places) == 1 and "?" not in places, places
