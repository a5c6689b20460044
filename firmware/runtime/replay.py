"""Watching a game again from its journal (issue 38, Build 6).

A journal holds the game's seed, options and every action applied, so any
moment of the game can be rebuilt by replaying its first actions.  A
*step* is one move that said something: the actions up to and including
the next one whose engine events have words (a claim, a slap, a served
order); actions that say nothing (a button let go, a clock tick) ride with
the move after them, so stepping never shows a screen where nothing
visible happened.  Step 0 is the game as set up.

What is shown: the shared screen at the public view (``game.view(None)``:
:func:`firmware.screens.draw.hdmi_screen`), the moves in words, and the
seats' private views (their OLED frames) only when the recorded game is
over: the hands of a game that can still be resumed stay hidden.

Reading never modifies the journal; a damaged one is refused with
:class:`ReplayRefused`, in words, as ``cabinet resume`` refuses it.
"""
from __future__ import annotations

import copy
import logging
import os
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engines import Game, new_game
from engines.results import game_result

from firmware.runtime import journal as journal_mod
from firmware.runtime.by_hand import event_texts, marked
from firmware.runtime.controls import SeatControls
from firmware.screens.moves_log import move_words

log = logging.getLogger("cabinet.replay")

#: A copy of the game is kept every this many actions (stepping back
#: replays at most this many actions from the nearest copy).
CHECKPOINT_EVERY = 32
#: How many recent moves in words the shared screen shows beside the board.
RECENT = 8


class ReplayRefused(journal_mod.JournalError):
    """The journal cannot be watched (damaged, missing, unknown game); the
    message says why in words and that the file was not changed."""


@dataclass(frozen=True)
class Step:
    """One step of a replay: ``end`` actions applied after it (1-based
    count into the journal's actions), ``words`` what the move said (the
    engine's event texts, seats as "Seat N")."""
    end: int
    words: tuple[str, ...]


def replay_log(header: dict[str, Any], actions: list[dict[str, Any]],
               round_of: Any = None) -> tuple[list[str], dict[str, Any] | None]:
    """One replay of a journal's actions for a resumed game: the engine's
    event texts, oldest first (its log starts with them), and, with
    ``round_of`` (a view -> the round it counts in), the public view at the
    start of the round the game is in: the view after the first action
    whose ``round_of(view)`` differs from the one before (as a live session
    marks a round's start for its summary, CAB-10), so a game resumed
    mid-round sums up the whole round at its end (issue 34).  ``([],
    None)`` when the journal does not replay (the resume itself reports
    it); the start is None too without ``round_of``."""
    try:
        game = new_game(header["game"], header["num_players"], header["seed"], header["options"])
        texts: list[str] = []
        start = None
        for a in actions:
            texts += [t for t in event_texts(game.apply(dict(a)), a) if t]     # by hand: said so (PT30)
            if round_of is not None:
                view = game.view(None)
                if start is None or round_of(view) != round_of(start):
                    start = view
        return texts, start
    except Exception:           # the resume itself reports a journal that does not replay
        return [], None


def newest_journal(folder: Path) -> Path | None:
    """The newest game in ``folder`` (by the play sequence the journals
    carry, as ``cabinet resume`` finds it), finished or not: of its family,
    the original (:func:`open_replay` picks the member to watch); None when
    the folder holds no journal."""
    if not folder.is_dir():
        return None
    for root, _ in journal_mod.families_newest_first(folder):
        return Path(root)
    return None


