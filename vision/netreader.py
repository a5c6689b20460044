"""The dice reader's three small convolutional networks, run from ONNX files
in ``vision/models/`` by onnxruntime, or by OpenCV's ``cv2.dnn`` where
onnxruntime is not installed (:func:`default_runtime`).  Which files a
reader runs is a :class:`Models` (the shipped ones, or a folder's,
:meth:`Models.load`); a loaded net is shared by every reader that runs the
same file (loading is slow), so two readers differ only in their settings.

1. *Die detector* (:meth:`Models.find_dice`): a fully convolutional net on a
   copy of the frame scaled by ``FIRST_LEVEL`` (and on copies halved again
   and again while they are at least ``MIN_LEVEL_PX`` px high, for large
   dice) gives on a grid of
   ``DET_STRIDE`` px a heat map of die centres, the centre's offset inside
   its cell and the die's size.  Peaks of the heat map are dice; touching
   dice are separate peaks.  A small die with only a weak peak gets a
   close look at the frame's full size, and a small frame (a tray crop, a
   640 x 640 photo) is also read whole at its full size
   (:mod:`vision.detector`).
2. *Face classifier* (:meth:`Models.read_faces`): a window ``WINDOW_PER_SIZE``
   die sizes wide around each centre, resampled to ``FACE_PX`` x
   ``FACE_PX`` px, gives probabilities for 1..6 pips and for "not a die"
   (a place between dice, part of a die, a tray wall, a screw, a print).  The top face is what the
   net was trained to count: side faces, glare and neighbouring dice are in
   its training windows (see :mod:`vision.training`).
3. *Expert face classifier* (``Models.read_faces(..., expert=True)``): the same
   windows and classes, a deeper net with two convolutions per stage
   (about three and a half times the fast one's work per window; cut from
   a wider one by :mod:`vision.training.prune` and fine-tuned), read only
   for the dice the fast one is unsure of (:mod:`vision.reader`).  Optional: a model folder
   without ``dice_face_expert.onnx`` reads with the fast net alone.

All three nets take BGR 0..255 as ``(x - 128) / 64``.  The weights are trained
by ``python -m vision.training.train`` (needs PyTorch, only to train).

Under onnxruntime the two face nets run from their 8-bit copies
(``dice_face.int8.onnx``, ``dice_face_expert.int8.onnx``, made by
``python -m vision.training.quantize``) where a folder has them and its
``quantized.json`` says they were made from the float files beside them
(:func:`face_file`); the detector, and every net under ``cv2.dnn``, runs
in float.
"""
from __future__ import annotations

import functools
import hashlib
import importlib.util
import json
import os
import warnings
from dataclasses import dataclass, replace
from pathlib import Path

import cv2
import numpy as np

from vision.detector import (DET_MIN_HEAT, DET_STRIDE, FIRST_LEVEL, MIN_LEVEL_PX,  # noqa: F401 (re-exported)
                             Candidate, blob as _blob, detect, merge_peaks as _merge_peaks)
from vision.die import VisionInputError
from vision.window import (FACE_PX, SHIPPED_WINDOW, WINDOW_LIMITS, WINDOW_PER_SIZE,  # noqa: F401 (re-exported)
                           WindowGeometry, die_window, face_window)

MODELS = Path(__file__).resolve().parent / "models"
#: the 8-bit copy of ``<net>.onnx`` is ``<net>`` + INT8_SUFFIX (vision.training.quantize)
INT8_SUFFIX = ".int8.onnx"
#: the face nets a models folder may hold: (name, file stem); the lean net since 2026-12-06 (stop 68)
FACE_STEMS = {"fast": "dice_face", "expert": "dice_face_expert", "expert2": "dice_face_expert2",
              "expert3": "dice_face_expert3", "lean": "dice_lean"}
#: the record of a folder's 8-bit copies: {net stem: {"source_sha256": hex of the float file, ...}}
QUANTIZED_JSON = "quantized.json"

#: classifier class index of "not a die" (0..5 are 1..6 pips)
NOT_A_DIE = 6


