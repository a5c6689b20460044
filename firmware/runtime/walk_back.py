"""A person's walk back to "reroll" keeps its target (ruling RG-16; a fresh
play-test of Retrograde: from card C, one Left a second past B and A to
"reroll", and the reroll kept A's dice: each card passed had been rested on
half a second, so it became the target, and with A and D on the table a
player who reads the OLED between presses could never reroll for B or C).

In the simulator a person's reroll keeps the dice that fit its target, the
card its cursor last rested on (:data:`~firmware.runtime.runner_targets.TARGET_REST_US`).
A *walk* is the seat's arrow steps one way, with no button press, group
jump or rest of :data:`WALK_REST_US` between; a walk that reaches "reroll"
keeps the target the seat had when the walk began, so the cards it passed
are not the target.  A turn of direction begins a walk anew (rested on B,
one step away from "reroll" and back: B), as does a long rest on a card
(2 s on B on the way back: B).  Bots keep their own plan's dice."""
from __future__ import annotations

from typing import Any

#: A rest this long begins a person's walk of arrow steps anew (the card
#: rested on is where its walk back to "reroll" begins), us.
WALK_REST_US = 2_000_000

Walk = tuple[int, Any]


def walk_from(runtime: Any, seat: int, step: int) -> Walk | None:
    """Before ``seat``'s arrow ``step`` on ``runtime`` (a
    :class:`~firmware.runtime.runner.Runtime`): the walk the step goes on
    with (the same way, its cursor not rested :data:`WALK_REST_US` since)
    or the one it begins: (its direction, the seat's target entry now,
    rests up to now noted).  None for a bot, or when the game's seats aim
    at no target card (:meth:`~firmware.runtime.runner_targets.RunnerTargets.aims_at_cards`)."""
    if seat in runtime.bots or not runtime.aims_at_cards():
        return None
    runtime.note_targets()
    way = 1 if step > 0 else -1
    walk = runtime._walks.get(seat)
    if walk is not None and walk[0] == way and runtime.now_us - runtime._moved_on.get(seat, 0) < WALK_REST_US:
        return walk
    return (way, runtime.targets.get(seat))


def walk_to(runtime: Any, seat: int, walk: Walk | None) -> None:
    """After the arrow step of ``walk`` (:func:`walk_from`): it goes on, and
    if the cursor reached "reroll" the seat's target is again the one the
    walk began with (the cards passed are not it)."""
    if walk is None:
        return
    runtime._walks[seat] = walk
    chosen = runtime.controls[seat].shown(runtime.game).chosen
    if chosen is not None and chosen.get("type") == "reroll":
        if walk[1] is None:
            runtime.targets.pop(seat, None)
        else:
            runtime.targets[seat] = walk[1]
    runtime.aim_cursors()
