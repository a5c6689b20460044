"""Fault injection on the headless cabinet (issue 23): the camera gone for
5 s mid-roll raising each kind of error, an OLED failing on every other
frame, a button stuck for a round, 1,000 bouncy edges per second on one
seat, SIGKILL at random points with a resume each time, and a full disk
while journaling.  In every case the game goes on (or waits) and the
journal replays to exactly the state the cabinet had.

Counts scale with ``CABINET_TEST_PROFILE=long`` (see ``cabinet_profile``).
"""
from __future__ import annotations

import errno
import json
import os
import random
import signal
from pathlib import Path
import subprocess
import sys
import time
import warnings

import pytest

from cabinet_profile import scaled
from engines.registry import is_available
from firmware.runtime import config
from firmware.runtime import journal as journal_mod
from firmware.runtime.dice_station import DiceStation
from firmware.app.session import Session, SessionOptions
from hardware.camera import CallbackSource, CameraNotReady, CameraSupervisor

FAULTS: dict[str, int] = {}


def count(kind: str, n: int = 1) -> None:
    FAULTS[kind] = FAULTS.get(kind, 0) + n


def cfg_for(tmp_path):
    return config.validate({"cabinet": {"state_dir": str(tmp_path)}, "gpio": {"backend": "mock"}})


def new_session(tmp_path, game_id, players, seed=3, bots=None, name="g.jsonl"):
    opts = SessionOptions(headless=True, size=(800, 480), bots=set(range(players)) if bots is None else bots)
    return Session.new(cfg_for(tmp_path), game_id, players, seed, None, tmp_path / name, opts, model=None)


def state(game) -> str:
    return json.dumps(game.to_json(), sort_keys=True)


def replayed(path) -> str:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        _, _, game = journal_mod.resolve(path)
    return state(game)


def advance(rt, until, limit_us=600_000_000):
    end = rt.now_us + limit_us
    while not until() and rt.now_us < end and not rt.game.is_terminal():
        nxt = rt.next_event_us()
        rt.step(max(nxt if nxt is not None else rt.now_us + 50_000, rt.now_us + 1))
    return until()


# ------------------------------------------------------------- camera
def raise_kind(kind):
    import numpy as np
    if kind == "OSError":
        raise OSError(errno.EIO, "Input/output error")
    if kind == "TimeoutError":
        raise TimeoutError("frame timed out")
    if kind == "RuntimeError":
        raise RuntimeError("camera frontend has timed out")
    if kind == "CameraNotReady":
        raise CameraNotReady("camera unplugged")
    if kind == "None frame":
        return None
    if kind == "float32 frame":
        return np.zeros((540, 960, 3), np.float32)
    raise AssertionError(kind)


CAMERA_KINDS = ["OSError", "TimeoutError", "RuntimeError", "CameraNotReady", "None frame", "float32 frame"]


@pytest.mark.skipif(not is_available("ginza"), reason="Ginza engine not available")
@pytest.mark.parametrize("kind", CAMERA_KINDS)
def test_camera_gone_for_5_s_mid_roll(tmp_path, kind):
    """The camera (read through the supervisor, as on the cabinet) fails
    for 5 s right after a roll starts: the screen says camera not ready,
    the camera is reopened with back-off, the game waits and then reads
    the dice; the journal replays to the same state."""
    s = new_session(tmp_path, "ginza", 2, seed=4)
    rt = s.runtime
    table = s.dice.table
    outage = {"start": None, "end": None}

    class TableCamera(CallbackSource):
        opens = 0

        def open(self):
            TableCamera.opens += 1
            gone = outage["start"] is not None and outage["start"] <= rt.now_us < outage["end"]
            if gone and kind not in ("None frame", "float32 frame"):   # those open, then give bad frames
                count(f"camera {kind}")
                raise_kind(kind)

        def read(self, not_before_us=None):
            if outage["start"] is not None and outage["start"] <= rt.now_us < outage["end"]:
                count(f"camera {kind}")
                frame = raise_kind(kind)
                return frame, rt.now_us
            return super().read(not_before_us)

    cam = CameraSupervisor(TableCamera(table.frame, clock_us=lambda: rt.now_us), backoff_s=0.25,
                           clock=lambda: rt.now_us / 1e6)
    s.dice = rt.dice = DiceStation(2, s.cfg["vision"]["settle_ms"], table=table, camera=cam)
    assert advance(rt, lambda: bool(rt.dice.serving))       # a roll has started
    outage["start"] = rt.now_us + 100_000
    outage["end"] = outage["start"] + 5_000_000
    notices = set()
    answered_before = rt.dice.stats.dice_read
    while rt.now_us < outage["end"] + 20_000_000 and not s.game.is_terminal():
        nxt = rt.next_event_us()
        rt.step(max(nxt if nxt is not None else rt.now_us + 50_000, rt.now_us + 1))
        notices.add(s.context()["notice"])
        if outage["start"] <= rt.now_us < outage["end"]:
            assert rt.dice.stats.dice_read == answered_before, "dice read while the camera was gone"
    assert "camera not ready" in notices
    assert rt.dice.camera_faults > 0 and TableCamera.opens >= 2
    assert rt.dice.stats.dice_read > answered_before, "no dice read after the camera came back"
    assert rt.dice.camera_ready and rt.dice.stats.misread == 0
    assert replayed(tmp_path / "g.jsonl") == state(s.game)
    s.writer.close()


