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
    an expert net (:attr:`has_expert`)."""

    def __init__(self, faces: Callable[[list, bool], np.ndarray], cands: Sequence = (), expert: bool = True):
        self.faces, self.cands, self.expert = faces, list(cands), expert
        self.runtime = "fake"

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
                **settings) -> DiceReader:
    """A DiceReader on :class:`FakeModels` with :class:`ReaderSettings` ``settings``."""
    return DiceReader(models=FakeModels(faces, cands, expert), settings=ReaderSettings(**settings))
