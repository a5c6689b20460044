"""Which seats are wired well enough for a game: checked before a game
starts (``play``, ``resume``, the menu), so a missing wire is a clear
refusal, never a ``KeyError`` in the middle of a game.

Ruling CAB-2 defines a seat: big button (+ LED), navigation, cup sensor,
OLED.  What a game needs of a seat played by a person:

* every game: the big button (confirm, races), the navigation (nav_a and
  nav_b, or an encoder: choices are picked on the seat's own screen) and
  the OLED (the seat's choices and its private cards);
* Cha dango: the cup switch too (the tea-sip race, CD-6/CD-7), but no
  navigation (its one choice, the reveal, is the big button).

A seat played by a bot needs only what the bot presses: the big button,
and the cup in Cha dango.
"""
from __future__ import annotations

from typing import Any

from engines import GAMES
from hardware.settings import effective_seats, seat_path

from firmware.screens.games import cabinet_game

class WiringError(ValueError):
    """The wiring lacks a part a game needs; the message names the seat,
    the part, the config key and the fix."""


def _missing(seat: dict[str, Any], needs: tuple[str, ...], path: str) -> list[str]:
    out = []
    if seat.get("button", -1) < 0:
        out.append(f"no big button ({path}.button)")
    if "cup" in needs and seat.get("cup", -1) < 0:
        out.append(f"no cup switch ({path}.cup)")
    if "navigation" in needs and (seat.get("nav_a", -1) < 0 or seat.get("nav_b", -1) < 0):
        out.append(f"no navigation ({path}.nav_a / nav_b)")
    if "oled" in needs and seat.get("oled", {}).get("driver", "none") == "none":
        out.append(f"no OLED ({path}.oled.driver = \"none\")")
    return out


def missing(cfg: dict[str, Any], game_id: str, players: int, bots: set[int] | frozenset = frozenset()) \
        -> list[tuple[int, list[str]]]:
    """What the wiring lacks for ``players`` seats of ``game_id``.

    Args:
        cfg: the validated config (its ``[[seats]]``, or the default wiring).
        bots: 0-based seats played by bots (they need less).

    Returns:
        ``(0-based seat, [what is missing, with its config key])`` for each
        seat that cannot play; empty when every seat is wired.
    """
    seats = effective_seats(cfg)
    out = []
    for i in range(players):
        declared = cabinet_game(game_id)
        needs = ((declared.bot_needs if declared else ()) if i in bots
                 else (declared.needs if declared else ("navigation", "oled")))
        if i >= len(seats):
            out.append((i, [f"no [[seats]] table (the config wires {len(seats)} seat"
                            f"{'' if len(seats) == 1 else 's'})"]))
            continue
        lacks = _missing(seats[i], needs, seat_path(cfg, i))
        if lacks:
            out.append((i, lacks))
    return out


def wired_players(cfg: dict[str, Any], game_id: str) -> int:
    """The most players of ``game_id`` (at most its maximum) the wiring
    seats with people at every seat (seats 1..N all wired); 0 if seat 1
    is not."""
    seats = effective_seats(cfg)
    limit = min(len(seats), GAMES[game_id].max_players if game_id in GAMES else len(seats))
    n = 0
    while n < limit and not any(seat == n for seat, _ in missing(cfg, game_id, n + 1)):
        n += 1
    return n


def require(cfg: dict[str, Any], game_id: str, players: int, bots: set[int] | frozenset = frozenset()) -> None:
    """Refuse a game the wiring cannot seat.

    Raises:
        WiringError: e.g. ``seat 5 is not wired for Cryptid Cafe: no
            navigation (default seats[4].nav_a / nav_b), no OLED (...);
            wire it (docs/build-guide.md) or play with at most 4 players``.
    """
    problems = missing(cfg, game_id, players, bots)
    if not problems:
        return
    name = GAMES[game_id].name if game_id in GAMES else game_id
    seat, lacks = problems[0]
    most = wired_players(cfg, game_id)
    more = f" (and {len(problems) - 1} more seat{'s' if len(problems) > 2 else ''})" if len(problems) > 1 else ""
    fix = f"play with at most {most} players" if most >= GAMES[game_id].min_players else "fix the [[seats]] tables"
    raise WiringError(f"seat {seat + 1} is not wired for {name}: {', '.join(lacks)}{more}; "
                      f"wire it (docs/build-guide.md, cabinet hardware check) or {fix}")
