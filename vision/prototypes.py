"""What a cabinet's own dice look like to the face nets: one *prototype*
per face (and one for "not a die") in the nets' embedding space, learned
by a calibration from its labelled dice and added to the nets' own
scores (:class:`Prototypes`).

Method (nearest class mean, cosine): each window a face net reads gives
the features its last layer reads (:meth:`vision.netreader.Models.face_features`,
F numbers).  A prototype is the mean direction of the calibration
windows of one class, measured from the mean of all of them (the
*centre*: features after the nets' last activation are all positive, so
their raw directions differ little; from the centre they differ as the
faces do), each window's scaled to length 1, the mean scaled to length 1
again.  At reading time the window's cosine
to each prototype, times :data:`PROTO_WEIGHT`, is added to the net's
logits (its own last layer's, or a calibration's new one): a die that
looks like this cabinet's fives is pulled towards five, however the
shipped nets' last layer weighs its features.  **Reject option**: a die
whose features are farther from its nearest face's prototype than all
but :data:`REJECT_PERCENTILE` % of that face's calibration windows is
far from every prototype (a die unlike any the owner showed): its six
value scores are made equal, so it gets no value and the nudge flow
takes it (ruling CAB-5: never guessed).

Chosen by measure (``docs/dice-reader-history.md``, face prototypes): weights 2 to 40
were tried on three sets, one scene in five to calibrate; more weight
reads more dice and misreads more, so the calibration chooses the
weight (:data:`PROTO_WEIGHTS`) and the threshold on its own fit photos
(:func:`vision.calibrate.calibrate_from_labelled`).

No PyTorch, no training loop: a mean per class, a few milliseconds.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from vision.die import VisionInputError

#: classes: six faces and "not a die" (:data:`vision.netreader.NOT_A_DIE` = 6)
CLASSES = 7
#: faces (values 1..6) a prototype set needs, each with at least
#: :data:`MIN_PER_FACE` calibration dice: a face without one would make
#: dice showing it drift to the faces the owner did show
FACES = 6
#: calibration dice (finds) a face needs for its prototype
MIN_PER_FACE = 3
#: how much the cosine to a prototype (-1..1) adds to the net's logit (nats)
PROTO_WEIGHT = 2.0
#: the weights a calibration chooses from (on its fit photos, each half
#: read with prototypes learned from the other): 2 and 5 suit dice the
#: nets read well already, 20 dice unlike any they were trained on
PROTO_WEIGHTS = (PROTO_WEIGHT, 5.0, 20.0)
#: a die farther from its nearest face's prototype than all but this
#: percentage of that face's calibration windows gets no value
REJECT_PERCENTILE = 0.5


def _unit(F: np.ndarray) -> np.ndarray:
    """Rows of ``F`` (N x D) scaled to length 1 (a zero row stays zero)."""
    n = np.linalg.norm(F, axis=1, keepdims=True)
    return (F / np.maximum(n, 1e-12)).astype(np.float32)


@dataclass(frozen=True)
class Prototypes:
    """One face net's prototypes: ``centre`` (F float32, the calibration
    windows' mean features, subtracted before the cosine), ``means`` (7 x F float32, rows of length
    1: faces 1..6 and "not a die"; a row of zeros: no prototype - only
    "not a die" may lack one), ``near`` (6 float32: the cosine to its
    face's prototype below which a die nearest that face is *far*, the
    reject option; -1: no reject), ``weight`` (nats per unit of cosine).
    Raises :class:`VisionInputError` for shapes or values that cannot be
    read (a damaged calibration)."""

    centre: np.ndarray
    means: np.ndarray
    near: np.ndarray
    weight: float = PROTO_WEIGHT

    def __post_init__(self) -> None:
        centre = np.asarray(self.centre, np.float32)
        means = np.asarray(self.means, np.float32)
        near = np.asarray(self.near, np.float32)
        if (means.ndim != 2 or means.shape[0] != CLASSES or near.shape != (FACES,)
                or centre.shape != (means.shape[1],)):
            raise VisionInputError(f"face prototypes of shapes {centre.shape}, {means.shape} and {near.shape}: "
                                   f"want F, {CLASSES} x F and {FACES}")
        if not (np.isfinite(means).all() and np.isfinite(near).all() and np.isfinite(centre).all()
                and np.isfinite(self.weight)):
            raise VisionInputError("face prototypes hold values that are not numbers")
        norms = np.linalg.norm(means[:FACES], axis=1)
        if np.abs(norms - 1).max() > 1e-3:
            raise VisionInputError("face prototypes want one prototype of length 1 for each face 1..6")
        if not 0 < float(self.weight) <= 100:
            raise VisionInputError(f"face prototypes' weight {self.weight!r}: want a number above 0, at most 100")
        object.__setattr__(self, "centre", centre)
        object.__setattr__(self, "means", means)
        object.__setattr__(self, "near", near)
        object.__setattr__(self, "weight", float(self.weight))

    @property
    def features(self) -> int:
        """F, the length of the features they are made for."""
        return int(self.means.shape[1])

    def similarity(self, features: np.ndarray) -> np.ndarray:
        """N x 7 cosine of each row of ``features`` (N x F) to each
        prototype; "not a die" without a prototype gets the mean of the
        faces' (neither pulled to nor pushed from it)."""
        s = _unit(np.asarray(features, np.float32) - self.centre) @ self.means.T
        if not self.means[FACES].any():
            s[:, FACES] = s[:, :FACES].mean(axis=1)
        return s

    def adjust(self, logits: np.ndarray, features: np.ndarray) -> np.ndarray:
        """The net's ``logits`` (N x 7) with the prototypes' pull added
        (module docstring), and the six value scores of a die far from
        every prototype made equal (reject option).  float64 N x 7."""
        s = self.similarity(features).astype(np.float64)
        z = np.asarray(logits, np.float64).reshape(len(s), -1) + self.weight * s
        nearest = np.argmax(s[:, :FACES], axis=1)
        far = s[np.arange(len(s)), nearest] < self.near[nearest]
        if far.any():
            z[far, :FACES] = z[far, :FACES].mean(axis=1, keepdims=True)
        return z


