"""Test profiles (issue 23): the short one CI runs by default, and the long
one (``CABINET_TEST_PROFILE=long``) for a night's run.

The profile sets hypothesis' ``max_examples`` (see ``conftest.py``) and the
counts of the fault-injection tests through :func:`scaled`.
"""
from __future__ import annotations

import os

#: "short" (CI's default) or "long".
PROFILE = os.environ.get("CABINET_TEST_PROFILE", "short").strip().lower() or "short"
if PROFILE not in ("short", "long"):
    raise RuntimeError(f"CABINET_TEST_PROFILE must be 'short' or 'long', got {PROFILE!r}")
LONG = PROFILE == "long"


def scaled(short: int, long: int) -> int:
    """``short`` in the short profile, ``long`` in the long one."""
    return long if LONG else short