class Replay:
    """A recorded game, stepped forward and back.

    Attributes:
        path: the journal watched (the family member with the longest valid
            continuation).
        steps: the steps, in order (``steps[0]`` is the set-up, no words).
        finished: the recorded game reached its end.
    """

    def __init__(self, path: Path, header: dict[str, Any], actions: list[dict[str, Any]]) -> None:
        self.path = path
        self.header = header
        self.actions = actions
        self.game_id: str = header["game"]
        self.num_players: int = int(header["num_players"])
        self._checkpoints: dict[int, Game] = {}
        #: the game object of each step shown so far, kept while the replay lives: a screen that
        #: remembers what it worked out per game object (Retrograde's blast plans, found at a
        #: turn's start) then finds the same when a step is shown again
        self._games: dict[int, Game] = {}
        self.steps: list[Step] = [Step(0, ())]
        game = self._new()
        pending: list[str] = []
        for i, action in enumerate(actions):
            if i % CHECKPOINT_EVERY == 0:
                self._checkpoints[i] = copy.deepcopy(game)
            pending += [t for t in event_texts(game.apply(dict(action)), action) if t]
            words = move_words(self.game_id, pending, game.view(None)) if pending else []
            if words:
                self.steps.append(Step(i + 1, tuple(words)))
                pending = []
        if len(actions) > self.steps[-1].end:      # silent actions at the very end join the last step
            if len(self.steps) > 1:
                self.steps[-1] = Step(len(actions), self.steps[-1].words)
            else:
                self.steps.append(Step(len(actions), ()))
        self.finished = game.is_terminal()
        self._final = game

    # ---------------------------------------------------------------- opening
    @classmethod
    def open(cls, path: str | os.PathLike) -> "Replay":
        """Read and replay ``path``'s game (of its family the member with
        the longest valid continuation, as resume chooses).

        Raises:
            ReplayRefused: the file is missing or damaged, or its actions do
                not replay; the message names the file and the line, and
                says the file was not changed.
        """
        p = Path(path)
        if not p.exists() and not journal_mod.family(p):
            raise ReplayRefused(f"{p}: no such saved game")
        try:
            with warnings.catch_warnings():       # a cut-off last line: watch the moves before it
                warnings.simplefilter("ignore", journal_mod.TruncatedJournalWarning)
                chosen, contents, _ = journal_mod.resolve(p)
        except journal_mod.JournalError as exc:
            said = str(exc).rstrip(".")
            raise ReplayRefused(f"this saved game is damaged and cannot be watched: {said}"
                                + ("" if "not changed" in said else "; the file was not changed")) from exc
        # an old journal's hand entries, from its "entered" notes (PT30)
        return cls(Path(chosen), contents.header, marked(contents.actions, contents.notes))

    def _new(self) -> Game:
        h = self.header
        return new_game(h["game"], h["num_players"], h["seed"], h["options"])

    # ---------------------------------------------------------------- stepping
    @property
    def last(self) -> int:
        """The index of the last step."""
        return len(self.steps) - 1

    def game_at(self, k: int) -> Game:
        """The game after step ``k`` (0 = as set up), rebuilt from the
        nearest kept copy the first time, then the same object (do not
        apply actions to it).

        Raises:
            IndexError: ``k`` outside ``0..last``.
        """
        if not 0 <= k <= self.last:
            raise IndexError(f"step {k} outside 0..{self.last}")
        if k in self._games:
            return self._games[k]
        self._games[k] = game = self._build(k)
        return game

    def _build(self, k: int) -> Game:
        end = self.steps[k].end
        start = max((i for i in self._checkpoints if i <= end), default=0)
        game = copy.deepcopy(self._checkpoints[start]) if start in self._checkpoints else self._new()
        for action in self.actions[start:end]:
            game.apply(dict(action))
        return game

    def words_until(self, k: int, keep: int = RECENT) -> list[str]:
        """The moves in words up to step ``k``, the last ``keep`` lines,
        oldest first."""
        out: list[str] = []
        for step in self.steps[1:k + 1]:
            out += step.words
        return out[-keep:]

    def caption(self, k: int, short: bool = False) -> str:
        """What the screen's header says: where in the game this is and how
        to step and leave ("Replay 8/63 · arrows step, button leaves");
        ``short``: where only, for a header with little room."""
        state = " (the end)" if k == self.last and self.finished else (
            " (saved so far)" if k == self.last else "")
        where = f"Replay {k}/{self.last}{state}"
        return where if short else f"{where} \u00b7 arrows step, button leaves"

    def context(self, k: int, game: Game | None = None) -> dict[str, Any]:
        """The screens' context at step ``k`` (no cursors, no prompts: the
        public view only)."""
        game = game or self.game_at(k)
        return {"last_events": self.words_until(k), "prompts": {}, "notice": self.caption(k), "banner": "",
                "dice": {}, "now_us": game.now_us(), "readings": {}, "bots": [], "controls": None,
                "result": game_result(game) if game.is_terminal() else None}

    def scene(self, k: int, size: tuple[int, int], measure: Any = None) -> Any:
        """The shared screen at step ``k`` (a kit ``Scene``), built from the
        public view only."""
        from firmware.screens.draw import hdmi_screen
        game = self.game_at(k)
        context = self.context(k, game)
        # the kit's LayoutError: a header with little room gets the short caption; if that
        # fails too (a layout bug), the step in words, never an error that ends the replay (PT30)
        for notice in (lambda: context.get("notice"), lambda: self.caption(k, short=True)):
            try:
                return hdmi_screen(game, dict(context, notice=notice()), size=size, measure=measure)
            except ValueError as exc:
                fault = exc
        log.error("replay step %d could not be drawn (%s): shown in words", k, fault)
        from firmware.screens.plain import plain_screen
        return plain_screen(game, context, size, measure)

    @property
    def private_allowed(self) -> bool:
        """A seat's private view may be shown: only when the recorded game
        is over (an unfinished game can still be resumed; its hands stay
        hidden)."""
        return self.finished

    def oled_frames(self, k: int) -> list[Any] | None:
        """Every seat's OLED frame at step ``k`` (its private view), or
        None before the recorded game is over (:attr:`private_allowed`)."""
        if not self.private_allowed:
            return None
        from firmware.screens.draw import oled_frame
        game = self.game_at(k)
        ctx = dict(self.context(k, game), notice="")
        return [oled_frame(game, s, SeatControls(s), ctx) for s in range(self.num_players)]

    def as_dict(self) -> dict[str, Any]:
        """The replay for ``--json``: the game, whether it finished, and
        each step's move in words with its result (scores after it)."""
        steps = []
        for k, step in enumerate(self.steps):
            game = self.game_at(k)
            steps.append({"step": k, "actions": step.end, "words": list(step.words),
                          "scores": list(game.scores()), "over": game.is_terminal()})
        result = game_result(self._final).as_dict() if self.finished else None
        return {"journal": str(self.path), "game": self.game_id, "players": self.num_players,
                "finished": self.finished, "private_views": self.private_allowed, "steps": steps,
                "result": result}
