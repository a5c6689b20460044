"""A stand-in for :class:`vision.netreader.Models` in a
:class:`vision.reader.DiceReader`: a detector that finds given candidates
and face nets whose readings a test chooses, so the reader's rules are
tested on readings without the nets."""
from __future__ import annotations

from typing import Callable, Sequence

import numpy as np

from vision.reader import DiceReader, ReaderSettings


class FakeModels:
    """``find_dice`` gives ``cands`` (whatever the frame); ``read_faces``
    gives ``faces(windows, expert)`` (N x 7); ``expert``: whether there is
    an expert net (:attr:`has_expert`); ``lean``: the lean net's
    ``lean_p``, ``lean(windows)`` (N floats), or None: no lean net."""

    def __init__(self, faces: Callable[[list, bool], np.ndarray], cands: Sequence = (), expert: bool = True,
                 lean: Callable[[list], np.ndarray] | None = None):
        self.faces, self.cands, self.expert, self.lean = faces, list(cands), expert, lean
        self.runtime = "fake"

    def lean_p(self, windows: list) -> np.ndarray:
        return np.asarray(self.lean(windows), np.float32)

    @property
    def has_expert(self) -> bool:
        return self.expert

    def find_dice(self, frame: np.ndarray) -> list:
        return list(self.cands)

    def read_faces(self, windows: list, expert: bool = False, head=None) -> np.ndarray:
        return np.asarray(self.faces(windows, expert), np.float32)

    def check_heads(self, heads):
        return dict(heads or {})


def stub_reader(faces: Callable[[list, bool], np.ndarray], cands: Sequence = (), expert: bool = True,
                lean: Callable[[list], np.ndarray] | None = None, **settings) -> DiceReader:
    """A DiceReader on :class:`FakeModels` (``lean``: its lean net) with
    :class:`ReaderSettings` ``settings``."""
    return DiceReader(models=FakeModels(faces, cands, expert, lean), settings=ReaderSettings(**settings))
