"""The calibration file: one cabinet's calibration (:class:`Calibration`:
the face nets' last layers, face prototypes, face window and value
threshold) as one ``.npz`` file (:data:`CALIBRATION_FILE` in the
cabinet's state folder) with a fingerprint of the models it was made for.

Format (:data:`FILE_FORMAT`): the arrays ``<net>_W``, ``<net>_b`` (each
face net's last layer), ``proto_<net>_centre``, ``_means``, ``_near`` (its
face prototypes, :mod:`vision.prototypes`), ``adapt_<net>_<k>_a``, ``_c``
(the scale and shift of convolution k's channels, :mod:`vision.adapt`) and
``meta`` (UTF-8 JSON: format, models, info, heads, min_value_p, window,
prototypes' weights, adapted layers per net, the lean net's bar).
:func:`save` writes it atomically; :func:`load` reads every format up to
:data:`FILE_FORMAT` and refuses a damaged file, one of a later format or
one made for other models; :func:`apply` gives a reader with it.  How a
calibration is made: :mod:`vision.calibrate`.
"""
from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from vision.adapt import Adaptation
from vision.die import VisionInputError
from vision.netreader import SHIPPED_WINDOW, Models, WindowGeometry
from vision.reader import MIN_VALUE_P_RANGE, DiceReader

#: file name of a cabinet's calibration in its state folder
CALIBRATION_FILE = "dice_calibration.npz"
#: the calibration file's format: 1 (no ``format`` in the file; layers,
#: window, threshold), 2 (and face prototypes, :mod:`vision.prototypes`),
#: 3 (and the face nets' adaptation to the camera, :mod:`vision.adapt`),
#: 4 (and the lean net's bar for this cabinet's dice, :mod:`vision.lean`).
#: A file of an earlier format loads as before; one of a later format is refused
FILE_FORMAT = 4


class CalibrationError(VisionInputError):
    """A calibration that cannot be made, is refused, or cannot be loaded;
    the message says why and what to do.  The calibration in use is kept."""


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
    empty: none); ``adaptation`` the face nets' statistics adapted to this
    camera (:class:`vision.adapt.Adaptation`; None: none); ``lean_max_p``
    the lean net's bar for these dice lying flat (:func:`vision.lean.lean_bar_for`;
    None: the configured one).  ``heads`` may be
    empty: the nets' own layers with this cabinet's threshold (and window,
    prototypes, adaptation)."""

    heads: dict[str, tuple[np.ndarray, np.ndarray]]
    models: str
    info: dict = field(default_factory=dict)
    min_value_p: float | None = None
    window: WindowGeometry | None = None
    prototypes: dict = field(default_factory=dict)
    adaptation: object | None = None
    lean_max_p: float | None = None


def models_fingerprint(models: Models) -> str:
    """Hex digest (16 characters) of the face net files of ``models`` (the
    fast net, the expert and the second and third experts where there are
    ones: a calibration confirmed with other expert readings is not this
    reader's)."""
    h = hashlib.sha256()
    for path in (models.face, models.expert, models.expert2, models.expert3):
        if path is not None:
            h.update(Path(path).read_bytes())
    return h.hexdigest()[:16]


def save(cal: Calibration, path: str | os.PathLike) -> Path:
    """Write ``cal`` to ``path`` (.npz) atomically (a temporary file in the
    same folder, then renamed), creating the folder.  Returns the path."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    arrays = {f"{k}_{part}": v for k, (W, b) in cal.heads.items() for part, v in (("W", W), ("b", b))}
    arrays.update({f"proto_{k}_{part}": getattr(pr, part) for k, pr in cal.prototypes.items()
                   for part in ("centre", "means", "near")})
    adapted = cal.adaptation.nets if cal.adaptation is not None else {}
    arrays.update({f"adapt_{k}_{i}_{part}": v for k, layers in adapted.items() for i, (a, c) in enumerate(layers)
                   for part, v in (("a", a), ("c", c))})
    meta = json.dumps({"format": FILE_FORMAT, "models": cal.models, "info": cal.info, "heads": sorted(cal.heads),
                       "min_value_p": cal.min_value_p, "window": cal.window.as_list() if cal.window else None,
                       "prototypes": {k: pr.weight for k, pr in sorted(cal.prototypes.items())},
                       "adaptation": {k: len(layers) for k, layers in sorted(adapted.items())},
                       "lean_max_p": cal.lean_max_p})
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
            adapted = {k: [(z[f"adapt_{k}_{i}_a"], z[f"adapt_{k}_{i}_c"]) for i in range(int(n))]
                       for k, n in (meta.get("adaptation") or {}).items()}
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
    lean = meta.get("lean_max_p")
    if lean is not None and (isinstance(lean, bool) or not isinstance(lean, (int, float)) or not 0 < lean <= 1):
        raise CalibrationError(f"{path}: its bar for the lean net {lean!r} is not a probability above 0 and at "
                               "most 1; calibrate again or reset with `cabinet dice calibrate --reset`")
    window = meta.get("window")
    try:
        if window is not None and (not isinstance(window, list) or len(window) != 4):
            raise VisionInputError(f"want [scale, dx, dy, radial], got {window!r}")
        window = WindowGeometry(*window) if window is not None else None
    except VisionInputError as exc:
        raise CalibrationError(f"{path}: its face window is not valid ({exc}); "
                               "calibrate again or reset with `cabinet dice calibrate --reset`") from None
    try:
        adaptation = Adaptation.of(adapted) if adapted else None
    except VisionInputError as exc:
        raise CalibrationError(f"{path}: its adaptation of the face nets is not valid ({exc}); "
                               "calibrate again or reset with `cabinet dice calibrate --reset`") from None
    cal = Calibration(heads, str(meta.get("models", "")), meta.get("info", {}), None if p is None else float(p),
                      None if window == SHIPPED_WINDOW else window, protos, adaptation,
                      None if lean is None else float(lean))
    if cal.models != models_fingerprint(models):
        raise CalibrationError(f"{path}: made for other dice reader models than those in use; "
                               "calibrate again or reset with `cabinet dice calibrate --reset`")
    return cal


def apply(reader: DiceReader, cal: Calibration | None) -> DiceReader:
    """``reader`` reading with ``cal``'s last layers, face prototypes, face
    window, adaptation, value threshold and lean net's bar (``None``: the nets' own layers, the shipped window and no
    calibration threshold: :meth:`vision.reader.DiceReader.without_calibration`);
    ``reader`` itself is not changed.  Raises
    :class:`vision.die.VisionInputError` when ``cal``'s layers do not fit
    ``reader``'s models."""
    if cal is None:
        return reader.without_calibration()
    return reader.with_calibration(cal.heads or None, cal.window, cal.min_value_p, cal.prototypes or None,
                                   cal.adaptation, cal.lean_max_p)
