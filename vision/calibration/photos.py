"""The labelled photos a calibration learns from: the dice the detector
finds in them matched to their labels (read with their errata,
``vision/label_errata.toml``, as ``cabinet dice score`` reads them), each
find's face windows at :data:`TURNS`, each also mirrored (a die's pips
read the same), within :data:`MAX_WINDOWS`, and the check that refuses
labels that are not these photos' own (:func:`check_labels`).
"""
from __future__ import annotations

import os
from pathlib import Path

import cv2
import numpy as np

from vision.calibration.file import CalibrationError
from vision.dataset import correct_labels, load_labels
from vision.die import Die
from vision.netreader import NOT_A_DIE
from vision.reader import DiceReader

#: the turns (degrees) of each die's window, each also mirrored
TURNS = (0, 90, 180, 270)
#: at most this many windows per net (fewer turns on larger folders),
#: so a calibration stays within a minute on one core
MAX_WINDOWS = 6000
#: labels are refused (:func:`check_labels`) when of the labelled dice the
#: reader as shipped reads at p >= LABEL_CHECK_P, LABEL_CHECK_MIN or more,
#: more than LABEL_CHECK_SHARE get another value than their label
LABEL_CHECK_P = 0.9
LABEL_CHECK_MIN = 10
LABEL_CHECK_SHARE = 0.5


def labelled_finds(reader: DiceReader, images: list[Path]):
    """For each labelled photo of ``images`` that opens: (its index, the
    frame H x W x 3 uint8 BGR, its labelled dice (errata applied), [(a
    find of ``reader``'s detector, the labelled value it is matched to, 0
    for none)])."""
    from vision.score import match
    for k, path in enumerate(images):
        frame = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if frame is None:
            continue
        truth, _ = correct_labels(path, load_labels(path, frame.shape[1], frame.shape[0]))
        cands = reader.find_dice(frame)
        as_dice = [Die(1, "other", (c.x, c.y), (0, 0, 1, 1), 1.0) for c in cands]
        yield k, frame, truth, [(cands[i], truth[j].value if j is not None else 0)
                                for i, j in match(as_dice, truth) if i is not None]


def fit_samples(reader: DiceReader, images: list[Path], turns=TURNS, owners: list[int] | None = None
             ) -> tuple[list[np.ndarray], list[int], int, int]:
    """Windows of the die finds in labelled images (cut by ``reader``), each find at ``turns``
    (degrees), each also mirrored: ([window FACE_PX x FACE_PX x 3 uint8],
    [class of each find: value - 1, or NOT_A_DIE for a find on no labelled
    die], labelled dice, labelled dice found).  A find's windows follow one
    another (2 * len(turns) of them).  ``owners``, if given, gets the index
    in ``images`` of each find's photo."""
    windows, classes, labelled, found = [], [], 0, 0
    for k, frame, truth, finds in labelled_finds(reader, images):
        labelled += len(truth)
        for cand, value in finds:
            windows.extend(die_windows(reader, frame, cand, turns))
            classes.append(value - 1 if value else NOT_A_DIE)
            found += bool(value)
            if owners is not None:
                owners.append(k)
    return windows, classes, labelled, found


def die_windows(reader: DiceReader, frame: np.ndarray, cand, turns=TURNS) -> list[np.ndarray]:
    """The windows of one die find ``cand`` (a :class:`vision.netreader.Candidate`)
    in ``frame`` (H x W x 3 uint8 BGR) that a calibration fits on:
    ``reader``'s own window (cut with its window geometry,
    :meth:`vision.reader.DiceReader.die_window`) at each of ``turns``
    (degrees), each also mirrored (2 * len(turns) windows of FACE_PX x
    FACE_PX x 3 uint8, in that order)."""
    return [reader.die_window(frame, cand, angle=angle, mirror=mirror) for angle in turns
            for mirror in (False, True)]


def thin_evenly(items: list, limit: int) -> list:
    """At most ``limit`` of ``items``, chosen evenly (all of them if they fit)."""
    if len(items) <= limit:
        return items
    return [items[k] for k in np.linspace(0, len(items) - 1, limit).round().astype(int)]


def label_count(images: list[Path]) -> int:
    """Labelled dice in the label files of ``images``."""
    n = 0
    for p in images:
        label = p.parent.parent / "labels" / (p.stem + ".txt")
        if label.is_file():
            n += sum(1 for line in label.read_text().splitlines() if line.strip())
    return n


def thin_negatives(windows: list[np.ndarray], classes: list[int], owners: list[int], per: int
                    ) -> tuple[list[np.ndarray], list[int], list[int]]:
    """At most MAX_WINDOWS windows (``per`` a find), so a calibration stays
    within a minute on one core: every die find is kept and the "not a die"
    finds (a board's number tokens can outnumber the dice many times) are
    thinned evenly to fit.  Returns (windows, classes, owners) kept."""
    if len(classes) * per <= MAX_WINDOWS:
        return windows, classes, owners
    neg = [i for i, c in enumerate(classes) if c == NOT_A_DIE]
    room = max(0, MAX_WINDOWS // per - (len(classes) - len(neg)))
    kept_neg = set(neg[::-(-len(neg) // room)]) if room else set()
    keep = [i for i, c in enumerate(classes) if c != NOT_A_DIE or i in kept_neg]
    return ([w for i in keep for w in windows[i * per:(i + 1) * per]], [classes[i] for i in keep],
            [owners[i] for i in keep])


def check_labels(readings: list[tuple[float, bool]], folder: str | os.PathLike) -> None:
    """Refuse labels that are not these photos' own: raises
    :class:`CalibrationError` when of the labelled dice the reader as
    shipped reads surely (``readings``: (confidence, right) of each die
    given a value, :func:`vision.calibration.threshold.value_readings`; sure: confidence >=
    :data:`LABEL_CHECK_P`), :data:`LABEL_CHECK_MIN` or more, more than
    :data:`LABEL_CHECK_SHARE` get another value than their label (class k
    written for k pips, every label 0, another folder's labels).  On
    photo sets it never saw the reader is right on 98 % or more of such
    dice, so this is not a misreading camera: calibrating on such labels
    would teach the nets the wrong values."""
    sure = [right for conf, right in readings if conf >= LABEL_CHECK_P]
    wrong = sure.count(False)
    if len(sure) >= LABEL_CHECK_MIN and wrong > LABEL_CHECK_SHARE * len(sure):
        raise CalibrationError(
            f"{folder}: the reader is sure of {len(sure)} labelled dice and reads {wrong} of them as another value "
            "than their label: are the labels class k = k + 1 pips (class 0 is one pip), and are they these "
            "photos' own? calibration refused; nothing was changed")
