"""The cabinet's dice reader: built from config ``[vision]`` and this
cabinet's calibration (kept in the state folder).

The reader is a :class:`vision.reader.DiceReader` object, made here and
passed to where dice are read: the session hands it to the dice station,
each ``cabinet dice`` command builds its own, and the guided calibration
works on one of its own (:func:`reader_from_config`, no calibration).
Nothing here keeps or changes a reader at module level."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from vision.die import VisionInputError
from vision.reader import DiceReader

from firmware.runtime.places import state_dir

#: a calibration's adaptation of the first expert face net (vision.adapt), in an owner's words: one net
#: of the reader's is tuned, so never "the nets"
TUNED_WORDS = "a face net tuned to your camera's light and dice"
#: the same, short, among the other things a calibration tries
TUNED_SHORT = "a face net tuned to your camera"


def white_balance(cfg: dict | None) -> tuple[float, float, float] | None:
    """Config ``vision.white_balance`` as (r, g, b) gains, or None when it
    is absent or neutral (1, 1, 1)."""
    wb = ((cfg or {}).get("vision") or {}).get("white_balance")
    return tuple(wb) if wb and list(wb) != [1.0, 1.0, 1.0] else None


def calibration_path(cfg: dict | None) -> Path:
    """Where this cabinet's dice calibration is kept: the state folder
    (config ``cabinet.state_dir``, ``$STATE_DIRECTORY``, else
    ``~/.local/state/cabinet``) / ``dice_calibration.npz``."""
    from vision.calibrate import CALIBRATION_FILE
    return state_dir(cfg or {"cabinet": {"state_dir": ""}}) / CALIBRATION_FILE


def reader_from_config(cfg: dict | None, min_value_p: float | None = None, models: object = None) -> DiceReader:
    """A dice reader with the settings of config ``[vision]`` (defaults
    without one): its ``agreement`` (who decides a die the fast net is
    unsure of), its ``min_value_p`` (a calibration may set its own,
    which wins: :func:`with_calibration`), and the ``min_value_p`` given (a
    command's option, which wins over both); ``models``: a
    :class:`vision.netreader.Models` (None: the shipped ones).  No
    calibration.  Raises :class:`vision.die.VisionInputError` on a value
    out of range."""
    from vision.reader import MIN_VALUE_P_RANGE
    from vision.settings import VISION_SCHEMA
    lo, hi = MIN_VALUE_P_RANGE
    configured = ((cfg or {}).get("vision") or {}).get("min_value_p", VISION_SCHEMA["min_value_p"]["default"])
    reader = DiceReader() if models is None else DiceReader(models=models)
    agreement = ((cfg or {}).get("vision") or {}).get("agreement", VISION_SCHEMA["agreement"]["default"])
    if agreement not in VISION_SCHEMA["agreement"]["choices"]:
        raise VisionInputError(f"config vision.agreement {agreement!r}: give \"expert\" or \"both\"")
    lean = ((cfg or {}).get("vision") or {}).get("lean_max_p", VISION_SCHEMA["lean_max_p"]["default"])
    try:
        settings = replace(reader.settings, nets_must_agree=agreement == "both", lean_max_p=lean)
    except VisionInputError:
        raise VisionInputError(f"config vision.lean_max_p {lean!r}: give a probability above 0 and at most 1 "
                               "(1.0: never ask the lean net)") from None
    reader = replace(reader, settings=settings)
    for where, source, p in (("config vision.min_value_p", "config", configured),
                             ("--min-value-p", "option", min_value_p)):
        try:
            reader = reader.with_min_value_p(p, source)
        except VisionInputError:
            raise VisionInputError(f"{where} {p!r}: give a probability from {lo} to {hi}") from None
    return reader


def with_calibration(reader: DiceReader, cfg: dict | None) -> tuple[DiceReader, str | None]:
    """``reader`` with this cabinet's calibration if it has one: (the
    calibrated reader, its path), or (``reader``, None) when there is none.
    Raises :class:`vision.calibration.file.CalibrationError` when it is damaged
    or made for other models (``reader`` is not changed: it reads as it
    did)."""
    from vision import calibrate
    path = calibration_path(cfg)
    if not path.is_file():
        if path.exists():
            raise calibrate.CalibrationError(f"{path} is not a file (a folder?): move it away, or read without a "
                                             "calibration (--no-calibration)")
        return reader, None
    cal = calibrate.load(path, reader.models)
    try:
        return calibrate.apply(reader, cal), str(path)
    except VisionInputError as exc:  # a head of the wrong shape: made for other models
        raise calibrate.CalibrationError(f"{path}: {exc}; or reset with `cabinet dice calibrate --reset`") from None


def stored_calibration(path: str | Path, reader: DiceReader) -> tuple[object, str | None]:
    """The calibration in use at ``path`` (a file), for ``reader``'s models,
    for a new calibration to be weighed against: (the
    :class:`vision.calibration.file.Calibration`, None), or (None, why it
    cannot be used: damaged, made for other models)."""
    from vision import calibrate
    try:
        cal = calibrate.load(path, reader.models)
        calibrate.apply(reader, cal)
    except (calibrate.CalibrationError, VisionInputError) as exc:  # layers of another shape: other models
        return None, str(exc)
    return cal, None


def reader_words(reader: DiceReader, used: str | None, why: str | None, calibrated: bool = True) -> str:
    """Which calibration ``reader`` reads with, in an owner's words, for a
    game's report (as ``cabinet dice score`` says it): "this cabinet's
    calibration of <made> (<what it sets>), <path>", or "as shipped"
    with why (no calibration, ``--no-calibration``, a damaged one).
    ``used``/``why``: as :func:`cabinet_reader` returns them."""
    if used:
        from vision import calibrate
        try:
            made = str(calibrate.load(used, reader.models).info.get("made", ""))
        except (calibrate.CalibrationError, OSError):
            made = ""
        when = f" of {made[:16]}" if made else ""
        return f"this cabinet's calibration{when} ({calibration_parts(reader)}), {used}"
    if not calibrated:
        return "as shipped (--no-calibration)"
    if why:
        return f"as shipped: the calibration could not be used ({why})"
    return "as shipped (no calibration)"


def calibration_parts(reader: DiceReader) -> str:
    """What a calibration sets in ``reader``, in an owner's words ("value
    threshold 0.95, new last layers", "a face net tuned to your camera";
    "nothing changed" when it keeps the reader as shipped; PT47: a tuned
    calibration read "nothing changed")."""
    from vision import calibrate
    from vision.netreader import SHIPPED_WINDOW
    cal_p = reader.calibration_p
    parts = ([TUNED_SHORT] if reader.models.adaptation is not None else []) + (
        [f"value threshold {cal_p:g}"] if cal_p is not None else []) + (
        ["new last layers"] if reader.heads_in_use else []) + (
        ["what the faces of your dice look like"] if reader.prototypes else []) + (
        [calibrate.window_words(reader.window)] if reader.window != SHIPPED_WINDOW else []) + (
        [lean_words(reader.calibration_lean)] if reader.calibration_lean is not None else [])
    return ", ".join(parts) if parts else "it reads as shipped: nothing changed"


def lean_words(bar: float) -> str:
    """A calibration's bar for the lean net (:mod:`vision.lean`), in an
    owner's words: "no die left unread for leaning" (1.0), else "a die
    left unread for leaning only at p >= <bar>"."""
    return ("no die left unread for leaning" if bar >= 1.0
            else f"a die left unread for leaning only at p >= {bar:g}")


def cabinet_reader(cfg: dict | None, calibrated: bool = True) -> tuple[DiceReader, str | None, str | None]:
    """The cabinet's dice reader for a game: config ``[vision]``'s settings
    and, if ``calibrated``, this cabinet's calibration.  Returns (reader,
    the calibration's path or None, why it reads as shipped: a damaged or
    foreign calibration, or None).  Raises
    :class:`vision.die.VisionInputError` on a config value out of range."""
    reader = reader_from_config(cfg)
    if not calibrated:
        return reader, None, None
    from vision.calibrate import CalibrationError
    try:
        calibrated_reader, used = with_calibration(reader, cfg)
    except CalibrationError as exc:
        return reader, None, str(exc)
    return calibrated_reader, used, None
