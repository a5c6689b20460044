"""Play-tester (issue 34, pt11), small words:

* the menu's Resume text said "1 seats" (s108);
* the caption "\u266a won" came with no word of what or who (w2_5: a Ginza
  customer served, its order cards to two seats);
* the how-to page's heading "Chose the wrong one?";
* "Seat 1 took back: serves the Thunderbird and gets a 6-coin tip" read
  oddly: "Seat 1 took back serving the Thunderbird and getting a 6-coin
  tip";
* in Cryptid Cafe "Phase 4: end-of-round cleanup" stayed among the latest
  moves after a take-back had returned the seat to serving.
"""
from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace

from engines import new_game
from bots.random_bot import RandomBot
from firmware.runtime.sound_captions import caption_lines
from firmware.runtime.sounds import EVENT_CUES, EVENT_CAPTIONS, Snapshot, cues
from firmware.screens.howto_parts import take_back_page
from firmware.screens.menu_scene import resume_seat_words

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "runtime"))

from test_bot_pace import session  # noqa: E402


def test_the_resume_text_counts_one_seat_in_the_singular():
    save = Path("cryptid.jsonl")
    menu = SimpleNamespace(focused_save=lambda: save, saved_seats={save: (1, set(), {})}, players=1,
                           bots_chosen=False, resume_seats=lambda p: (set(), {}))
    words = " ".join(resume_seat_words(menu))
    assert "1 seats" not in words and "1 seat" in words, words


def test_the_caption_of_a_served_ginza_customer_says_what_and_who():
    snap = Snapshot(players=3, people=frozenset({0}))
    events = [{"type": "served", "players": [0, 2], "customer": "c1"}]
    said = caption_lines(EVENT_CUES["ginza"], snap, snap, events, cues("ginza", snap, snap, events),
                         EVENT_CAPTIONS["ginza"])
    assert said == ["\u266a customer served, order cards won (seats 1, 3)"], said


def test_the_take_back_page_heading_reads_plainly():
    page = take_back_page("your last guest is taken back", "until your turn ends")
    assert page.title != "Chose the wrong one?"
    assert "take" in page.title.lower()


def test_took_back_says_what_was_taken_back_as_an_ing_phrase():
    game, bot = new_game("cryptid-cafe", 1, 3), RandomBot(3)
    for _ in range(3000):
        serves = [a for a in game.legal_actions(0) if a["type"] == "serve"]
        if serves:
            said = [e["text"] for e in game.apply(serves[0])]
            if game.can_take_back(0):
                break
            continue
        game.apply(bot.next_action(game))
    assert said[0].startswith("Seat 1 serves the ") and " and gets " in said[0], said
    text = game.apply({"type": "take_back", "player": 0})[0]["text"]
    assert text.startswith("Seat 1 took back serving the "), text
    assert " and getting " in text, text


def test_cryptid_cafe_latest_moves_drop_the_phase_a_take_back_undid(tmp_path):
    s = session(tmp_path, "cryptid-cafe", 1, set())
    rt, bot, found = s.runtime, RandomBot(5), False
    try:
        for _ in range(4000):
            game = rt.game
            if game.is_terminal():
                break
            serves = [a for a in game.legal_actions(0) if a["type"] == "serve"]
            if serves:
                texts = [e["text"] for e in rt.apply(serves[0])]
                if any(t.startswith("Phase 4") for t in texts) and rt.game.can_take_back(0):
                    rt.apply({"type": "take_back", "player": 0})
                    assert rt.game.view(None)["phase"] == "serve"
                    assert not [t for t in rt.events if t.startswith("Phase 4")], list(rt.events)[-6:]
                    assert list(rt.events)[-1].startswith("Seat 1 took back serving "), list(rt.events)[-3:]
                    found = True
                    break
                continue
            rt.apply(bot.next_action(game))
    finally:
        s.close()
    assert found
