"""Issue 38, Build 6: watching a game again from its journal (``cabinet
replay``): a damaged journal refused in words and left as it was; stepping
back and forth gives the same screens; no seat's private view before the
recorded game is over."""
from __future__ import annotations

import hashlib
import json

import pytest

from engines import GAMES
from engines.registry import is_available
from firmware.cli.main import main
from firmware.runtime.replay import Replay, ReplayRefused

AVAILABLE = [gid for gid in GAMES if is_available(gid)]


from test_journal_safety import play_and_journal as _play_and_journal  # noqa: E402


def play_and_journal(game_id, path, steps, seed=7):
    """A random game of ``game_id`` journaled at ``path`` (test_journal_safety's helper)."""
    return _play_and_journal(path, steps, seed=seed, game_id=game_id)


def _digest(folder):
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())}


def test_a_damaged_journal_is_refused_in_words_and_not_touched(tmp_path, capsys):
    path = tmp_path / "g.jsonl"
    play_and_journal("cafe-junior", path, 40)
    lines = path.read_bytes().split(b"\n")
    lines[5] = lines[5].replace(b'"type"', b'"typo"', 1)      # a damaged line in the middle
    path.write_bytes(b"\n".join(lines))
    before = _digest(tmp_path)
    with pytest.raises(ReplayRefused) as err:
        Replay.open(path)
    said = str(err.value)
    assert "damaged and cannot be watched" in said and "line 6" in said and "not changed" in said
    assert main(["replay", str(path), "--headless", "--json"]) == 1
    out = capsys.readouterr()
    assert out.out == "" and "cannot be watched" in out.err
    assert _digest(tmp_path) == before          # nothing changed, no resume copy written


def test_a_missing_journal_is_refused_in_words(tmp_path):
    with pytest.raises(ReplayRefused, match="no such saved game"):
        Replay.open(tmp_path / "nothing.jsonl")


@pytest.mark.parametrize("game_id", AVAILABLE)
def test_stepping_back_and_forth_reproduces_the_same_screens(game_id, tmp_path):
    path = tmp_path / "g.jsonl"
    play_and_journal(game_id, path, 90)
    replay = Replay.open(path)
    assert replay.last >= 3
    ks = range(0, min(replay.last, 12) + 1)
    forward = [replay.scene(k, (1920, 1080)).key() for k in ks]
    backward = [replay.scene(k, (1920, 1080)).key() for k in reversed(ks)][::-1]
    assert forward == backward
    assert len(set(forward)) > 1                  # the steps do show different screens
    again = Replay.open(path)                     # a second watch of the same journal: the same screens
    assert [again.scene(k, (1920, 1080)).key() for k in ks] == forward


def test_the_last_step_is_the_game_as_saved(tmp_path):
    path = tmp_path / "g.jsonl"
    game = play_and_journal("ginza", path, 70)
    replay = Replay.open(path)
    assert json.dumps(replay.game_at(replay.last).to_json(), sort_keys=True) == \
        json.dumps(game.to_json(), sort_keys=True)
    assert all(replay.steps[k].words for k in range(1, replay.last + 1))     # every step says its move


def test_no_private_view_before_the_game_is_over(tmp_path):
    path = tmp_path / "g.jsonl"
    play_and_journal("cafe-junior", path, 30)          # unfinished: the hands stay hidden
    replay = Replay.open(path)
    assert not replay.finished and not replay.private_allowed
    assert all(replay.oled_frames(k) is None for k in range(replay.last + 1))
    assert replay.as_dict()["private_views"] is False


def test_a_finished_game_shows_each_seats_view(tmp_path):
    path = tmp_path / "g.jsonl"
    game = play_and_journal("cafe-junior", path, 5000)
    assert game.is_terminal()
    replay = Replay.open(path)
    assert replay.finished and replay.private_allowed
    frames = replay.oled_frames(replay.last // 2)
    assert len(frames) == game.num_players and all(f.image.size == (128, 64) for f in frames)


def test_the_window_hides_the_seats_until_the_end_and_steps_back_to_the_same_pixels(tmp_path):
    from firmware.app.replay_window import ReplayWatch, hidden_oled
    from firmware.ui.hdmi import HdmiRenderer
    path = tmp_path / "g.jsonl"
    play_and_journal("retrograde", path, 60)
    replay = Replay.open(path)
    renderer = HdmiRenderer(800, 480, "headless")
    try:
        watch = ReplayWatch(replay, renderer)
        assert [im.tobytes() for im in watch.oled_images()] == \
            [hidden_oled(s).tobytes() for s in range(replay.num_players)]
        shots = []
        for what in (1, 1, 1, -1, -1):
            watch.go(what)
            watch.render()
            shots.append((watch.step, renderer.pg.image.tobytes(renderer.surface, "RGB")))
        assert [k for k, _ in shots] == [1, 2, 3, 2, 1]
        assert shots[3][1] == shots[1][1] and shots[4][1] == shots[0][1]
        watch.go(-5)
        assert watch.step == 0
        watch.go("end")
        assert watch.step == replay.last
        watch.go("leave")
        assert watch.done
    finally:
        renderer.close()


def test_cabinet_replay_headless_json_prints_the_steps_of_the_newest_game(tmp_path, capsys):
    toml = tmp_path / "cabinet.toml"
    toml.write_text(f'[cabinet]\nstate_dir = "{tmp_path}"\n[gpio]\nbackend = "mock"\n')
    folder = tmp_path / "journals"
    folder.mkdir()
    play_and_journal("cafe-junior", folder / "a.jsonl", 20)
    play_and_journal("cryptid-cafe", folder / "b.jsonl", 20)     # the newest (its play sequence is higher)
    assert main(["--config", str(toml), "replay", "--headless", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "cryptid-cafe" and out["finished"] is False and out["private_views"] is False
    assert out["steps"][0]["step"] == 0 and out["steps"][0]["words"] == []
    assert all(s["words"] for s in out["steps"][1:])
    assert main(["--config", str(toml), "replay", str(folder / "a.jsonl"), "--headless"]) == 0
    assert capsys.readouterr().out.startswith("cafe-junior, 2 players, unfinished")


@pytest.mark.parametrize("game_id", AVAILABLE)
def test_the_moves_are_said_in_words_without_code_ids(game_id, tmp_path):
    import re
    path = tmp_path / "g.jsonl"
    play_and_journal(game_id, path, 150)
    words = [w for step in Replay.open(path).steps for w in step.words]
    assert words
    bad = [w for w in words if re.search(r"\b[A-Z]{1,2}-?\d{1,3}\b|_|(?<!AI )\bPlayer \d", w)]   # "AI Player 2": its name
    assert not bad, bad[:3]
