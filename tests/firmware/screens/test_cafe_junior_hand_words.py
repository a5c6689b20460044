"""Café International Junior: a seat's OLED names its guests' countries in
words a child reads (play-test, leftovers: the hand read "CH" - Switzerland?
China? - with no legend, while the HDMI shows flags)."""
from __future__ import annotations

from engines import new_game
from firmware.runtime.controls import SeatControls
from firmware.screens import cafe_junior as cj

from screen_checks import context, play_states

CODES = {"KEN", "MEX", "ESP", "JAM", "GER", "GBR", "FRA", "ITA", "CHN", "JPN", "BRA"}


def _coded(text: str) -> bool:
    """True when ``text`` shows a country code (3 letters, or the first 2;
    "USA" is its name as well)."""
    return any(w in CODES or (len(w) == 2 and any(c.startswith(w) for c in CODES)) for w in text.split())


def test_a_waiting_seat_reads_each_guests_country_in_words():
    bad = seen = 0
    for game, events in play_states("cafe-junior", 4, 1, every=3, limit=300):
        for seat in range(game.num_players):
            if seat in game.active_players() or game.is_terminal():
                continue
            view = game.view(seat)
            f = cj.oled_frame(game, seat, view, SeatControls(seat), context(game, events))
            said = " ".join(f.texts)
            names = [cj.country_words(c) for c in view["hand"] if not c.get("joker")]
            if any(_coded(t) for t in f.texts) or not all(n in said for n in names):
                bad += 1
                print(f.texts, names)
            seen += 1
    assert seen > 10 and bad == 0


def test_the_guest_under_the_cursor_is_named_in_words():
    game = new_game("cafe-junior", 3, 2)
    seat = game.current
    c = SeatControls(seat)
    bad = []
    for k, act in enumerate(c.refresh(game)):
        c.cursor = k
        view = game.view(seat)
        f = cj.oled_frame(game, seat, view, c, context(game, []))
        card = next((h for h in view["hand"] if h["id"] == act.get("card")), None)
        if any(_coded(t) for t in f.texts):
            bad.append(f.texts)
        # its name stands in its own marked cell of the whole hand (issue 34: only it was named)
        marked = [what for what, _ in f.marks]
        if card is not None and (cj.country_words(card) not in f.texts
                                 or marked != [f"marked: {cj.country_words(card)}"]):
            bad.append((card["country"], f.texts, marked))
    assert bad == [], bad[:3]


def test_great_britain_has_a_name_that_fits_beside_others():
    assert cj.country_words({"country": "GBR", "country_name": "Great Britain"}) == "Britain"
    assert cj.country_words({"country": "CHN", "country_name": "China"}) == "China"
