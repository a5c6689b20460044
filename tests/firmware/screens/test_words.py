"""Words players read (issue 34, item 8): no rule ids, counts with their
noun in the right number, the slowest sipper told to give a VP card, OLED
texts whole (never cut in the middle of a word)."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from engines.words import plural
from firmware.runtime.controls import SeatControls
from firmware.ui.oled import OledFrame

from screen_checks import context, play_states

ROOT = Path(__file__).resolve().parents[3]
RULE_ID = re.compile(r"\b(?:CD|RG|GR|CC|CI|CAB|CJ|GZ)-\d+")
#: data-file loaders: their errors are for whoever edits the data files
LOADERS = {"components.py", "data.py", "cards.py"}


def _strings(path: Path):
    """(line, text) of every string constant in ``path`` that is not a docstring."""
    tree = ast.parse(path.read_text())
    docs = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            yield node.lineno, node.value


def test_no_rule_id_in_what_players_read():
    """Event texts, refusals ("not now: ..."), screens: rule ids such as
    "(CD-10)" stay in comments, docstrings and logs."""
    files = [p for p in (ROOT / "engines").rglob("*.py") if p.name not in LOADERS]
    files += list((ROOT / "firmware" / "screens").glob("*.py"))
    files += [ROOT / "firmware" / n for n in ("runtime/dice_station.py", "runtime/dice_camera.py",
                                              "runtime/dice_readings.py", "runtime/dice_contest.py",
                                              "runtime/dice_entry.py", "runtime/runner.py",
                                              "runtime/runner_inputs.py", "runtime/runner_dice.py",
                                              "runtime/runner_targets.py", "runtime/armed_reroll.py",
                                              "runtime/runner_bots.py", "runtime/runner_journal.py", "app/session.py",
                                              "app/menu.py", "calibration/screens.py")]
    found = [f"{p.relative_to(ROOT)}:{line}: {text!r}" for p in files for line, text in _strings(p)
             if RULE_ID.search(text) and "\\d" not in text]          # a regex that strips ids is no text
    assert not found, "\n".join(found)


@pytest.mark.parametrize("n, one, many, said", [(1, "reroll", None, "1 reroll"), (2, "reroll", None, "2 rerolls"),
                                                (0, "card", None, "0 cards"), (1, "die", "dice", "1 die"),
                                                (2, "die", "dice", "2 dice")])
def test_plural(n, one, many, said):
    assert plural(n, one, many) == said


def test_stop_with_one_reroll_left_says_1_reroll():
    """Retrograde's Stop! on the OLED and HDMI said "Stop! 1 rerolls"."""
    from firmware.screens import retrograde as rg
    for game, events in play_states("retrograde", 3, 1, limit=3000):
        if game.view()["phase"] == "stop":
            break
    else:
        pytest.fail("no Stop! phase reached")
    game.s["rerolls_left"] = 1
    seat = game.view()["stop_seat"]
    f = rg.oled_frame(game, seat, game.view(seat), SeatControls(seat), context(game, events))
    words = " ".join(f.texts)
    assert "1 reroll" in words and "1 rerolls" not in words


def test_the_slowest_sipper_is_told_to_give_a_vp_card():
    """Cha dango: the slowest sipper MUST place one of its VP cards in the
    dining area; the OLED said "slowest: no VP card" above "give up 1 VP card"."""
    from firmware.screens.cha_dango import _seat_result
    slow = ["Player 2 was slowest to sip: 812 ms"]
    assert _seat_result(slow, 1, owe=1) == "slowest: give 1 VP card"     # (issue 34: the rulebook's word)
    assert _seat_result(slow + ["Player 2 has no VP card to lose"], 1) == "slowest: had no VP card"
    assert "no VP card" not in (_seat_result(slow, 1, owe=1) or "")


@pytest.mark.parametrize("unread", [1, 2, 5])
def test_the_nudge_prompt_fits_an_oled_line_whole(unread):
    """"nudge: 2 die unreadable" was cut to "nudge: 2 die unreada"."""
    import firmware.runtime.dice_readings as ds
    src = Path(ds.__file__).read_text()
    assert "die unreadable" not in src
    msg = f"nudge {plural(unread, 'unread die', 'unread dice')}"
    assert OledFrame().fits(msg, OledFrame.W - 4)


def test_a_long_message_is_said_in_whole_words():
    """A refusal longer than the OLED's line was cut at 18-20 characters
    ("not now: seat 2 ha"); now it is said in whole words, its gist when
    the whole does not fit."""
    f = OledFrame()
    y = f.message(2, 14, "not now: seat 2 has no reroll left; claim a card", max_lines=2)
    assert y == 38 and f.texts == ["not now: seat 2 has", "no reroll left"]
    f = OledFrame()
    assert f.message(2, 14, "nudge 2 unread dice") == 26 and f.texts == ["nudge 2 unread dice"]
    f = OledFrame()
    f.message(2, 14, "the camera sees the tray but the dice are far too small to read at all", max_lines=1)
    said = f.texts[0].split()
    assert said[-1] == "..." and all(w in "the camera sees the tray but the dice are far too small".split()
                                     for w in said[:-1])


