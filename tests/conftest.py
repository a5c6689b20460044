"""Shared test fixtures: the dice data set location, headless SDL."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

ROOT = Path(__file__).resolve().parent.parent


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
