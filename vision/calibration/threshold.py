"""A value threshold for these dice (:func:`choose_threshold`): the value
probability the reader asks of a die
(:attr:`vision.reader.DiceReader.min_value_p`) is chosen from
:data:`THRESHOLDS` as the lowest, from the one in effect up, at which the
fit photos' dice are read wrongly at most :data:`MAX_WRONG_SHARE` of the
time - higher for dice the nets misread (a side face seen at a slant),
then :data:`RAISE_MARGIN` steps more; lower only where :data:`LOWER_NEEDS`
dice or more show no misread at all.  One read of the labelled photos at
the lowest threshold serves every threshold (:func:`value_readings`,
:func:`counts_at`).
"""
from __future__ import annotations

from pathlib import Path

import cv2

from vision.dataset import correct_labels, load_labels
from vision.reader import DiceReader

#: value thresholds a calibration chooses from (DiceReader.min_value_p)
THRESHOLDS = (0.6, 0.7, 0.8, 0.9, 0.95, 0.98, 0.99)
#: the share of the fit photos' labelled dice a chosen threshold may read
#: wrongly (rounded down: with fewer than 1 / MAX_WRONG_SHARE dice, none)
MAX_WRONG_SHARE = 0.003
#: labelled fit dice a calibration needs, none read wrongly, to choose a
#: threshold below the one in effect (zero wrong in n dice bounds the rate
#: at about 3 / n: 0.3 % at 1000)
LOWER_NEEDS = 1000
#: steps of THRESHOLDS a threshold raised for misreads on the fit dice goes
#: past the lowest that reads few enough wrong: a die misread at p = 0.93
#: means these dice's probabilities are too sure near 0.93, and a few
#: hundred fit dice are too few to show where that ends (leave-one-set-out,
#: roboflow-public-d6: one misread in 75 at 0.9, none in 44 at 0.95, but on
#: the other 80 % of its scenes 2 in 191 at 0.95, none in 94 at 0.98)
RAISE_MARGIN = 1


def value_readings(reader: DiceReader, images: list[Path]) -> tuple[list[tuple[float, bool]], int]:
    """How ``reader`` (its last layers and window) reads the labelled
    ``images`` at the lowest threshold a calibration may choose (or its
    own, if lower):
    ([(confidence, right) of each labelled die given a value], labelled
    dice).  At a higher threshold t the reader gives exactly the values
    whose confidence is >= t (the rest are unread), so one read serves
    every threshold of :data:`THRESHOLDS`."""
    from vision.score import match
    out, labelled = [], 0
    low = reader.at(min(THRESHOLDS[0], reader.min_value_p))
    for path in images:
        frame = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if frame is None:
            continue
        truth, _ = correct_labels(path, load_labels(path, frame.shape[1], frame.shape[0]))
        labelled += len(truth)
        dice = low.read_dice(frame)
        out += [(dice[i].confidence, dice[i].value == truth[j].value) for i, j in match(dice, truth)
                if i is not None and j is not None and dice[i].value is not None]
    return out, labelled


def counts_at(readings: list[tuple[float, bool]], t: float) -> tuple[int, int]:
    """(right, wrong): the dice of ``readings`` ((confidence, right) of
    each labelled die given a value, :func:`value_readings`) given a value
    at threshold ``t``."""
    kept = [right for conf, right in readings if conf >= t - 1e-9]
    return sum(kept), len(kept) - sum(kept)


def threshold_choice(readings: list[tuple[float, bool]], labelled: int, base: float) -> tuple[float, float]:
    """The value threshold for the dice of ``readings`` ((confidence, right)
    of the dice given a value, of ``labelled`` labelled dice), as (the
    lowest that reads few enough wrong, the one chosen).  ``base`` (the
    threshold in effect without a calibration) stays if at most
    ``MAX_WRONG_SHARE * labelled`` (rounded down) dice get a wrong value at
    it.  Otherwise the lowest of :data:`THRESHOLDS` above it that reads so
    few wrong (the highest if none does), and then :data:`RAISE_MARGIN`
    steps further (at most to the highest): the misreads show these dice's
    probabilities are too sure where they lie, and no misread among the
    few dice just above them does not show where that ends.  The margin
    counts from the misreads ``base`` would give: a misread below it does
    not raise it.  Below ``base`` only on strong evidence: at least
    :data:`LOWER_NEEDS` labelled dice and none given a wrong value there (a
    few hundred dice read right at 0.6 do not show a rate below 1 %), and,
    where some are misread lower still, the margin above them must stay
    below ``base`` too."""
    allowed = int(MAX_WRONG_SHARE * labelled)

    def wrong(t: float) -> int:
        return counts_at(readings, t)[1]

    def past(k: int) -> float:  # RAISE_MARGIN steps past THRESHOLDS[k]
        return THRESHOLDS[min(len(THRESHOLDS) - 1, k + RAISE_MARGIN)]
    if labelled >= LOWER_NEEDS:
        for k, t in enumerate(THRESHOLDS):
            if t < base - 1e-9 and wrong(t) == 0:
                chosen = t if wrong(THRESHOLDS[0]) == 0 else past(k)
                return (t, chosen) if chosen < base - 1e-9 else (t, base)
    if wrong(base) <= allowed:
        return base, base
    for k, t in enumerate(THRESHOLDS):
        if t >= base - 1e-9 and wrong(t) <= allowed:
            return t, past(k)
    return THRESHOLDS[-1], THRESHOLDS[-1]


def cheapest_threshold(readings: list[tuple[float, bool]], labelled: int, base: float) -> float:
    """The value threshold, ``base`` (the one in effect) or one of
    :data:`THRESHOLDS` above it, at which the dice of ``readings``
    ((confidence, right) of the dice given a value, of ``labelled``
    labelled dice) cost the players least
    (:func:`vision.calibration.confirm.player_cost`: each die misread
    counts as :data:`~vision.calibration.confirm.MISREAD_COST` unread
    ones); of equal costs the higher.  For readings not fitted to these
    dice's labels (:mod:`vision.adapt` learns from the finds alone), where
    the fit photos' cost is a fair estimate of the cost to come."""
    from vision.calibration.confirm import player_cost
    options = sorted({base, *(t for t in THRESHOLDS if t > base + 1e-9)}, reverse=True)
    return min(options, key=lambda t: player_cost(labelled, *counts_at(readings, t)))


def choose_threshold(readings: list[tuple[float, bool]], labelled: int, base: float) -> float:
    """The value threshold chosen for the dice of ``readings`` (the second
    of :func:`threshold_choice`, which says how)."""
    return threshold_choice(readings, labelled, base)[1]


def margin_words(readings: list[tuple[float, bool]], labelled: int, base: float) -> str:
    """Why a raised threshold is above the lowest that reads few enough
    wrong, in an owner's words ("" when it is not): e.g. "none misread at
    0.95 already; 0.98 keeps a margin above the misreads"."""
    low, chosen = threshold_choice(readings, labelled, base)
    if chosen <= low + 1e-9 or chosen <= base + 1e-9:
        return ""
    n = counts_at(readings, low)[1]
    few = "none" if n == 0 else f"only {n}"
    return f"{few} misread at {low:g} already; {chosen:g} keeps a margin above the misreads"
