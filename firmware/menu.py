"""The cabinet's menu on HDMI, driven by any seat's navigation input and
big button: game, number of players, which seats are bots, difficulty,
resume the last unfinished game, start.

:class:`Menu` is pure state (testable without a screen); :func:`run_menu`
runs it on the cabinet and starts the chosen game.
"""
from __future__ import annotations

import datetime as _dt
import logging
import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engines import GAMES
from engines.registry import is_available

from .journal import JournalError
from .ui.model import Panel, ScreenModel

log = logging.getLogger("cabinet.menu")

BOT_CHOICES = ["none", "all but seat 1", "all"]
DIFFICULTIES = ["easy", "hard", "epic"]


@dataclass
class Menu:
    """Menu state.  Rows: game, players, bots, difficulty, resume, start.

    Navigation moves the focus between rows; the big button changes the
    focused row's value (wrapping) or activates Resume / Start.
    """
    games: list[str] = field(default_factory=lambda: [g for g in GAMES if is_available(g)])
    resume_path: Path | None = None
    #: why there is nothing to resume although a save exists (damaged, locked)
    resume_problem: str = ""
    focus: int = 0
    game_index: int = 0
    players: int = 0
    bots: int = 0
    difficulty: int = 0

    def __post_init__(self) -> None:
        if not self.games:
            raise RuntimeError("no game engine is available")
        self.players = max(2, GAMES[self.games[0]].min_players)

    @property
    def game_id(self) -> str:
        return self.games[self.game_index]

    def rows(self) -> list[tuple[str, str]]:
        """(label, value) of every row, in focus order."""
        info = GAMES[self.game_id]
        rows = [("Game", info.name), ("Players", str(self.players)), ("Bots", BOT_CHOICES[self.bots])]
        if self.game_id == "cryptid-cafe":
            rows.append(("Difficulty", DIFFICULTIES[self.difficulty] + (" (solo)" if self.players == 1 else "")))
        resume = self.resume_path.name if self.resume_path else ("damaged save" if self.resume_problem else "none")
        rows.append(("Resume last game", resume))
        rows.append(("Start", ""))
        return rows

    def nav(self, step: int) -> None:
        """Move the focus by ``step`` rows (wraps)."""
        self.focus = (self.focus + step) % len(self.rows())

    def press(self) -> tuple[str, Any] | None:
        """The big button on the focused row.

        Returns:
            ``("start", {"game", "players", "bots", "options"})``,
            ``("resume", path)``, or ``None`` after changing a value.
        """
        label = self.rows()[self.focus][0]
        info = GAMES[self.game_id]
        if label == "Game":
            self.game_index = (self.game_index + 1) % len(self.games)
            info = GAMES[self.game_id]
            self.players = min(max(self.players, info.min_players), info.max_players)
            self.focus = min(self.focus, len(self.rows()) - 1)
        elif label == "Players":
            self.players = self.players + 1 if self.players < info.max_players else info.min_players
        elif label == "Bots":
            self.bots = (self.bots + 1) % len(BOT_CHOICES)
        elif label == "Difficulty":
            self.difficulty = (self.difficulty + 1) % len(DIFFICULTIES)
        elif label == "Resume last game":
            if self.resume_path is not None:
                return ("resume", self.resume_path)
        elif label == "Start":
            choice = BOT_CHOICES[self.bots]
            bots = set() if choice == "none" else set(range(1, self.players)) if choice == "all but seat 1" \
                else set(range(self.players))
            options = {"difficulty": DIFFICULTIES[self.difficulty]} if self.game_id == "cryptid-cafe" else None
            return ("start", {"game": self.game_id, "players": self.players, "bots": bots, "options": options})
        return None

    def model(self) -> ScreenModel:
        """The menu screen."""
        rows = self.rows()
        lines = [f"{label}: {value}" if value else label for label, value in rows]
        info = GAMES[self.game_id]
        return ScreenModel("Tabletop cabinet", "turn: choose · button: change / start",
                           [Panel("Menu", lines, highlight={self.focus}, weight=2),
                            Panel(info.name, [f"{info.min_players} to {info.max_players} players",
                                              "bots play through the same buttons", "and dice as people"])])


