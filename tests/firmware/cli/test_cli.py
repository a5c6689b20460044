"""The ``cabinet`` command line: games, simulate, config show, exit codes."""
from __future__ import annotations

import json

import pytest

from engines import GAMES
from engines.registry import is_available
from firmware.cli.main import main

AVAILABLE = [gid for gid in GAMES if is_available(gid)]


def test_version(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    assert capsys.readouterr().out.startswith("cabinet ")


def test_games_lists_five_ids(capsys):
    assert main(["games", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["id"] for r in rows] == list(GAMES)


def test_usage_error_exits_2(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["simulate", "no-such-game", "--players", "2"])
    assert exc.value.code == 2


def test_bad_player_count_is_a_usage_error_exit_2_with_one_line(capsys):
    gid = AVAILABLE[0] if AVAILABLE else "retrograde"
    assert main(["simulate", gid, "--players", "99"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("cabinet: error:")


def test_bad_config_exits_1(tmp_path, capsys):
    p = tmp_path / "c.toml"
    p.write_text("[gpio]\nbackend = 3\n")
    assert main(["--config", str(p), "config", "show"]) == 1
    assert "gpio.backend" in capsys.readouterr().err


def test_config_show(capsys):
    assert main(["config", "show"]) == 0
    assert "[gpio]" in capsys.readouterr().out


def test_config_show_names_the_state_folder_it_uses(tmp_path, capsys):
    """PT36 found no word of where the journals and the calibration go
    (``state_dir = ""`` alone): ``config show`` names the folder in use."""
    p = tmp_path / "c.toml"
    p.write_text(f'[cabinet]\nstate_dir = "{tmp_path / "mine"}"\n')
    assert main(["--config", str(p), "config", "show"]) == 0
    assert f"# the state folder (journals, dice calibration): {tmp_path / 'mine'}" in capsys.readouterr().out


@pytest.mark.parametrize("game_id", AVAILABLE)
def test_simulate_same_seed_same_json(game_id, capsys):
    n = GAMES[game_id].min_players
    assert main(["simulate", game_id, "--players", str(n), "--games", "3", "--seed", "5", "--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert main(["simulate", game_id, "--players", str(n), "--games", "3", "--seed", "5", "--json"]) == 0
    second = json.loads(capsys.readouterr().out)
    first.pop("wall_s"), second.pop("wall_s")
    assert first == second
    assert first["completed"] == 3 and first["errors"] == 0


def test_bad_options_are_one_line_errors(capsys):
    assert main(["simulate", "cafe-junior", "--players", "2", "--options", "notjson"]) == 2
    assert "--options is not JSON" in capsys.readouterr().err
    assert main(["simulate", "cafe-junior", "--players", "2", "--options", "[1]"]) == 2
    assert "JSON object" in capsys.readouterr().err
    assert main(["simulate", "cafe-junior", "--players", "2", "--games", "0"]) == 2


def test_failed_start_leaves_no_journal_to_resume(tmp_path, capsys):
    journal = tmp_path / "j.jsonl"
    assert main(["play", "cafe-junior", "--players", "2", "--bots", "all", "--headless", "--size", "10x10",
                 "--journal", str(journal)]) == 2
    assert not journal.exists()
    assert "800x480" in capsys.readouterr().err


def test_resolution_is_checked_at_load(tmp_path, capsys):
    p = tmp_path / "c.toml"
    p.write_text("[cabinet]\nresolution = [800]\n")
    assert main(["--config", str(p), "config", "show"]) == 1
    assert "cabinet.resolution" in capsys.readouterr().err
