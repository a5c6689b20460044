"""A die that leans gets no value (issue 40, Bad input: "dice stacked or
cocked ... no value is given for what is not a resting d6"; ruling CAB-5:
never guessed).

A die leaning about 45 degrees on the tray's wall or on another die shows
the camera above it two faces alike.  The face nets read one of them: the
shipped experts gave 48 of 74 drawn cocked dice a value.  Taught that such
dice are "not a die", the experts also dropped dice lying flat seen 20-30
degrees off straight above, and read the photo sets worse
(docs/dice-reader-history.md, stops 67 and 68).

So the reader asks a net of its own, the **lean net** (``dice_lean.onnx``:
the fast net's shape, fine-tuned with drawn cocked dice as "not a
die" beside the same renderer's dice seen 0-30 degrees off straight above
as dice, ``python -m vision.training.hard --cocked P --upright Q``), and
only about a die the other nets are about to give a value: where its "not
a die" output, averaged over the turns of the window in
:attr:`vision.reader_settings.ReaderSettings.lean_angles`, reaches
:attr:`vision.reader_settings.ReaderSettings.lean_max_p`, the die stays
unread (the game asks for a nudge, which lays it flat).  Its other
outputs are not used.  A models folder without the file reads as before.

A calibration teaches it the cabinet's dice (:func:`lean_bar_for`): its
captured faces lie flat, so where the lean net takes more than one in
fifty of them for leaning, the cabinet's bar is raised until it does not
(:attr:`vision.reader.DiceReader.lean_max_p`).
"""
from __future__ import annotations

import numpy as np

from vision.netreader import NOT_A_DIE


def lean_probability(reader, frame: np.ndarray, cands: list, windows: list[np.ndarray],
                     rows: list[int]) -> np.ndarray:
    """len(rows) float32 (0..1): the lean net's "leans, or no die" for the
    candidates ``rows`` of ``cands`` (their ``windows`` as cut from
    ``frame``, H x W x 3 uint8 BGR), averaged over ``reader``'s
    ``lean_angles`` (window turns, degrees).  Zeros where the reader's
    models have no lean net."""
    if reader.models.lean is None or not rows:
        return np.zeros(len(rows), np.float32)
    angles = reader.settings.lean_angles
    turned = reader.turned_windows(frame, cands, windows, rows, angles)
    return reader.models.lean_p(turned).reshape(len(angles), len(rows)).mean(axis=0)


def leans(reader, lean_p):
    """Whether the lean net, ``lean_p`` (0..1, a float or an array of
    them: :func:`lean_probability`) sure, takes a die for a leaning one
    at ``reader``'s bar (:attr:`vision.reader.DiceReader.lean_max_p`: a
    calibration's, else the settings'); never at a bar of 1.0 (the lean
    net not asked).  The one rule :func:`lean_veto`, :mod:`vision.curve`
    and :mod:`vision.breakdown` apply."""
    bar = reader.lean_max_p
    return (np.asarray(lean_p) >= bar) & (bar < 1.0)


def lean_veto(reader, frame: np.ndarray, cands: list, windows: list[np.ndarray], probs: np.ndarray,
              checked: np.ndarray, min_p: float | None) -> int:
    """Leave unread (``checked`` False, in place) each candidate the other
    nets would give a value at threshold ``min_p`` (None: the reader's):
    its readings agree (``checked``), its best of 1..6 in ``probs`` (N x
    7) reaches the threshold and "not a die" is below
    ``max_not_a_die_p``; where the lean net (:func:`lean_probability`) is
    at least the reader's ``lean_max_p`` sure it leans (a calibration's
    bar, else the settings'), counted in ``reader.stats``
    (``lean_unread``).  A bar of 1.0 never asks it (config
    ``vision.lean_max_p``: a camera at a slant).  Returns the windows the
    lean net read (0 without one, or not asked; fewer than the dice x
    ``lean_angles`` where a verdict is settled early, :func:`lean_verdict`)."""
    if reader.models.lean is None or reader.lean_max_p >= 1.0:
        return 0
    st = reader.settings
    bar = reader.min_value_p if min_p is None else min_p
    rows = [i for i in np.flatnonzero(checked).tolist()
            if probs[i, :NOT_A_DIE].max() >= bar and probs[i, NOT_A_DIE] < st.max_not_a_die_p]
    if not rows:
        return 0
    verdict, read = lean_verdict(reader, frame, cands, windows, rows)
    leaning = np.asarray(rows)[verdict]
    checked[leaning] = False
    reader.stats["lean_unread"] += len(leaning)      # dice left unread so, frame by frame
    return read


