"""Where the cabinet keeps things and what size it draws at: the state
folder (journals, locks, the dice calibration) and the HDMI size."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from firmware.runtime.errors import UsageError


def state_dir(cfg: dict[str, Any]) -> Path:
    """Folder for journals and calibration: config ``cabinet.state_dir``,
    else ``$STATE_DIRECTORY`` (systemd), else ``~/.local/state/cabinet``."""
    if cfg["cabinet"]["state_dir"]:
        return Path(cfg["cabinet"]["state_dir"]).expanduser()
    if os.environ.get("STATE_DIRECTORY"):
        return Path(os.environ["STATE_DIRECTORY"].split(":")[0])
    return Path.home() / ".local" / "state" / "cabinet"


def hdmi_size(arg: str | None, cfg: dict[str, Any]) -> tuple[int, int]:
    """The HDMI size to draw for: ``--size WxH`` when given, else config
    ``cabinet.resolution``; (width, height) px.

    Raises:
        UsageError: not ``WxH``, or outside 800x480 .. 1920x1080.
    """
    if not arg:
        w, h = cfg["cabinet"]["resolution"]
        return int(w), int(h)
    try:
        w, h = (int(x) for x in arg.lower().split("x"))
    except ValueError:
        raise UsageError(f"--size must look like 800x480, got {arg!r}") from None
    if not (800 <= w <= 1920 and 480 <= h <= 1080):
        raise UsageError(f"--size {w}x{h}: the HDMI screen must be 800x480 .. 1920x1080")
    return w, h
