"""Scoring a reader against a labelled photo set (per-die accuracy,
recall, precision, exact-image share, confusion matrix, ms per image).

A detection *matches* a labelled die when its centre lies inside the
label's box (enlarged 25 %) - greedy by distance, one-to-one.
Definitions (per die):

* recall = labelled dice matched by a detection with the right value /
  labelled dice;
* precision = detections with the right value / detections that claim a
  value (unreadable dice claim nothing, so they cost recall, not precision);
* accuracy = right values / matched dice that claim a value (how often a
  reported value is right when the die is found);
* confident-wrong = matched dice given a wrong value / labelled dice (the
  misreads nobody notices: a die not read is recovered by the nudge flow,
  a wrong value is not; ruling CAB-5);
* exact = images where every labelled die is read right and nothing extra
  claims a value.

Issue 40's two rates, the ones a player meets (a die on the table is a
labelled die; the photo is the first reading the game takes of it at rest):

* first-look rate = dice given their right value / dice on the table (an
  unread or missed die counts against it exactly as a misread one does;
  the same count as recall);
* misread rate = dice given a wrong value / dice on the table (the same
  count as confident-wrong).  Values given where no die is labelled are
  counted apart (``extra``), not in either rate.
"""
from __future__ import annotations

import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

import numpy as np

from vision.dataset import LabelledDie, labelled_photos, list_images
from vision.die import Die, VisionInputError


def match(dice: list[Die], truth: list[LabelledDie]) -> list[tuple[int | None, int | None]]:
    """Pairs (detection index or None, truth index or None), one-to-one."""
    pairs = []
    for i, d in enumerate(dice):
        for j, t in enumerate(truth):
            x0, y0, x1, y1 = t.box
            mx, my = 0.125 * (x1 - x0), 0.125 * (y1 - y0)
            if x0 - mx <= d.center[0] <= x1 + mx and y0 - my <= d.center[1] <= y1 + my:
                cx, cy = t.center
                pairs.append(((d.center[0] - cx) ** 2 + (d.center[1] - cy) ** 2, i, j))
    pairs.sort()
    used_d, used_t, out = set(), set(), []
    for _, i, j in pairs:
        if i not in used_d and j not in used_t:
            used_d.add(i), used_t.add(j)
            out.append((i, j))
    out += [(i, None) for i in range(len(dice)) if i not in used_d]
    out += [(None, j) for j in range(len(truth)) if j not in used_t]
    return out


