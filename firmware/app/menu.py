"""The cabinet's menu on HDMI, driven by any seat's navigation input and
big button: game, number of players, which seats are bots, difficulty,
resume any unfinished game (each named by its game, players, progress
and when it was played), start; calibrate the dice reader to this
cabinet (the guided flow of ``cabinet dice calibrate`` on the cabinet's
screens and buttons) and undo that calibration.

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

from firmware.screens.games import GAMES as CABINET_GAMES
from firmware.runtime.journal import JournalError

log = logging.getLogger("cabinet.menu")

BOT_CHOICES = ["none", "all but seat 1", "all"]
BOT_LEVELS = ["easy", "normal", "hard"]
DIFFICULTIES = ["easy", "hard", "epic"]
#: game id -> the name on the menu's Resume line: each game's own words
#: (:mod:`firmware.screens.games`)
MENU_NAMES = {gid: g.menu_name for gid, g in CABINET_GAMES.items()}
#: Cha dango's house rule: the VP cards a wrong hit costs (the book's 4 first)
WRONG_HIT_CARDS = (4, 2, 1)
#: the volume steps the menu's Volume row cycles through (0 = silent)
VOLUMES = (0.0, 0.2, 0.4, 0.6, 0.8, 1.0)
TEXT_SIZES = ("normal", "large")


@dataclass
class Menu:
    """Menu state.  Rows: game, players, bots, bot level (when there are
    bots), difficulty, one "Resume" row per unfinished game (newest first,
    :attr:`resumable`), start, calibrate dice, undo dice calibration
    (when :attr:`calibrated`).

    Navigation moves the focus between rows; the big button changes the
    focused row's value (wrapping) or activates Resume / Start.

    Only what the wiring can seat is offered: ``wired`` maps a game id to
    the most players its seats are wired for (:func:`firmware.runtime.wiring.wired_players`;
    absent = the game's own maximum); a game the wiring cannot seat at its
    minimum is not listed.  ``message`` is shown in the status line (e.g.
    why a resume was refused).
    """
    games: list[str] = field(default_factory=lambda: [g for g in GAMES if is_available(g)])
    #: the unfinished games, newest first: (journal path, the game in words,
    #: e.g. "Ginza Retro Café, 3 players, round 2 of 4, 14:02")
    resumable: list[tuple[Path, str]] = field(default_factory=list)
    #: why the newest save cannot be resumed (damaged, locked), or ""
    resume_problem: str = ""
    focus: int = 0
    game_index: int = 0
    players: int = 0
    bots: int = 0
    difficulty: int = 0
    wired: dict[str, int] = field(default_factory=dict)
    message: str = ""
    #: Cha dango: "The youngest player is the start player" (0-based seat)
    start_player: int = 0
    bot_level: int = 1
    #: the cabinet has a dice calibration (offer to undo it)
    calibrated: bool = False
    #: the simulated cabinet: the hint names its keys (seat 1's), not a knob
    simulated: bool = False
    #: Retrograde house rule: the book's first-game variant (issue 38)
    first_game: bool = False
    #: Cha dango house rule: index into :data:`WRONG_HIT_CARDS`
    wrong_hit: int = 0
    #: the sounds' volume, 0..1 (from ``[audio] volume``)
    volume: float = 0.8
    #: index into :data:`TEXT_SIZES`
    text_size: int = 0
    #: the how-to-play pages while open (:class:`firmware.screens.howto.Pager`), else None
    howto: Any = None
    #: the newest saved game to watch again (journal, the game in words), or None (issue 38)
    watchable: tuple[Path, str] | None = None
    #: "Shut down" pressed once: the next press on it powers off, any other input disarms
    armed: bool = False

    def __post_init__(self) -> None:
        self.games = [g for g in self.games if self.max_players(g) >= GAMES[g].min_players]
        if not self.games:
            raise RuntimeError("no game engine is available for the wired seats; run cabinet hardware check")
        self.players = min(max(2, GAMES[self.games[0]].min_players), self.max_players(self.games[0]))

    def max_players(self, game_id: str) -> int:
        """The most players offered for ``game_id``: the game's maximum,
        capped by the seats wired for it."""
        return min(GAMES[game_id].max_players, self.wired.get(game_id, GAMES[game_id].max_players))

    @property
    def game_id(self) -> str:
        return self.games[self.game_index]

    def rows(self) -> list[tuple[str, str]]:
        """(label, value) of every row, in focus order."""
        info = GAMES[self.game_id]
        rows = [("Game", info.name), ("Players", str(self.players)), ("Bots", BOT_CHOICES[self.bots])]
        if BOT_CHOICES[self.bots] != "none":
            rows.append(("Bot level", BOT_LEVELS[self.bot_level]))
        if self.game_id == "cryptid-cafe":
            rows.append(("Difficulty", DIFFICULTIES[self.difficulty] + (" (solo)" if self.players == 1 else "")))
        if self.game_id == "cha-dango":
            rows.append(("Youngest player (starts)", f"seat {self.start_player % self.players + 1}"))
            rows.append(("Wrong hit costs", f"{WRONG_HIT_CARDS[self.wrong_hit]} VP card"
                         + ("s" if WRONG_HIT_CARDS[self.wrong_hit] != 1 else "")))
        if self.game_id == "retrograde":
            rows.append(("First-game rules", "on" if self.first_game else "off"))
        rows.append(("How to play", info.name))
        if self.resume_problem:
            rows.append(("Resume last game", "damaged save"))
        rows += [("Resume", words) for _, words in self.resumable]
        if not self.resumable and not self.resume_problem:
            rows.append(("Resume", "no unfinished game"))
        rows.append(("Watch a game", self.watchable[1].split(", ")[0] if self.watchable else "no saved game"))
        rows.append(("Start", ""))
        rows.append(("Volume", "silent" if self.volume <= 0 else f"{round(self.volume * 10)} of 10"))
        rows.append(("Text size", TEXT_SIZES[self.text_size]))
        rows.append(("Calibrate dice", ""))
        if self.calibrated:
            rows.append(("Undo dice calibration", ""))
        rows.append(("Shut down", ""))
        return rows

    @property
    def resume_path(self) -> Path | None:
        """The newest unfinished game's journal, or None."""
        return self.resumable[0][0] if self.resumable else None

    def focus_resume(self, path: Path | str | None) -> None:
        """Put the focus on the Resume row of ``path``'s game (any member of
        its journal family: the game just left); unchanged when that game
        is not offered (finished)."""
        from firmware.runtime.journal import family_root
        if path is None:
            return
        root = family_root(path)
        keys = [i for i, (lab, _) in enumerate(self.rows()) if lab == "Resume"]
        for k, (p, _) in enumerate(self.resumable):
            if family_root(p) == root and k < len(keys):
                self.focus = keys[k]
                return

    def _line(self, label: str, value: str, k: int) -> str:
        """A row as the menu column says it: a Resume row by the game's
        short name (and when it was played, where two saves share a game);
        its full words stand beside the menu when it has the focus."""
        if label != "Resume" or not self.resumable:
            return f"{label}: {value}" if value else label
        shorts = {GAMES[g].name: n for g, n in MENU_NAMES.items() if g in GAMES}
        shorts.update({v: MENU_NAMES[g] for g, v in RESUME_NAMES.items()})
        names = [w.split(", ")[0] for _, w in self.resumable]
        parts = value.split(", ")
        name = shorts.get(parts[0], parts[0])
        when = parts[-1].split()
        when = " ".join(when[:1] + when[-1:]) if len(when) > 2 else parts[-1]     # "Mon 28 Nov 14:02": "Mon 14:02"
        return f"Resume: {name}" + (f", {when}" if names.count(parts[0]) > 1 else "")

    def nav(self, step: int) -> None:
        """Move the focus by ``step`` rows, stopping at the first and the
        last row (Left from the first row never lands on "Shut down"); with
        the how-to-play pages open, turn ``step`` pages instead.  Disarms an
        armed "Shut down"."""
        self._disarm()
        if self.howto is not None:
            self.howto.turn(step)
            return
        self.focus = min(max(self.focus + step, 0), len(self.rows()) - 1)

    def _disarm(self) -> None:
        if self.armed:
            self.armed, self.message = False, ""

    def shutting_down(self) -> None:
        """Say on the status line that the power-off has begun."""
        self.armed, self.message = False, "Shutting down…"

    def press(self) -> tuple[str, Any] | None:
        """The big button on the focused row.

        Returns:
            ``("start", {"game", "players", "bots", "options", "bot_levels"})``,
            ``("resume", path)``, ``("watch", path)``, ``("calibrate", None)``, ``("uncalibrate", None)``,
            ``("shutdown", None)``, or ``None`` after changing a value.  "Shut down" arms on the
            first press ("press again to shut down") and returns
            ``("shutdown", None)`` only on the second press in a row.
        """
        if self.label_focused() == "Shut down" and self.howto is None and not self.armed:
            self.armed, self.message = True, "press again to shut down"
            return None
        was_armed = self.armed
        self._disarm()
        if self.howto is not None:           # the pages: the button turns the page, the last one closes
            if not self.howto.press():
                self.howto = None
            return None
        label = self.rows()[self.focus][0]
        info = GAMES[self.game_id]
        if label == "Game":
            self.game_index = (self.game_index + 1) % len(self.games)
            info = GAMES[self.game_id]
            self.players = min(max(self.players, info.min_players), self.max_players(self.game_id))
            self.focus = min(self.focus, len(self.rows()) - 1)
        elif label == "Players":
            self.players = self.players + 1 if self.players < self.max_players(self.game_id) else info.min_players
        elif label == "Bots":
            self.bots = (self.bots + 1) % len(BOT_CHOICES)
            self.focus = min(self.focus, len(self.rows()) - 1)
        elif label == "Bot level":
            self.bot_level = (self.bot_level + 1) % len(BOT_LEVELS)
        elif label == "Difficulty":
            self.difficulty = (self.difficulty + 1) % len(DIFFICULTIES)
        elif label == "Youngest player (starts)":
            self.start_player = (self.start_player % self.players + 1) % self.players
        elif label == "Wrong hit costs":
            self.wrong_hit = (self.wrong_hit + 1) % len(WRONG_HIT_CARDS)
        elif label == "First-game rules":
            self.first_game = not self.first_game
        elif label == "How to play":
            from firmware.screens.howto import Pager
            self.howto = Pager(self.game_id)
        elif label == "Volume":
            k = min(range(len(VOLUMES)), key=lambda i: abs(VOLUMES[i] - self.volume))
            self.volume = VOLUMES[(k + 1) % len(VOLUMES)]
            return ("volume", self.volume)
        elif label == "Text size":
            self.text_size = (self.text_size + 1) % len(TEXT_SIZES)
        elif label == "Resume" and self.resumable:
            k = [i for i, (lab, _) in enumerate(self.rows()) if lab == "Resume"].index(self.focus)
            return ("resume", self.resumable[k][0])
        elif label == "Watch a game" and self.watchable:
            return ("watch", self.watchable[0])
        elif label == "Calibrate dice":
            return ("calibrate", None)
        elif label == "Undo dice calibration":
            return ("uncalibrate", None)
        elif label == "Shut down" and was_armed:
            return ("shutdown", None)
        elif label == "Start":
            choice = BOT_CHOICES[self.bots]
            bots = set() if choice == "none" else set(range(1, self.players)) if choice == "all but seat 1" \
                else set(range(self.players))
            options = {"difficulty": DIFFICULTIES[self.difficulty]} if self.game_id == "cryptid-cafe" else None
            if self.game_id == "cha-dango" and self.start_player % self.players:
                options = {"start_player": self.start_player % self.players}
            if self.game_id == "cha-dango" and self.wrong_hit:
                options = dict(options or {}, wrong_hit_vp_cards=WRONG_HIT_CARDS[self.wrong_hit])
            if self.game_id == "retrograde" and self.first_game:
                options = {"first_game": True}
            return ("start", {"game": self.game_id, "players": self.players, "bots": bots, "options": options,
                              "bot_levels": {s: BOT_LEVELS[self.bot_level] for s in bots}})
        return None

    def label_focused(self) -> str:
        """The focused row's label."""
        return self.rows()[self.focus][0]

    def bot_seats(self) -> set[int]:
        """The 0-based seats the Bots row hands to bots."""
        choice = BOT_CHOICES[self.bots]
        return set() if choice == "none" else set(range(1, self.players)) if choice == "all but seat 1" \
            else set(range(self.players))

    def bot_level_name(self) -> str:
        return BOT_LEVELS[self.bot_level]

    def text_size_name(self) -> str:
        return TEXT_SIZES[self.text_size]

    def keys_hint(self) -> str:
        """How the menu is worked, in the keys or buttons at hand."""
        return "Left/Right: up/down \u00b7 Space: change / start" if self.simulated \
            else "arrows: up/down \u00b7 button: change / start"

    def keys_hints(self) -> list[str]:
        """:meth:`keys_hint`, then shorter forms of it (a narrow header)."""
        return [self.keys_hint(), "Left/Right \u00b7 Space" if self.simulated else "arrows \u00b7 button"]

    def howto_hint(self) -> str:
        """How the how-to-play pages are turned and closed."""
        return "Left/Right: page \u00b7 Space: next" if self.simulated else "arrows: page \u00b7 button: next"

    def scene(self, size: tuple[int, int], measure: Any) -> Any:
        """The menu drawn on the kit (:func:`firmware.screens.menu_scene.menu_scene`):
        a :class:`~firmware.ui.kit.Scene` at ``size`` px."""
        from firmware.screens.menu_scene import menu_scene
        return menu_scene(self, size, measure)


#: a game's name on a Resume row where its full name leaves too little room
#: for the rest on the menu's line (at 1280 x 720)
RESUME_NAMES = {"cafe-junior": "Café Junior"}


def when_words(t: float, now: float | None = None) -> str:
    """When a game was last played, as a person says it: "14:02" (today),
    "yesterday 09:10", "Mon 28 Nov 14:02" (``t``, ``now``: epoch seconds)."""
    when = _dt.datetime.fromtimestamp(t)
    today = _dt.datetime.fromtimestamp(time.time() if now is None else now).date()
    days = (today - when.date()).days
    day = "" if days == 0 else "yesterday " if days == 1 else when.strftime("%a %d %b ")
    return f"{day}{when.strftime('%H:%M')}"


def progress_words(game: Any) -> str:
    """How far a game went, in its own terms: "round 2 of 8", "turn 5",
    "6 orders left" ("" where the view says nothing of it)."""
    v = game.view(None)
    if isinstance(v.get("round"), int) and v.get("rounds"):
        return f"round {max(1, v['round'])} of {v['rounds']}"
    if isinstance(v.get("round"), int) and v["round"] >= 1:
        return f"round {v['round']}"
    if isinstance(v.get("turn_number"), int):
        return f"turn {v['turn_number']}"
    if isinstance(v.get("deck_count"), int):
        return f"{v['deck_count']} order{'s' if v['deck_count'] != 1 else ''} left"
    return ""


def unfinished_games(cfg: dict[str, Any], now: float | None = None) -> tuple[list[tuple[Path, str]], str]:
    """Every unfinished game in the state folder, newest first, as
    (journal path to resume - of its family the member with the longest
    valid continuation - and the game in words: its name, players,
    progress and when it was played), and why the newest save cannot be
    resumed ("" if it can): a damaged save is named, never silently
    passed over, and the older games stay offered by name."""
    import warnings

    from firmware.runtime import journal as journal_mod
    from firmware.runtime.places import state_dir
    folder = state_dir(cfg) / "journals"
    if not folder.is_dir():
        return [], ""
    found, problem = [], ""
    for i, (root, mtime) in enumerate(journal_mod.families_newest_first(folder)):
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", journal_mod.TruncatedJournalWarning)
                chosen, _, game = journal_mod.resolve(root)
        except journal_mod.JournalError as exc:
            log.error("%s", exc)
            if i == 0:
                problem = f"the newest saved game is damaged and was not resumed: {exc}"
            continue
        if game.is_terminal():
            continue
        name = RESUME_NAMES.get(game.game_id) or (GAMES[game.game_id].name if game.game_id in GAMES
                                                   else game.game_id)
        words = [name, f"{game.num_players} player{'s' if game.num_players != 1 else ''}",
                 progress_words(game), when_words(mtime, now)]
        found.append((chosen, ", ".join(w for w in words if w)))
    return found, problem


def _find_resume(menu: Menu, cfg: dict[str, Any]) -> None:
    """Set the menu's Resume rows: every unfinished game, and why the
    newest save cannot be resumed (damaged: named, never skipped silently)."""
    menu.resumable, menu.resume_problem = unfinished_games(cfg)
    from firmware.app.menu_watch import newest_game
    menu.watchable = newest_game(cfg, lambda game, mtime: ", ".join(w for w in (
        GAMES[game.game_id].name if game.game_id in GAMES else game.game_id, f"{game.num_players} players",
        "finished" if game.is_terminal() else progress_words(game), when_words(mtime)) if w))
    menu.focus = min(menu.focus, len(menu.rows()) - 1)


def run_menu(cfg: dict[str, Any]) -> int:
    """Run the menu on the cabinet until the window is closed (simulated)
    or forever (the appliance), starting the chosen games.

    Raises:
        HardwareUnavailable: the configured hardware is missing on a Pi.
    """
    from hardware.cabinet import build_cabinet
    from hardware.debounce import DebounceBank
    from hardware.edges import drain

    from firmware.runtime.places import state_dir
    from firmware.app.session import Session, SessionOptions
    from firmware.ui.keys import SIM_KEYS
    from firmware.ui.hdmi import HdmiRenderer
    from firmware.runtime.wiring import WiringError, wired_players

    cabinet = build_cabinet(cfg, with_camera=False, with_audio=True)   # the games sound (issue 38)
    size = tuple(cfg["cabinet"]["resolution"])
    mode = "window" if cabinet.simulated else "fullscreen"
    if cfg["cabinet"]["display"] in ("window", "fullscreen", "headless"):
        mode = cfg["cabinet"]["display"]
    renderer = HdmiRenderer(size[0], size[1], mode, oled_count=6)
    pg = renderer.pg
    from firmware.runtime.reader import calibration_path
    cal_path = calibration_path(cfg)
    menu = Menu(wired={g: wired_players(cfg, g) for g in GAMES}, calibrated=cal_path.is_file(),
                simulated=bool(cabinet.simulated), volume=0.0 if cfg["audio"]["mute"] else cfg["audio"]["volume"])
    _find_resume(menu, cfg)
    bank = DebounceBank(cabinet.debounce_us, cabinet.levels())
    keys = {pg.key.key_code(SIM_KEYS[0][2]): -1, pg.key.key_code(SIM_KEYS[0][3]): 1}
    button_key = pg.key.key_code(SIM_KEYS[0][0])
    try:
        while True:
            renderer.draw(menu.scene(size, renderer.scene_measure))
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
            if choice is not None and choice[0] == "volume":
                if cabinet.audio is not None:       # heard at once: the press's blip at the new volume
                    cabinet.audio.mute = False
                    cabinet.audio.set_volume(choice[1])
                    cabinet.audio.play("press")
                continue
            if choice is not None and choice[0] == "shutdown":
                from firmware.runtime.power_off import power_off
                menu.shutting_down()                  # told before the screen goes dark
                renderer.draw(menu.scene(size, renderer.scene_measure))
                renderer.present()
                if cabinet.simulated:
                    time.sleep(0.8)                   # the window would close before it is read
                menu.message = power_off(cabinet.simulated) or ""
                if not menu.message:
                    return 0
                continue
            if choice is not None and choice[0] == "uncalibrate":
                cal_path.unlink(missing_ok=True)
                menu.calibrated, menu.focus = False, 0
                menu.message = "dice calibration removed: the reader reads as shipped"
                continue
            if choice is not None and choice[0] == "watch":      # issue 38: a saved game, move by move
                from firmware.app.menu_watch import watch_in_menu
                menu.message = watch_in_menu(cfg, choice[1], cabinet, renderer, size)
                continue
            if choice is not None and choice[0] == "calibrate":
                # the flow opens the cabinet with its camera: the menu's is closed meanwhile
                cabinet.close()
                menu.message = _calibrate(cfg, cal_path, renderer, size)
                menu.calibrated = cal_path.is_file()
                menu.focus = min(menu.focus, len(menu.rows()) - 1)
                cabinet = build_cabinet(cfg, with_camera=False, with_audio=True)   # the games sound (issue 38)
                bank = DebounceBank(cabinet.debounce_us, cabinet.levels())
                continue
            if choice is not None:
                opts = SessionOptions(headless=False, size=size)
                if choice[0] == "resume":
                    try:
                        session = Session.resume(cfg, choice[1], opts, cabinet=cabinet, renderer=renderer)
                    except WiringError as exc:
                        menu.message = str(exc)
                        continue
                    except JournalError as exc:      # damaged, or played by another process
                        log.error("%s", exc)
                        menu.message = f"not resumed: {exc}"
                        _find_resume(menu, cfg)
                        continue
                else:
                    p = choice[1]
                    opts.bots = p["bots"]
                    opts.bot_levels = p["bot_levels"]
                    seed = random.SystemRandom().randrange(1 << 31)
                    path = state_dir(cfg) / "journals" / (
                        f"{p['game']}-{_dt.datetime.now().strftime('%Y%m%d-%H%M%S')}-{seed}.jsonl")
                    try:
                        session = Session.new(cfg, p["game"], p["players"], seed, p["options"], path, opts,
                                              cabinet=cabinet, renderer=renderer)
                    except (WiringError, JournalError) as exc:
                        menu.message = str(exc)      # shown on the menu; the cabinet stays up
                        continue
                menu.message = ""
                try:
                    session.run()
                finally:
                    session.close()    # frees the finished game now (the cabinet and renderer stay)
                _find_resume(menu, cfg)
                menu.focus_resume(choice[1] if choice[0] == "resume" else path)   # the game just left
            time.sleep(1 / max(5, cfg["cabinet"]["fps"]))
    finally:
        cabinet.close()


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
        return "dice calibration stored"
    return "dice calibration refused: " + ("the old one is kept" if result["kept"] else "the reader reads as shipped")