def test_ginza_abilities_and_bonus_conditions_fit_the_oled_whole():
    """Ginza's player cards: "Get 1 extra yen each time you serve a Drink."
    was cut to "Get 1 extra yen / each time you"; now every card's ability
    and every bonus card's condition is drawn whole (the card's words, or
    their short form)."""
    from engines.registry import new_game
    from firmware.screens.ginza_oled import _bonus_text, ability_lines
    f = OledFrame()
    comp = new_game("ginza", 3, seed=1).comp
    texts = [pc.text for pc in comp.player_cards.values()] + [_bonus_text(b) for b in comp.bonus_cards.values()]
    for text in texts:
        lines = ability_lines(f, text)
        said = " ".join(t for _, t in lines)
        assert len(lines) <= 2 and all(f.fits(t, f.W - x) for x, t in lines)
        for word in re.findall(r"[A-Za-z]+", text):
            if word in ("Drink", "Dessert", "Food", "Dice", "Change", "Reroll", "Add") or word.istitle() and \
                    word not in ("Start", "Get", "Each", "Better", "Lv"):
                assert word in said, (text, said)
    shin = next(pc for pc in comp.player_cards.values() if "Drink" in pc.text)
    assert " ".join(t for _, t in ability_lines(f, shin.text)).endswith("serve a Drink")


def test_cafe_junior_names_a_table_by_its_place_not_a_number_no_one_sees():
    """The OLED said "to T06 top"; the tables on the HDMI carry no numbers:
    the table is named by its row and column on the 4 x 4 grid."""
    from firmware.screens.cafe_junior import oled_frame
    for game, events in play_states("cafe-junior", 3, 2, limit=200):
        seat = game.current
        ctl = SeatControls(seat)
        choices = ctl.refresh(game)
        k = next((i for i, a in enumerate(choices) if a.get("type") == "place"), None)
        if k is None:
            continue
        ctl.cursor = k
        f = oled_frame(game, seat, game.view(seat), ctl, context(game, events))
        said = " ".join(f.texts)
        assert not re.search(r"\bT\d\d\b", said), said
        table = next(t for t in game.view(seat)["tables"] if t["table"] == choices[k]["table"])
        assert f"row {table['cell'][0] + 1} col {table['cell'][1] + 1}" in said
        return
    pytest.fail("no place choice found")


def test_cryptid_cafe_names_all_five_stations_when_supplies_run_low():
    """The board showed "0 left" instead of the station's name once its
    supply ran low: 2 of 5 columns were named.  Now every column is."""
    from firmware.app import gallery
    from firmware.screens.cryptid_cafe_words import dish, station_name
    state = next(s for s in gallery.STATES["cryptid-cafe"] if s.name == "busy")
    game, events = gallery.find_state(state)
    ctx, _ = gallery.context_for(game, events, state)
    from firmware.screens.draw import hdmi_screen
    from firmware.ui.hdmi import HdmiRenderer
    r = HdmiRenderer(1920, 1080, "headless")
    texts = " ".join(hdmi_screen(game, ctx, size=(1920, 1080), measure=r.scene_measure).texts())
    for st in game.view(None)["stations"]:
        assert station_name(game, st) in texts or dish(st, short=True) in texts, st


def test_the_menu_offers_every_unfinished_game_by_name_players_progress_and_time(tmp_path):
    """The menu's "Resume last game" showed a raw, cut file name
    ("retrograde-20261202-0412...") and only the newest game.  Now each
    unfinished game has its row: its name, players, progress and when it
    was played; a finished game is not offered; the button resumes the
    game on the focused row."""
    import os

    from engines import GAMES, new_game
    from firmware.runtime import journal
    from bots.random_bot import RandomBot
    from firmware.runtime import config
    from firmware.app.menu import Menu
    from firmware.app.menu_saves import find_resume

    folder = tmp_path / "journals"
    folder.mkdir()
    now = 1_800_000_000.0

    def play(name, game_id, players, steps, age_s):
        game = new_game(game_id, players, 3)
        writer = journal.JournalWriter.create(folder / name, game)
        bot = RandomBot(3)
        for _ in range(steps):
            if game.is_terminal():
                break
            action = bot.next_action(game)
            game.apply(dict(action))
            writer.append(action)
        writer.close()
        os.utime(folder / name, (now - age_s, now - age_s))
        return game
    # played in this order (the journals' sequence numbers say so too)
    play("cafe-junior-20261130-090000-2.jsonl", "cafe-junior", 2, 6, 86400 * 3)
    play("retrograde-20261201-101010-1.jsonl", "retrograde", 3, 40, 3600)
    done = play("cha-dango-20261202-000000-3.jsonl", "cha-dango", 2, 100000, 60)
    assert done.is_terminal()
    cfg = config.validate({"cabinet": {"state_dir": str(tmp_path)}, "gpio": {"backend": "mock"}})
    menu = Menu()
    import firmware.app.menu_saves as fm
    menu.resumable, menu.resume_problem = fm.unfinished_games(cfg, now=now)
    rows = [v for label, v in menu.rows() if label == "Resume"]
    assert len(rows) == 2 and not menu.resume_problem
    assert rows[0].startswith(GAMES["retrograde"].name + ", 3 players, round ") and " of 8" in rows[0]
    assert rows[1].startswith("Café Junior, 2 players, turn ")
    assert not any(".jsonl" in r or "2026" in r for r in rows)
    menu.focus = [label for label, _ in menu.rows()].index("Resume") + 1
    assert menu.press() == ("resume", folder / "cafe-junior-20261130-090000-2.jsonl")
    find_resume(menu, cfg)
    assert len(menu.resumable) == 2