# ------------------------------------------------------------- OLED
class FlakyDevice:
    """A luma device whose every other frame fails with an I2C error."""

    def __init__(self, inner):
        self.inner, self.calls = inner, 0

    def display(self, image):
        self.calls += 1
        if self.calls % 2 == 0:
            count("OLED frame failed")
            raise OSError(errno.EREMOTEIO, "Remote I/O error")
        self.inner.display(image)

    @property
    def image(self):
        return getattr(self.inner, "image", None)

    def cleanup(self):
        pass


@pytest.mark.skipif(not is_available("cafe-junior"), reason="Café International Junior not available")
def test_oled_failing_on_every_other_frame(tmp_path):
    s = new_session(tmp_path, "cafe-junior", 2, seed=6)
    oled = s.cabinet.seats[0].oled
    assert oled is not None
    flaky = FlakyDevice(oled.device)
    oled.device, oled._make, oled.retry_s = flaky, (lambda: flaky), 0.0
    s.run()
    assert s.game.is_terminal()
    # every other frame failed, and the frames in between reached the panel (whichever came last)
    assert oled.errors > 0 and flaky.calls > 4 and flaky.image is not None
    assert replayed(tmp_path / "g.jsonl") == state(s.game)


# ------------------------------------------------------------- inputs
@pytest.mark.skipif(not is_available("cha-dango"), reason="Cha dango engine not available")
def test_button_stuck_for_a_round(tmp_path):
    """Seat 1's button is stuck down for a round (the bots keep playing
    through it); after it is freed the game plays on to the end."""
    s = new_session(tmp_path, "cha-dango", 3, seed=8)
    rt = s.runtime
    rt.step(rt.now_us)
    s.cabinet.drive(0, "button", True, rt.now_us + 1000)
    count("button stuck")
    start_vp = sum(s.game.scores())
    advance(rt, lambda: sum(s.game.scores()) > start_vp, limit_us=120_000_000)
    s.cabinet.drive(0, "button", False, max(rt.now_us, s.cabinet.factory.now_us) + 1000)
    s.run()
    assert s.game.is_terminal()
    assert replayed(tmp_path / "g.jsonl") == state(s.game)


@pytest.mark.skipif(not is_available("cha-dango"), reason="Cha dango engine not available")
def test_thousand_bouncy_edges_per_second_on_one_seat(tmp_path):
    """A chattering switch on seat 2: an edge every millisecond for 3 s.
    The glitch filter and debounce swallow it; the game goes on and the
    journal replays."""
    s = new_session(tmp_path, "cha-dango", 3, seed=9)
    rt = s.runtime
    rt.step(rt.now_us)
    t0 = rt.now_us + 10_000
    edges = 3000
    for i in range(edges):
        rt.timeline.add(t0 + i * 1000, 1, "button", i % 2 == 0)
    count("bouncy edges", edges)
    advance(rt, lambda: rt.now_us > t0 + 3_500_000)
    actions_during = rt.stats.actions
    s.run()
    assert s.game.is_terminal() and rt.stats.actions > actions_during
    assert replayed(tmp_path / "g.jsonl") == state(s.game)


# ------------------------------------------------------------- SIGKILL
def _play_cmd(journal, seed):
    return [sys.executable, "-m", "firmware.cli.main", "play", "cafe-junior", "--players", "3", "--bots", "all",
            "--headless", "--seed", str(seed), "--journal", str(journal)]


def _resume_cmd(journal):
    return [sys.executable, "-m", "firmware.cli.main", "resume", "--headless", "--journal", str(journal)]