def default_runtime() -> str:
    """Which library runs the nets: ``onnxruntime`` when it is installed
    (about 2.5 times faster on one core), else OpenCV's ``cv2.dnn`` (the
    same ONNX files and the same figures; used where onnxruntime has no
    wheel, e.g. 32-bit Raspberry Pi OS).  ``CABINET_DNN=opencv`` forces
    ``cv2.dnn``.  Looked up when a :class:`Models` is made."""
    if os.environ.get("CABINET_DNN", "").lower() in ("opencv", "cv2"):
        return "opencv"
    # only looked up here (cheap); imported when the first net loads
    return "onnxruntime" if importlib.util.find_spec("onnxruntime") is not None else "opencv"


#: the libraries that can run the nets (:func:`default_runtime`)
RUNTIMES = ("onnxruntime", "opencv")


def face_file(folder: Path, stem: str, runtime: str | None = None) -> Path:
    """The file the face net ``stem`` (``dice_face``, ``dice_face_expert``)
    of ``folder`` runs from: its 8-bit copy ``stem`` + INT8_SUFFIX under
    onnxruntime (``runtime``; None: :func:`default_runtime`) when the
    folder's QUANTIZED_JSON records it as made from the
    float file ``stem.onnx`` beside it (same sha256), else the float file.
    A copy made from another float file (the float net retrained since) is
    not used, with a warning naming the fix."""
    f = folder / f"{stem}.onnx"
    q = folder / f"{stem}{INT8_SUFFIX}"
    if (runtime or default_runtime()) != "onnxruntime" or not q.is_file() or not f.is_file():
        return f
    try:
        rec = json.loads((folder / QUANTIZED_JSON).read_text())[stem]
        source = rec["source_sha256"]
    except (OSError, ValueError, KeyError, TypeError):
        source = None
    if source != hashlib.sha256(f.read_bytes()).hexdigest():
        warnings.warn(f"{q} was not made from the {f.name} beside it; reading with the float net "
                      f"(remake it: python -m vision.training.quantize {folder} SET...)", stacklevel=2)
        return f
    return q


