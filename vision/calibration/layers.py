"""What a calibration learns from the fit photos' face windows: each face
net's new last layer (7 x F weights over the features the net's own last
layer reads, :meth:`vision.netreader.Models.face_features`), fitted by
multinomial logistic regression starting from the net's own layer and
pulled towards it (L2, :data:`PULL`), so a few dozen dice move it only as
far as they show; and the face prototypes of these dice
(:mod:`vision.prototypes`: what each face looks like to the nets, with a
reject option for a die unlike any of them).  Windows of finds on no
labelled die (a print, a token, a screw of this cabinet) are *not a die*,
weighed :data:`NEGATIVE_WEIGHT`.
"""
from __future__ import annotations

from typing import Callable

import numpy as np

from vision import netreader
from vision.calibration.file import CalibrationError
from vision.die import VisionInputError
from vision.netreader import NOT_A_DIE, Models

#: L2 pull of the new last layer towards the net's own, per window
PULL = 3e-3
#: weight of a "not a die" window (a find on no labelled die may be a die
#: someone did not label)
NEGATIVE_WEIGHT = 0.5


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


def features_and_own_head(models: Models, windows: list[np.ndarray], expert: bool
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


def head_inputs(models: Models, windows: list[np.ndarray]) -> dict[str, tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """{net: (F N x D features of ``windows``, W0, b0 its own last layer)}
    for "fast" (and "expert") of ``models`` (:func:`features_and_own_head`)."""
    return {name: features_and_own_head(models, windows, name == "expert")
            for name in (("fast", "expert") if models.has_expert else ("fast",))}


def fit_on(inputs: dict, classes: list[int], per: int, pull: float = PULL,
            finds: np.ndarray | None = None) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """New last layers fitted on the features ``inputs`` (:func:`head_inputs`)
    of ``per`` windows per find of ``classes``; ``finds`` (N bool, one per
    find) keeps only some finds (None: all)."""
    y = np.repeat(np.asarray(classes), per)
    rows = np.repeat(finds, per) if finds is not None else np.ones(len(y), bool)
    w = np.where(y == NOT_A_DIE, NEGATIVE_WEIGHT, 1.0)
    return {name: fit_head(F[rows], y[rows], w[rows], W0, b0, pull=pull) for name, (F, W0, b0) in inputs.items()}


def fit_heads(models: Models, windows: list[np.ndarray], classes: list[int], per: int,
              progress: Callable[[str], None] | None = None,
              pull: float = PULL) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """New last layers of the face nets of ``models`` fitted on ``windows`` (FACE_PX x
    FACE_PX x 3 uint8), ``per`` consecutive windows per find, the finds'
    ``classes`` (value - 1, or NOT_A_DIE; one per find), pulled towards
    the nets' own layers by ``pull`` (:func:`fit_head`), from the
    features the nets' own last layers read.  Returns {"fast": (W,
    b)[, "expert": (W, b)]} for :class:`vision.calibration.file.Calibration`.  Raises
    :class:`CalibrationError` when there are no windows, or from
    :func:`features_and_own_head`."""
    say = progress or (lambda _m: None)
    if not windows or len(windows) != per * len(classes):
        raise CalibrationError(f"nothing to calibrate on: {len(windows)} windows for {len(classes)} dice")
    found = sum(c != NOT_A_DIE for c in classes)
    say(f"fitting the face nets' last layers on {len(windows)} windows of {found} dice")
    return fit_on(head_inputs(models, windows), classes, per, pull=pull)


def learn_prototypes(models: Models, windows: list[np.ndarray], classes: list[int], per: int,
                     weight: float | None = None) -> dict:
    """Face prototypes (:mod:`vision.prototypes`) of the face nets of
    ``models`` from ``windows`` (FACE_PX x FACE_PX x 3 uint8), ``per``
    consecutive windows per find of ``classes`` (value - 1, or NOT_A_DIE),
    pulling by ``weight`` (None: :data:`vision.prototypes.PROTO_WEIGHT`):
    ``{"fast": Prototypes[, "expert": Prototypes]}`` for
    :class:`vision.calibration.file.Calibration`.  Raises :class:`CalibrationError` in words when
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


def prototypes_on(inputs: dict, classes: list[int], per: int, finds: np.ndarray | None = None,
                   weight: float | None = None) -> dict:
    """Face prototypes (:func:`vision.prototypes.fit_prototypes`) of each
    face net from the features ``inputs`` (:func:`head_inputs`) of ``per``
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