@pytest.mark.skipif(not is_available("cafe-junior"), reason="Café International Junior not available")
def test_sigkill_at_random_points_and_resume_each_time(tmp_path):
    """The cabinet process is SIGKILLed at random moments; after each kill
    the journal still reads (a cut-off last line at most), the next resume
    continues exactly where the journal stopped (what was on disk is a
    prefix of what comes after), and a game the resumes finish replays to
    a finished game.  When a game ends before all the kills are done, the
    kills go on in a new game (a 3-player game takes ~35 kills at most),
    so the profile's count of kills is the count made; the last game is
    finished by a resume in-process, to the state its journal replays to."""
    kills = scaled(6, 50)
    folder = tmp_path / "journals"
    folder.mkdir()  # cabinet play refuses a --journal folder that does not exist
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               CABINET_CONFIG=str(tmp_path / "c.toml"))
    (tmp_path / "c.toml").write_text(f'[cabinet]\nstate_dir = "{tmp_path}"\n[gpio]\nbackend = "mock"\n')
    rng = random.Random(23)
    journal, previous = None, []
    killed = runs = games = finished = 0
    while killed < kills and runs < 3 * kills:
        runs += 1
        if journal is None:          # a new game
            games += 1
            journal, previous = folder / f"kill-{games}.jsonl", []
            cmd = _play_cmd(journal, 4 + games)
        else:
            cmd = _resume_cmd(journal)
        proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                cwd=str(Path(__file__).resolve().parents[3]))
        # wait until the game has journaled a new action, then kill at a random moment
        deadline = time.monotonic() + 120
        while proc.poll() is None and time.monotonic() < deadline:
            if journal.exists():
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    try:
                        if len(journal_mod.resolve(journal)[1].actions) > len(previous):
                            break
                    except journal_mod.JournalError:
                        pass
            time.sleep(0.05)
        time.sleep(rng.uniform(0.0, 0.4))
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
            killed += 1
        proc.wait(timeout=60)
        err = proc.stderr.read().decode()
        proc.stderr.close()
        assert proc.returncode in (0, -signal.SIGKILL), err
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            chosen, contents, game = journal_mod.resolve(journal)
        assert contents.actions[:len(previous)] == previous, "a resume rewrote or lost journaled actions"
        previous = contents.actions
        if game.is_terminal():       # the resumes finished this game: the next kills hit a new one
            finished += 1
            journal = None
    count("SIGKILL", killed)
    # the last game's last resume, in-process, plays to the end
    if journal is not None:
        s = Session.resume(cfg_for(tmp_path), journal, SessionOptions(headless=True, size=(800, 480)), model=None)
        s.run()
        assert s.game.is_terminal()
        assert replayed(journal) == state(s.game)
        s.close()
    assert killed == kills, f"{killed} kills in {runs} runs"
    print(f"SIGKILLs: {killed}, cabinet processes started: {runs} ({games} games, {runs - games} resumes "
          f"from the command line{', and one in-process' if journal is not None else ''}), "
          f"games finished by the resumed processes: {finished}")


# ------------------------------------------------------------- disk full
@pytest.mark.skipif(not is_available("cafe-junior"), reason="Café International Junior not available")
def test_disk_full_while_journaling_pauses_and_loses_nothing(tmp_path, monkeypatch):
    """The disk is full for a while in mid-game (some writes fail half
    way): the game pauses with a clear notice, no applied action is lost,
    and the journal replays to the final state."""
    s = new_session(tmp_path, "cafe-junior", 3, seed=12)
    rt = s.runtime
    rt.journal_retry_s = 0.001
    real_write = os.write
    failures = {"left": 0}

    def full_disk(fd, data):
        if failures["left"] > 0:
            failures["left"] -= 1
            count("disk full")
            if failures["left"] % 2:
                real_write(fd, bytes(data[: max(1, len(data) // 3)]))
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", full_disk)
    notices = []
    original = s.render

    def render(runtime=None):
        notices.append(s.context()["notice"])
        original(runtime)
    rt.on_change = render
    advance(rt, lambda: rt.stats.actions >= 15)
    failures["left"] = 7
    s.run()
    assert s.game.is_terminal()
    assert any("paused" in n for n in notices)
    assert rt.stats.extra.get("journal_failures", 0) >= 1
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        contents = journal_mod.read(tmp_path / "g.jsonl")
    assert len(contents.actions) == rt.stats.actions
    assert replayed(tmp_path / "g.jsonl") == state(s.game)



@pytest.fixture(autouse=True, scope="module")
def report_faults():
    """Prints what the suite injected (run with -s)."""
    yield
    print("\nfaults injected:", json.dumps(FAULTS, sort_keys=True))
