"""A session's first-game walkthrough (issue 38): whether it is on, and
where it is: ``"on"`` during the game's first round, ``"ended"`` for
:data:`ENDED_US` after it (the band says once that the table is on its
own now), then off for good.  What it says is screen code
(:mod:`firmware.screens.walkthrough`); the session only passes this state
to the screens (``context["walkthrough"]``).

:class:`SessionWalkthrough` is a part of :class:`firmware.app.session.Session`.
"""
from __future__ import annotations

from typing import Any

from firmware.screens.walkthrough import first_round

#: How long the "from now on you are on your own" words stay up, us.
ENDED_US = 8_000_000


def house_options(options: dict[str, Any] | None) -> tuple[dict[str, Any] | None, bool | None]:
    """``options`` split into the engine's and the cabinet's walkthrough
    switch (``{"walkthrough": true}`` in ``cabinet play --options``): the
    engine never sees it (and the journal records it in its header's meta).

    Returns:
        ``(engine options, walkthrough)``; walkthrough None when not given.

    Raises:
        SetupError: ``walkthrough`` is not true or false (nothing changed).
    """
    if not options or "walkthrough" not in options:
        return options, None
    value = options["walkthrough"]
    if not isinstance(value, bool):
        from engines.base import SetupError
        raise SetupError(f"option 'walkthrough' must be true or false, got {value!r}")
    rest = {k: v for k, v in options.items() if k != "walkthrough"}
    return rest or None, value


class SessionWalkthrough:
    """The walkthrough's state (mixed into :class:`firmware.app.session.Session`,
    whose ``game``, ``runtime`` and ``opts`` it reads)."""

    game: Any
    runtime: Any
    opts: Any

    def _init_walkthrough(self) -> None:
        """On when the session's options ask for it and the game is in its
        first round (a game resumed later has nothing to walk through)."""
        self._walk_live = bool(getattr(self.opts, "walkthrough", False)) and first_round(self.game)
        self._walk_ended_us: int | None = None
        #: "on", "ended" or None: what the screens are told
        self.walkthrough: str | None = "on" if self._walk_live else None

    def _walkthrough_tick(self, t_us: int) -> str | None:
        """The state at ``t_us`` (runtime clock, us); marks the runtime
        dirty when it changed, so the screens redraw (the closing words go
        away by themselves)."""
        if not self._walk_live:
            state = None
        elif self._walk_ended_us is None and first_round(self.game) and not self.game.is_terminal():
            state = "on"
        else:
            if self._walk_ended_us is None:
                self._walk_ended_us = t_us
            state = "ended" if t_us - self._walk_ended_us < ENDED_US else None
            self._walk_live = state is not None
        if state != self.walkthrough:
            self.walkthrough = state
            self.runtime.dirty = True
        return state