#: how far from the bar a partial sum of turns must lie to settle a verdict
#: (float32 rounding of the average is some 1e-7)
_SETTLED_MARGIN = 1e-4


def lean_verdict(reader, frame: np.ndarray, cands: list, windows: list[np.ndarray],
                 rows: list[int]) -> tuple[np.ndarray, int]:
    """Whether the lean net takes each candidate of ``rows`` for a leaning
    die at ``reader``'s bar (len(rows) bool, the verdict of :func:`leans`
    on :func:`lean_probability`), and how many windows it read for it.

    The same verdicts with fewer windows: each turn's "leans" is 0..1, so
    after k of the m turns of ``lean_angles`` a die whose sum so far
    reaches m x bar leans, and one whose sum plus m - k (every turn left at
    1) stays below it does not, whatever its other turns say.  The first
    turns that can settle a verdict (k > m (1 - bar): three of four at the
    bar 0.5) are read in one run; each turn after them only for the dice
    still unsettled.  A die read at every turn is judged on its average,
    as :func:`lean_probability` gives it."""
    angles = reader.settings.lean_angles
    m, bar = len(angles), reader.lean_max_p
    if reader.models.lean is None or not rows or bar >= 1.0:
        return np.zeros(len(rows), bool), 0
    first = min(m, int(m * (1 - bar)) + 1)
    todo = list(range(len(rows)))
    read = np.zeros((m, len(rows)), np.float32)
    verdict = np.zeros(len(rows), bool)
    windows_read, k = 0, 0
    while todo:
        turns = angles[k:first] if k < first else angles[k:k + 1]
        turned = reader.turned_windows(frame, cands, windows, [rows[j] for j in todo], turns)
        read[k:k + len(turns), todo] = reader.models.lean_p(turned).reshape(len(turns), len(todo))
        windows_read += len(turned)
        k += len(turns)
        if k == m:      # every turn read: the average, as lean_probability gives it
            verdict[todo] = leans(reader, read[:, todo].mean(axis=0))
            break
        so_far = read[:k, todo].sum(axis=0, dtype=np.float64)
        yes = so_far >= m * bar + _SETTLED_MARGIN
        no = so_far + (m - k) < m * bar - _SETTLED_MARGIN
        verdict[np.asarray(todo)[yes]] = True
        todo = [j for j, settled in zip(todo, yes | no) if not settled]
    return verdict, windows_read


#: the bars a calibration may give the lean net, lowest first (1.0: never asked)
LEAN_BARS = (0.5, 0.6, 0.7, 0.8, 0.9, 1.0)
#: at most this share of a calibration's dice lying flat may the lean net leave unread at its bar
LEAN_FLAT_SHARE = 1 / 50


def lean_bar_for(reader, flat: list[tuple[np.ndarray, object]]) -> float | None:
    """The lean net's bar for a cabinet's own dice: ``flat`` are finds
    (frame H x W x 3 uint8 BGR, a :class:`vision.detector.Candidate`) of
    dice known to lie flat (a calibration's captured faces, labelled
    photos).  None where the reader's bar (its settings') leaves at most
    :data:`LEAN_FLAT_SHARE` of them unread (or there is no lean net, or
    no die); else the lowest of :data:`LEAN_BARS` above it that does
    (1.0: the lean net is never asked).  Dice that look to the lean net
    like dice leaning (made-up faces, a camera at a slant) are so read
    on this cabinet; a cocked die there is then left to its seat's eyes
    (ruling CAB-6: a seat sees every reading)."""
    if reader.models.lean is None or not flat:
        return None
    probs = []
    for frame, cand in flat:
        probs.append(float(lean_probability(reader, frame, [cand], [reader.die_window(frame, cand)], [0])[0]))
    p = np.asarray(probs)
    allowed = int(len(p) * LEAN_FLAT_SHARE)
    floor = reader.settings.lean_max_p
    if floor >= 1.0 or int((p >= floor).sum()) <= allowed:
        return None
    return next((b for b in LEAN_BARS if b > floor and int((p >= b).sum()) <= allowed), 1.0)
