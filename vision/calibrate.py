"""Calibration to one cabinet's own dice, camera and light: where the face
windows are cut for this camera, the face classifiers' last layers
refitted on labelled photos of this cabinet, and the reader's value
threshold chosen for them.

Method (light: about a second per hundred dice on one core, no PyTorch):

1. The shipped detector finds the dice in each labelled photo; each find is
   matched to a labelled die (:func:`vision.score.match`).  The labels of
   the shared photo sets are read with their known errata
   (``vision/label_errata.toml``, as ``cabinet dice score`` reads them).
   Labels the reader as shipped surely contradicts on most dice are
   refused (:func:`check_labels`: class k written for k pips, another
   folder's labels).
2. *A window for this camera* (:func:`fit_window`): a camera at a slant
   sees each die's top face and the sides facing it, and the detector's
   centre is the whole silhouette's.  The matched dice (at most
   :data:`WINDOW_DICE`) are cut through other windows
   (:class:`vision.netreader.WindowGeometry`: moved, scaled, moved outward
   from the frame's centre) and the one where the fast face net gives the
   labelled values the lowest mean -log p is kept if it gains
   :data:`WINDOW_MIN_GAIN` over the shipped window.
3. Each matched find gives its window (the reader's own, cut through that
   window, :meth:`vision.reader.DiceReader.die_window`) at four turns, each also
   mirrored (a die's pips read the same), labelled with the die's value;
   a find on no labelled die gives windows labelled *not a die* (a print,
   a token, a screw of this cabinet).  The features each face net's last
   layer reads are taken from the nets
   (:meth:`vision.netreader.Models.face_features`), and a new last layer (7 x F
   weights) is fitted by multinomial logistic regression, starting from
   the net's own and pulled towards it (L2), so a few dozen dice move it
   only as far as they show.
4. *A threshold for these dice* (:func:`choose_threshold`): the value
   probability the reader asks of a die (:attr:`vision.reader.DiceReader.min_value_p`)
   is chosen from :data:`THRESHOLDS` as the lowest, from the one in
   effect up, at which the fit photos' dice are read wrongly at most
   :data:`MAX_WRONG_SHARE` of the time - higher for dice the nets misread
   (a side face seen at a slant), then :data:`RAISE_MARGIN` steps more;
   lower only where :data:`LOWER_NEEDS` dice or more show no misread at
   all.  The candidates: the nets as
   shipped with a threshold chosen on their readings of the fit photos;
   where a window was found, the same through it; and the new last layers
   with a threshold chosen on readings of each half of the fit photos (by
   scene) by layers fitted on the other half (a layer is surer of the dice
   it was fitted on); and the nets with *face prototypes* learned from the
   same windows' features (:mod:`vision.prototypes`: what each face of
   these dice looks like to the nets, added to their scores, with a
   reject option for a die unlike any of them), their threshold chosen
   the same way.
5. Every fourth scene of the folder (by name; augmented copies are one
   scene) is kept back as *confirmation rolls*: the reader reads them
   without a calibration and with each candidate.  A candidate that reads
   them worse (:func:`reads_worse`: more dice given a wrong value, or as
   many wrong and fewer right, than the nets as shipped read - and, for a
   candidate that changes what the nets read, than they read at its
   threshold) is out; of the others the one worth most (:func:`weigh`) on the
   confirmation rolls and the fit photos together is the calibration, if
   it is worth more than the reader as it is ("as shipped" otherwise); if
   none is left it is refused.

The result is stored as one ``.npz`` file (:data:`CALIBRATION_FILE` in the
cabinet's state folder) with a fingerprint of the models it was made for;
:func:`load` refuses a damaged file or one made for other models.

Every function that reads dice takes the :class:`vision.reader.DiceReader`
to read with (its models, settings, and the window and layers the step
sets); none changes it: a step reads with a copy made for it
(``with_window``, ``with_heads``, ``at``), and :func:`apply` returns the
reader with a calibration.
"""
from __future__ import annotations

import hashlib
import json
import math
import os
import tempfile
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable

import cv2
import numpy as np

from vision import netreader
from vision.dataset import correct_labels, list_images, load_labels, scene_key
from vision.die import Die, VisionInputError
from vision.netreader import (NOT_A_DIE, SHIPPED_WINDOW, WINDOW_LIMITS, WINDOW_PER_SIZE, Models, WindowGeometry,
                              face_window)
from vision.reader import MIN_VALUE_P_RANGE, DiceReader

#: file name of a cabinet's calibration in its state folder
CALIBRATION_FILE = "dice_calibration.npz"
#: the calibration file's format: 1 (no ``format`` in the file; layers,
#: window, threshold), 2 (and face prototypes, :mod:`vision.prototypes`).
#: A file of format 1 loads as before; one of a later format is refused
FILE_FORMAT = 2
#: every how-many-th scene is kept back to confirm the calibration
CONFIRM_EVERY = 4
#: the turns (degrees) of each die's window, each also mirrored
TURNS = (0, 90, 180, 270)
#: at most this many windows per net (fewer turns on larger folders),
#: so a calibration stays within a minute on one core
MAX_WINDOWS = 6000
#: a calibration needs the detector to find at least this share of the
#: labelled dice (else the photos are not what the labels say: noise, a
#: covered lens, another folder's labels)
MIN_FOUND = 0.5
#: L2 pull of the new last layer towards the net's own, per window
PULL = 3e-3
#: weight of a "not a die" window (a find on no labelled die may be a die
#: someone did not label)
NEGATIVE_WEIGHT = 0.5
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
#: labels are refused (:func:`check_labels`) when of the labelled dice the
#: reader as shipped reads at p >= LABEL_CHECK_P, LABEL_CHECK_MIN or more,
#: more than LABEL_CHECK_SHARE get another value than their label
LABEL_CHECK_P = 0.9
LABEL_CHECK_MIN = 10
LABEL_CHECK_SHARE = 0.5
#: when a calibration weighs its candidates (:func:`weigh`), a die given a
#: wrong value costs as much as this many dice read right: a candidate that
#: reads 100 more dice right for one more wrong breaks even (the 99 % per
#: die issue #21 asks of a calibrated reader)
WRONG_COST = 100
#: the values of each WindowGeometry field the window fit tries (one field at a time)
WINDOW_STEPS = {"scale": (0.8, 0.9, 1.0, 1.1), "dx": (-0.12, -0.08, -0.04, 0.0, 0.04, 0.08, 0.12),
                "dy": (-0.12, -0.08, -0.04, 0.0, 0.04, 0.08, 0.12), "radial": (0.0, 0.05, 0.1, 0.15, 0.2)}