def fit_prototypes(features: np.ndarray, classes: np.ndarray, weight: float = PROTO_WEIGHT,
                   reject_percentile: float | None = REJECT_PERCENTILE) -> Prototypes:
    """Prototypes of one face net from calibration windows: ``features``
    (N x F float32, one row a window), ``classes`` (N ints: value - 1, or 6
    for "not a die").  ``reject_percentile`` None: no reject option.
    Raises :class:`VisionInputError` saying which faces are missing when
    a face 1..6 has fewer than :data:`MIN_PER_FACE` windows (the caller
    counts dice, not windows, where several windows show one die)."""
    F = np.asarray(features, np.float32)
    y = np.asarray(classes, int)
    if F.ndim != 2 or len(F) != len(y):
        raise VisionInputError(f"{len(y)} classes for features of shape {F.shape}")
    counts = np.bincount(y[(y >= 0) & (y < CLASSES)], minlength=CLASSES)
    missing = [k + 1 for k in range(FACES) if counts[k] < MIN_PER_FACE]
    if missing:
        raise VisionInputError("too few dice showing " + ", ".join(map(str, missing))
                               + f" to learn what your dice look like (each face needs {MIN_PER_FACE} or more)")
    centre = F.mean(axis=0)
    Fn = _unit(F - centre)
    means = np.zeros((CLASSES, F.shape[1]), np.float32)
    for k in range(CLASSES):
        if counts[k]:
            means[k] = Fn[y == k].mean(axis=0)
    means = _unit(means)
    near = np.full(FACES, -1.0, np.float32)
    if reject_percentile is not None:
        own = np.einsum("nd,nd->n", Fn, means[np.clip(y, 0, CLASSES - 1)])
        for k in range(FACES):
            near[k] = np.percentile(own[y == k], reject_percentile)
    return Prototypes(centre, means, near, weight)


__all__ = ["CLASSES", "FACES", "MIN_PER_FACE", "PROTO_WEIGHT", "PROTO_WEIGHTS", "Prototypes", "REJECT_PERCENTILE",
           "fit_prototypes"]
