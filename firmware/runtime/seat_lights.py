"""What each seat's button light says (issue 38, Build 5): steady when it
is the seat's turn, blinking when the seat must act now (a race is open to
it, its dice are to be rolled or nudged, a reading waits for its check),
off while it waits.  Bots' seats stay off (no one sits there to tell);
everything is off while the game is paused; at the end every person's
light is on (their button goes on).  The modes drive
:class:`hardware.seat_lights.SeatLight`."""
from __future__ import annotations

from typing import Any

#: dice station prompts that ask a seat to act on its dice now
_DICE_WORDS = ("roll", "nudge", "reroll", "turn dice", "seen,")


def seat_modes(game: Any, context: dict[str, Any], bots: Any, paused: bool) -> list[str]:
    """Each seat's light mode (``"off"``, ``"on"``, ``"blink"``), 0-based
    seats, from the game and the screens' runtime context (``prompts``,
    ``readings``).

    Rules: paused: all off; game over: people on; a bot's seat: off; a
    real-time action open to the seat (a template with ``t_us`` None: a
    Retrograde claim, a Cha dango slap or sip), a dice prompt (roll,
    nudge) or a reading to check: blink; the seat among the active
    players: on; else off.
    """
    from firmware.screens.readings import reading_for
    n = game.num_players
    bots = set(bots or ())
    if paused:
        return ["off"] * n
    if game.is_terminal():
        return ["off" if s in bots else "on" for s in range(n)]
    active = set(game.active_players())
    prompts = context.get("prompts") or {}
    out = []
    for seat in range(n):
        if seat in bots:
            out.append("off")
            continue
        said = str(prompts.get(seat, ""))
        checking = reading_for(context.get("readings"), seat, bots, context.get("dice_rereading") or ())
        race = seat in active and any(isinstance(a, dict) and "t_us" in a and a["t_us"] is None
                                      for a in game.legal_actions(seat))
        # (the simulator's "die nudged for you", "rerolled for you": done for the seat, PT30)
        dice_to_act = any(w in said for w in _DICE_WORDS) and not said.endswith("for you")
        if race or checking is not None or dice_to_act:
            out.append("blink")
        elif seat in active:
            out.append("on")
        else:
            out.append("off")
    return out
