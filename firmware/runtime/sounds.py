"""What asks for which sound (issue 38, Build 1): from what changed to cue names.

:func:`cues` is pure: it compares two :class:`Snapshot` s of what the
cabinet shows (the countdown banner, the seats that must act, the seats'
prompts, the dice station's counts, game over) and takes the engine's new
events, and returns the cues to play, most important first.  The events are
mapped by one table per game (:data:`EVENT_CUES`, keyed by the engine's
event ``type``); everything else is the same for every game:

========== ================================================================
cue        when
========== ================================================================
tick       the countdown banner shows a new second (3, 2, 1)
go         the countdown ends (the dice may be rolled, a resumed race goes
           on), or an order is revealed (a Cha dango race starts)
press      an input the game accepted (a choice confirmed, a slap, a sip)
refused    a seat's press was refused ("not now: ..." on its OLED)
won        a race won (a customer served first, a claim that stands)
lost       a race lost (a wrong hit or sip, a customer nobody served)
dice       the camera read a seat's dice (or they were entered by hand)
nudge      a die the camera could not read: nudge it, or reroll (CAB-5)
turn       a seat played by a person must act, and not every seat does
claim      a card claimed, an order served, a table completed
game_over  the game ended
========== ================================================================

:class:`SoundCues` watches a running session: :meth:`SoundCues.attach`
hooks it to the runtime's ``on_change`` (called whenever the state, a
prompt or the banner changed), and it plays the cues on the cabinet's
audio player (:class:`hardware.audio.Audio`) or, with no sound device, on
the recording twin (:class:`hardware.audio.RecordingAudio`), stamped with
the game's clock, and keeps a caption for each
(:mod:`firmware.runtime.sound_captions`) that the window shows.
"""
from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from typing import Any

from hardware.audio import RecordingAudio

from firmware.runtime.sound_captions import NUDGE_PROMPTS, REFUSED_PROMPT, CaptionLog, caption_lines
from firmware.screens.games import GAMES

#: Cues by importance: the first ones are kept when several come at once.
PRIORITY = ("game_over", "won", "lost", "claim", "go", "turn", "nudge", "refused", "dice", "tick", "press")
#: At most this many cues play for one change (more is noise).
MAX_AT_ONCE = 2

#: Engine event type -> cue, per game (the events of ``engines/*/``; each
#: game declares its own in :mod:`firmware.screens.games`).
EVENT_CUES: dict[str, dict[str, str]] = {gid: dict(g.event_cues) for gid, g in GAMES.items()}
#: Engine event type -> its caption's words where the cue's own word says
#: too little (Ginza's "served": not just "won"), per game.
EVENT_CAPTIONS: dict[str, dict[str, str]] = {gid: dict(g.event_captions) for gid, g in GAMES.items()}


@dataclass(frozen=True)
class Snapshot:
    """What the cabinet shows at one moment, as far as sounds care.

    Attributes:
        banner: the countdown banner ("3", "2", "1", "roll!", "" ...).
        active: seats that must act now (``game.active_players()``), sorted.
        people: seats played by people (not bots).
        players: how many seats play.
        prompts: seat -> the prompt on its OLED (runtime and dice station).
        dice_read: dice given to the game so far (read by the camera or entered).
        dice_by: tray key (a seat; -1 the common dice) -> its dice given so
            far (a caption names the trays whose count grew).
        nudges: unread-dice prompts so far (the dice station's count).
        nudged: seat -> its unread-dice prompts so far (a caption names
            the seats whose count grew, the same words twice too).
        over: the game has ended.
    """
    banner: str = ""
    active: tuple[int, ...] = ()
    people: frozenset[int] = frozenset()
    players: int = 0
    prompts: dict[int, str] = field(default_factory=dict)
    dice_read: int = 0
    dice_by: dict[int, int] = field(default_factory=dict)
    nudges: int = 0
    nudged: dict[int, int] = field(default_factory=dict)
    over: bool = False