class _Model:
    """One ONNX net, loaded once (a broken file fails here), run on
    N x 3 x H x W float32 input; returns the output array.  onnxruntime
    runs it on one thread: the nets are small, more threads mostly wait,
    and the game loop keeps the other cores.  ``runtime``: None is
    :func:`default_runtime`."""

    def __init__(self, path: Path, runtime: str | None = None, data: bytes | None = None):
        self.path, self.runtime = path, runtime or default_runtime()
        source = str(path) if data is None else data    # ``data``: the net's bytes (an adapted copy of ``path``)
        if self.runtime == "onnxruntime":
            import onnxruntime as ort
            so = ort.SessionOptions()
            so.intra_op_num_threads, so.inter_op_num_threads = 1, 1
            so.log_severity_level = 3
            self._session = ort.InferenceSession(source, so, providers=["CPUExecutionProvider"])
            self._input = self._session.get_inputs()[0].name
        else:
            self._net = (cv2.dnn.readNet(source) if data is None
                         else cv2.dnn.readNetFromONNX(np.frombuffer(data, np.uint8)))

        self.outputs = (len(self._session.get_outputs()) if self.runtime == "onnxruntime"
                        else len(self._net.getUnconnectedOutLayersNames()))

    def __call__(self, x: np.ndarray) -> np.ndarray:
        if self.runtime == "onnxruntime":
            return self._session.run(None, {self._input: x})[0]
        self._net.setInput(x)
        if self.outputs > 1:  # the logits, not the features (cv2.dnn's forward() gives the last layer)
            return self._net.forward(self._net.getUnconnectedOutLayersNames())[0]
        return self._net.forward()

    def with_features(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Logits and the features the net's last layer reads (a face
        net exported with a ``features`` output); raises
        :class:`VisionInputError` when the file has no such output."""
        if self.outputs < 2:
            raise VisionInputError(f"{self.path}: this face classifier has no features output; "
                                   "retrain it with `python -m vision.training.train` to calibrate")
        if self.runtime == "onnxruntime":
            y, f = self._session.run(None, {self._input: x})[:2]
            return y, f
        self._net.setInput(x)
        outs = self._net.forward(self._net.getUnconnectedOutLayersNames())
        y = next(o for o in outs if o.ndim == 2 and o.shape[1] == NOT_A_DIE + 1)
        f = next(o for o in outs if o is not y)
        return y, f


#: loaded nets shared by every :class:`Models` that runs the same file with
#: the same runtime (loading is slow): (file, runtime) -> net; a net is
#: loaded again only by :meth:`Models.load` (the file may have been rewritten)
_LOADED: dict[tuple[Path, str], _Model] = {}


def _loaded(path: Path, runtime: str) -> _Model:
    """The loaded net of ``path`` under ``runtime`` (read on first use).
    Raises :class:`VisionInputError` when the file is missing."""
    net = _LOADED.get((path, runtime))
    if net is None:
        if not path.is_file():
            raise VisionInputError(f"dice reader model {path} is missing; reinstall the cabinet package "
                                   "or retrain with `python -m vision.training.train`")
        net = _LOADED[(path, runtime)] = _Model(path, runtime)
    return net


def _runs_as_face_classifier(f: Path, runtime: str) -> bool:
    """Whether ``f`` runs on one FACE_PX window and gives 7 values."""
    try:
        return _Model(f, runtime)(np.zeros((1, 3, FACE_PX, FACE_PX), np.float32)).shape[1:2] == (7,)
    except Exception:  # not even that: a broken file
        return False


@dataclass(frozen=True)
class Models:
    """The ONNX files a dice reader runs, and the library that runs them.

    ``detector``, ``face`` (the fast face classifier, perhaps its 8-bit
    copy, :func:`face_file`), ``expert`` (the expert face classifier, or
    None when the folder has none: the fast net then takes the second
    look), ``runtime`` (``"onnxruntime"`` or ``"opencv"``,
    :func:`default_runtime`), ``expert2`` (a second expert, trained apart,
    or None: where a folder has ``dice_face_expert2.onnx``, the expert's
    reading of a window is the average of the two nets' probabilities,
    :meth:`read_faces`), ``expert3`` (a third, or None: where a folder
    also has ``dice_face_expert3.onnx``, the first expert's probabilities
    averaged with the mean of the other two's).  The nets themselves are loaded on first use
    and shared between every Models of the same files (:func:`_loaded`).
    Make one with :meth:`shipped` or :meth:`load`."""

    detector: Path
    face: Path
    expert: Path | None
    runtime: str
    expert2: Path | None = None
    expert3: Path | None = None
    #: a calibration's statistics adaptation of the face nets to a camera
    #: (:class:`vision.adapt.Adaptation`; None: the nets as trained)
    adaptation: object | None = None
    #: the lean net (``dice_lean.onnx``), or None: its "not a die" output
    #: is how sure it is that a die leans (cocked) rather than lies flat
    #: (:meth:`lean_p`, :mod:`vision.lean`); never adapted by a calibration
    lean: Path | None = None

    @classmethod
    def shipped(cls, runtime: str | None = None) -> "Models":
        """The models in ``vision/models/`` (nothing is loaded yet), run by
        ``runtime`` (None: :func:`default_runtime`)."""
        runtime = runtime or default_runtime()
        return _shipped(runtime)

    @classmethod
    def load(cls, folder: str | Path | None, runtime: str | None = None) -> "Models":
        """The models in ``folder`` (``dice_detector.onnx``, ``dice_face.onnx``
        and, optionally, ``dice_face_expert.onnx``, as written by ``python -m
        vision.training.train``, and the face nets' 8-bit copies where
        :func:`face_file` takes them; a second expert
        ``dice_face_expert2.onnx`` where there is one and an expert, and a
        third ``dice_face_expert3.onnx`` where there is one and a second;
        the lean net ``dice_lean.onnx`` where there is one, :mod:`vision.lean`);
        ``None`` = the shipped ones.  Each is
        loaded and run once on a blank input (and shared from then on by
        every reader of the same file).  Raises :class:`VisionInputError`
        when a file is missing, is not a model the runtime can run, or is a
        detector where a face classifier belongs (or the reverse)."""
        runtime = runtime or default_runtime()
        if runtime not in RUNTIMES:
            raise VisionInputError(f"runtime must be one of {', '.join(RUNTIMES)}, got {runtime!r}")
        d = Path(folder) if folder is not None else MODELS
        if not d.is_dir():
            raise VisionInputError(f"{d}: no such model folder")
        det = d / "dice_detector.onnx"
        for f in (det, d / "dice_face.onnx"):
            if not f.is_file():
                raise VisionInputError(f"{f}: no such model file (train one with `python -m vision.training.train`)")
        nets, paths = {}, {"detector": det}
        for name, f in [("detector", det), *_face_files(d, runtime).items()]:
            shape = (1, 3, 64, 64) if name == "detector" else (1, 3, FACE_PX, FACE_PX)
            if f.name.endswith(INT8_SUFFIX):  # an 8-bit copy that will not run: its float file instead
                try:
                    _Model(f, runtime)(np.zeros(shape, np.float32))
                except Exception:
                    flt = f.with_name(f.name[:-len(INT8_SUFFIX)] + ".onnx")
                    warnings.warn(f"{f} does not run; reading with the float net {flt.name} (remake the copy: "
                                  f"python -m vision.training.quantize {d} SET...)", stacklevel=2)
                    f = flt
            try:
                net = _Model(f, runtime)
                out = net(np.zeros(shape, np.float32))
            except Exception as exc:  # cv2.error, onnxruntime's Fail / InvalidGraph / InvalidArgument ...
                if _runs_as_face_classifier(f, runtime):
                    raise VisionInputError(f"{f}: this is a face classifier (7 outputs on a {FACE_PX} px window), "
                                           "not a detector: are the two files swapped?") from None
                raise VisionInputError(f"{f}: not a dice reader model {runtime} can run "
                                       f"({str(exc).strip().splitlines()[-1][:120]})") from None
            want = (4,) if f == det else (7,)
            if out.ndim < 2 or out.shape[1:2] != want:
                raise VisionInputError(f"{f}: outputs {out.shape[1:2]} values, a "
                                       f"{'detector' if f == det else 'face classifier'} gives {want[0]}")
            nets[f], paths[name] = net, f
        for f, net in nets.items():  # loaded once: the readers of these files use these very nets
            _LOADED[(f, runtime)] = net
        return cls(det, paths["fast"], paths.get("expert"), runtime, paths.get("expert2"), paths.get("expert3"),
                   lean=paths.get("lean"))

    @property
    def has_expert(self) -> bool:
        """Whether these models include the expert face classifier."""
        return self.expert is not None

    def net(self, expert: bool = False) -> _Model:
        """The loaded fast (or ``expert``) face net.  Raises
        :class:`VisionInputError` when ``expert`` is asked for and these
        models have none, or a file is missing."""
        if expert and not self.has_expert:
            raise VisionInputError("the dice reader models in use have no expert face classifier "
                                   "(dice_face_expert.onnx)")
        return self._face_net(self.expert if expert else self.face, "expert" if expert else "fast")

    def _face_net(self, path: Path, name: str) -> _Model:
        """The loaded face net of ``path`` ("fast", "expert", "expert2" or "expert3":
        ``name``), adapted where these models carry an adaptation of it."""
        layers = self.adaptation.nets.get(name) if self.adaptation is not None else None
        if not layers:
            return _loaded(path, self.runtime)
        key = (path.with_name(f"{path.name}#adapted-{self.adaptation.digest}"), self.runtime)
        net = _LOADED.get(key)
        if net is None:
            from vision.adapt import fold_into
            net = _LOADED[key] = _Model(path, self.runtime, fold_into(path.read_bytes(), layers))
        return net

    def with_adaptation(self, adaptation: object | None) -> "Models":
        """These models with a calibration's adaptation of their face nets
        (:class:`vision.adapt.Adaptation`; None: the nets as trained).
        Raises :class:`VisionInputError` when it does not fit the nets
        (another model's calibration): the adapted nets are made here."""
        new = replace(self, adaptation=adaptation)
        for name, path in (("fast", new.face), ("expert", new.expert), ("expert2", new.expert2),
                           ("expert3", new.expert3)):
            if path is not None:
                new._face_net(path, name)
        return new

    def find_dice(self, frame: np.ndarray, min_heat: float = DET_MIN_HEAT, close_look: bool = True) -> list[Candidate]:
        """Die candidates in ``frame`` found by this detector (:func:`find_dice`)."""
        return find_dice(frame, min_heat, self.detector, self.runtime, close_look)

    def read_faces(self, windows: list[np.ndarray] | np.ndarray, expert: bool = False,
                   head: tuple[np.ndarray, np.ndarray] | None = None, prototypes=None) -> np.ndarray:
        """Class probabilities N x 7 float32 (1..6 pips, not a die) for N
        FACE_PX x FACE_PX x 3 uint8 BGR windows, from the fast face
        classifier or (``expert``) the expert one; ``head`` (W 7 x F, b 7):
        a cabinet's last layer over the net's features instead of the
        net's own; ``prototypes`` (:class:`vision.prototypes.Prototypes`):
        a cabinet's face prototypes added to the scores.  With a second
        expert (``expert2``) the expert's probabilities are the mean of the
        two nets' (nets trained apart are surer together where they agree
        and less sure where they do not); with a third (``expert3``) the
        first expert's weigh half, the mean of the other two's the other
        half (the first, trained here from random weights, is the better
        judge of its own doubt; the other two start from ImageNet and are
        surer where they are wrong: measured, ``vision/README.md``); a
        calibrated expert (a
        ``head`` or ``prototypes``, fitted on the first expert's features)
        reads alone.  Raises :class:`VisionInputError` when ``expert`` is
        asked for and these models have none."""
        if len(windows) == 0:
            return np.zeros((0, 7), np.float32)
        net = self.net(expert)
        if head is None and prototypes is None:
            x = _blob(windows)
            z = net(x).reshape(len(windows), -1).astype(np.float64)
            if expert and self.expert2 is not None:  # the experts' probabilities averaged
                more = [_softmax(self._face_net(path, name)(x).reshape(len(windows), -1).astype(np.float64))
                        for name, path in (("expert2", self.expert2), ("expert3", self.expert3)) if path is not None]
                return ((_softmax(z) + sum(more) / len(more)) / 2).astype(np.float32)
        else:  # this cabinet's calibrated last layer and prototypes
            y, f = net.with_features(_blob(windows))
            f = f.reshape(len(windows), -1)
            z = (y.reshape(len(windows), -1) if head is None else f @ head[0].T + head[1]).astype(np.float64)
            if prototypes is not None:
                z = prototypes.adjust(z, f)
        return _softmax(z).astype(np.float32)

    def lean_p(self, windows: list[np.ndarray] | np.ndarray) -> np.ndarray:
        """N float32 (0..1): how sure the lean net (:attr:`lean`) is that
        each of N FACE_PX x FACE_PX x 3 uint8 BGR windows shows a die that
        leans (cocked, two faces alike) or no die, not a die lying flat:
        its "not a die" probability.  Raises :class:`VisionInputError`
        where these models have no lean net."""
        if self.lean is None:
            raise VisionInputError("the dice reader models in use have no lean net (dice_lean.onnx)")
        if len(windows) == 0:
            return np.zeros(0, np.float32)
        z = _loaded(self.lean, self.runtime)(_blob(windows)).reshape(len(windows), -1).astype(np.float64)
        return _softmax(z)[:, NOT_A_DIE].astype(np.float32)

    def face_features(self, windows: list[np.ndarray], expert: bool = False) -> np.ndarray:
        """N x F float32 features the fast (or ``expert``) face net's last
        layer reads, for N FACE_PX x FACE_PX x 3 uint8 BGR windows.  Raises
        :class:`VisionInputError` when the net has no features output."""
        net = self.net(expert)
        if len(windows) == 0:
            _, f = net.with_features(np.zeros((1, 3, FACE_PX, FACE_PX), np.float32))
            return np.zeros((0, f.shape[1]), np.float32)
        return net.with_features(_blob(windows))[1].reshape(len(windows), -1)

    def check_heads(self, heads: dict[str, tuple[np.ndarray, np.ndarray]] | None
                    ) -> dict[str, tuple[np.ndarray, np.ndarray]]:
        """Per-cabinet last layers (``{"fast": (W, b), "expert": (W, b)}``,
        W 7 x F over the net's features) as float32 arrays, checked against
        these nets ({} for None).  Raises :class:`VisionInputError` when a
        head does not fit them (another model's calibration)."""
        new = {}
        for name, (W, b) in (heads or {}).items():
            if name not in ("fast", "expert"):
                raise VisionInputError(f"calibration head {name!r}: want 'fast' or 'expert'")
            if name == "expert" and not self.has_expert:
                raise VisionInputError("calibration has an expert head but the models in use have no expert")
            _, f = self.net(name == "expert").with_features(np.zeros((1, 3, FACE_PX, FACE_PX), np.float32))
            W, b = np.asarray(W, np.float32), np.asarray(b, np.float32)
            if not (np.isfinite(W).all() and np.isfinite(b).all()):
                raise VisionInputError(f"calibration head {name!r} has weights that are not finite numbers; "
                                       "calibrate again")
            if W.shape != (NOT_A_DIE + 1, f.shape[1]) or b.shape != (NOT_A_DIE + 1,):
                raise VisionInputError(f"calibration head {name!r} is {W.shape[0]} x "
                                       f"{W.shape[1] if W.ndim > 1 else '?'}, the {name} face net in use needs "
                                       f"{NOT_A_DIE + 1} x {f.shape[1]}: calibrated for other models; calibrate again")
            new[name] = (W, b)
        return new


@functools.lru_cache(maxsize=None)
def _shipped(runtime: str) -> Models:
    """The shipped :class:`Models` under ``runtime`` (their files looked up once)."""
    f = _face_files(MODELS, runtime)
    return Models(MODELS / "dice_detector.onnx", f["fast"], f.get("expert"), runtime, f.get("expert2"),
                  f.get("expert3"), lean=f.get("lean"))


def _face_files(folder: Path, runtime: str) -> dict[str, Path]:
    """The face nets of ``folder`` a reader runs, by name (:data:`FACE_STEMS`),
    each from :func:`face_file` (its 8-bit copy where that is in use): the
    fast net always, an expert only with the one before it (the second with
    the first, the third with the second), the lean net where there is one."""
    found = {name: face_file(folder, stem, runtime) for name, stem in FACE_STEMS.items()}
    out = {"fast": found["fast"]}
    for name in ("expert", "expert2", "expert3"):
        if not found[name].is_file():
            break
        out[name] = found[name]
    if found["lean"].is_file():
        out["lean"] = found["lean"]
    return out


def _softmax(z: np.ndarray) -> np.ndarray:
    """Row-wise softmax of N x C float64 logits (N x C float64 probabilities)."""
    z = z - z.max(axis=1, keepdims=True)
    p = np.exp(z)
    return p / p.sum(axis=1, keepdims=True)


def find_dice(frame: np.ndarray, min_heat: float = DET_MIN_HEAT, detector: Path | None = None,
              runtime: str | None = None, close_look: bool = True) -> list[Candidate]:
    """Die candidates in ``frame`` (H x W x 3 uint8 BGR), strongest first,
    one per die (peaks closer than 0.45 die sizes merged).  Dice about
    13..100 px across are found on the first level (``FIRST_LEVEL`` of the
    frame), larger ones on the coarser levels; a candidate lying inside one
    at least twice its size (a pip of a large die seen as a small die on a
    finer level) is dropped.  Dice of about 12..26 px with only a weak
    peak on the first level are looked for again in the frame itself,
    and a frame of at most ``FULL_LEVEL_MAX_PX`` px is also read whole at
    its full size for dice of 12..40 px (``close_look``: these looks at
    full size; :mod:`vision.detector`).  ``detector``: the detector
    ONNX file to use (default: the shipped one; a reader's own,
    :meth:`Models.find_dice`), run by ``runtime`` (None:
    :func:`default_runtime`); the arithmetic around the net:
    :func:`vision.detector.detect`."""
    runtime = runtime or default_runtime()
    return detect(_loaded(detector or Models.shipped(runtime).detector, runtime), frame, min_heat, close_look)
