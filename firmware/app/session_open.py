"""How a session begins: a new game and its journal (:meth:`SessionOpen.new`),
or a game resumed from its journal (:meth:`SessionOpen.resume`: the
journal replayed, the bots, dice source and walkthrough as recorded, the
pause's log and the round's start rebuilt).

:class:`SessionOpen` is a part of :class:`firmware.app.session.Session`:
its class methods build the session (``cls(cfg, game, writer, opts,
model, cabinet, renderer)``) once the game and its journal are open, and
set on it what a resumed game carries on with.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from engines import new_game

from firmware.app.session_walkthrough import house_options
from firmware.runtime import journal as journal_mod
from firmware.runtime import wiring
from firmware.screens.games import cabinet_game

if TYPE_CHECKING:
    from firmware.app.session import Session, SessionOptions

#: "no Pi model given": the cabinet reads it (:func:`hardware.cabinet.build_cabinet`)
_UNSET: Any = object()


def _hook(game_id: str, name: str):
    """The game's optional hook ``name`` (:meth:`CabinetGame.hook`), or None."""
    declared = cabinet_game(game_id)
    return declared.hook(name) if declared is not None else None


def _use_game_locks(cfg: dict[str, Any]) -> None:
    """Game locks in the state folder's ``locks/`` (shared by the service
    and a shell using the same config; the service's /tmp is private)."""
    from firmware.runtime.places import state_dir
    journal_mod.use_lock_dir(state_dir(cfg) / "locks")


class SessionOpen:
    """The creation of a session (mixed into :class:`firmware.app.session.Session`)."""

    @classmethod
    def new(cls, cfg: dict[str, Any], game_id: str, players: int, seed: int, options: dict | None,
            journal_path: str | Path, opts: "SessionOptions", model: Any = _UNSET, cabinet: Any = None,
            renderer: Any = None) -> "Session":
        """Start a new game and its journal.

        Raises:
            SetupError: bad game, player count or options.
            WiringError: the wiring cannot seat ``players`` (nothing written).
            JournalError: the journal path exists or cannot be written.
        """
        options, walkthrough = house_options(options)
        if walkthrough is not None:     # the cabinet's switch, not a rule: the engine never sees it
            opts.walkthrough = walkthrough
        cabinet_options = _hook(game_id, "cabinet_options")
        if cabinet_options is not None:   # the cabinet's settings of the game's rules (CAB-7), recorded in the journal
            options = {**cabinet_options(cfg), **(options or {})}
        game = new_game(game_id, players, seed, options)
        wiring.require(cfg, game_id, players, opts.bots or set())
        _use_game_locks(cfg)
        meta = {"bots": sorted(opts.bots or ()), "dice_from": opts.dice_from,
                "bot_levels": {str(s): k for s, k in sorted(opts.bot_levels.items())}}
        if opts.walkthrough:            # resumed in round 1, the walkthrough goes on
            meta["walkthrough"] = True
        writer = journal_mod.JournalWriter.create(journal_path, game, meta=meta)
        try:
            return cls(cfg, game, writer, opts, model, cabinet, renderer)
        except BaseException:
            # the game never started: do not leave a header-only journal to resume
            writer.close()
            Path(writer.path).unlink(missing_ok=True)
            raise

    @classmethod
    def resume(cls, cfg: dict[str, Any], journal_path: str | Path, opts: "SessionOptions",
               model: Any = _UNSET, cabinet: Any = None, renderer: Any = None) -> "Session":
        """Replay a journal and continue the game (bots and dice source as
        recorded in the journal's header).

        The journal's family (the file and its resume copies) is locked,
        and the member with the longest valid continuation is replayed
        (:func:`firmware.runtime.journal.open_for_resume`).

        Raises:
            JournalLocked: another cabinet process is playing this game.
            JournalError: no member of the family reads cleanly (the files
                are left as they are).
            WiringError: the wiring cannot seat the game.
        """
        _use_game_locks(cfg)
        game, contents, writer = journal_mod.open_for_resume(journal_path)
        try:
            meta = contents.header.get("meta", {}) or {}
            if opts.bots is None:
                opts.bots = set(meta.get("bots", []))
            if not opts.bot_levels:     # the recorded levels of the seats that are bots now
                opts.bot_levels = {int(s): k for s, k in (meta.get("bot_levels") or {}).items()
                                   if int(s) in opts.bots}
            wiring.require(cfg, game.game_id, game.num_players, opts.bots)
            opts.walkthrough = opts.walkthrough or bool(meta.get("walkthrough"))
            if opts.dice_from is None and meta.get("dice_from") and Path(meta["dice_from"]).is_dir():
                opts.dice_from = meta["dice_from"]
            session = cls(cfg, game, writer, opts, model, cabinet, renderer)
            session.dice.restore(contents.lines())   # contested readings and hand entries so far (CAB-6)
            from firmware.runtime.replay import replay_log
            # the pause's log (issue 38); the round's start, so its summary counts from there, not the resume
            from firmware.runtime.by_hand import marked
            # (an old journal's hand entries said from its "entered" notes, PT30)
            texts, start = replay_log(contents.header, marked(contents.actions, contents.notes),
                                      session._summary_round if session._summary_fn is not None else None)
            session.runtime.log.extend(texts)
            session.runtime.events.extend(session.runtime.log)    # the HDMI's moves feed: its latest moves
            session._round_start = start
            restart = _hook(game.game_id, "resume_action")
            session._resume_action = restart(game) if restart is not None else None
            if getattr(session.dice, "table", None) is not None:   # simulated dice go on, not from round 1
                session.dice.table.continue_after(sum(a.get("type") == "dice" for a in contents.actions))
            session.resumed = True
            session.bots_from_resume = set(opts.bots) - set(meta.get("bots", []))
            return session
        except BaseException:
            writer.close()
            raise
