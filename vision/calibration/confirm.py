"""The confirmation and keep rule: every :data:`CONFIRM_EVERY`-th scene
of a labelled folder (by name; augmented copies are one scene) is kept
back as *confirmation rolls* (:func:`split_scenes`); a calibration is
judged on them by what the players feel (:func:`player_cost`): each die
left unread costs them one nudge, each die given a wrong value
:data:`MISREAD_COST` nudges.  A candidate whose cost on the rolls rises
is out (:func:`reads_worse`), and of the others the one of lowest cost
(:func:`weigh`) is kept only if that cost is lower than the reader's as
it is (else nothing needs changing).  The guided flow on the cabinet
(:mod:`firmware.calibration`) judges its candidates by the same rule.
"""
from __future__ import annotations

from pathlib import Path

from vision.dataset import scene_key

#: every how-many-th scene is kept back to confirm the calibration
CONFIRM_EVERY = 4
#: What a die given a wrong value costs the players, in nudges (a die left
#: unread costs one: the seat is asked to nudge it, CAB-5).  Why 10:
#: a nudge costs a person about 2-3 s (the game measures 0.84-1.43 s
#: waited per nudge with simulated seats that nudge at once - ``s waited
#: per nudge`` in the game's report, PT14's Ginza - plus seeing the prompt
#: and reaching the tray), and a nudge may have to be repeated.  A misread
#: caught by the seat's dice check (CAB-6) costs a hold, a reroll and a new
#: check, 3-4 s (vision/README.md, the operating point) - one or two
#: nudges; one not caught puts a wrong value in the game (a wrong order, a
#: wrong claim) that no later step undoes: about a turn of play, ~60 s.
#: With one misread in three not caught: 2/3 x 3.5 s + 1/3 x 60 s = 22 s,
#: about 9-10 nudges.  A far higher price (the 100 of before) let a
#: calibration trade 400 more nudges for 16 fewer misreads (PT14: pxl,
#: right 544 -> 96) or read none of a seat's 19 dice to avoid one misread.
MISREAD_COST = 10
#: the older name of :data:`MISREAD_COST`
WRONG_COST = MISREAD_COST


def player_cost(dice: int, right: int, wrong: int) -> int:
    """What reading ``dice`` labelled dice with ``right`` given their value
    and ``wrong`` a wrong one costs the players, in nudges:
    ``MISREAD_COST x wrong + unread`` (unread = dice - right - wrong; ints
    >= 0).  Lower is better; a calibration is kept only if it lowers it."""
    return MISREAD_COST * wrong + (dice - right - wrong)


def split_scenes(images: list[Path]) -> tuple[list[Path], list[Path]]:
    """(fit images, confirmation images): every CONFIRM_EVERY-th scene by
    name is kept back."""
    scenes = sorted({scene_key(p) for p in images})
    confirm = set(scenes[CONFIRM_EVERY - 1::CONFIRM_EVERY])
    return [p for p in images if scene_key(p) not in confirm], [p for p in images if scene_key(p) in confirm]


def reads_worse(right_before: int, wrong_before: int, right_after: int, wrong_after: int,
                at_threshold: tuple[int, int] | None = None) -> bool:
    """Whether a calibration reads the confirmation dice worse than the
    reader without it, and so is out (the one rule of ``--from-labelled``
    and the guided flow): its :func:`player_cost` on them rises - of the
    same dice, ``MISREAD_COST x wrong - right + wrong`` rises (each die
    more given its right value saves a nudge; each more given a wrong value
    costs :data:`MISREAD_COST`, less the nudge it no longer needs).  So
    fewer wrong may cost some right (right 13 -> 12, wrong 1 -> 0 is
    fine) but not any number (PT14: right 9 -> 0, wrong 1 -> 0 of 19 is no
    gain, right 544 -> 96, wrong 17 -> 1 a loss).  ``at_threshold``:
    (right, wrong) of the reader as it is at the candidate's own
    threshold; a candidate is also out when it costs more than that (a new
    window must read better than the raise alone).  Counts of dice, ints
    >= 0."""
    def worse(right_ref: int, wrong_ref: int) -> bool:
        return weigh(right_after, wrong_after) < weigh(right_ref, wrong_ref)
    return worse(right_before, wrong_before) or (at_threshold is not None and worse(*at_threshold))


def weigh(right: int, wrong: int) -> int:
    """A reading's worth on labelled dice, higher better: the players'
    cost (:func:`player_cost`) negated, less the dice count (the same for
    every candidate on the same dice): ``right - (MISREAD_COST - 1) x
    wrong`` (ints >= 0)."""
    return right - (MISREAD_COST - 1) * wrong


#: the fewest dice a calibration that changes what the face nets read (new
#: last layers, face prototypes, a window, nets adapted to the camera) must
#: read better on the confirmation dice (right gained plus wrong lost) to be
#: kept: one die is as likely the luck of a few rolls (stop 73: guided
#: calibrations kept new layers on 9 -> 10 right of 10 dice, and read a whole
#: game's dice worse, 97.8-98.5 % against 98.7-98.9 %)
CLEAR_GAIN_DICE = 2


def reads_better(right_before: int, wrong_before: int, right_after: int, wrong_after: int,
                 changes_readings: bool = True, extra: tuple[int, int] = (0, 0)) -> bool:
    """Whether a calibration reads the confirmation dice better than the
    reader without it, enough to be kept: its worth (:func:`weigh`)
    rises, and where it ``changes_readings`` (anything but a raised value
    threshold, which only leaves dice unread) by at least
    :data:`CLEAR_GAIN_DICE` of the dice checked: right gained plus wrong
    lost.  ``extra`` (before, after): the values of ``wrong`` read where no
    die was checked, which count against a reading but are no evidence
    for it (a die the check never showed may lie there; PT66: a value
    there before and none after made one die's gain two).  Counts of
    dice, ints >= 0."""
    if weigh(right_after, wrong_after) <= weigh(right_before, wrong_before):
        return False
    on_dice = (right_after - right_before) + ((wrong_before - extra[0]) - (wrong_after - extra[1]))
    return not changes_readings or on_dice >= CLEAR_GAIN_DICE


def keeps_stored(stored: tuple[int, int], best: tuple[int, int]) -> bool:
    """Whether the calibration in use is kept over the best a new
    calibration offers (its best candidate, or the reader as shipped where
    none is better), both read on the same confirmation dice: ``stored``
    and ``best`` (right, wrong) each.  It is kept when its
    :func:`player_cost` there is no higher (a tie keeps it: nothing is
    changed without a gain)."""
    return weigh(*stored) >= weigh(*best)