def _find_resume(menu: Menu, cfg: dict[str, Any]) -> None:
    """Set the menu's Resume row: the newest unfinished game, or why the
    newest save cannot be resumed (it is never skipped for an older one)."""
    from .cmd_play import find_unfinished
    try:
        menu.resume_path, menu.resume_problem = find_unfinished(cfg), ""
    except JournalError as exc:
        log.error("%s", exc)
        menu.resume_path, menu.resume_problem = None, str(exc)


def run_menu(cfg: dict[str, Any]) -> int:
    """Run the menu on the cabinet until the window is closed (simulated)
    or forever (the appliance), starting the chosen games.

    Raises:
        HardwareUnavailable: the configured hardware is missing on a Pi.
    """
    from hardware.cabinet import build_cabinet
    from hardware.debounce import DebounceBank
    from hardware.edges import drain

    from .cmd_play import state_dir
    from .session import SIM_KEYS, Session, SessionOptions
    from .ui.hdmi import HdmiRenderer

    cabinet = build_cabinet(cfg, with_camera=False, with_audio=False)
    size = tuple(cfg["cabinet"]["resolution"])
    mode = "window" if cabinet.simulated else "fullscreen"
    if cfg["cabinet"]["display"] in ("window", "fullscreen", "headless"):
        mode = cfg["cabinet"]["display"]
    renderer = HdmiRenderer(size[0], size[1], mode, oled_count=6)
    pg = renderer.pg
    menu = Menu()
    _find_resume(menu, cfg)
    bank = DebounceBank(cabinet.debounce_us, cabinet.edges.levels())
    keys = {pg.key.key_code(SIM_KEYS[0][2]): -1, pg.key.key_code(SIM_KEYS[0][3]): 1}
    button_key = pg.key.key_code(SIM_KEYS[0][0])
    try:
        while True:
            renderer.draw(menu.model())
            renderer.present()
            choice = None
            for ev in pg.event.get() if renderer.window is not None else []:
                if ev.type == pg.QUIT or (ev.type == pg.KEYDOWN and ev.key == pg.K_ESCAPE):
                    return 0
                if ev.type == pg.KEYDOWN and ev.key in keys:
                    menu.nav(keys[ev.key])
                elif ev.type == pg.KEYDOWN and ev.key == button_key:
                    choice = menu.press()
            for edge in drain(cabinet.queue):
                if edge.input == "encoder":
                    menu.nav(edge.level)
                    continue
                for e in bank.feed(edge):
                    if e.kind != "press":
                        continue
                    if e.input == "button":
                        choice = menu.press()
                    elif e.input in ("nav_a", "nav_b"):
                        menu.nav(-1 if e.input == "nav_a" else 1)
            if choice is not None:
                opts = SessionOptions(headless=False, size=size)
                if choice[0] == "resume":
                    try:
                        session = Session.resume(cfg, choice[1], opts, cabinet=cabinet, renderer=renderer)
                    except JournalError as exc:      # damaged, or played by another process
                        log.error("%s", exc)
                        menu.resume_path, menu.resume_problem = None, str(exc)
                        continue
                else:
                    p = choice[1]
                    opts.bots = p["bots"]
                    seed = random.SystemRandom().randrange(1 << 31)
                    path = state_dir(cfg) / "journals" / (
                        f"{p['game']}-{_dt.datetime.now().strftime('%Y%m%d-%H%M%S')}-{seed}.jsonl")
                    session = Session.new(cfg, p["game"], p["players"], seed, p["options"], path, opts,
                                          cabinet=cabinet, renderer=renderer)
                session.run()
                _find_resume(menu, cfg)
            time.sleep(1 / max(5, cfg["cabinet"]["fps"]))
    finally:
        cabinet.close()
