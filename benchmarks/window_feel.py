"""The simulator's window as a person feels it (issue 36, Done when: "play
--twin pi4 in the window feels like instant"): a person mashes seat 1's
keys (Left / Right / Space every 0.25-0.6 s, sent with ``xdotool``) in the
real window under an X display while the screen is recorded (Pillow's X
grab, ~20-30 frames/s), and each key's latency is measured from the
recording: the key sent -> the end of the first grabbed frame in which the
watched box of the screen changed.

What it measures is what an eye on the window sees, so it includes what
the cabinet does not: ``xdotool``'s start, the X server, SDL's event pump,
the grab's own ~30-40 ms.  ``--floor`` runs the same measure on a trivial
pygame window that repaints on every key (30 passes/s): the method's floor,
to compare against.  Frames (one in ten, 960 x 540) are saved to look at.

    Xvfb :30 -screen 0 1920x1080x24 &
    DISPLAY=:30 .venv/bin/python benchmarks/window_feel.py --twin pi4 --out /tmp/feel
    DISPLAY=:30 .venv/bin/python benchmarks/window_feel.py --floor --out /tmp/feel

Boxes are screen pixels of a 1920 x 1080 display with the window where
the cabinet opens it (6-seat Cha dango): ``hdmi`` the lower HDMI view
(the customers, seat 1's aim), ``oled`` seat 1's OLED panel.
Not a test; needs an X display, ``xdotool`` and ``xwininfo``.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import threading
import time

BOXES = {"hdmi": (60, 380, 1300, 860), "oled": (1321, 200, 1577, 327)}
GAMES = {"cha-dango": ["--players", "6", "--bots", "3,4,5,6"],
         "ginza": ["--players", "4", "--bots", "2,3,4"],
         "retrograde": ["--players", "4", "--bots", "2,3,4"]}
FLOOR = """
import pygame, sys
pygame.display.init(); s = pygame.display.set_mode((1880, 763)); pygame.display.set_caption("cabinet floor")
c, clock = 0, pygame.time.Clock()
while True:
    for e in pygame.event.get():
        if e.type == pygame.KEYDOWN: c = (c + 90) % 256
        if e.type == pygame.QUIT: sys.exit()
    s.fill((c, 40, 40)); pygame.display.flip(); clock.tick(30)
"""


def window_id(env: dict[str, str], wait_s: float = 20.0) -> str:
    """The X id of the window whose name starts with "cabinet" (hex str).

    Raises:
        RuntimeError: none appeared within ``wait_s`` seconds.
    """
    end = time.monotonic() + wait_s
    while time.monotonic() < end:
        tree = subprocess.run(["xwininfo", "-root", "-tree"], env=env, capture_output=True, text=True).stdout
        ids = [line.split()[0] for line in tree.splitlines() if '"cabinet' in line]
        if ids:
            return ids[0]
        time.sleep(0.5)
    raise RuntimeError("no cabinet window appeared")


def record(display: str, wid: str, env: dict[str, str], seconds: float, seed: int):
    """Mash keys for ``seconds`` while grabbing the screen.

    Returns:
        ``(frames, keys)``: frames ``(t_start_s, t_end_s, PIL.Image)``,
        keys ``(t_sent_s, keysym)``, both on ``time.perf_counter``.
    """
    from PIL import ImageGrab
    frames: list = []
    keys: list = []
    stop = threading.Event()

    def grab() -> None:
        while not stop.is_set():
            t0 = time.perf_counter()
            image = ImageGrab.grab(xdisplay=display)
            frames.append((t0, time.perf_counter(), image))

    grabber = threading.Thread(target=grab)
    grabber.start()
    rng = random.Random(seed)
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        key = rng.choice(["Left", "Right", "Left", "Right", "space"])
        keys.append((time.perf_counter(), key))
        subprocess.run(["xdotool", "key", "--window", wid, key], env=env)
        time.sleep(rng.uniform(0.25, 0.6))
    stop.set()
    grabber.join()
    return frames, keys


def latencies(frames: list, keys: list, box: tuple[int, int, int, int]) -> list[tuple[str, float | None]]:
    """Each key's latency, ms: sent -> end of the first frame (started
    after the key, before the next key) whose ``box`` differs from the last
    frame finished before the key; None when nothing changed."""
    from PIL import ImageChops
    out = []
    for i, (t, key) in enumerate(keys):
        before = [f for f in frames if f[1] <= t]
        if not before:
            continue
        base = before[-1][2].crop(box)
        nxt = keys[i + 1][0] if i + 1 < len(keys) else float("inf")
        hit = next((t1 for t0, t1, image in frames
                    if t < t0 < nxt and ImageChops.difference(base, image.crop(box)).getbbox()), None)
        out.append((key, None if hit is None else round((hit - t) * 1000, 1)))
    return out


def main(argv: list[str] | None = None) -> int:
    """Run one recording and print its figures as JSON."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--twin", default="instant", help="instant, pi4 or pi5")
    ap.add_argument("--game", default="cha-dango", choices=sorted(GAMES))
    ap.add_argument("--floor", action="store_true", help="a trivial pygame window instead: the method's floor")
    ap.add_argument("--seconds", type=float, default=12.0)
    ap.add_argument("--box", default="hdmi", help="hdmi, oled, or x0,y0,x1,y1 (screen px)")
    ap.add_argument("--out", default="window_feel", help="folder for the saved frames and the run log")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    display = os.environ.get("DISPLAY")
    if not display:
        ap.error("needs an X display: set DISPLAY (e.g. Xvfb :30 &; DISPLAY=:30)")
    box = BOXES.get(args.box) or tuple(int(v) for v in args.box.split(","))
    os.makedirs(args.out, exist_ok=True)
    env = dict(os.environ, STATE_DIRECTORY=os.path.join(args.out, "state"), SDL_AUDIODRIVER="dummy")
    command = ([sys.executable, "-c", FLOOR] if args.floor else
               [sys.executable, "-m", "firmware.cli", "play", args.game, *GAMES[args.game],
                "--seed", "4", "--twin", args.twin])
    with open(os.path.join(args.out, "run.log"), "w") as log:
        proc = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            wid = window_id(env)
            time.sleep(3.0)                     # the game's first screen settles
            frames, keys = record(display, wid, env, args.seconds, args.seed)
        finally:
            proc.terminate()
    lat = latencies(frames, keys, box)
    for n, (_, _, image) in enumerate(frames[::10]):
        image.resize((960, 540)).save(os.path.join(args.out, f"frame{n:03d}.png"))
    seen = sorted(ms for _, ms in lat if ms is not None)
    print(json.dumps({
        "what": "floor" if args.floor else f"{args.game} --twin {args.twin}", "box": box,
        "grabs_per_s": round(len(frames) / max(1e-9, frames[-1][0] - frames[0][0]), 1),
        "keys": len(keys), "changed": len(seen),
        "p50_ms": seen[len(seen) // 2] if seen else None, "max_ms": seen[-1] if seen else None,
        "load_average": os.getloadavg()[0], "each": lat}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
