"""``cabinet resume --bots all`` means what ``play --bots all`` means:
every seat a bot, seat 1 too (PT29: after ``resume <journal> --bots all``
seat 1, a person's in the save, was listed "(bot)" with no word of why).
The resume says which seats it hands over (a person's in the save, a bot
now, and how to keep them), and the report tells those seats apart from
the seats that were bots all along."""
from __future__ import annotations

from firmware.cli import play as cmd_play
from firmware.cli.main import main
from tests.firmware.cli.test_cli_usage import _config, _started_game


def test_bots_all_is_every_seat_in_play_and_resume():
    assert cmd_play.parse_bots("all", 3) == {0, 1, 2}


def test_resume_bots_all_says_it_hands_a_persons_seat_to_a_bot(tmp_path, capsys):
    journal = tmp_path / "j.jsonl"
    _started_game(journal, "cafe-junior", 3, bots="none")
    cfg = _config(tmp_path, "")
    assert main(["--config", cfg, "resume", "--journal", str(journal), "--headless", "--bots", "all"]) == 0
    captured = capsys.readouterr()
    err = captured.err
    assert "seats 1, 2, 3 were played by a person in the save and are bots now (--bots all: every seat)" in err, err
    assert "--bots" in err and "to play" in err, err
    assert "seat 1 (bot from the resume)" in captured.out, captured.out


def test_resume_as_saved_says_nothing_of_handing_seats_over(tmp_path, capsys):
    journal = tmp_path / "j.jsonl"
    _started_game(journal, "cafe-junior", 2, bots="all")
    cfg = _config(tmp_path, "")
    assert main(["--config", cfg, "resume", "--journal", str(journal), "--headless", "--bots", "all"]) == 0
    captured = capsys.readouterr()
    assert "bots now" not in captured.err
    assert "seat 1 (bot):" in captured.out and "from the resume" not in captured.out
