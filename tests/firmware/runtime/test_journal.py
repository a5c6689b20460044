"""Journal (save/resume): resume equality, a cut-off last line, corrupt
lines refused without touching the file."""
from __future__ import annotations

import json

import pytest

from engines import GAMES, new_game
from engines.registry import is_available
from firmware.runtime import journal
from bots.random_bot import RandomBot

AVAILABLE = [gid for gid in GAMES if is_available(gid)]


def play_and_journal(game_id, path, steps):
    players = GAMES[game_id].min_players if GAMES[game_id].min_players > 1 else 2
    game = new_game(game_id, players, 7)
    writer = journal.JournalWriter.create(path, game)
    bot = RandomBot(7)
    for _ in range(steps):
        if game.is_terminal():
            break
        action = bot.next_action(game)
        game.apply(dict(action))
        writer.append(action)
    writer.close()
    return game


@pytest.mark.parametrize("game_id", AVAILABLE)
def test_resume_reproduces_the_state_exactly(game_id, tmp_path):
    path = tmp_path / "g.jsonl"
    game = play_and_journal(game_id, path, 60)
    resumed, contents = journal.replay(path)
    assert json.dumps(resumed.to_json(), sort_keys=True) == json.dumps(game.to_json(), sort_keys=True)
    assert not contents.truncated


@pytest.mark.parametrize("game_id", AVAILABLE)
def test_truncated_last_line_is_dropped_with_a_warning(game_id, tmp_path):
    path = tmp_path / "g.jsonl"
    play_and_journal(game_id, path, 30)
    data = path.read_bytes()
    cut = data[:-7]  # power cut in the middle of the last line
    path.write_bytes(cut)
    with pytest.warns(journal.TruncatedJournalWarning, match="cut off"):
        resumed, contents = journal.replay(path)
    assert contents.truncated
    assert path.read_bytes() == cut, "the reader must not change the file"
    n_lines = cut.count(b"\n")
    assert len(contents.actions) == n_lines - 1
    # going on after the resume writes a new file and keeps the damaged one
    writer = journal.JournalWriter.continue_from(path, contents)
    writer.close()
    assert writer.path != path and path.read_bytes() == cut
    again, _ = journal.replay(writer.path)
    assert json.dumps(again.to_json(), sort_keys=True) == json.dumps(resumed.to_json(), sort_keys=True)


@pytest.mark.parametrize("game_id", AVAILABLE)
def test_corrupt_middle_line_is_refused_naming_the_line(game_id, tmp_path):
    path = tmp_path / "g.jsonl"
    play_and_journal(game_id, path, 30)
    lines = path.read_bytes().split(b"\n")
    lines[3] = b'{"type": oops'
    damaged = b"\n".join(lines)
    path.write_bytes(damaged)
    with pytest.raises(journal.JournalError, match="line 4"):
        journal.replay(path)
    assert path.read_bytes() == damaged


@pytest.mark.parametrize("game_id", AVAILABLE)
def test_illegal_recorded_action_is_refused(game_id, tmp_path):
    path = tmp_path / "g.jsonl"
    play_and_journal(game_id, path, 10)
    with open(path, "ab") as f:
        f.write(journal.encode_line({"type": "no-such-action", "player": 0}))
    with pytest.raises(journal.JournalError, match="illegal on replay"):
        journal.replay(path)


def test_bad_header_and_empty_file(tmp_path):
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"")
    with pytest.raises(journal.JournalError, match="empty"):
        journal.read(empty)
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"hello": 1}\n')
    with pytest.raises(journal.JournalError, match="line 1"):
        journal.read(bad)
    missing = tmp_path / "missing.jsonl"
    with pytest.raises(journal.JournalError, match="cannot read"):
        journal.read(missing)


def test_header_only_journal_with_truncated_first_line_is_refused(tmp_path):
    p = tmp_path / "h.jsonl"
    p.write_bytes(b'{"journal": 1, "ga')
    with pytest.raises(journal.JournalError, match="line 1"):
        journal.read(p)
