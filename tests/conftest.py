"""Shared test fixtures: the dice data set location, headless SDL."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

ROOT = Path(__file__).resolve().parent.parent
TESTS = Path(__file__).resolve().parent

# tests live in folders that mirror the packages; their shared helpers in
# tests/support/ (and a test may import another's helpers by module name)
for _folder in [TESTS / "support", *sorted(p for p in TESTS.rglob("*") if p.is_dir() and "__pycache__" not in p.parts)]:
    if str(_folder) not in sys.path:
        sys.path.append(str(_folder))


def dice_data_dir() -> Path | None:
    """The labelled dice photo set: $CABINET_DICE_DATA, else
    ../shared/dice/nell-byler-dev beside the project; None if absent."""
    env = os.environ.get("CABINET_DICE_DATA")
    candidates = [Path(env)] if env else []
    candidates.append(ROOT.parent / "shared" / "dice" / "nell-byler-dev")
    for c in candidates:
        if (c / "images").is_dir() and (c / "labels").is_dir():
            return c
        if (c / "nell-byler-dev" / "images").is_dir():
            return c / "nell-byler-dev"
    return None


@pytest.fixture
def dice_dir() -> Path:
    d = dice_data_dir()
    if d is None:
        pytest.skip("dice photo set not found (../shared/dice or $CABINET_DICE_DATA)")
    return d


# hypothesis profiles (issue 23): short in CI, long with CABINET_TEST_PROFILE=long
from cabinet_profile import LONG  # noqa: E402
from hypothesis import HealthCheck, settings  # noqa: E402

settings.register_profile("short", max_examples=8, deadline=None, derandomize=True,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("long", max_examples=400, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.load_profile("long" if LONG else "short")
