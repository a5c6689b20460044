"""The confirmation and refusal rule: every :data:`CONFIRM_EVERY`-th scene
of a labelled folder (by name; augmented copies are one scene) is kept
back as *confirmation rolls* (:func:`split_scenes`); a candidate that
reads them worse than the reader without a calibration is out
(:func:`reads_worse`), and of the others the one worth most
(:func:`weigh`) is kept.  The guided flow on the cabinet
(:mod:`firmware.calibration`) judges its candidates by the same rule.
"""
from __future__ import annotations

from pathlib import Path

from vision.dataset import scene_key

#: every how-many-th scene is kept back to confirm the calibration
CONFIRM_EVERY = 4
#: when a calibration weighs its candidates (:func:`weigh`), a die given a
#: wrong value costs as much as this many dice read right: a candidate that
#: reads 100 more dice right for one more wrong breaks even (the 99 % per
#: die issue #21 asks of a calibrated reader)
WRONG_COST = 100


def split_scenes(images: list[Path]) -> tuple[list[Path], list[Path]]:
    """(fit images, confirmation images): every CONFIRM_EVERY-th scene by
    name is kept back."""
    scenes = sorted({scene_key(p) for p in images})
    confirm = set(scenes[CONFIRM_EVERY - 1::CONFIRM_EVERY])
    return [p for p in images if scene_key(p) not in confirm], [p for p in images if scene_key(p) in confirm]


def reads_worse(right_before: int, wrong_before: int, right_after: int, wrong_after: int,
                at_threshold: tuple[int, int] | None = None) -> bool:
    """Whether a calibration reads confirmation dice worse than the reader
    without it, and so is refused (the one rule of ``--from-labelled`` and
    the guided flow).  A die read wrongly is worse than a die not read:
    worse is MORE dice given a wrong value, or the same number wrong and
    fewer given the right one - for every candidate, a raised value
    threshold included (issue 34: a threshold raise that read the guided
    flow's rolls right 10 -> 1, wrong 0 -> 0, was stored because fewer right
    with no more wrong was let pass for it; the rolls are what the owner
    checks, and the captured faces' misreads it avoids only rank the
    candidates that pass, :func:`weigh`).  ``at_threshold``: (right,
    wrong) of the reader as it is at the candidate's own threshold; a
    candidate is also worse when it reads worse than that (a new window
    must read better than the raise alone).  Fewer wrong is better even
    with fewer right (e.g. right 13 -> 12, wrong 1 -> 0 is kept).  Counts
    of dice, ints >= 0."""
    def worse(right_ref: int, wrong_ref: int) -> bool:
        return wrong_after > wrong_ref or (wrong_after == wrong_ref and right_after < right_ref)
    return worse(right_before, wrong_before) or (at_threshold is not None and worse(*at_threshold))


def weigh(right: int, wrong: int) -> int:
    """A candidate's worth on labelled dice: dice read right less
    :data:`WRONG_COST` for each die given a wrong value (ints >= 0)."""
    return right - WRONG_COST * wrong
