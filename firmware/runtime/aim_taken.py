"""A seat's aim taken by another seat while its cursor stood elsewhere
(PT41, a fresh play-tester: seat 1 had rested on card A, then rerolled; the
bot claimed A while seat 1's dice check was on its OLED; after the check
its planned Right + Space landed on "claim card B", the card that had
moved into A's place, and claimed a card its dice did not fit, the OLED
having said nothing).

The seat's :attr:`SeatControls.aim` (a Retrograde seat's target card,
ruling RG-16) is the choice it meant to take.  When it goes while the
cursor is on another choice (the choice *under* the cursor going is
:meth:`SeatControls._follow`'s "gone"):

* the OLED says so ("card A was taken", :attr:`SeatControls.gone`) until
  the seat moves or presses, as when the card under its cursor is taken;
* until the seat aims anew (its cursor rests on a card long enough for it
  to be its target: ``runner_targets``'s ``TARGET_REST_US``, 0.5 s, which
  a person reading the card needs anyway), its cursor on a one-press race
  (a claim) is guarded as after a card went from under it: the OLED shows
  "card A was taken" over "press to see, or aim" (PT42: it showed "claim
  card B" and the press took nothing), and a press there takes nothing and
  says it again; the press after it takes.

Pure functions over one seat's :class:`SeatControls`; no clock, no I/O.
"""
from __future__ import annotations

from typing import Any

from firmware.runtime.game_choices import screen_label
from firmware.screens.choices import keeps_taken_places


def taken_text(label: str) -> str:
    """What the OLED says of a choice that was taken: "card A was taken"
    for the screen label "claim card A" or a taken card's place's "card A
    taken" (PT61), else "<label>: gone"."""
    if label.startswith("claim "):
        return f"{label[len('claim '):]} was taken"
    if label.endswith(" taken"):
        return f"{label[:-len(' taken')]} was taken"
    return f"{label}: gone"


def remember_aim(controls: Any, labels: list[str], acts: list[dict[str, Any]], game: Any) -> None:
    """Keep the seat's aim, its screen label and the choices it was offered
    among while it is offered (its words, and what "the same decision" is,
    once it is gone), and forget an earlier loss once the seat aims at a
    choice that is offered (it aimed anew)."""
    aim = controls.aim
    if aim is None or aim not in labels:
        return
    controls.lost = None
    label = controls.aim_seen[1] if controls.aim_seen[0] == aim else \
        screen_label(game, controls.seat, acts[labels.index(aim)])
    controls.aim_seen = (aim, label, labels)


def note_aim_taken(controls: Any, labels: list[str], vanished: bool) -> None:
    """The seat's choices are now ``labels`` (their keys, non-empty: a
    seat's choices are empty while its dice check is up): when its aim was
    offered last time it had choices, is gone now, most of the choices are
    the ones it was offered among (the same decision: not its own claim, a
    new phase or round) and the cursor was not on it (``vanished`` False:
    that is the "gone" of the choice under the cursor), the loss is noted
    once (:attr:`SeatControls.lost`) and its OLED says so
    (:attr:`SeatControls.gone`)."""
    aim, seen = controls.aim, controls.aim_seen
    if aim is None or not labels or aim in labels or seen[0] != aim:
        return
    controls.aim_seen = ("", "", [])
    offered = set(seen[2])
    if vanished or 2 * sum(1 for k in labels if k in offered) < len(labels):
        return
    controls.lost = controls.gone = taken_text(seen[1])


def taken_press(controls: Any, race: bool) -> str | None:
    """A press after the seat's aim was taken, on a choice that is a race
    (``race``: one press would take it, a claim): the note it says instead
    of taking a race the seat has not aimed at since (the loss is forgotten
    either way: the next press takes), or None (the press goes on as
    usual; also where the row keeps the taken card's place)."""
    note = controls.lost
    if note is None or not race:
        return None
    if keeps_taken_places(controls._labels):
        # the row keeps the taken card's place (PT61): a planned walk lands on that place, not on
        # the card that moved into it, so the press on a card is the seat's own: it takes
        controls.lost = None
        return None
    controls.lost = None
    return note
