"""The cabinet's installer for Raspberry Pi OS (Bookworm, Pi 4 / Pi 5).

Run ``sudo systemd/install.sh [--dry-run]`` from the checkout (system
python3, standard library plus the stdlib-only config modules of the
checkout), or ``sudo cabinet install [--dry-run]`` once installed; the same
code runs either way (:mod:`firmware.cli.install` is the command line).

Modules: :mod:`.runner` (the only code that changes the system; dry-run
prints instead), :mod:`.probe` (read-only questions, answered from files),
:mod:`.needs` (what the config needs from the OS), :mod:`.bootcfg` (pure
config.txt/cmdline.txt edits), :mod:`.plan` (the install/uninstall steps).
"""
from __future__ import annotations

from .needs import Needs, needs_for
from .plan import GROUPS, Options, install, render_unit, uninstall
from .probe import Probe
from .runner import Change, DryRunner, InstallError, Runner

__all__ = ["Change", "DryRunner", "GROUPS", "InstallError", "Needs", "Options", "Probe", "Runner",
           "install", "needs_for", "render_unit", "uninstall"]
