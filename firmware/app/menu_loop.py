"""The menu running on the cabinet: the HDMI shows the drawn menu, any
seat's navigation input and big button (or, in the simulator, seat 1's
keys) work it, and what it chooses happens: a game starts or resumes (and
the menu comes back when it ends), a saved game is watched, the volume
changes, the dice reader is calibrated or its calibration undone, the
cabinet shuts down.

:func:`run_menu` is the cabinet's ``cabinet`` command with no arguments;
the menu's state is :class:`firmware.app.menu.Menu`.
"""
from __future__ import annotations

import datetime as _dt
import logging
import random
import time
from pathlib import Path
from typing import Any

from engines import GAMES

from firmware.app.menu import Menu
from firmware.app.menu_saves import find_resume
from firmware.app.session import Session, SessionOptions
from firmware.app.window_loop import ESC_CONFIRM_S, esc_question
from firmware.runtime.journal import JournalError
from firmware.runtime.places import state_dir
from firmware.runtime.wiring import WiringError, wired_players

log = logging.getLogger("cabinet.menu")

#: What the menu's second Esc does (the question's end, :func:`esc_question`).
MENU_ESC = "to close the cabinet"
#: After a game, the menu takes no press for this long (s): a seat still
#: mashing its button at the game's end starts no new game (PT16, issue 34).
AFTER_GAME_S = 2.0


def run_menu(cfg: dict[str, Any]) -> int:
    """Run the menu on the cabinet until the window is closed (simulated)
    or forever (the appliance), starting the chosen games.

    Returns:
        0 when the window is closed (Esc) or the cabinet shuts down.

    Raises:
        HardwareUnavailable: the configured hardware is missing on a Pi.
    """
    return MenuLoop(cfg).run()