@dataclass
class Score:
    """Running totals; see the module docstring for the definitions."""

    labelled: int = 0
    claimed: int = 0           # detections with a value
    matched_claimed: int = 0   # matched detections with a value
    correct: int = 0
    unreadable_matched: int = 0
    missed: int = 0
    extra_claimed: int = 0
    extra_unreadable: int = 0  # unreadable dice where no die is labelled
    images: int = 0
    exact_images: int = 0
    # confusion[truth 1..6][pred 0..6]; pred 0 = missed or unreadable
    confusion: list[list[int]] = field(default_factory=lambda: [[0] * 7 for _ in range(7)])
    ms: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    #: images left out of every figure, each as "name: why" (not an image, a bad frame)
    skipped: list[str] = field(default_factory=list)
    #: labelled dice whose value an erratum corrected (vision/label_errata.toml)
    errata: int = 0

    def add(self, dice: list[Die], truth: list[LabelledDie], ms: float, name: str = "") -> None:
        """Add one image's detections and ground truth."""
        self.images += 1
        self.ms.append(ms)
        self.labelled += len(truth)
        exact = True
        for i, j in match(dice, truth):
            d = dice[i] if i is not None else None
            t = truth[j] if j is not None else None
            if d is not None and d.value is not None:
                self.claimed += 1
            if t is None:
                if d.value is None:
                    self.extra_unreadable += 1
                else:
                    self.extra_claimed += 1
                    exact = False
                    self.errors.append(f"{name}: extra die read {d.value} at {d.center[0]:.0f},{d.center[1]:.0f}")
                continue
            pred = d.value if d is not None and d.value is not None else 0
            self.confusion[t.value][pred] += 1
            if d is None:
                self.missed += 1
            elif d.value is None:
                self.unreadable_matched += 1
            else:
                self.matched_claimed += 1
                self.correct += d.value == t.value
            if pred != t.value:
                exact = False
                cx, cy = t.center
                got = "missed" if d is None else "unread" if d.value is None else f"misread as {d.value}"
                self.errors.append(f"{name}: die {t.value} at {cx:.0f},{cy:.0f} {got}")
        self.exact_images += exact

    @property
    def accuracy(self) -> float:
        return self.correct / self.matched_claimed if self.matched_claimed else 0.0

    @property
    def wrong(self) -> int:
        """Matched dice given a wrong value (confident misreads)."""
        return self.matched_claimed - self.correct

    @property
    def confident_wrong(self) -> float:
        """Confident misreads per labelled die (0..1)."""
        return self.wrong / self.labelled if self.labelled else 0.0

    @property
    def recall(self) -> float:
        return self.correct / self.labelled if self.labelled else 0.0

    @property
    def first_look(self) -> float:
        """First-look rate (0..1): right values / labelled dice (module docstring)."""
        return self.recall

    @property
    def misread(self) -> float:
        """Misread rate (0..1): labelled dice given a wrong value / labelled dice."""
        return self.confident_wrong

    @property
    def precision(self) -> float:
        return self.correct / self.claimed if self.claimed else 0.0

    def summary(self) -> dict:
        """Figures as a JSON-able dict (ms: median and p95 per image)."""
        ms = sorted(self.ms) or [0.0]
        return {"images": self.images, "labelled_dice": self.labelled, "detections_with_value": self.claimed,
                "first_look_rate": round(self.first_look, 4), "misread_rate": round(self.misread, 4),
                "right": self.correct,
                "accuracy": round(self.accuracy, 4), "recall": round(self.recall, 4),
                "precision": round(self.precision, 4),
                "confident_wrong": round(self.confident_wrong, 4), "wrong": self.wrong,
                "exact_images": round(self.exact_images / self.images, 4) if self.images else 0.0,
                "missed": self.missed, "unreadable": self.unreadable_matched, "extra": self.extra_claimed,
                "extra_unreadable": self.extra_unreadable, "skipped_images": len(self.skipped),
                "errata": self.errata,
                "median_ms": round(statistics.median(ms), 2),
                "p95_ms": round(ms[min(len(ms) - 1, int(0.95 * len(ms)))], 2)}

    def confusion_text(self) -> str:
        """The confusion matrix as text (rows truth 1..6, columns read
        1..6 and '-' = missed or unreadable)."""
        lines = ["truth\\read " + " ".join(f"{c:>5}" for c in ["1", "2", "3", "4", "5", "6", "-"])]
        for t in range(1, 7):
            row = self.confusion[t]
            lines.append(f"{t:>10} " + " ".join(f"{row[p]:>5}" for p in [1, 2, 3, 4, 5, 6, 0]))
        return "\n".join(lines)


def score_folder(folder: str | Path, reader: Callable[[np.ndarray], list[Die]],
                 images: Iterable[Path] | None = None, errata: bool = True) -> Score:
    """Run ``reader`` on every image of a labelled set and score it.
    Files that are not images, and frames the reader refuses
    (:class:`VisionInputError`, e.g. too small), are listed in ``skipped``
    with the reason and left out of every figure.  ``errata``: correct the
    published labels that ``vision/label_errata.toml`` lists (counted in
    ``Score.errata``); False scores the labels as published."""
    score = Score()
    photos = images if images is not None else list_images(folder)
    for path, frame, truth, fixed in labelled_photos(photos, score.skipped, errata):
        score.errata += fixed
        t0 = time.perf_counter()
        try:
            dice = reader(frame)
        except VisionInputError as exc:
            score.skipped.append(f"{path.name}: {exc}")
            continue
        ms = (time.perf_counter() - t0) * 1000
        score.add(dice, truth, ms, path.name)
    return score
