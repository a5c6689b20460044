"""Bots that play every game of the cabinet, at levels a family can choose.

A bot plays one seat through the engine contract (``legal_actions``,
``view``) and never looks at what its seat cannot see: heuristic policies
read the seat's own :meth:`~engines.base.Game.view`; the search bot samples
everything hidden afresh from the seat's knowledge before it looks ahead
(:mod:`bots.determinise`).

Kinds (``make_bot``): ``random`` (uniform legal actions), ``easy``,
``normal`` (the heuristic bot), ``hard`` (determinised Monte Carlo tree
search over the heuristic bot for turn-based choices; sharper eyes and a
finer roll policy in real-time play).  ``heuristic`` is another name for
``normal``.  Per-level reaction times and slip rates are in
:data:`bots.base.LEVELS`.

This package uses the standard library and :mod:`engines` only.
"""
from __future__ import annotations

from .base import KINDS, LEVELS, Bot, BotError, make_bot, parse_kinds

__all__ = ["KINDS", "LEVELS", "Bot", "BotError", "make_bot", "parse_kinds"]
