"""The command line as a new user meets it (issue 22, CLI): each bad input
gives one clear line and the documented exit code (2 = usage error), a
config that wires too few seats is refused before the game starts, and
``resume`` behaves like ``play`` where there is no display."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from firmware.cli import play as cmd_play
from firmware.cli.main import main

ROOT = Path(__file__).resolve().parents[3]
HEADLESS = ["--bots", "all", "--headless"]


def one_error_line(capsys) -> str:
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1, err
    assert "error:" in err[0]
    return err[0]


@pytest.mark.parametrize("argv,words", [
    (["play", "retrograde", "--players", "5", *HEADLESS], "1 to 4 players"),
    (["play", "cafe-junior", "--players", "2", "--bots", "3", "--headless"], "--bots: '3'"),
    (["play", "cafe-junior", "--players", "2", *HEADLESS, "--size", "100x"], "--size must look like 800x480"),
    (["play", "cafe-junior", "--players", "2", *HEADLESS, "--options", "{bad"], "--options is not JSON"),
    (["simulate", "cafe-junior", "--players", "2", "--games", "0"], "--games must be 1 or more"),
    (["simulate", "retrograde", "--players", "5"], "1 to 4 players"),
])
def test_usage_errors_exit_2_with_one_line(argv, words, capsys):
    assert main(argv) == 2
    assert words in one_error_line(capsys)


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_an_unknown_game_is_one_line_naming_the_games(command, capsys):
    with pytest.raises(SystemExit) as exc:
        main([command, "tetris", "--players", "2"])
    assert exc.value.code == 2
    line = one_error_line(capsys)
    assert "unknown game 'tetris'" in line and "retrograde" in line and "usage:" not in line


def test_a_missing_argument_is_one_line_too(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["simulate", "retrograde"])
    assert exc.value.code == 2
    assert "--players" in one_error_line(capsys)


def test_screens_folder_that_cannot_be_made_names_the_option(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert main(["play", "cafe-junior", "--players", "2", *HEADLESS, "--journal", str(tmp_path / "j.jsonl"),
                 "--screens", str(blocker / "sub")]) == 2
    line = one_error_line(capsys)
    assert line.startswith("cabinet: error: --screens ") and "cannot create this folder" in line
    assert not (tmp_path / "j.jsonl").exists()


def test_annotate_folder_that_cannot_be_made_names_the_option(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert main(["dice", "read", str(blocker), "--annotate", str(blocker / "out")]) == 2
    assert one_error_line(capsys).startswith("cabinet: error: --annotate ")


def test_dice_read_of_a_missing_file_says_no_such_file(tmp_path, capsys):
    assert main(["dice", "read", str(tmp_path / "missing.jpg")]) == 1
    assert one_error_line(capsys).endswith("missing.jpg: no such file")


def test_journal_in_a_folder_that_does_not_exist_is_refused_and_no_folder_is_made(tmp_path, capsys):
    path = tmp_path / "nonexistent" / "dir" / "j.jsonl"
    assert main(["play", "cafe-junior", "--players", "2", *HEADLESS, "--journal", str(path)]) == 2
    assert "does not exist" in one_error_line(capsys)
    assert not (tmp_path / "nonexistent").exists()


def _run(args: list[str], **kw) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env.update(kw.pop("env", {}))
    return subprocess.run([sys.executable, "-m", "firmware.cli.main", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120, **kw)


def test_json_into_a_closed_pipe_ends_quietly():
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    p = subprocess.run(f"{sys.executable} -m firmware.cli.main games --json | head -c 1; "
                       f"{sys.executable} -m firmware.cli.main simulate cafe-junior --players 2 --games 40 --json "
                       f"| head -c 1", shell=True, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert "Broken pipe" not in p.stderr and "BrokenPipeError" not in p.stderr and "Traceback" not in p.stderr


def test_no_pygame_banner_on_a_headless_game(tmp_path):
    p = _run(["play", "cafe-junior", "--players", "2", *HEADLESS, "--seed", "1",
              "--journal", str(tmp_path / "j.jsonl")])
    assert p.returncode == 0, p.stderr
    out = p.stdout + p.stderr
    assert "pygame-ce " not in out and "pygame community" not in out and "ALSA" not in p.stderr


# ------------------------------------------------------------ seats wired
def _config(tmp_path, seats: str) -> str:
    p = tmp_path / "c.toml"
    p.write_text(f'[cabinet]\nstate_dir = "{tmp_path}"\n{seats}')
    return str(p)


ONE_SEAT = "[[seats]]\nbutton = 4\ncup = 17\nnav_a = 27\nnav_b = 22\n"


def test_fewer_seats_than_players_is_refused_before_the_game_starts(tmp_path, capsys):
    cfg = _config(tmp_path, ONE_SEAT)
    journal = tmp_path / "j.jsonl"
    assert main(["--config", cfg, "play", "cha-dango", "--players", "4", *HEADLESS,
                 "--journal", str(journal)]) == 1
    line = one_error_line(capsys)
    assert "seat 2 is not wired for Cha dango: no [[seats]] table (the config wires 1 seat)" in line
    assert "and 2 more seats" in line
    assert not journal.exists()


def test_a_person_without_an_oled_or_navigation_is_refused_naming_the_key(tmp_path, capsys):
    cfg = _config(tmp_path, ONE_SEAT + '[seats.oled]\ndriver = "none"\n'
                  '[[seats]]\nbutton = 5\ncup = 6\n[seats.oled]\naddress = 0x3D\n')
    journal = tmp_path / "j.jsonl"
    assert main(["--config", cfg, "play", "cafe-junior", "--players", "2", "--bots", "2",
                 "--journal", str(journal)]) == 1
    line = one_error_line(capsys)
    assert "seat 1 is not wired for Café International Junior" in line
    assert 'no OLED (seats[0].oled.driver = "none")' in line
    assert not journal.exists()


def test_a_bot_seat_needs_only_what_the_bot_presses(tmp_path, capsys):
    cfg = _config(tmp_path, ONE_SEAT + "[[seats]]\nbutton = 5\ncup = 6\n[seats.oled]\naddress = 0x3D\n")
    assert main(["--config", cfg, "play", "cafe-junior", "--players", "2", *HEADLESS, "--seed", "2",
                 "--journal", str(tmp_path / "j.jsonl")]) == 0


def test_resume_with_fewer_seats_is_refused_like_play(tmp_path, capsys):
    journal = tmp_path / "j.jsonl"
    _started_game(journal, "cha-dango", 3)
    cfg = _config(tmp_path, ONE_SEAT)
    assert main(["--config", cfg, "resume", "--journal", str(journal), "--headless"]) == 1
    assert "seat 2 is not wired for Cha dango" in one_error_line(capsys)


def test_the_menu_offers_only_what_is_wired(tmp_path):
    from firmware.runtime.config import load
    from firmware.app.menu import Menu
    from firmware.runtime.wiring import wired_players
    from engines import GAMES
    cfg = load(_config(tmp_path, ONE_SEAT + "[[seats]]\nbutton = 5\ncup = 6\n[seats.oled]\naddress = 0x3D\n"))
    wired = {g: wired_players(cfg, g) for g in GAMES}
    # seat 2 has no navigation: no 2-player game (Cha dango too: a hit is aimed with the arrows, CD-12)
    assert wired["cha-dango"] == 1 and wired["cafe-junior"] == 1 and wired["retrograde"] == 1
    menu = Menu(wired=wired)
    assert not {"cafe-junior", "ginza", "cha-dango"} & set(menu.games) and "retrograde" in menu.games
    cfg = load(_config(tmp_path, ONE_SEAT + "[[seats]]\nbutton = 5\ncup = 6\nnav_a = 12\nnav_b = 13\n"
                       "[seats.oled]\naddress = 0x3D\n"))
    wired = {g: wired_players(cfg, g) for g in GAMES}
    assert wired["cha-dango"] == 2
    menu = Menu(wired=wired)
    assert "retrograde" in menu.games and "cha-dango" in menu.games
    menu.game_index = menu.games.index("cha-dango")
    menu.focus = 1
    menu.players = 2
    menu.press()                      # Players: 2 -> wraps to the minimum, never 3
    assert menu.players == 2
    default = {g: wired_players(load(_config(tmp_path, "")), g) for g in GAMES}
    assert default == {g: GAMES[g].max_players for g in GAMES}   # the default wiring seats every game in full


# ------------------------------------------------------------ resume like play
def _started_game(journal: Path, game: str, players: int, bots: str = "all") -> None:
    """A journal of a game that has begun (header + a few actions)."""
    from engines import new_game
    from firmware.runtime import journal as journal_mod
    from bots.random_bot import RandomBot
    g = new_game(game, players, 7, None)
    w = journal_mod.JournalWriter.create(journal, g, meta={
        "bots": list(range(players)) if bots == "all" else [], "dice_from": None})
    bot = RandomBot(7)
    for _ in range(3):
        a = bot.next_action(g)
        g.apply(a)
        w.append(a)
    w.close()


def test_resume_without_a_display_and_a_person_seat_refuses_clearly(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(cmd_play, "has_display", lambda: False)
    journal = tmp_path / "j.jsonl"
    _started_game(journal, "cafe-junior", 2, bots="none")
    assert main(["--config", _config(tmp_path, ""), "resume", "--journal", str(journal)]) == 1
    line = one_error_line(capsys)
    assert "no display here" in line and "seats 1, 2 are played by a person" in line
    assert "--headless --bots all" in line


def test_resume_headless_with_a_person_seat_advises_what_resume_accepts(tmp_path, capsys):
    journal = tmp_path / "j.jsonl"
    _started_game(journal, "cafe-junior", 2, bots="none")
    cfg = _config(tmp_path, "")
    assert main(["--config", cfg, "resume", "--journal", str(journal), "--headless"]) == 2
    assert "add --bots all" in one_error_line(capsys)
    # ... and resume does accept it: the bots take the seats and finish the game
    assert main(["--config", cfg, "resume", "--journal", str(journal), "--headless", "--bots", "all"]) == 0
    assert "result: " in capsys.readouterr().out


def test_resume_without_a_display_falls_back_to_headless_when_all_seats_are_bots(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(cmd_play, "has_display", lambda: False)
    journal = tmp_path / "j.jsonl"
    _started_game(journal, "cafe-junior", 2, bots="all")
    assert main(["--config", _config(tmp_path, ""), "resume", "--journal", str(journal)]) == 0
    captured = capsys.readouterr()
    assert "playing headless" in captured.err and "finished" in captured.out


def test_dummy_sdl_driver_is_not_a_display(monkeypatch):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    assert not cmd_play.has_display()
    monkeypatch.setenv("SDL_VIDEODRIVER", "kmsdrm")
    assert cmd_play.has_display()


def test_config_show_prints_the_default_wiring_as_seats_tables(capsys):
    assert main(["config", "show"]) == 0
    out = capsys.readouterr().out
    assert "seats = []" not in out
    assert out.splitlines().count("[[seats]]") == 6 and 'nav_via = "expander"' in out and "[expander]" in out
    assert "# the default wiring" in out
