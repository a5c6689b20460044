"""The cabinet's dice reader setup: its settings from config ``[vision]``
and this cabinet's calibration (kept in the state folder)."""
from __future__ import annotations

from pathlib import Path

from vision.die import VisionInputError

from firmware.runtime.places import state_dir


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


def configure_reader(cfg: dict | None, min_value_p: float | None = None) -> None:
    """Set the dice reader's settings from config ``[vision]`` (defaults
    without one): ``min_value_p`` (:func:`vision.reader.use_min_value_p`;
    a cabinet's calibration may set its own, which wins), and the
    ``min_value_p`` given (a command's option, which wins over both).
    Raises :class:`vision.die.VisionInputError` on a value out of range."""
    from vision.reader import MIN_VALUE_P_RANGE, use_min_value_p
    from vision.settings import VISION_SCHEMA
    lo, hi = MIN_VALUE_P_RANGE
    configured = ((cfg or {}).get("vision") or {}).get("min_value_p", VISION_SCHEMA["min_value_p"]["default"])
    use_min_value_p(None, "option")  # an earlier command's option is not this one's
    for where, source, p in (("config vision.min_value_p", "config", configured),
                             ("--min-value-p", "option", min_value_p)):
        try:
            use_min_value_p(p, source)
        except VisionInputError:
            raise VisionInputError(f"{where} {p!r}: give a probability from {lo} to {hi}") from None


def use_calibration(cfg: dict | None) -> str | None:
    """Read with this cabinet's calibration if it has one: returns its
    path, or None when there is none.  Raises
    :class:`vision.calibrate.CalibrationError` when it is damaged or made
    for other models (the reader then reads as shipped)."""
    from vision import calibrate
    path = calibration_path(cfg)
    if not path.is_file():
        calibrate.apply(None)
        if path.exists():
            raise calibrate.CalibrationError(f"{path} is not a file (a folder?): move it away, or read without a "
                                             "calibration (--no-calibration)")
        return None
    calibrate.apply(None)
    cal = calibrate.load(path)
    try:
        calibrate.apply(cal)
    except VisionInputError as exc:  # a head of the wrong shape: made for other models
        calibrate.apply(None)
        raise calibrate.CalibrationError(f"{path}: {exc}; or reset with `cabinet dice calibrate --reset`") from None
    return str(path)