def cues(game_id: str, before: Snapshot, after: Snapshot, events: list[dict[str, Any]] = ()) -> list[str]:
    """The cues for one change, most important first (see the module's table).

    Args:
        game_id: the game (``retrograde``, ``cha-dango``, ...): which row of
            :data:`EVENT_CUES` maps ``events``.
        before, after: the cabinet before and after the change.
        events: the engine's events applied in between (dicts with ``type``).

    Returns:
        Distinct cue names of :data:`hardware.audio.SOUNDS`, by
        :data:`PRIORITY`, at most :data:`MAX_AT_ONCE`; only ``game_over``
        when the game ended; no ``press`` when a more telling cue came.
    """
    if after.over and not before.over:
        return ["game_over"]
    found: set[str] = set()
    table = EVENT_CUES.get(game_id, {})
    for e in events:
        cue = table.get(e.get("type", ""))
        if cue is not None:
            found.add(cue)
    if after.banner != before.banner:
        if after.banner.isdigit():
            found.add("tick")
        elif before.banner.isdigit():
            found.add("go")
    if after.dice_read > before.dice_read:
        found.add("dice")
    for seat, text in after.prompts.items():
        if text == before.prompts.get(seat):
            continue
        if text.startswith(NUDGE_PROMPTS):
            found.add("nudge")
        elif text.startswith(REFUSED_PROMPT):
            found.add("refused")
    if after.nudges > before.nudges:
        found.add("nudge")
    newly = set(after.active) - set(before.active)
    if not after.over and newly & after.people and len(after.active) < after.players:
        found.add("turn")
    if found & {"won", "lost", "claim"}:
        found.discard("press")
    return [c for c in PRIORITY if c in found][:MAX_AT_ONCE]


class SoundCues:
    """Plays the cues of a running session (see :meth:`attach`).

    Args:
        session: the :class:`firmware.app.session.Session` (its runtime, dice
            station and countdown banner are read at each change).
        player: the audio player (``play(name, t_us)``).
        people: seats to treat as people for "turn" (default: the seats
            that are not bots at that moment).
    """

    def __init__(self, session: Any, player: Any, people: set[int] | None = None):
        # weak: the session holds this watcher, and a closed session must be
        # freed without the cycle collector (tests/firmware/app/test_session_release.py)
        self._session = weakref.ref(session)
        self.player = player
        self.people = people
        #: the captions of the cues played (:class:`firmware.runtime.sound_captions.CaptionLog`)
        self.captions = CaptionLog()
        self.before = self.snapshot()

    @property
    def session(self) -> Any:
        """The session watched (None once it is freed)."""
        return self._session()

    @classmethod
    def attach(cls, session: Any, people: set[int] | None = None) -> "SoundCues":
        """Watch ``session``: after every change the runtime reports (its
        ``on_change``, before the screens are drawn) the cues play on the
        cabinet's audio player, or on a :class:`RecordingAudio` when the
        cabinet has none (headless, tests)."""
        player = getattr(session.cabinet, "audio", None)
        if player is None:
            audio = session.cfg.get("audio", {})
            player = RecordingAudio(audio.get("volume", 0.8), audio.get("mute", False))
        self = cls(session, player, people)
        runtime = session.runtime
        draw = runtime.on_change

        def changed(rt: Any) -> None:
            self.observe()
            if draw is not None:
                draw(rt)

        runtime.on_change = changed
        return self

    def snapshot(self) -> Snapshot:
        """The session now, as :func:`cues` compares it."""
        s = self.session
        rt, game, dice = s.runtime, s.game, s.dice
        prompts = dict(rt.prompts)
        if dice is not None:
            prompts.update({k: v for k, v in dice.prompts().items() if k not in prompts})
        n = game.num_players
        people = self.people if self.people is not None else set(range(n)) - set(rt.bots)
        over = game.is_terminal()
        stats = getattr(dice, "stats", None)
        return Snapshot(banner=getattr(s, "countdown", "") or "",
                        active=() if over else tuple(sorted(game.active_players())),
                        people=frozenset(people), players=n, prompts=prompts,
                        dice_read=(stats.dice_read + stats.entered) if stats is not None else 0,
                        dice_by=dict(getattr(dice, "given_by", None) or {}),
                        nudges=stats.nudges if stats is not None else 0,
                        nudged=dict(getattr(dice, "nudged", None) or {}), over=over)

    def observe(self) -> list[str]:
        """Compare the session with the last look and play its cues
        (stamped with the game's clock, us), their captions kept in
        :attr:`captions`; returns the cues."""
        rt = self.session.runtime
        events = list(rt.new_events)
        rt.new_events.clear()
        after = self.snapshot()
        game_id = self.session.game.game_id
        out = cues(game_id, self.before, after, events)
        if out:
            self.captions.add(rt.now_us, caption_lines(EVENT_CUES.get(game_id, {}), self.before, after, events, out,
                                                       EVENT_CAPTIONS.get(game_id, {})))
        self.before = after
        for name in out:
            self.player.play(name, rt.now_us)
        return out

