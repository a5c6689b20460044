"""The real ``cabinet play`` process in a real X window (Xvfb), keys sent
by xdotool as a desktop sends them: Esc asks before leaving (issue 34 item
7c) and the window comes up sized for the desktop.  Skipped where Xvfb or
xdotool is missing (``.ci/run`` installs them when it can)."""
from __future__ import annotations

import os
import select
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not (shutil.which("Xvfb") and shutil.which("xdotool")),
                                reason="needs Xvfb and xdotool (apt-get install xvfb xdotool)")


def _xdo(env: dict, *args: str) -> str:
    return subprocess.run(["xdotool", *args], env=env, capture_output=True, text=True, timeout=20).stdout.strip()


@pytest.fixture
def xvfb():
    # Xvfb picks a free display number itself and writes it to a pipe (-displayfd): two tests
    # starting at once (pytest -n 2) once took the same number, and one game found no display.
    # -noreset: an X server resets when its last client leaves (each xdotool call here), and a
    # game connecting during the reset found no display (SDL then played offscreen, unseen)
    r, w = os.pipe()
    proc = subprocess.Popen(["Xvfb", "-displayfd", str(w), "-screen", "0", "1920x1080x24", "-nolisten", "tcp",
                             "-noreset"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, pass_fds=(w,))
    os.close(w)
    got = b""
    with os.fdopen(r, "rb") as pipe:                # up to 30 s on a busy machine
        ready, _, _ = select.select([pipe], [], [], 30)
        if ready:
            got = pipe.readline()
    if not got.strip().isdigit():
        proc.terminate()
        pytest.skip("Xvfb did not start")
    n = int(got)
    env = dict(os.environ, DISPLAY=f":{n}")
    env.pop("SDL_VIDEODRIVER", None)
    yield env
    proc.terminate()
    proc.wait(timeout=10)


def test_esc_in_the_real_window_asks_first_and_the_second_esc_leaves_with_the_game_saved(xvfb, tmp_path):
    cfg = tmp_path / "cabinet.toml"
    cfg.write_text(f'[cabinet]\nstate_dir = "{tmp_path}"\n')
    journal = tmp_path / "g.jsonl"
    exe = Path(sys.executable).parent / "cabinet"        # the console script: its X window class is "cabinet"
    if not exe.is_file():
        pytest.skip("the cabinet console script is not installed beside this Python")
    game = subprocess.Popen([str(exe), "--config", str(cfg), "play", "cafe-junior",
                             "--players", "2", "--bots", "2", "--seed", "1", "--journal", str(journal)],
                            env=xvfb, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        wid, geometry = "", ""
        deadline = time.monotonic() + 120           # the window appears (imports, SDL, first frame; a busy CI)
        while time.monotonic() < deadline:
            wid = _xdo(xvfb, "search", "--class", "cabinet").split("\n")[0]
            # a window found while SDL still sets it up can be gone a moment later: look again
            geometry = _xdo(xvfb, "getwindowgeometry", wid) if wid else ""
            if "Geometry: " in geometry or game.poll() is not None:
                break
            time.sleep(0.2)
        if "Geometry: " not in geometry:
            game.kill()
            pytest.fail(f"no window within 120 s; the game said: {game.communicate()[0]!r}")
        w, h = (int(v) for v in geometry.split("Geometry: ")[1].split("x"))
        assert w <= 1920 and h <= 1080
        time.sleep(1.0)
        _xdo(xvfb, "key", "--window", wid, "Escape")
        time.sleep(1.0)
        assert game.poll() is None, "one Esc closed the window"
        _xdo(xvfb, "key", "--window", wid, "Escape")
        out, _ = game.communicate(timeout=30)
        assert game.returncode == 0
        assert "stopped (resume with cabinet resume)" in out and journal.is_file()
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()


def test_the_window_is_found_by_its_class_however_the_cabinet_was_started(xvfb, tmp_path):
    """``python -m firmware.cli`` (a checkout without the console script):
    SDL2 names the window's X class after the program's file
    (``__main__.py``), so ``xdotool search --class cabinet`` found nothing
    (PT29); the class is "cabinet" either way."""
    cfg = tmp_path / "cabinet.toml"
    cfg.write_text(f'[cabinet]\nstate_dir = "{tmp_path}"\n')
    env = dict(xvfb)
    env.pop("SDL_VIDEO_X11_WMCLASS", None)
    game = subprocess.Popen([sys.executable, "-m", "firmware.cli", "--config", str(cfg), "play", "cafe-junior",
                             "--players", "2", "--bots", "2", "--seed", "1",
                             "--journal", str(tmp_path / "g.jsonl")],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            cwd=Path(__file__).resolve().parents[2])
    try:
        wid, shown = "", ""
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and game.poll() is None:
            shown = _xdo(xvfb, "search", "--class", "__main__")     # SDL's own name for it
            wid = _xdo(xvfb, "search", "--class", "cabinet").split("\n")[0]
            if wid or shown:
                break
            time.sleep(0.2)
        if shown and not wid:
            time.sleep(1.0)
            wid = _xdo(xvfb, "search", "--class", "cabinet").split("\n")[0]
        if not wid:
            game.kill()
        assert wid, f"no window of class 'cabinet' (windows of class '__main__.py': {shown!r}); {game.communicate()[0]!r}"
    finally:
        game.kill()
        game.wait()
