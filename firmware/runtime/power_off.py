"""The menu's "Shut down": a clean power-off of the cabinet (issue 37, field
problem 7), so the SD card is never cut off mid-write.  The service user may
power off through logind thanks to the installer's polkit rule
(``systemd/cabinet_installer/fieldsafe.py``)."""
from __future__ import annotations

import logging
import subprocess
from typing import Any, Callable

log = logging.getLogger("cabinet.menu")


def power_off(simulated: bool, run: Callable[..., Any] = subprocess.run) -> str | None:
    """Power the cabinet off (``systemctl poweroff``); on the simulated
    cabinet nothing is run (the menu just closes).

    Returns:
        None when the power-off was started (or simulated), else the reason
        it was refused, for the menu's status line (names the fix).
    """
    if simulated:
        log.info("shut down: the simulated cabinet closes (this computer stays on)")
        return None
    try:
        done = run(["systemctl", "poweroff"], capture_output=True, text=True, timeout=15)
    except (OSError, subprocess.SubprocessError) as exc:
        return f"could not shut down ({exc}); unplug only after the screen goes dark"
    if getattr(done, "returncode", 1) != 0:
        why = (getattr(done, "stderr", "") or "").strip().splitlines()[-1:] or ["refused"]
        return f"could not shut down ({why[0]}); re-run sudo systemd/install.sh (it allows the power-off)"
    log.info("shut down: powering off")
    return None
