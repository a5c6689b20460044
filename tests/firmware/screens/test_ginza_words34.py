"""Issue 34 (a fresh play-tester) in Ginza Retro Café: "1 2 2 5 6 +6" on
one option and "+common 6" on another ("+6" read as 6 points); "Change to
Lv.2" read as a verb (it is the Change Dice Rolls card's Lv.2 side,
rulebook "Raise the Arrange Lv."); "wash: one 1" did not say it gives yen;
the banner lost "Seat 1" while a choice was shown ("(1) 7 VP wash dishes,
no 1s?")."""
from __future__ import annotations

import re

from firmware.runtime.controls import SeatControls
from firmware.screens.draw import oled_frame
from firmware.screens.ginza_groups import detail_words
from firmware.screens.ginza_words import short_words, wash_yen
from firmware.screens.draw import default_measure
from firmware.ui.kit import Rect, Scene
from firmware.ui.widgets import seat_banner

from screen_checks import context, play_states

BARE_PLUS = re.compile(r"\+\d")       # "+6": a number with nothing to say what it is


def test_the_common_die_is_never_a_bare_plus_number():
    serve = {"type": "serve", "order": "x", "dice": [1, 2, 2, 5, 6], "common": 6}
    assert not any(BARE_PLUS.search(w) for w in detail_words(serve)), detail_words(serve)
    assert not BARE_PLUS.search(short_words(serve)), short_words(serve)
    assert "+common 6" in short_words(serve)


def test_the_upgrade_is_named_as_the_card_s_lv2_side():
    assert short_words({"type": "upgrade", "arrange": "change"}) == "Lv.2 Change card"
    assert detail_words({"type": "upgrade", "arrange": "reroll"}) == ["Lv.2 Reroll card"]


def test_the_oled_never_shows_a_bare_plus_number_and_washing_says_its_yen():
    seen_common = seen_wash = 0
    for game, events in play_states("ginza", 3, 1, every=2, limit=600):
        view = game.view(None)
        if view["phase"] != "play" or view["dice_requests"]:
            continue
        seat = view["turn"]
        c = SeatControls(seat)
        acts = c.refresh(game) or []
        for i, a in enumerate(acts):
            if a["type"] not in ("serve", "wash") or (a["type"] == "serve" and a.get("common") is None):
                continue
            c.cursor = i
            ctrls = [c if s == seat else SeatControls(s) for s in range(game.num_players)]
            texts = oled_frame(game, seat, c, context(game, events, ctrls)).texts
            assert not any(BARE_PLUS.search(t) for t in texts), texts
            if a["type"] == "serve":
                assert any(f"+common {a['common']}" in t for t in texts), texts
                seen_common += 1
            else:
                yen = wash_yen(game, a)
                assert yen is not None and any(f"{yen} yen" in t for t in texts), texts
                assert f"for {yen} yen" in short_words(a, game)
                seen_wash += 1
        if seen_common > 10 and seen_wash > 3:
            break
    assert seen_common > 3 and seen_wash > 0, (seen_common, seen_wash)


def test_a_banner_short_of_room_keeps_the_seat_and_leaves_out_the_doing():
    for w in (260, 320, 420):
        scene = Scene(800, 480, default_measure())
        seat_banner(scene, Rect(0, 0, w, 40), 0, score="7 VP", name="Seat 1 Barista (start)",
                    doing="wash dishes, no 1s?")
        texts = scene.texts()
        assert any(t.startswith("Seat 1") for t in texts), (w, texts)


def test_a_banner_shortens_its_doing_before_it_drops_the_seat():
    """Issue 34, Retrograde seed 11: "(1) 0 pts  reroll: roll all 6?" lost
    "Seat 1"; a doing given with shorter forms is shortened first, and
    goes before "Seat N" does."""
    forms = ("reroll: roll all 6?", "roll all 6?", "reroll?")
    for w, said in ((460, forms[0]), (380, forms[1]), (320, forms[2]), (250, None)):
        scene = Scene(800, 480, default_measure())
        seat_banner(scene, Rect(0, 0, w, 40), 0, score="0 pts", doing=forms)
        texts = scene.texts()
        assert any(t.startswith("Seat 1") for t in texts), (w, texts)
        assert (said in texts) if said else not set(forms) & set(texts), (w, texts)
