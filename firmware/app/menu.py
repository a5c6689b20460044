"""The cabinet's menu as state, driven by any seat's navigation input and
big button: game, number of players, which seats are bots, difficulty,
house rules, how to play, resume any unfinished game, watch a saved one,
start; volume and text size; calibrate the dice reader to this cabinet
and undo that calibration; shut down.

:class:`Menu` is pure state (testable without a screen), drawn by
:func:`firmware.screens.menu_scene.menu_scene`;
:func:`firmware.app.menu_loop.run_menu` runs it on the cabinet and
:func:`firmware.app.menu_saves.find_resume` fills its saved games.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engines import GAMES
from engines.registry import is_available

from firmware.app.menu_saves import RESUME_NAMES
from firmware.screens.games import GAMES as CABINET_GAMES

BOT_CHOICES = ["none", "all but seat 1", "all"]
BOT_LEVELS = ["easy", "normal", "hard"]
#: the Bot level row's value while the Bots row says "none" (the row stays, greyed)
NO_BOTS = "no bots"
DIFFICULTIES = ["easy", "hard", "epic"]
#: Cryptid Cafe's Difficulty row with 2+ players (greyed: it sets the solo game only)
SOLO_ONLY = "solo only"
#: game id -> the name on the menu's Resume line: each game's own words
#: (:mod:`firmware.screens.games`)
MENU_NAMES = {gid: g.menu_name for gid, g in CABINET_GAMES.items()}
#: Cha dango's house rule: the VP cards a wrong hit costs on top of what it
#: loses anyway (ruling CD-12: the book's none first)
WRONG_HIT_CARDS = (0, 1, 2, 4)
#: the volume steps the menu's Volume row cycles through (0 = silent)
VOLUMES = (0.0, 0.2, 0.4, 0.6, 0.8, 1.0)
TEXT_SIZES = ("normal", "large")


@dataclass
class Menu:
    """Menu state.  Rows: game, players, bots, bot level (always; "no bots",
    greyed, while there are none: the rows below never move), difficulty, one "Resume" row per unfinished game (newest first,
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
    #: the first-game walkthrough (issue 38): on by default, as a family's
    #: first game starts here; it prompts only people's seats, only in
    #: round 1, and stops by itself (one press turns it off)
    walkthrough: bool = True
    #: Cha dango house rule: index into :data:`WRONG_HIT_CARDS`
    wrong_hit: int = 0
    #: the sounds' volume, 0..1 (from ``[audio] volume``)
    volume: float = 0.8
    #: index into :data:`TEXT_SIZES`
    text_size: int = 0
    #: sound captions shown (a line per sound for 1.5 s; config ``[audio] captions``): in the
    #: simulator's window they are on unless "off", on the cabinet's HDMI only when "on"
    captions: bool = False
    #: the how-to-play pages while open (:class:`firmware.screens.howto.Pager`), else None
    howto: Any = None
    #: the newest saved game to watch again (journal, the game in words), or None (issue 38)
    watchable: tuple[Path, str] | None = None
    #: "Shut down" pressed once: the next press on it powers off, any other input disarms
    armed: bool = False
    #: each Resume row's journal -> its seats as saved: (seat count, the 0-based bot seats, their levels)
    saved_seats: dict[Path, tuple[int, frozenset[int], dict[int, str]]] = field(default_factory=dict)
    #: the Bots row was changed: a resumed game's seats are played as it says (else as saved)
    bots_chosen: bool = False

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
        # always there (PT13, m7: a row that came and went moved the rows below under a person's presses);
        # greyed "no bots" while there are none (:meth:`greyed`)
        rows.append(("Bot level", BOT_LEVELS[self.bot_level] if BOT_CHOICES[self.bots] != "none" else NO_BOTS))
        if self.game_id == "cryptid-cafe":     # it sets the solo wasted-dish cost only; always there (issue 34:
            # a row that came and went with Players moved the rows below), greyed "solo only" with 2+ players
            rows.append(("Difficulty", DIFFICULTIES[self.difficulty] + " (solo)" if self.players == 1 else SOLO_ONLY))
        if self.game_id == "cha-dango":
            rows.append(("Youngest player (starts)", f"seat {self.start_player % self.players + 1}"))
            cost = WRONG_HIT_CARDS[self.wrong_hit]
            rows.append(("Wrong hit costs", "nothing more" if not cost else f"{cost} VP card" + ("s" if cost != 1 else "")))
        if self.game_id == "retrograde":
            rows.append(("First-game rules", "on" if self.first_game else "off"))
        rows.append(("How to play", info.name))
        rows.append(("Walkthrough", "on" if self.walkthrough else "off"))
        if self.resume_problem:
            rows.append(("Resume last game", "damaged save"))
        rows += [("Resume", words) for _, words in self.resumable]
        if not self.resumable and not self.resume_problem:
            rows.append(("Resume", "no unfinished game"))
        rows.append(("Watch a game", self.watchable[1].split(", ")[0] if self.watchable else "no saved game"))
        rows.append(("Start", ""))
        rows.append(("Volume", "silent" if self.volume <= 0 else f"{round(self.volume * 10)} of 10"))
        rows.append(("Text size", TEXT_SIZES[self.text_size]))
        rows.append(("Sound captions", "on" if self.captions else "off"))
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
            ``("start", {"game", "players", "bots", "options", "bot_levels", "walkthrough"})``,
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
            self._bots_offered()
            self.focus = min(self.focus, len(self.rows()) - 1)
        elif label == "Players":
            self.players = self.players + 1 if self.players < self.max_players(self.game_id) else info.min_players
            self._bots_offered()
        elif label == "Bots":
            offered = self.bot_choices()
            self.bots = BOT_CHOICES.index(offered[(offered.index(BOT_CHOICES[self.bots]) + 1) % len(offered)])
            self.bots_chosen = True
            self.focus = min(self.focus, len(self.rows()) - 1)
        elif label == "Bot level":
            if BOT_CHOICES[self.bots] == "none":
                self.message = "no bots: choose them in the Bots row first"
            else:
                self.bot_level = (self.bot_level + 1) % len(BOT_LEVELS)
        elif label == "Difficulty" and label in self.greyed():
            self.message = "solo only: set Players to 1 to choose the difficulty"
        elif label == "Difficulty":
            self.difficulty = (self.difficulty + 1) % len(DIFFICULTIES)
        elif label == "Youngest player (starts)":
            self.start_player = (self.start_player % self.players + 1) % self.players
        elif label == "Wrong hit costs":
            self.wrong_hit = (self.wrong_hit + 1) % len(WRONG_HIT_CARDS)
        elif label == "First-game rules":
            self.first_game = not self.first_game
        elif label == "Walkthrough":
            self.walkthrough = not self.walkthrough
        elif label == "How to play":
            from firmware.screens.howto import Pager
            self.howto = Pager(self.game_id)
        elif label == "Volume":
            k = min(range(len(VOLUMES)), key=lambda i: abs(VOLUMES[i] - self.volume))
            self.volume = VOLUMES[(k + 1) % len(VOLUMES)]
            return ("volume", self.volume)
        elif label == "Text size":
            self.text_size = (self.text_size + 1) % len(TEXT_SIZES)
        elif label == "Sound captions":
            self.captions = not self.captions
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
            return ("start", self._start_choice())
        return None

    def _start_choice(self) -> dict[str, Any]:
        """What the Start row starts: ``{"game", "players", "bots" (seats,
        0-based), "options" (the game's options or None), "bot_levels",
        "walkthrough"}`` from the rows' values."""
        choice = BOT_CHOICES[self.bots]
        bots = set() if choice == "none" else set(range(1, self.players)) if choice == "all but seat 1" \
            else set(range(self.players))
        options = {"difficulty": DIFFICULTIES[self.difficulty]} \
            if self.game_id == "cryptid-cafe" and self.players == 1 else None
        if self.game_id == "cha-dango" and self.start_player % self.players:
            options = {"start_player": self.start_player % self.players}
        if self.game_id == "cha-dango" and self.wrong_hit:
            options = dict(options or {}, wrong_hit_vp_cards=WRONG_HIT_CARDS[self.wrong_hit])
        if self.game_id == "retrograde" and self.first_game:
            options = {"first_game": True}
        return {"game": self.game_id, "players": self.players, "bots": bots, "options": options,
                "bot_levels": {s: BOT_LEVELS[self.bot_level] for s in bots}, "walkthrough": self.walkthrough}

    def bot_choices(self) -> list[str]:
        """The Bots row's values offered: only those that differ (with 1
        player "all but seat 1" is "none", PT13)."""
        return [c for c in BOT_CHOICES if not (c == "all but seat 1" and self.players < 2)]

    def _bots_offered(self) -> None:
        """The Bots row's value kept among those offered (1 player: "all
        but seat 1" becomes "none", which it meant)."""
        if BOT_CHOICES[self.bots] not in self.bot_choices():
            self.bots = BOT_CHOICES.index("none")

    def greyed(self) -> set[str]:
        """The labels of rows shown but doing nothing now (the Bot level
        row with no bots, Cryptid Cafe's Difficulty with 2+ players)."""
        out = {"Bot level"} if BOT_CHOICES[self.bots] == "none" else set()
        if self.game_id == "cryptid-cafe" and self.players > 1:
            out.add("Difficulty")
        return out

    def label_focused(self) -> str:
        """The focused row's label."""
        return self.rows()[self.focus][0]

    def bot_seats(self) -> set[int]:
        """The 0-based seats the Bots row hands to bots."""
        choice = BOT_CHOICES[self.bots]
        return set() if choice == "none" else set(range(1, self.players)) if choice == "all but seat 1" \
            else set(range(self.players))

    def focused_save(self) -> Path | None:
        """The journal of the focused Resume row, or None (another row)."""
        rows = self.rows()
        if rows[self.focus][0] != "Resume" or not self.resumable:
            return None
        return self.resumable[[i for i, (lab, _) in enumerate(rows) if lab == "Resume"].index(self.focus)][0]

    def resume_seats(self, path: Path) -> tuple[set[int], dict[int, str]]:
        """Who plays a saved game resumed from this menu: (the 0-based
        seats bots play, seat -> bot level).  The save's own seat count
        (not the Players row); the seats the Bots row gives bots once it
        was changed (as ``cabinet resume --bots``), else the bots as saved
        with their saved levels."""
        players, saved, levels = self.saved_seats.get(path, (self.players, frozenset(), {}))
        if not self.bots_chosen:
            return set(saved), {s: levels.get(s, BOT_LEVELS[1]) for s in saved}
        choice = BOT_CHOICES[self.bots]
        bots = set() if choice == "none" else set(range(1, players)) if choice == "all but seat 1" \
            else set(range(players))
        return bots, {s: BOT_LEVELS[self.bot_level] for s in bots}

    def shown_seats(self) -> tuple[int, dict[int, str]]:
        """The seats the menu shows (seat count, bot seat -> level): the
        focused saved game's on a Resume row, else the game to start's."""
        path = self.focused_save()
        if path is not None and path in self.saved_seats:
            return self.saved_seats[path][0], self.resume_seats(path)[1]
        return self.players, {s: self.bot_level_name() for s in self.bot_seats()}

    def bot_level_name(self) -> str:
        return BOT_LEVELS[self.bot_level]

    def captions_setting(self) -> str:
        """Config ``[audio] captions`` as the Sound captions row sets it:
        ``on`` / ``off`` (in the simulator ``on`` shows them in the window,
        as ``window`` does)."""
        return "on" if self.captions else "off"

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