#: rounds of the window fit (each tries every field's values in turn)
WINDOW_ROUNDS = 3
#: fit dice the window is fitted on, at most (chosen evenly)
WINDOW_DICE = 300
#: a window other than the shipped one is a candidate only if it lowers the
#: fast face net's mean -log p(the labelled value) of the fit dice by this
#: much (nats a die): a smaller gain is the noise of picking the best of many
WINDOW_MIN_GAIN = 0.02


class CalibrationError(VisionInputError):
    """A calibration that cannot be made, is refused, or cannot be loaded;
    the message says why and what to do.  The calibration in use is kept."""


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


@dataclass(frozen=True)
class Calibration:
    """A cabinet's calibration: ``heads`` maps "fast" / "expert" to (W 7 x F
    float32, b 7 float32), the face nets' new last layers; ``models`` the
    fingerprint of the face nets they belong to (:func:`models_fingerprint`);
    ``info`` what it was made from and its confirmation figures (JSON-able);
    ``min_value_p`` the value threshold chosen for these dice (None: the
    configured one); ``window`` where the reader cuts each die's face
    window for this camera (:class:`vision.netreader.WindowGeometry`; None:
    the shipped window); ``prototypes`` what this cabinet's dice look like
    to each face net ("fast" / "expert" -> :class:`vision.prototypes.Prototypes`;
    empty: none).  ``heads`` may be empty: the nets' own layers with this
    cabinet's threshold (and window, and prototypes)."""

    heads: dict[str, tuple[np.ndarray, np.ndarray]]
    models: str
    info: dict = field(default_factory=dict)
    min_value_p: float | None = None
    window: WindowGeometry | None = None
    prototypes: dict = field(default_factory=dict)


def models_fingerprint(models: Models) -> str:
    """Hex digest (16 characters) of the face net files of ``models``."""
    h = hashlib.sha256()
    for path in (models.face, models.expert):
        if path is not None:
            h.update(Path(path).read_bytes())
    return h.hexdigest()[:16]


def _scenes(images: list[Path]) -> tuple[list[Path], list[Path]]:
    """(fit images, confirmation images): every CONFIRM_EVERY-th scene by
    name is kept back."""
    scenes = sorted({scene_key(p) for p in images})
    confirm = set(scenes[CONFIRM_EVERY - 1::CONFIRM_EVERY])
    return [p for p in images if scene_key(p) not in confirm], [p for p in images if scene_key(p) in confirm]


def _samples(reader: DiceReader, images: list[Path], turns=TURNS, owners: list[int] | None = None
             ) -> tuple[list[np.ndarray], list[int], int, int]:
    """Windows of the die finds in labelled images (cut by ``reader``), each find at ``turns``
    (degrees), each also mirrored: ([window FACE_PX x FACE_PX x 3 uint8],
    [class of each find: value - 1, or NOT_A_DIE for a find on no labelled
    die], labelled dice, labelled dice found).  A find's windows follow one
    another (2 * len(turns) of them).  ``owners``, if given, gets the index
    in ``images`` of each find's photo."""
    windows, classes, labelled, found = [], [], 0, 0
    for k, frame, truth, finds in _labelled_finds(reader, images):
        labelled += len(truth)
        for cand, value in finds:
            windows.extend(die_windows(reader, frame, cand, turns))
            classes.append(value - 1 if value else NOT_A_DIE)
            found += bool(value)
            if owners is not None:
                owners.append(k)
    return windows, classes, labelled, found


def _labelled_finds(reader: DiceReader, images: list[Path]):
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


def thin_evenly(items: list, limit: int) -> list:
    """At most ``limit`` of ``items``, chosen evenly (all of them if they fit)."""
    if len(items) <= limit:
        return items
    return [items[k] for k in np.linspace(0, len(items) - 1, limit).round().astype(int)]


def _label_count(images: list[Path]) -> int:
    """Labelled dice in the label files of ``images``."""
    n = 0
    for p in images:
        label = p.parent.parent / "labels" / (p.stem + ".txt")
        if label.is_file():
            n += sum(1 for line in label.read_text().splitlines() if line.strip())
    return n


def fit_head(F: np.ndarray, y: np.ndarray, w: np.ndarray, W0: np.ndarray, b0: np.ndarray,
             steps: int = 200, pull: float = PULL) -> tuple[np.ndarray, np.ndarray]:
    """Multinomial logistic regression of classes ``y`` (N int, 0..6) on
    features ``F`` (N x D float32) with sample weights ``w`` (N), starting
    from and pulled towards (L2, ``pull``) the last layer ``W0`` (7 x D),
    ``b0`` (7).  Adam, full batch, float32.  Returns (W, b) float32."""
    W, b = W0.astype(np.float32).copy(), b0.astype(np.float32).copy()
    F = np.ascontiguousarray(F, np.float32)
    scale = float(np.sqrt((F ** 2).sum(1).mean())) or 1.0
    Y = np.zeros((len(y), W.shape[0]), np.float32)
    Y[np.arange(len(y)), y] = 1.0
    w = (w / w.sum()).astype(np.float32)
    mW, vW, mb, vb = (np.zeros_like(W), np.zeros_like(W), np.zeros_like(b), np.zeros_like(b))
    lr = 0.05 / scale
    for t in range(1, steps + 1):
        z = F @ W.T + b
        z -= z.max(1, keepdims=True)
        p = np.exp(z)
        p /= p.sum(1, keepdims=True)
        g = (p - Y) * w[:, None]
        gW = g.T @ F + pull * (W - W0)
        gb = g.sum(0)
        for prm, grad, m, v in ((W, gW, mW, vW), (b, gb, mb, vb)):
            m *= 0.9
            m += 0.1 * grad
            v *= 0.999
            v += 0.001 * grad ** 2
            prm -= (lr if prm is W else 0.05) * (m / (1 - 0.9 ** t)) / (np.sqrt(v / (1 - 0.999 ** t)) + 1e-8)
    return W.astype(np.float32), b.astype(np.float32)


