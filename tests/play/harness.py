"""Scripted people at the simulated cabinet's real window (see conftest.py
for the tier's guide).  A :class:`Table` opens a game as ``cabinet play``
does (a window under SDL's dummy video driver, the simulated cabinet with
its mock pins and luma dummy OLEDs), then runs the window's own loop
(:class:`firmware.app.window_loop.LiveLoop`) pass by pass on a clock the test
advances, while key presses go to SDL's event queue as real pygame events.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from PIL import Image, ImageChops  # noqa: E402

import json  # noqa: E402

from firmware.runtime import config  # noqa: E402
from firmware.app.session import Session, SessionOptions  # noqa: E402
from firmware.ui.keys import SIM_KEYS  # noqa: E402

CONTROLS = ("button", "cup", "left", "right", "push")


class Table:
    """One game in the window, its people driven by the test.

    Args:
        game_id, players, seed, options: the game (as ``cabinet play``).
        bots: 0-based bot seats.
        tmp_path: where the journal and state go.
        size: the HDMI size, px.
        pass_ms: how far the loop's clock moves each pass, ms (a pass at
            30 frames a second is 33 ms).
        journal: resume this journal instead of starting a new game.
        twin: the simulated parts' profile (``instant``, ``pi4``, ``pi5``).

    Attributes:
        session: the :class:`firmware.app.session.Session`.
        loop: its :class:`firmware.app.window_loop.LiveLoop`.
        t_ms: the loop's clock, ms since the table opened.
    """

    def __init__(self, game_id: str, players: int, bots: set[int], tmp_path: Path, seed: int = 1,
                 size: tuple[int, int] = (1280, 720), pass_ms: int = 33, options: dict | None = None,
                 journal: Path | None = None, menu_renderer: Any = None, twin: str = "instant") -> None:
        self.cfg = config.validate({"cabinet": {"state_dir": str(tmp_path), "twin": twin}, "gpio": {"backend": "mock"}})
        opts = SessionOptions(headless=False, size=size, bots=set(bots))
        from hardware.cabinet import build_cabinet
        # no sound: SDL's audio thread would outlive the test, and a later test that forks
        # (the tournament's worker processes) could deadlock on a lock it holds
        self.cabinet = build_cabinet(self.cfg, with_camera=False, with_audio=False, model=None)
        try:
            if journal is not None:
                self.session = Session.resume(self.cfg, journal, opts, model=None, cabinet=self.cabinet,
                                              renderer=menu_renderer)
            else:
                self.session = Session.new(self.cfg, game_id, players, seed, options, tmp_path / "game.jsonl",
                                           opts, model=None, cabinet=self.cabinet, renderer=menu_renderer)
        except BaseException:
            self.cabinet.close()
            raise
        self.pg = self.session.renderer.pg
        self.pass_ms = pass_ms
        self._ns = 1_000_000_000
        self.loop = self.session.live(clock_ns=lambda: self._ns)
        self.t_ms = 0

    # ------------------------------------------------------------ the loop
    def step(self, passes: int = 1, ms: int | None = None) -> bool:
        """Run ``passes`` passes of the window loop, the clock moving
        ``ms`` (default :attr:`pass_ms`) before each.  Returns False once
        the loop is done."""
        alive = True
        for _ in range(passes):
            d = self.pass_ms if ms is None else ms
            self._ns += d * 1_000_000
            self.t_ms += d
            for beside in (getattr(getattr(self.session, "dice", None), "beside", None),
                           getattr(self.session.runtime, "thinker", None)):
                if beside is not None:  # work beside the loop takes no time on the test's clock: one pass
                    beside.wait_idle()
            alive = self.loop.step()
            if not alive:
                break
        return alive

    def wait(self, ms: int) -> None:
        """The loop's wait between two passes: the clock moves ``ms`` and
        the loop reads the keyboard (as :meth:`LiveLoop.run` does every
        ~2 ms while it waits for the next pass)."""
        self._ns += round(ms * 1_000_000)     # (a fraction of a ms: a press 0.174 ms after another)
        self.t_ms += ms
        read = getattr(self.loop, "read_inputs", None)
        if read is not None:
            read()

    def run_until(self, done: Callable[["Table"], bool], max_passes: int = 2000, ms: int | None = None) -> int:
        """Step until ``done(table)``; returns the passes it took.

        Raises:
            AssertionError: not done within ``max_passes`` (or the loop ended).
        """
        for n in range(1, max_passes + 1):
            if not self.step(ms=ms):
                assert done(self), f"the loop ended after {n} passes before the awaited state"
                return n
            if done(self):
                return n
        raise AssertionError(f"not reached within {max_passes} passes")

    # ------------------------------------------------------------- people
    def key_code(self, seat: int, control: str) -> int:
        """The pygame key of ``seat``'s ``control`` (``button``, ``cup``,
        ``left``, ``right``, ``push``) in ``SIM_KEYS``."""
        return self.pg.key.key_code(SIM_KEYS[seat][CONTROLS.index(control)])

    def post(self, key: int, down: bool) -> None:
        """Put a real key event on SDL's event queue."""
        self.pg.event.post(self.pg.event.Event(self.pg.KEYDOWN if down else self.pg.KEYUP, key=key, mod=0,
                                               unicode="", scancode=0))

    def press(self, seat: int, control: str, hold_passes: int = 2) -> None:
        """``seat`` presses ``control`` as a person does: down, held for
        ``hold_passes`` passes (the debounce needs a few ms), up; one
        more pass handles the release."""
        key = self.key_code(seat, control)
        self.post(key, True)
        self.step(hold_passes)
        self.post(key, False)
        self.step()

    def has_choice(self, seat: int = 0) -> bool:
        """True when ``seat`` is active and has a choice to make now."""
        s = self.session
        return seat in s.game.active_players() and bool(s.runtime.controls[seat].refresh(s.game))

    def turn_to(self, kind: str, seat: int = 0, arrow: str = "right", max_moves: int = 60) -> None:
        """``seat`` presses ``arrow`` until its cursor is on a choice of
        type ``kind``, at most ``max_moves`` times (the caller checks
        where it stopped)."""
        s = self.session
        for _ in range(max_moves):
            if s.runtime.controls[seat].shown(s.game).chosen["type"] == kind:
                return
            self.press(seat, arrow)

    def confirm(self, seat: int = 0) -> None:
        """``seat`` looks at its choice (the look-first guard, ruling
        CAB-12) and presses its button twice (arm, confirm)."""
        from firmware.rulings import LOOK_FIRST_US
        self.step(LOOK_FIRST_US // 1000 // self.pass_ms + 1)
        self.press(seat, "button")
        self.press(seat, "button")

    def key(self, name: str) -> None:
        """Press and release any key by pygame name (``"escape"``, ``"x"``),
        with one pass between."""
        code = self.pg.key.key_code(name)
        self.post(code, True)
        self.step()
        self.post(code, False)

    # ------------------------------------------------------------ looking
    @property
    def window(self) -> Any:
        return self.pg.display.get_surface()

    def window_image(self) -> Image.Image:
        """The window's pixels now (RGB)."""
        surf = self.window
        return Image.frombytes("RGB", surf.get_size(), self.pg.image.tobytes(surf, "RGB"))

    def panel_box(self, seat: int) -> Any:
        """The seat's panel in the window's current layout
        (:class:`firmware.ui.sim_window.PanelBox`)."""
        return self.session.renderer.layout.panels[seat]

    def window_oled(self, seat: int) -> Image.Image:
        """The seat's OLED as drawn in the window, read back from the
        window's pixels (128 x 64, 1-bit)."""
        x, y, w, h = self.panel_box(seat).screen
        crop = self.window_image().crop((x, y, x + w, y + h)).resize((128, 64), Image.NEAREST)
        return crop.convert("L").point(lambda v: 255 if v > 127 else 0).convert("1")

    def device_oled(self, seat: int) -> Image.Image | None:
        """The frame seat's OLED device last accepted (the luma dummy's)."""
        oled = self.session.cabinet.seats[seat].oled
        return oled.shown() if oled is not None else None

    def journal(self) -> list[dict]:
        """The lines the session's journal holds after its header, as written."""
        return [json.loads(line) for line in self.session.writer.path.read_text().splitlines()[1:]]

    def oled_texts(self, seat: int) -> list[str]:
        """The texts the seat's OLED frame draws now (``OledFrame.texts``)."""
        from firmware.screens.draw import oled_frame
        s = self.session
        return list(oled_frame(s.game, seat, s.runtime.controls[seat], s.context()).texts)

    def scene(self) -> Any:
        """The HDMI scene as the session would draw it now."""
        from firmware.screens.draw import hdmi_screen
        s = self.session
        return hdmi_screen(s.game, s.context(), size=(s.renderer.width, s.renderer.height),
                           measure=s.renderer.scene_measure)

    def resize(self, w: int, h: int) -> None:
        """Resize the window as a desktop does (SDL then posts
        ``WINDOWSIZECHANGED``); no pass is run."""
        import warnings
        with warnings.catch_warnings():        # from_display_module: fine for resizing
            warnings.simplefilter("ignore", DeprecationWarning)
            self.pg.Window.from_display_module().size = (w, h)

    def save(self, path: str | Path) -> Path:
        """Save the window as PNG (to look at a failing run)."""
        self.pg.image.save(self.window, str(path))
        return Path(path)

    def close(self) -> None:
        """Close the session, its window and the cabinet (idempotent)."""
        self.session.close()
        self.cabinet.close()


#: the journals of the bots' games played so far in this test process, by (game, players, seed):
#: a game is the same every time (one seeded RNG, the simulated camera's clock), and a Retrograde
#: or Ginza one, its dice read by the reader, costs ~30 s of CPU; many tests start from the same one
_BOTS_GAMES: dict[tuple[str, int, int], list[str]] = {}


def bots_game(tmp_path, game_id: str, players: int, seed: int) -> list[str]:
    """The journal lines of a whole bots' game, headless (played once a
    test process for each ``game_id``, ``players``, ``seed``)."""
    key = (game_id, players, seed)
    if key not in _BOTS_GAMES:
        cfg = config.validate({"cabinet": {"state_dir": str(tmp_path)}, "gpio": {"backend": "mock"}})
        path = tmp_path / "bots-game.jsonl"
        s = Session.new(cfg, game_id, players, seed, None, path, SessionOptions(headless=True, size=(800, 480),
                        bots=set(range(players))), model=None)
        s.run()
        s.close()
        _BOTS_GAMES[key] = path.read_text().splitlines()
    return list(_BOTS_GAMES[key])


def near_end(tmp_path, game_id: str, players: int, seed: int, drop: int):
    """A journal of a bots' game (:func:`bots_game`) with its last ``drop``
    actions taken off (as after a power cut near the end)."""
    Path(tmp_path).mkdir(parents=True, exist_ok=True)     # (the session made it when it played here)
    path = Path(tmp_path) / "near-end.jsonl"
    lines = bots_game(tmp_path, game_id, players, seed)
    actions = [i for i, line in enumerate(lines) if i and json.loads(line).get("type")]
    path.write_text("\n".join(lines[:actions[-drop]]) + "\n")
    return path


def cut_before(tmp_path, game_id: str, players: int, seed: int, when: Callable[[Any], bool], lead: int = 0):
    """A journal of a bots' game cut ``lead`` actions before the first
    action after which ``when(game)`` holds (replayed on the engine), to
    play the moment that follows as a person; raises AssertionError when
    the game never gets there."""
    from engines import new_game
    path = near_end(tmp_path, game_id, players, seed, 1)
    lines = path.read_text().splitlines()
    head = json.loads(lines[0])
    game = new_game(game_id, players, head["seed"], head.get("options") or None)
    actions: list[int] = []         # the lines that hold actions, so far
    for i, line in enumerate(lines[1:], start=1):
        action = json.loads(line)
        if not action.get("type"):
            continue
        actions.append(i)
        game.apply({k: v for k, v in action.items() if k != "crc"})
        if when(game):
            path.write_text("\n".join(lines[:actions[-1 - lead]]) + "\n")
            return path
    raise AssertionError(f"{game_id} seed {seed}: the awaited moment never came")


def ginza_turn(game) -> bool:
    """Seat 1's turn in Ginza's play, no dice asked, with a reroll offered."""
    return (game.view(None)["phase"] == "play" and not game.chance_requests() and game.active_players() == [0]
            and any(a["type"] == "reroll" for a in game.legal_actions(0)))


def ginza_on_reroll(table, tmp_path) -> Table:
    """Ginza (2 players, seed 3's bots' game cut before seat 1's turn with
    a reroll offered), seat 1 a person: the table once its turn came and
    its cursor was turned onto "reroll" (the caller checks it is)."""
    t = table("ginza", 2, bots={1}, journal=cut_before(tmp_path, "ginza", 2, 3, ginza_turn))
    t.run_until(lambda t: ginza_turn(t.session.game) and t.has_choice(0), max_passes=400)
    t.turn_to("reroll", max_moves=120)
    return t


def play_on(t, seat: int = 0, max_passes: int = 3000) -> None:
    """``seat`` plays like a hurried person: whenever it has a choice it
    confirms it (button twice); bots play on the same clock."""
    for _ in range(max_passes):
        if t.loop.stage != "play":
            return
        if t.has_choice(seat):
            t.press(seat, "button")
            t.press(seat, "button")
        else:
            t.step(ms=200)
    raise AssertionError("the game did not end")


def differs(a: Image.Image | None, b: Image.Image | None) -> bool:
    """True when two frames differ in any pixel."""
    if a is None or b is None:
        return a is not b
    return a.size != b.size or ImageChops.difference(a.convert("L"), b.convert("L")).getbbox() is not None
