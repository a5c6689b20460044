"""Play-testers set the menu's Bots row to "all" (the seat tokens said
"normal bot") and chose Resume: the game went on with seat 1 still a
person (only ``cabinet resume --bots all`` handed a seat to a bot).  The
menu now does what it shows: the Resume row's seats are the saved game's
(its seat count wins over the Players row), played as the Bots row says
once it is changed (as recorded until then), and said in words."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "runtime"))

from firmware.app.menu import Menu
from firmware.app.menu_saves import find_resume
from firmware.app.session import Session, SessionOptions
from firmware.screens.draw import default_measure

from test_bot_pace import cfg_for, run_to, session  # noqa: E402


def _saved_game(tmp_path, bots):
    """A 2-seat Ginza game left unfinished in the state folder's journals."""
    (tmp_path / "journals").mkdir(exist_ok=True)
    s = session(tmp_path, "ginza", 2, bots, name="journals/ginza-20261202-100000-2.jsonl")
    rt = s.runtime
    run_to(rt, rt.now_us, rt.now_us + 8_000_000)
    path = s.writer.path
    s.close()
    return path


def _focus(menu, label):
    menu.focus = [lab for lab, _ in menu.rows()].index(label)


def test_resume_with_bots_all_hands_the_saved_seats_to_bots(tmp_path):
    _saved_game(tmp_path, set())                       # two people saved it
    menu = Menu(games=["ginza", "cafe-junior"])
    menu.players = 3                                   # the Players row differs from the save's 2 seats
    find_resume(menu, cfg_for(tmp_path))
    _focus(menu, "Bots")
    while menu.rows()[menu.focus][1] != "all":
        menu.press()
    _focus(menu, "Resume")
    scene = menu.scene((1920, 1080), default_measure())
    assert scene.facts["seats"] == {0: "normal bot", 1: "normal bot"}       # the save's 2 seats, as bots
    words = " ".join(scene.facts["info"])
    assert "seat 1 bot, seat 2 bot" in words, words
    assert "2 seats" in words and "Players row" in words, words          # the save's seat count wins, said
    small = menu.scene((800, 480), default_measure())
    assert not scene.dropped and not any("seat" in t for _, t in small.dropped), small.dropped   # who plays: shown
    choice = menu.press()
    assert choice[0] == "resume"
    bots, levels = menu.resume_seats(choice[1])
    assert bots == {0, 1} and levels == {0: "normal", 1: "normal"}
    r = Session.resume(cfg_for(tmp_path), choice[1], SessionOptions(headless=True, size=(800, 480), bots=bots,
                                                                     bot_levels=levels), model=None)
    try:
        assert r.opts.bots == {0, 1}
    finally:
        r.close()


def test_an_untouched_bots_row_resumes_the_seats_as_saved_and_says_so(tmp_path):
    _saved_game(tmp_path, {1})                         # seat 2 was a bot
    menu = Menu(games=["ginza"])
    find_resume(menu, cfg_for(tmp_path))
    _focus(menu, "Resume")
    scene = menu.scene((1920, 1080), default_measure())
    assert scene.facts["seats"] == {0: "person", 1: "normal bot"}
    words = " ".join(scene.facts["info"])
    assert "seat 1 person, seat 2 bot" in words, words
    small = menu.scene((800, 480), default_measure())
    assert small.facts["seats"][0] == "person" and small.facts["seats"][1] != "person"
    assert not scene.dropped and not any("seat" in t for _, t in small.dropped), small.dropped
    assert menu.resume_seats(menu.press()[1])[0] == {1}


def test_a_resumed_game_fills_the_moves_feed_from_its_journal(tmp_path):
    """After a resume the HDMI's moves panel was empty."""
    path = _saved_game(tmp_path, {0, 1})
    r = Session.resume(cfg_for(tmp_path), path, SessionOptions(headless=True, size=(800, 480)), model=None)
    try:
        assert r.log_lines()
        assert list(r.context()["last_events"]), "the moves feed is empty after a resume"
        assert list(r.context()["last_events"])[-1] == list(r.runtime.log)[-1]
    finally:
        r.close()