class MenuLoop:
    """The menu on the cabinet's devices: its cabinet (buttons, OLEDs,
    audio; no camera), the HDMI renderer, the menu's state and the
    debouncer of its edges.

    Raises:
        HardwareUnavailable: the configured hardware is missing on a Pi.
    """

    def __init__(self, cfg: dict[str, Any]) -> None:
        from hardware.cabinet import build_cabinet
        from hardware.debounce import DebounceBank

        from firmware.runtime.reader import calibration_path
        from firmware.ui.hdmi import HdmiRenderer
        from firmware.ui.keys import SIM_KEYS

        self.cfg = cfg
        self._build_cabinet = build_cabinet
        self._debounce = DebounceBank
        self.cabinet = build_cabinet(cfg, with_camera=False, with_audio=True)   # the games sound (issue 38)
        self.size = tuple(cfg["cabinet"]["resolution"])
        mode = "window" if self.cabinet.simulated else "fullscreen"
        if cfg["cabinet"]["display"] in ("window", "fullscreen", "headless"):
            mode = cfg["cabinet"]["display"]
        self.renderer = HdmiRenderer(self.size[0], self.size[1], mode, oled_count=6)
        self.pg = pg = self.renderer.pg
        self.cal_path = calibration_path(cfg)
        self.menu = Menu(wired={g: wired_players(cfg, g) for g in GAMES}, calibrated=self.cal_path.is_file(),
                         simulated=bool(self.cabinet.simulated),
                         volume=0.0 if cfg["audio"]["mute"] else cfg["audio"]["volume"],
                         captions=cfg["audio"]["captions"] == "on"
                         or (cfg["audio"]["captions"] == "window" and mode == "window"))
        find_resume(self.menu, cfg)
        self.bank = DebounceBank(self.cabinet.debounce_us, self.cabinet.levels())
        #: seat 1's simulator keys: its left and right arrows move the focus, its button presses
        self.keys = {pg.key.key_code(SIM_KEYS[0][2]): -1, pg.key.key_code(SIM_KEYS[0][3]): 1}
        self.button_key = pg.key.key_code(SIM_KEYS[0][0])
        #: until when the Esc question waits for the second Esc (time.time(), s), or None
        self._esc_until: float | None = None
        #: until when (time.time(), s) a press does nothing: just after a game (:data:`AFTER_GAME_S`)
        self._quiet_until = 0.0

    def run(self) -> int:
        """Draw the menu, read the inputs and do what was chosen, a pass
        every 1/fps s (at least 5 a second) until the window is closed
        or the cabinet shuts down; returns 0.  The cabinet is closed at
        the end."""
        actions = {"volume": self._volume, "shutdown": self._shut_down, "uncalibrate": self._uncalibrate,
                   "watch": self._watch, "calibrate": self._calibrate}
        try:
            while True:
                self._draw()
                left, choice = self._inputs()
                if left:
                    return 0
                if choice is not None and choice[0] in actions:
                    if actions[choice[0]](choice[1]):
                        return 0
                    continue
                if choice is not None:
                    if not self._play(choice):
                        continue
                    self._quiet_until = time.time() + AFTER_GAME_S
                    self.menu.message = "back at the menu"
                time.sleep(1 / max(5, self.cfg["cabinet"]["fps"]))
        finally:
            self.cabinet.close()

    def _draw(self) -> None:
        self.renderer.draw(self.menu.scene(self.size, self.renderer.scene_measure))
        self.renderer.present()

    def _inputs(self) -> tuple[bool, tuple[str, Any] | None]:
        """The window's keys, then the cabinet's edges (encoder, button,
        navigation inputs) since the last pass, applied to the menu.

        Returns:
            (the window was closed or Esc pressed twice, the menu's last
            :meth:`Menu.press` result or None).  The first Esc asks, as
            a game does ("Esc again within 4 s to close the cabinet");
            the question goes after :data:`ESC_CONFIRM_S` or when the
            menu is used.
        """
        from hardware.edges import drain
        pg, menu = self.pg, self.menu
        choice = None
        for ev in pg.event.get() if self.renderer.window is not None else []:
            if ev.type == pg.QUIT:
                return True, None
            if ev.type == pg.KEYDOWN and ev.key == pg.K_ESCAPE:
                if self._esc_until is not None and time.time() <= self._esc_until:
                    return True, None
                self._esc_until = time.time() + ESC_CONFIRM_S
                continue
            if ev.type == pg.KEYDOWN and ev.key in self.keys:
                self._esc_until = None
                menu.nav(self.keys[ev.key])
            elif ev.type == pg.KEYDOWN and ev.key == self.button_key:
                self._esc_until = None
                choice = self._press()
        for edge in drain(self.cabinet.queue):
            if edge.input == "encoder":
                self._esc_until = None
                menu.nav(edge.level)
                continue
            for e in self.bank.feed(edge):
                if e.kind != "press":
                    continue
                self._esc_until = None
                if e.input == "button":
                    choice = self._press()
                elif e.input in ("nav_a", "nav_b"):
                    menu.nav(-1 if e.input == "nav_a" else 1)
        self._esc_notice()
        return False, choice

    def _press(self) -> tuple[str, Any] | None:
        """The menu's press (:meth:`Menu.press`), or nothing just after a
        game (:data:`AFTER_GAME_S`): a press still meant for the game that
        ended starts nothing and changes no row."""
        if time.time() < self._quiet_until:
            return None
        return self.menu.press()

    def _esc_notice(self) -> None:
        """The Esc question over the menu, its seconds counting down; gone
        once it was not answered in time (or the menu was used)."""
        if self._esc_until is not None and time.time() > self._esc_until:
            self._esc_until = None
        if self._esc_until is not None:
            self.renderer.notice = esc_question(self._esc_until - time.time(), MENU_ESC)
        elif self.renderer.notice.endswith(MENU_ESC):      # the question goes, nothing else
            self.renderer.notice = ""

    # ------------------------------------------------------ the menu's rows
    def _volume(self, volume: float) -> bool:
        """The Volume row: heard at once, the press's blip at the new volume."""
        audio = self.cabinet.audio
        if audio is not None:
            audio.mute = False
            audio.set_volume(volume)
            audio.play("press")
        return False

    def _shut_down(self, _: Any) -> bool:
        """The Shut down row pressed twice: say so, then power off; True
        when the menu ends (else the status line says why it did not)."""
        from firmware.runtime.power_off import power_off
        menu = self.menu
        menu.shutting_down()                  # told before the screen goes dark
        self._draw()
        if self.cabinet.simulated:
            time.sleep(0.8)                   # the window would close before it is read
        menu.message = power_off(self.cabinet.simulated) or ""
        return not menu.message

    def _uncalibrate(self, _: Any) -> bool:
        """Undo the dice calibration: the reader reads as shipped."""
        self.cal_path.unlink(missing_ok=True)
        self.menu.calibrated, self.menu.focus = False, 0
        self.menu.message = "dice calibration removed: the reader reads as shipped"
        return False

    def _watch(self, path: Path) -> bool:
        """Watch a saved game, move by move (issue 38)."""
        from firmware.app.menu_watch import watch_in_menu
        self.menu.message = watch_in_menu(self.cfg, path, self.cabinet, self.renderer, self.size)
        return False

    def _calibrate(self, _: Any) -> bool:
        """The guided dice calibration: it opens the cabinet with its
        camera, so the menu's cabinet is closed meanwhile and opened again."""
        self.cabinet.close()
        menu = self.menu
        menu.message = _calibrate(self.cfg, self.cal_path, self.renderer, self.size)
        menu.calibrated = self.cal_path.is_file()
        menu.focus = min(menu.focus, len(menu.rows()) - 1)
        self.cabinet = self._build_cabinet(self.cfg, with_camera=False, with_audio=True)   # the games sound
        self.bank = self._debounce(self.cabinet.debounce_us, self.cabinet.levels())
        return False

    # ------------------------------------------------------------ a game
    def _play(self, choice: tuple[str, Any]) -> bool:
        """Start (``("start", params)``) or resume (``("resume", path)``)
        a game and play it to its end on the menu's cabinet and renderer;
        then the focus goes to its Resume row.  False when it could not
        start (the status line says why)."""
        menu = self.menu
        self.cfg["audio"]["captions"] = menu.captions_setting()      # the Sound captions row (an accessibility option)
        opts = SessionOptions(headless=False, size=self.size)
        if choice[0] == "resume":
            path = choice[1]
            opts.bots, opts.bot_levels = menu.resume_seats(path)   # the seats as the menu shows them
            try:
                session = Session.resume(self.cfg, path, opts, cabinet=self.cabinet, renderer=self.renderer)
            except WiringError as exc:
                menu.message = str(exc)
                return False
            except JournalError as exc:      # damaged, or played by another process
                log.error("%s", exc)
                menu.message = f"not resumed: {exc}"
                find_resume(menu, self.cfg)
                return False
        else:
            started = self._new_session(choice[1], opts)
            if started is None:
                return False
            session, path = started
        menu.message = ""
        try:
            session.run()
        finally:
            session.close()    # frees the finished game now (the cabinet and renderer stay)
        find_resume(menu, self.cfg)
        menu.focus_resume(path)   # the game just left
        return True

    def _new_session(self, p: dict[str, Any], opts: Any) -> tuple[Any, Path] | None:
        """A new game of the Start row's ``p`` (game, players, bots, options, walkthrough)
        with a fresh seed and its journal in the state folder; None when the
        wiring or the journal refuse it (the status line says why)."""
        opts.bots = p["bots"]
        opts.bot_levels = p["bot_levels"]
        opts.walkthrough = bool(p.get("walkthrough"))   # the menu's Walkthrough row (issue 38)
        seed = random.SystemRandom().randrange(1 << 31)
        path = state_dir(self.cfg) / "journals" / (
            f"{p['game']}-{_dt.datetime.now().strftime('%Y%m%d-%H%M%S')}-{seed}.jsonl")
        try:
            return Session.new(self.cfg, p["game"], p["players"], seed, p["options"], path, opts,
                               cabinet=self.cabinet, renderer=self.renderer), path
        except (WiringError, JournalError) as exc:
            self.menu.message = str(exc)      # shown on the menu; the cabinet stays up
            return None


def _calibrate(cfg: dict[str, Any], path: Path, renderer: Any, size: tuple[int, int]) -> str:
    """Run the guided dice calibration from the menu on ``renderer`` (the
    result stays until any seat's button); returns the menu's status line."""
    from hardware.backends import HardwareUnavailable

    from firmware.app.calibration_window import run_guided
    from firmware.calibration.run import GuidedOptions
    try:
        result = run_guided(cfg, GuidedOptions(size=size, from_menu=True), path, renderer=renderer)
    except (HardwareUnavailable, RuntimeError, ValueError, OSError) as exc:
        log.error("dice calibration: %s", exc)
        return f"dice calibration could not run: {exc}"
    if result["outcome"] == "stored":
        # nothing read the dice better: the reader as shipped is what is kept
        return ("dice calibration checked: the reader reads as shipped" if result.get("kind") == "as shipped"
                else "dice calibration checked: your calibration is kept" if result.get("ending") == "kept"
                else "dice calibration stored")
    return "dice calibration refused: " + ("the old one is kept" if result["kept"] else "the reader reads as shipped")
