"""The small ones of issue 39: a read-only state folder, a FIFO given as
--config, a frame too large to read, a calibration that reads nothing, an
OLED driver raising anything, log lines with one prefix, and dice that
never settle."""
from __future__ import annotations

import errno
import os
import subprocess
import sys

import pytest

from firmware.runtime import journal
from test_journal_safety import play_and_journal


def test_read_only_state_folder_is_said_in_words(tmp_path, monkeypatch, capsys):
    """Issue 39, 6: resuming on a read-only state folder printed a raw
    "[Errno 30] Read-only file system"."""
    from firmware.cli.main import main
    path = tmp_path / "g.jsonl"
    play_and_journal(path, 10)
    real_open = os.open

    def read_only(file, flags, *args, **kwargs):
        if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT) and str(file).startswith(str(tmp_path)):
            raise OSError(errno.EROFS, "Read-only file system", str(file))
        return real_open(file, flags, *args, **kwargs)
    monkeypatch.setattr(os, "open", read_only)
    toml = tmp_path / "c.toml"
    toml.write_text(f'[cabinet]\nstate_dir = "{tmp_path}"\n[gpio]\nbackend = "mock"\n')
    before = path.read_bytes()
    assert main(["--config", str(toml), "resume", "--journal", str(path), "--headless", "--bots", "all"]) == 1
    err = capsys.readouterr().err
    assert "read-only file system" in err and "state_dir" in err, err
    assert "Errno" not in err, err
    assert path.read_bytes() == before


def test_config_fifo_is_refused_at_once(tmp_path):
    """Issue 39, 7: `cabinet --config FIFO config show` blocked forever."""
    fifo = tmp_path / "cfg.toml"
    os.mkfifo(fifo)
    try:
        run = subprocess.run([sys.executable, "-m", "firmware.cli.main", "--config", str(fifo), "config", "show"],
                             capture_output=True, text=True, timeout=30)
    except subprocess.TimeoutExpired:
        pytest.fail("cabinet --config FIFO blocked")
    assert run.returncode != 0
    assert "cfg.toml" in run.stderr and "not a regular file" in run.stderr, run.stderr


def test_a_frame_too_large_is_refused_in_words():
    """Issue 39, 8: no upper bound on a frame's size (64 Mpx took 1.73 GB)."""
    import numpy as np

    from vision.reader import MAX_FRAME_PX, DiceReader, VisionInputError
    read_dice = DiceReader().read_dice
    side = int(MAX_FRAME_PX ** 0.5) + 2
    huge = np.broadcast_to(np.zeros((1, 1, 3), np.uint8), (side, side, 3))   # no memory behind it
    with pytest.raises(VisionInputError, match=r"too large .*Mpx.*scale it down"):
        read_dice(huge)
    assert read_dice(np.zeros((480, 640, 3), np.uint8)) == []


def test_a_calibration_with_all_zero_weights_is_refused_at_load(tmp_path):
    """Issue 39: right structure, all-zero weights: accepted and read 0 dice."""
    import numpy as np

    from vision import calibrate
    from vision.calibration.file import models_fingerprint
    zero = {k: (np.zeros((7, 64), np.float32), np.zeros(7, np.float32)) for k in ("fast", "expert")}
    from vision.netreader import Models
    models = Models.shipped()
    cal = calibrate.Calibration(zero, models_fingerprint(models), {}, 0.95)
    path = calibrate.save(cal, tmp_path / calibrate.CALIBRATION_FILE)
    with pytest.raises(calibrate.CalibrationError, match=r"same weights for every face.*read no dice"):
        calibrate.load(path, models)
    ok = {k: (np.eye(7, 64, dtype=np.float32), np.zeros(7, np.float32)) for k in ("fast",)}
    assert calibrate.load(calibrate.save(calibrate.Calibration(ok, cal.models, {}, None), tmp_path / "ok.npz"), models)


def test_an_oled_driver_raising_runtime_error_never_reaches_the_game():
    """Issue 39: a display driver raising RuntimeError (not OSError) went
    through to the game loop; every driver error is contained."""
    from PIL import Image

    from hardware.oled import Oled
    t = {"s": 0.0}

    class Broken:
        def display(self, image):
            raise RuntimeError("SPI transfer failed")

        def cleanup(self):
            raise ValueError("cannot clean up")

    opens = {"n": 0}

    def make():
        opens["n"] += 1
        if opens["n"] == 2:
            raise RuntimeError("no such device")     # re-opening fails the same way
        return Broken()

    oled = Oled(make, "seat 1 OLED", retry_s=1.0, clock=lambda: t["s"])
    frame = Image.new("1", (128, 64))
    assert oled.show(frame) is False and not oled.online
    t["s"] = 2.0
    assert oled.show(frame) is False                 # open raised RuntimeError
    t["s"] = 4.0
    assert oled.show(frame) is False and oled.errors == 3
    oled.close()


def test_camera_fault_log_lines_say_camera_not_ready_once(caplog):
    """Issue 39: "camera not ready: camera not ready: ..." in the log."""
    import logging

    from firmware.runtime.dice_station import DiceStation
    from firmware.runtime.dice_table import SimTable
    from hardware.camera import CallbackSource, CameraSupervisor

    class Unplugged(CallbackSource):
        def read(self, not_before_us=None):
            raise OSError(5, "Input/output error")

    table = SimTable(2, seed=4)
    station = DiceStation(2, settle_ms=200, table=table,
                          camera=CameraSupervisor(Unplugged(table.frame, clock_us=lambda: 0), clock=lambda: 0.0))
    table.throw(1, [2, 4], None, 0)

    class Runtime:
        class game:
            num_players = 2

            @staticmethod
            def chance_requests():
                return [{"type": "dice", "player": 1, "count": 2, "faces": 6}]

            @staticmethod
            def now_us():
                return 0
        prompts: dict = {}
        bots: set = set()
    with caplog.at_level(logging.INFO):
        station.poll(Runtime(), 0)
    text = "\n".join(r.getMessage() for r in caplog.records)
    assert "camera not ready" in text and "camera not ready: camera not ready" not in text, text


def test_black_frame_every_third_frame_still_settles_and_the_seat_is_told():
    """Issue 39: a black frame every third frame kept the dice from ever
    settling, with no prompt to the seats.  A black frame is no reading
    (skipped), and the waiting seat's OLED says why its dice wait."""
    import numpy as np

    from firmware.runtime.dice_camera import BLANK_PROMPT
    from firmware.runtime.dice_station import DiceStation
    from firmware.runtime.dice_table import SimTable
    from hardware.camera import CallbackSource, CameraSupervisor
    from test_runtime import FakeGame, FakeRuntime
    table = SimTable(2, seed=4)
    n = {"reads": 0}

    def compose(t_us):
        n["reads"] += 1
        return np.zeros((540, 960, 3), np.uint8) if n["reads"] % 3 == 0 else table.frame(t_us)

    clock = {"t": 0}
    station = DiceStation(2, settle_ms=300, table=table,
                          camera=CameraSupervisor(CallbackSource(compose, clock_us=lambda: clock["t"])))
    runtime = FakeRuntime(FakeGame())
    answers, prompts = [], set()
    while clock["t"] <= 20_000_000 and not answers:
        answers = station.poll(runtime, clock["t"])
        prompts.update(runtime.prompts.values())
        clock["t"] = max(clock["t"] + 1, station.next_us() or clock["t"] + 1)
    assert BLANK_PROMPT in prompts, prompts
    assert answers, "the dice never settled"
    assert station.blank_frames > 0 and station.stats.misread == 0