def _features_and_own_head(models: Models, windows: list[np.ndarray], expert: bool
                           ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(F N x D features of ``windows``, W0 7 x D, b0 7): the face net's (of ``models``)
    own last layer recovered from its logits and features on the windows
    (least squares; exact for a linear layer on the features the windows
    span, and the runtime never leaves far from them).  Raises
    :class:`CalibrationError` if the recovered layer does not reproduce
    the net's logits."""
    net = models.net(expert)
    feats, logits = [], []
    for k in range(0, len(windows), 256):
        y, f = net.with_features(netreader._blob(windows[k:k + 256]))
        feats.append(f.reshape(len(y), -1))
        logits.append(y)
    F, Y = np.vstack(feats).astype(np.float64), np.vstack(logits).astype(np.float64)
    # least squares by the normal equations (a tiny ridge for features the
    # windows never use): a few seconds where an SVD would take a minute
    rows = np.linspace(0, len(F) - 1, min(len(F), 4000)).astype(int)
    A = np.hstack([F[rows], np.ones((len(rows), 1))])
    G = A.T @ A
    G[np.diag_indices_from(G)] += 1e-6 * (np.trace(G) / len(G))
    sol = np.linalg.solve(G, A.T @ Y[rows])
    W0, b0 = sol[:-1].T, sol[-1]
    err = float(np.abs(A @ sol - Y[rows]).max())
    if err > 1e-2 * max(1.0, float(np.abs(Y).max())):
        raise CalibrationError(f"the {'expert' if expert else 'fast'} face net's last layer is not linear "
                               f"in its features output (error {err:.3g}); cannot calibrate these models")
    return F.astype(np.float32), W0.astype(np.float32), b0.astype(np.float32)


def die_windows(reader: DiceReader, frame: np.ndarray, cand, turns=TURNS) -> list[np.ndarray]:
    """The windows of one die find ``cand`` (a :class:`vision.netreader.Candidate`)
    in ``frame`` (H x W x 3 uint8 BGR) that a calibration fits on:
    ``reader``'s own window (cut with its window geometry,
    :meth:`vision.reader.DiceReader.die_window`) at each of ``turns``
    (degrees), each also mirrored (2 * len(turns) windows of FACE_PX x
    FACE_PX x 3 uint8, in that order)."""
    return [reader.die_window(frame, cand, angle=angle, mirror=mirror) for angle in turns
            for mirror in (False, True)]


@dataclass(frozen=True)
class DiePatch:
    """A labelled die of a fit photo, kept for the window fit: ``patch`` (h x
    w x 3 uint8 BGR) the part of the photo around it, wide enough for any
    window :data:`WINDOW_LIMITS` allows; ``x``, ``y`` (px) where ``patch``'s
    corner lies in the photo; ``cand`` the detector's find (photo px);
    ``width``, ``height`` the photo's size (px); ``cls`` value - 1."""

    patch: np.ndarray
    x: int
    y: int
    cand: object
    width: int
    height: int
    cls: int

    def window(self, g: WindowGeometry) -> np.ndarray:
        """The die's face window (FACE_PX x FACE_PX x 3 uint8) cut with ``g``."""
        x, y, size = g.centre(self.cand.x, self.cand.y, self.cand.size, self.width, self.height)
        return face_window(self.patch, x - self.x, y - self.y, size)


def patch_of(frame: np.ndarray, cand, cls: int) -> DiePatch:
    """The :class:`DiePatch` of a found die ``cand`` (a
    :class:`vision.netreader.Candidate`) of class ``cls`` (value - 1) in
    ``frame`` (H x W x 3 uint8 BGR): a copy of the part any window
    :data:`WINDOW_LIMITS` allows can reach."""
    H, W = frame.shape[:2]
    reach = 0.75 * WINDOW_PER_SIZE * WINDOW_LIMITS["scale"][1] + WINDOW_LIMITS["dx"][1] + WINDOW_LIMITS["radial"][1]
    r = int(math.ceil(reach * max(cand.size, 4.0))) + 4
    x0, y0 = max(0, int(cand.x) - r), max(0, int(cand.y) - r)
    return DiePatch(frame[y0:min(H, int(cand.y) + r), x0:min(W, int(cand.x) + r)].copy(), x0, y0, cand, W, H, cls)


def die_patches(reader: DiceReader, images: list[Path], limit: int = WINDOW_DICE) -> list[DiePatch]:
    """The labelled dice ``reader``'s detector finds in ``images`` (labels read
    with their errata), at most ``limit`` of them chosen evenly, as
    :class:`DiePatch` for :func:`fit_window`."""
    return thin_evenly([patch_of(frame, cand, value - 1) for _, frame, _, finds in _labelled_finds(reader, images)
                        for cand, value in finds if value], limit)


def window_loss(reader: DiceReader, patches: list[DiePatch], g: WindowGeometry) -> float:
    """Mean -log p(labelled value) (nats a die) ``reader``'s fast face net
    (with its last layers) gives the dice of ``patches`` through windows
    cut with ``g``; 0.0 for no patches."""
    if not patches:
        return 0.0
    p = reader.read_faces([d.window(g) for d in patches])
    y = np.array([d.cls for d in patches])
    return float(-np.log(p[np.arange(len(y)), y].astype(np.float64) + 1e-6).mean())


def fit_window(reader: DiceReader, patches: list[DiePatch]) -> tuple[WindowGeometry, float, float]:
    """The window geometry (:class:`vision.netreader.WindowGeometry`) through
    which ``reader`` reads the dice of ``patches`` best: from the shipped window, each field
    in turn set to the value of :data:`WINDOW_STEPS` with the lowest
    :func:`window_loss`, for up to :data:`WINDOW_ROUNDS` rounds.  The
    shipped window unless the best lowers the loss by
    :data:`WINDOW_MIN_GAIN` or more.  Returns (geometry, loss with the
    shipped window, loss with the geometry)."""
    best = SHIPPED_WINDOW
    shipped = loss = window_loss(reader, patches, best)
    if not patches:
        return best, shipped, loss
    tried = {best: loss}
    for _ in range(WINDOW_ROUNDS):
        start = best
        for name, values in WINDOW_STEPS.items():
            for v in values:
                g = replace(best, **{name: v})
                if g not in tried:
                    tried[g] = window_loss(reader, patches, g)
                if tried[g] < loss - 1e-9:
                    best, loss = g, tried[g]
        if best == start:
            break
    if shipped - loss < WINDOW_MIN_GAIN:
        return SHIPPED_WINDOW, shipped, shipped
    return best, shipped, loss


def fit_heads(models: Models, windows: list[np.ndarray], classes: list[int], per: int,
              progress: Callable[[str], None] | None = None,
              pull: float = PULL) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """New last layers of the face nets of ``models`` fitted on ``windows`` (FACE_PX x
    FACE_PX x 3 uint8), ``per`` consecutive windows per find, the finds'
    ``classes`` (value - 1, or NOT_A_DIE; one per find), pulled towards
    the nets' own layers by ``pull`` (:func:`fit_head`), from the
    features the nets' own last layers read.  Returns {"fast": (W,
    b)[, "expert": (W, b)]} for :class:`Calibration`.  Raises
    :class:`CalibrationError` when there are no windows, or from
    :func:`_features_and_own_head`."""
    say = progress or (lambda _m: None)
    if not windows or len(windows) != per * len(classes):
        raise CalibrationError(f"nothing to calibrate on: {len(windows)} windows for {len(classes)} dice")
    found = sum(c != NOT_A_DIE for c in classes)
    say(f"fitting the face nets' last layers on {len(windows)} windows of {found} dice")
    return _fit_on(_head_inputs(models, windows), classes, per, pull=pull)


def learn_prototypes(models: Models, windows: list[np.ndarray], classes: list[int], per: int,
                     weight: float | None = None) -> dict:
    """Face prototypes (:mod:`vision.prototypes`) of the face nets of
    ``models`` from ``windows`` (FACE_PX x FACE_PX x 3 uint8), ``per``
    consecutive windows per find of ``classes`` (value - 1, or NOT_A_DIE),
    pulling by ``weight`` (None: :data:`vision.prototypes.PROTO_WEIGHT`):
    ``{"fast": Prototypes[, "expert": Prototypes]}`` for
    :class:`Calibration`.  Raises :class:`CalibrationError` in words when
    there are no windows or a face has too few dice."""
    from vision.prototypes import PROTO_WEIGHT, fit_prototypes
    if not windows or len(windows) != per * len(classes):
        raise CalibrationError(f"nothing to learn from: {len(windows)} windows for {len(classes)} dice")
    y = np.repeat(np.asarray(classes), per)
    try:
        return {name: fit_prototypes(np.vstack([models.face_features(windows[k:k + 256], name == "expert")
                                                for k in range(0, len(windows), 256)]), y,
                                     weight or PROTO_WEIGHT)
                for name in (("fast", "expert") if models.has_expert else ("fast",))}
    except VisionInputError as exc:
        raise CalibrationError(str(exc)) from None


def _head_inputs(models: Models, windows: list[np.ndarray]) -> dict[str, tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """{net: (F N x D features of ``windows``, W0, b0 its own last layer)}
    for "fast" (and "expert") of ``models`` (:func:`_features_and_own_head`)."""
    return {name: _features_and_own_head(models, windows, name == "expert")
            for name in (("fast", "expert") if models.has_expert else ("fast",))}


def _fit_on(inputs: dict, classes: list[int], per: int, pull: float = PULL,
            finds: np.ndarray | None = None) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """New last layers fitted on the features ``inputs`` (:func:`_head_inputs`)
    of ``per`` windows per find of ``classes``; ``finds`` (N bool, one per
    find) keeps only some finds (None: all)."""
    y = np.repeat(np.asarray(classes), per)
    rows = np.repeat(finds, per) if finds is not None else np.ones(len(y), bool)
    w = np.where(y == NOT_A_DIE, NEGATIVE_WEIGHT, 1.0)
    return {name: fit_head(F[rows], y[rows], w[rows], W0, b0, pull=pull) for name, (F, W0, b0) in inputs.items()}


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


def check_labels(readings: list[tuple[float, bool]], folder: str | os.PathLike) -> None:
    """Refuse labels that are not these photos' own: raises
    :class:`CalibrationError` when of the labelled dice the reader as
    shipped reads surely (``readings``: (confidence, right) of each die
    given a value, :func:`value_readings`; sure: confidence >=
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


def _thin_negatives(windows: list[np.ndarray], classes: list[int], owners: list[int], per: int
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


def _cross_readings(reader: DiceReader, images: list[Path], inputs: dict, classes: list[int], per: int,
                    owners: list[int], learn: Callable | None = None) -> tuple[list[tuple[float, bool]], int]:
    """Readings (:func:`value_readings`) of each half of ``images`` (by
    scene) by ``reader`` with last layers fitted on the other half's finds (their features
    ``inputs``, ``classes``, ``per`` windows each, ``owners`` the index of
    each find's photo): how new layers read dice they were not fitted on.
    ``learn``: what is learned instead of last layers, a function of the
    finds kept (N bool) giving the reader to read with, or None where
    that half's finds are too few to learn from (the half is skipped).
    ([], 0) with fewer than two scenes."""
    scenes = sorted({scene_key(p) for p in images})
    if len(scenes) < 2:
        return [], 0
    half = set(scenes[::2])
    in_a = np.array([scene_key(images[k]) in half for k in owners], bool)
    a = [p for p in images if scene_key(p) in half]
    b = [p for p in images if scene_key(p) not in half]
    learn = learn or (lambda finds: reader.with_heads(_fit_on(inputs, classes, per, finds=finds)))
    out, labelled = [], 0
    for finds, read in ((in_a, b), (~in_a, a)):
        learned = learn(finds) if finds.any() else None
        if learned is None:
            continue
        r, n = value_readings(learned, read)
        out += r
        labelled += n
    return out, labelled


def _prototypes_on(inputs: dict, classes: list[int], per: int, finds: np.ndarray | None = None,
                   weight: float | None = None) -> dict:
    """Face prototypes (:func:`vision.prototypes.fit_prototypes`) of each
    face net from the features ``inputs`` (:func:`_head_inputs`) of ``per``
    windows per find of ``classes``; ``finds`` (N bool) keeps only some
    finds; ``weight`` their pull (None: the default).  Raises
    :class:`vision.die.VisionInputError` when a face has too few dice."""
    from vision.prototypes import MIN_PER_FACE, PROTO_WEIGHT, fit_prototypes
    y = np.repeat(np.asarray(classes), per)
    rows = np.repeat(finds, per) if finds is not None else np.ones(len(y), bool)
    kept = np.asarray(classes)[finds] if finds is not None else np.asarray(classes)
    few = [k + 1 for k in range(6) if (kept == k).sum() < MIN_PER_FACE]
    if few:
        raise VisionInputError("too few dice showing " + ", ".join(map(str, few)) + " to learn what your dice "
                               f"look like (each face needs {MIN_PER_FACE} or more)")
    return {name: fit_prototypes(F[rows], y[rows], weight or PROTO_WEIGHT) for name, (F, _, _) in inputs.items()}


def _prototype_choice(reader: DiceReader, images: list[Path], inputs: dict, classes: list[int], per: int,
                      owners: list[int], base: float) -> tuple[list[tuple[float, bool]], int, float, float | None]:
    """How far this cabinet's face prototypes are trusted (their weight, of
    :data:`vision.prototypes.PROTO_WEIGHTS`) and at which threshold, chosen
    as the layers' threshold is: each half of the fit ``images`` (by scene)
    read by ``reader`` with prototypes learned from the other half's finds
    (:func:`_cross_readings`), the threshold chosen on those readings
    (:func:`choose_threshold`), and the weight whose readings are worth
    most there (:func:`weigh`; of equals the lighter).  Returns (those
    readings, labelled dice read, threshold, weight), or ([], 0, ``base``,
    None) when no half has enough dice of every face to learn from."""
    from vision.prototypes import PROTO_WEIGHTS
    best = ([], 0, base, None)
    best_worth = None
    for weight in PROTO_WEIGHTS:
        def learn(finds: np.ndarray, weight=weight) -> DiceReader | None:
            try:
                return reader.with_prototypes(_prototypes_on(inputs, classes, per, finds, weight))
            except VisionInputError:  # a face with too few dice in that half
                return None
        readings, n = _cross_readings(reader, images, inputs, classes, per, owners, learn=learn)
        if not n:
            return best
        t = choose_threshold(readings, n, base)
        worth = weigh(*counts_at(readings, t))
        if best_worth is None or worth > best_worth:
            best, best_worth = (readings, n, t, weight), worth
    return best


def calibrate_from_labelled(reader: DiceReader, folder: str | os.PathLike,
                            progress: Callable[[str], None] | None = None) -> Calibration:
    """Fit this cabinet's face window, face-net last layers and value
    threshold for ``reader`` (its models and settings; "before" is it
    without last layers or window of a calibration, at its threshold
    without one; it is not changed) on a labelled folder (``images/`` + YOLO ``labels/``, class
    k = k + 1 pips, as ``../shared/dice``) and confirm them on every
    CONFIRM_EVERY-th scene (module docstring).

    Returns the :class:`Calibration` (not yet stored: :func:`save`) of the
    candidate kept (``info["kind"]``: "threshold" - the nets' own layers
    and window -, "window and threshold", "layers and threshold",
    "layers, window and threshold", "prototypes and threshold" or
    "prototypes, window and threshold"; "as shipped", no layers, window or
    threshold of its own, when no candidate is worth more than the reader
    as it is; ``min_value_p`` None where the threshold kept is the one in
    effect), its ``info`` with the window fit, the confirmation figures
    before, after and of each candidate and each candidate's readings of
    the fit photos.  Raises :class:`CalibrationError` when the folder has
    no images or no labelled dice, too few scenes to keep some back, when
    the detector finds fewer than MIN_FOUND of the labelled dice (noise, a
    covered lens, labels of other photos), or when every candidate reads
    the confirmation rolls worse than the reader without a calibration
    (refused)."""
    from vision.score import score_folder
    say = progress or (lambda _m: None)
    t0 = time.perf_counter()
    folder = Path(folder)
    if not (folder / "images").is_dir() or not (folder / "labels").is_dir():
        raise CalibrationError(f"{folder}: not a labelled set (expected images/ and YOLO labels/, "
                               "class k = k + 1 pips)")
    images = list_images(folder)
    labelled_images = [p for p in images if (folder / "labels" / (p.stem + ".txt")).is_file()
                       and (folder / "labels" / (p.stem + ".txt")).read_text().strip()]
    if not labelled_images:
        raise CalibrationError(f"{folder}: no labelled dice (labels/<image name>.txt, one line "
                               "'cls cx cy w h' per die); label the photos first")
    fit_imgs, confirm_imgs = _scenes(labelled_images)
    if not fit_imgs or not confirm_imgs:
        raise CalibrationError(f"{folder}: {len({scene_key(p) for p in labelled_images})} scene(s); need at least "
                               f"{CONFIRM_EVERY} (every {CONFIRM_EVERY}th is kept back to confirm the calibration)")
    for name in ("fast", "expert"):
        if name == "expert" and not reader.has_expert:
            continue
        reader.models.net(name == "expert").with_features(
            np.zeros((1, 3, netreader.FACE_PX, netreader.FACE_PX), np.float32))  # raises if no features output
    base = reader.min_value_p_without_calibration  # "before" is the reader without any calibration
    as_is = reader.with_heads(None).with_window(None)  # the nets as shipped, the shipped window
    say(f"reading the {len(fit_imgs)} fit photos as the reader is")
    plain = value_readings(as_is, fit_imgs)[0]
    check_labels(plain, folder)
    say(f"finding dice in {len(fit_imgs)} photos")
    # where this camera shows the dice's top faces (read with the nets as shipped)
    patches = die_patches(as_is, fit_imgs)
    window, loss_shipped, loss_window = fit_window(as_is, patches)
    if window != SHIPPED_WINDOW:
        say(f"a window for this camera: {window_text(window)}")
    windowed = as_is.with_window(window)
    # fewer turns on a large folder, so the fit stays within a minute
    per_turn = 2 * max(1, _label_count(fit_imgs))
    turns = (TURNS if per_turn * len(TURNS) <= MAX_WINDOWS else TURNS[::2] if per_turn * 2 <= MAX_WINDOWS
             else TURNS[:1])
    owners: list[int] = []
    windows, classes, labelled, found = _samples(windowed, fit_imgs, turns, owners)
    windows, classes, owners = _thin_negatives(windows, classes, owners, 2 * len(turns))
    if labelled == 0:
        bad = [p.name for p in fit_imgs if cv2.imread(str(p), cv2.IMREAD_COLOR) is None]
        if bad:
            raise CalibrationError(f"{folder}: {len(bad)} of the {len(fit_imgs)} photos kept for fitting cannot "
                                   f"be opened as images (e.g. {bad[0]}): damaged or not images")
        raise CalibrationError(f"{folder}: no labelled dice in the photos kept for fitting")
    if found < MIN_FOUND * labelled:
        raise CalibrationError(f"{folder}: the detector finds only {found} of {labelled} labelled dice: are these "
                               "photos of the dice from the camera's place, and the labels theirs? "
                               "(noise, a covered lens or another folder's labels); calibration refused")
    per = 2 * len(turns)
    if not windows or len(windows) != per * len(classes):
        raise CalibrationError(f"nothing to calibrate on: {len(windows)} windows for {len(classes)} dice")
    say(f"fitting the face nets' last layers on {len(windows)} windows of {found} dice")
    inputs = _head_inputs(reader.models, windows)
    heads = _fit_on(inputs, classes, per)
    try:  # what these dice look like to the nets (vision.prototypes)
        protos, proto_note = _prototypes_on(inputs, classes, per), ""
    except VisionInputError as exc:
        protos, proto_note = {}, str(exc)
    # how far to trust them, and their threshold: chosen as the layers' are
    cross_p, cross_pn, t_protos, proto_weight = _prototype_choice(windowed.at(base), fit_imgs, inputs, classes, per,
                                                                 owners, base) if protos else ([], 0, base, None)
    if proto_weight is not None:
        protos = _prototypes_on(inputs, classes, per, weight=proto_weight)
    say(f"choosing a value threshold for these dice on {len(fit_imgs)} photos")
    cross, cross_n = _cross_readings(windowed.at(base), fit_imgs, inputs, classes, per, owners)
    t_heads = choose_threshold(cross, cross_n, base) if cross_n else base
    on_window = value_readings(windowed.at(base), fit_imgs)[0] if window != SHIPPED_WINDOW else []
    t_window = choose_threshold(on_window, labelled, base) if window != SHIPPED_WINDOW else base
    t_plain = choose_threshold(plain, labelled, base)
    # why each candidate's raised threshold keeps a margin (for the owner's summary)
    on_heads = margin_words(cross, cross_n, base) if cross_n else ""
    margins = {"threshold": margin_words(plain, labelled, base),
               "window and threshold": margin_words(on_window, labelled, base) if on_window else "",
               "layers, window and threshold": on_heads, "layers and threshold": on_heads}
    on_protos = margin_words(cross_p, cross_pn, base) if cross_pn else ""
    margins.update({"prototypes and threshold": on_protos, "prototypes, window and threshold": on_protos})
    say(f"confirming on {len(confirm_imgs)} photos kept back")
    before = score_folder(folder, as_is.at(base).read_dice, confirm_imgs)
    plain_confirm = value_readings(as_is.at(base), confirm_imgs)[0]  # the reader as it is, at any threshold
    # (name, heads, window, threshold, the fit photos' readings: of the
    # candidate itself, or of layers (prototypes) learned on the other half)
    tries = [("threshold", {}, SHIPPED_WINDOW, t_plain, plain)]
    on = ", window and threshold" if window != SHIPPED_WINDOW else " and threshold"
    if window != SHIPPED_WINDOW:
        tries += [("window and threshold", {}, window, t_window, on_window)]
    tries += [("layers" + on, heads, window, t_heads, cross)]
    if cross_pn:
        tries += [("prototypes" + on, {}, window, t_protos, cross_p)]
    candidates, learned = {}, {}
    for name, hs, w, t, fit_reads in tries:
        learned[name] = protos if name.startswith("prototypes") else {}
        candidate = as_is.with_heads(hs or None).with_prototypes(learned[name] or None).with_window(w).at(t)
        candidates[name] = (hs, w, t, score_folder(folder, candidate.read_dice, confirm_imgs), counts_at(fit_reads, t))
    shipped_fit = counts_at(plain, base)
    ok = {k: v for k, v in candidates.items()
          if not reads_worse(before.correct, before.wrong, v[3].correct, v[3].wrong,
                             at_threshold=counts_at(plain_confirm, v[2]))}
    info = {"folder": str(folder), "fit_photos": len(fit_imgs), "fit_dice": found, "labelled_dice": labelled,
            "windows": len(windows), "confirm_photos": len(confirm_imgs), "threshold_before": base,
            "window_fit": {"window": window.as_list(), "dice": len(patches), "loss_shipped": round(loss_shipped, 4),
                           "loss": round(loss_window, 4)},
            "before": _figures(before), "before_fit": dict(zip(("right", "wrong"), shipped_fit)),
            "prototypes": proto_note or (f"learned on {found} dice, weight {proto_weight:g}" if proto_weight
                                         else "too few dice of some face in each half of the fit photos"),
            "candidates": {k: {"min_value_p": t, "layers": bool(hs), "prototypes": bool(learned[k]),
                               "window": w.as_list(), **_figures(sc),
                               "fit": dict(zip(("right", "wrong"), fr)), "refused": k not in ok}
                           for k, (hs, w, t, sc, fr) in candidates.items()},
            "seconds": round(time.perf_counter() - t0, 1), "made": time.strftime("%Y-%m-%d %H:%M:%S")}
    if not ok:
        tried = "; ".join(f"{k} (min_value_p {t}): {sc.correct} right / {sc.wrong} wrong"
                          for k, (hs, w, t, sc, fr) in candidates.items())
        raise CalibrationError(
            f"calibration refused: it reads the {info['confirm_photos']} confirmation photos worse "
            f"({tried}, of {before.labelled} dice, against {before.correct} / {before.wrong} without it); "
            "nothing was changed: more labelled photos, or a check of their labels, may let it through")

    def worth(right: int, wrong: int, fit: tuple[int, int]) -> int:  # on the fit photos and the confirmation rolls
        return weigh(right + fit[0], wrong + fit[1])
    # the most worth; of equals, the simplest (the order tried)
    kind = max(ok, key=lambda k: (worth(ok[k][3].correct, ok[k][3].wrong, ok[k][4]), -list(candidates).index(k)))
    hs, w, t, after, fit_after = ok[kind]
    pr = learned[kind]
    if (worth(after.correct, after.wrong, fit_after) <= worth(before.correct, before.wrong, shipped_fit)
            or (not hs and not pr and w == SHIPPED_WINDOW and t == base)):
        # no better than the reader as it is: keep that (no layers, prototypes, window or threshold of its own)
        kind, hs, pr, w, t, after = "as shipped", {}, {}, SHIPPED_WINDOW, None, before
    elif t == base:
        t = None  # the threshold in effect: the config's, not pinned by the calibration
    info.update(kind=kind, min_value_p=t, window=w.as_list(), after=_figures(after),
                margin=margins.get(kind, "") if t is not None else "")
    return Calibration(hs, models_fingerprint(reader.models), info, t, None if w == SHIPPED_WINDOW else w, pr)


def window_text(g: WindowGeometry) -> str:
    """A window geometry in words, e.g. "0.9 x as wide, 0.04 die up"."""
    parts = []
    if g.scale != 1.0:
        parts.append(f"{g.scale:g} x as wide")
    if g.dx:
        parts.append(f"{abs(g.dx):g} die {'right' if g.dx > 0 else 'left'}")
    if g.dy:
        parts.append(f"{abs(g.dy):g} die {'down' if g.dy > 0 else 'up'}")
    if g.radial:
        parts.append(f"{abs(g.radial):g} die {'outward' if g.radial > 0 else 'inward'} at the corners")
    return ", ".join(parts) or "as shipped"


def kept_words(kind: str, base: float, t: float | None) -> str:
    """What a calibration kept, in a cabinet owner's words (no jargon), for
    the result screen and the command's summary: ``kind`` as in
    ``Calibration.info["kind"]`` (or the guided flow's "layers",
    "threshold", "window"), ``base`` the value threshold without it, ``t``
    its own (None: ``base``)."""
    t = base if t is None else t
    if kind == "as shipped":
        return "now using: the reader as it was (nothing read your dice better)"
    parts = []
    if "layers" in kind:
        parts.append("trained on your dice")
    if "prototypes" in kind:
        parts.append("knows what your dice's faces look like")
    if "window" in kind:
        parts.append("reads the top faces as your camera sees them")
    if t > base:
        parts.append("careful mode: fewer misreads, more dice to nudge")
    elif t < base:
        parts.append("bold mode: reads more of your dice")
    return "now using: " + "; ".join(parts or ["the reader as it was"])


def counts_at(readings: list[tuple[float, bool]], t: float) -> tuple[int, int]:
    """(right, wrong): the dice of ``readings`` ((confidence, right) of
    each labelled die given a value, :func:`value_readings`) given a value
    at threshold ``t``."""
    kept = [right for conf, right in readings if conf >= t - 1e-9]
    return sum(kept), len(kept) - sum(kept)


def _figures(s) -> dict:
    return {"dice": s.labelled, "right": s.correct, "wrong": s.wrong, "recall": round(s.recall, 4),
            "accuracy": round(s.accuracy, 4), "confident_wrong": round(s.confident_wrong, 4)}


def save(cal: Calibration, path: str | os.PathLike) -> Path:
    """Write ``cal`` to ``path`` (.npz) atomically (a temporary file in the
    same folder, then renamed), creating the folder.  Returns the path."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    arrays = {f"{k}_{part}": v for k, (W, b) in cal.heads.items() for part, v in (("W", W), ("b", b))}
    arrays.update({f"proto_{k}_{part}": getattr(pr, part) for k, pr in cal.prototypes.items()
                   for part in ("centre", "means", "near")})
    meta = json.dumps({"format": FILE_FORMAT, "models": cal.models, "info": cal.info, "heads": sorted(cal.heads),
                       "min_value_p": cal.min_value_p, "window": cal.window.as_list() if cal.window else None,
                       "prototypes": {k: pr.weight for k, pr in sorted(cal.prototypes.items())}})
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".calibration-", suffix=".npz")
    try:
        with os.fdopen(fd, "wb") as fh:
            np.savez(fh, meta=np.frombuffer(meta.encode(), np.uint8), **arrays)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def _head_problem(W: np.ndarray, b: np.ndarray) -> str:
    """What makes a last layer (W classes x F, b classes) unusable, in
    words, or "": wrong shapes, values that are not finite, or weights
    equal for every class (all zero, say), which give every die the same
    scores whatever its face shows."""
    if W.ndim != 2 or b.ndim != 1 or W.shape[0] != b.shape[0] or W.shape[0] < 2:
        return f"has the wrong shape ({W.shape} and {b.shape})"
    if not (np.isfinite(W).all() and np.isfinite(b).all()):
        return "holds values that are not numbers"
    if float(np.ptp(W, axis=0).max(initial=0.0)) < 1e-6:
        return "has the same weights for every face"
    return ""


def load(path: str | os.PathLike, models: Models) -> Calibration:
    """Read a calibration written by :func:`save`, of any format up to
    :data:`FILE_FORMAT` (one of format 1, before face prototypes, loads
    without them).  Raises :class:`CalibrationError` naming the file when
    it is damaged, of a later format, or was made for other face nets than
    ``models``' (the reader's it is for)."""
    from vision.prototypes import Prototypes
    path = Path(path)
    try:
        with np.load(path, allow_pickle=False) as z:
            meta = json.loads(bytes(z["meta"]).decode())
            version = meta.get("format", 1)
            if isinstance(version, int) and version > FILE_FORMAT:
                raise CalibrationError(f"{path}: this dice calibration was made by a later version of the "
                                       "cabinet's software; update, calibrate again, or remove it with "
                                       "`cabinet dice calibrate --reset`")
            heads = {k: (z[f"{k}_W"].astype(np.float32), z[f"{k}_b"].astype(np.float32)) for k in meta["heads"]}
            protos = {k: Prototypes(z[f"proto_{k}_centre"], z[f"proto_{k}_means"], z[f"proto_{k}_near"], weight)
                      for k, weight in (meta.get("prototypes") or {}).items()}
    except (FileNotFoundError, CalibrationError):
        raise
    except Exception as exc:
        raise CalibrationError(f"{path}: this dice calibration is damaged and cannot be read; calibrate again, "
                               "remove it with `cabinet dice calibrate --reset`, or read without it "
                               "(--no-calibration)") from None
    for name, (W, b) in heads.items():   # issue 39: all-zero weights were accepted and read 0 dice
        problem = _head_problem(W, b)
        if problem:
            raise CalibrationError(f"{path}: its {name} face layer {problem}, so it would read no dice; "
                                   "calibrate again or reset with `cabinet dice calibrate --reset`")
    p = meta.get("min_value_p")
    lo, hi = MIN_VALUE_P_RANGE
    if p is not None and (isinstance(p, bool) or not isinstance(p, (int, float)) or not lo <= p <= hi):
        raise CalibrationError(f"{path}: its value threshold {p!r} is not a probability from {lo} to {hi}; "
                               "calibrate again or reset with `cabinet dice calibrate --reset`")
    window = meta.get("window")
    try:
        if window is not None and (not isinstance(window, list) or len(window) != 4):
            raise VisionInputError(f"want [scale, dx, dy, radial], got {window!r}")
        window = WindowGeometry(*window) if window is not None else None
    except VisionInputError as exc:
        raise CalibrationError(f"{path}: its face window is not valid ({exc}); "
                               "calibrate again or reset with `cabinet dice calibrate --reset`") from None
    cal = Calibration(heads, str(meta.get("models", "")), meta.get("info", {}), None if p is None else float(p),
                      None if window == SHIPPED_WINDOW else window, protos)
    if cal.models != models_fingerprint(models):
        raise CalibrationError(f"{path}: made for other dice reader models than those in use; "
                               "calibrate again or reset with `cabinet dice calibrate --reset`")
    return cal


def apply(reader: DiceReader, cal: Calibration | None) -> DiceReader:
    """``reader`` reading with ``cal``'s last layers, face prototypes, face
    window and value threshold (``None``: the nets' own layers, the shipped window and no
    calibration threshold: :meth:`vision.reader.DiceReader.without_calibration`);
    ``reader`` itself is not changed.  Raises
    :class:`vision.die.VisionInputError` when ``cal``'s layers do not fit
    ``reader``'s models."""
    if cal is None:
        return reader.without_calibration()
    return reader.with_calibration(cal.heads or None, cal.window, cal.min_value_p, cal.prototypes or None)


__all__ = ["CALIBRATION_FILE", "FILE_FORMAT", "Calibration", "CalibrationError", "DiePatch", "apply",
           "calibrate_from_labelled", "check_labels", "choose_threshold", "counts_at", "die_patches", "die_windows",
           "fit_head", "fit_heads", "fit_window", "kept_words", "learn_prototypes", "load", "margin_words",
           "models_fingerprint", "patch_of", "save", "threshold_choice", "thin_evenly", "value_readings", "weigh",
           "window_loss", "window_text"]
