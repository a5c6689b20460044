"""Where the first look is lost (issue 40): every labelled die not given
its right value, put in the one bucket of the reader's pipeline that lost
it (``cabinet dice score SET --breakdown``).

Each photo is read once with every reading (:func:`vision.curve.read_all`)
and decided as the reader decides (:func:`vision.curve.decide`, the
reader's own rule and threshold: the same dice as ``read_dice``), then
matched to the labels as :mod:`vision.score` matches them, so the buckets
add up to the score's figures: dice on the table = right + every bucket
below.

(a) the detector did not give the die a candidate of its own:

* ``det_weak``: no candidate at the detector's threshold (heat >=
  :data:`vision.netreader.DET_MIN_HEAT`) lies on the die, but a weaker
  peak (heat >= :data:`WEAK_HEAT`) does;
* ``det_merged``: a candidate lies on the die, but it was matched to a
  neighbouring labelled die (two dice, one peak);
* ``det_off_box``: the nearest candidate lies off the label's box (the
  box enlarged 25 %, as scored) but within twice its size: a centre or a
  box that does not fit the label;
* ``det_none``: nothing near the die at all.

(b) found, but no value given (the gate that declined it):

* ``drop_not_a_die``: the readings' "not a die" probability reached
  ``max_not_a_die_p``, the candidate was dropped;
* ``drop_faint``: no value, and the detector's heat below
  ``unreadable_min_heat``: dropped as a screw or a print;
* ``unread_disagree``: where the fast net was unsure, the readings that
  must agree (the expert's turns; with the rule "both" also the fast
  net's) gave different values;
* ``unread_low_right`` / ``unread_low_wrong``: they agreed, but the
  average of the best value stayed below the threshold; its best value
  was the right one / a wrong one (what a lower threshold would read);
* ``unread_leaning``: they agreed above the threshold, but the lean net
  took the die for a cocked one (:mod:`vision.lean`).

(c) misread: ``misread_fast`` (the fast net sure of it, the expert not
asked) and ``misread_expert`` (the value came through the second look).

Values where no die is labelled are counted apart (``extra``), as in
:mod:`vision.score`.
"""
from __future__ import annotations

import statistics
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

import numpy as np

from vision.curve import CandidateReadings, decide, read_all, reading, rule_of
from vision.dataset import LabelledDie, labelled_photos
from vision.die import Die, VisionInputError
from vision.lean import leans
from vision.netreader import NOT_A_DIE
from vision.reader import DiceReader
from vision.score import match

#: the weakest detector peak (heat 0..1) looked for on a die the detector missed
WEAK_HEAT = 0.15
#: the buckets, in the order they are printed: (key, group, words)
BUCKETS = (
    ("det_weak", "a", f"detector: only a peak below its threshold (heat {WEAK_HEAT:g}..0.4)"),
    ("det_merged", "a", "detector: one peak for this die and a neighbour"),
    ("det_off_box", "a", "detector: a candidate near, but off the label's box"),
    ("det_none", "a", "detector: nothing near the die"),
    ("drop_not_a_die", "b", "found, dropped as not a die"),
    ("drop_faint", "b", "found, no value and faint: dropped"),
    ("unread_disagree", "b", "found, unread: the readings that must agree did not"),
    ("unread_low_right", "b", "found, unread: below the threshold, best guess right"),
    ("unread_low_wrong", "b", "found, unread: below the threshold, best guess wrong"),
    ("unread_leaning", "b", "found, unread: the lean net took it for a cocked die"),
    ("misread_fast", "c", "misread, the fast net sure"),
    ("misread_expert", "c", "misread through the second look"),
)
KEYS = tuple(k for k, _, _ in BUCKETS)


@dataclass
class Breakdown:
    """Counts per bucket (module docstring) over a set's photos; ``sizes``:
    the label's size (px, sqrt of box area) of each die in each bucket;
    ``errors``: one line per lost die ("photo: die V at x,y: bucket")."""

    labelled: int = 0
    right: int = 0
    extra: int = 0
    images: int = 0
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KEYS, 0))
    sizes: dict[str, list[float]] = field(default_factory=lambda: {k: [] for k in KEYS})
    errors: list[str] = field(default_factory=list)

    def lost(self, key: str, t: LabelledDie, name: str) -> None:
        """Count the labelled die ``t`` of photo ``name`` as lost in bucket ``key``."""
        self.counts[key] += 1
        x0, y0, x1, y1 = t.box
        self.sizes[key].append(float(np.sqrt(max(0.0, (x1 - x0) * (y1 - y0)))))
        self.errors.append(f"{name}: die {t.value} at {t.center[0]:.0f},{t.center[1]:.0f}: {key}")

    def summary(self) -> dict:
        """JSON-able figures: dice on the table, right, per bucket its count,
        share of the dice on the table (0..1) and median label size (px)."""
        n = max(1, self.labelled)
        return {"images": self.images, "labelled_dice": self.labelled, "right": self.right,
                "first_look_rate": round(self.right / n, 4), "extra": self.extra,
                "buckets": {k: {"dice": self.counts[k], "share": round(self.counts[k] / n, 4),
                                "median_px": round(statistics.median(self.sizes[k]), 1) if self.sizes[k] else None}
                            for k in KEYS},
                "groups": {g: sum(self.counts[k] for k, gg, _ in BUCKETS if gg == g) for g in "abc"}}


def _path_and_guess(reader: DiceReader, c: CandidateReadings, rule: str) -> tuple[str, int, float, bool, float]:
    """(which readings decided: "fast" or "second", best value 1..6, its
    p, readings agree, p of "not a die") of one candidate under ``rule``."""
    p, agree = reading(reader, c, rule)
    fast = c.fast.mean(axis=0)
    fast_best = np.argmax(c.fast[:, :NOT_A_DIE], axis=1)
    lo, hi = reader.settings.unsure_not_a_die
    unsure = (fast[:NOT_A_DIE].max() < reader.settings.expert_below or fast[NOT_A_DIE] >= lo) and fast[NOT_A_DIE] < hi
    sure = not unsure and bool(np.all(fast_best == fast_best[0]))
    k = int(np.argmax(p[:NOT_A_DIE]))
    return ("fast" if sure or len(c.expert) == 0 else "second"), k + 1, float(p[k]), agree, float(p[NOT_A_DIE])


def _inside(x: float, y: float, t: LabelledDie, grow: float) -> bool:
    """(x, y) inside the label's box grown by ``grow`` of its size each side."""
    x0, y0, x1, y1 = t.box
    mx, my = grow * (x1 - x0), grow * (y1 - y0)
    return x0 - mx <= x <= x1 + mx and y0 - my <= y <= y1 + my


def add_photo(b: Breakdown, reader: DiceReader, frame: np.ndarray, truth: list[LabelledDie], name: str = "",
              weak: list | None = None) -> None:
    """Read ``frame`` (H x W x 3 uint8 BGR) with every reading of
    ``reader`` and add its labelled dice ``truth`` to ``b``.  ``weak``:
    the detector's candidates down to :data:`WEAK_HEAT` (None: found
    here).  Raises :class:`VisionInputError` on a bad frame."""
    rule = rule_of(reader)
    cands = read_all(reader, frame)
    dice = decide(reader, cands, rule=rule, frame_size=(frame.shape[1], frame.shape[0]))
    by_centre = {(c.x, c.y): c for c in cands}
    b.images += 1
    b.labelled += len(truth)
    missed = []
    for i, j in match(dice, truth):
        if j is None:
            b.extra += dice[i].value is not None
            continue
        t = truth[j]
        if i is None:
            missed.append(j)
            continue
        d = dice[i]
        if d.value == t.value:
            b.right += 1
            continue
        c = by_centre[d.center]
        path, best, p, agree, not_a_die = _path_and_guess(reader, c, rule)
        if d.value is not None:
            b.lost("misread_fast" if path == "fast" else "misread_expert", t, name)
        elif agree and leans(reader, c.lean) and p >= reader.value_bar(c.heat, None, not_a_die):
            b.lost("unread_leaning", t, name)
        elif not agree:
            b.lost("unread_disagree", t, name)
        else:
            b.lost("unread_low_right" if best == t.value else "unread_low_wrong", t, name)
    if not missed:
        return
    kept = {d.center for d in dice}
    # every candidate, kept or dropped, matched to every label: which one lay on a missed die
    ghosts = [Die(None, "other", (c.x, c.y), (0, 0, 1, 1), 0.0) for c in cands]
    on = {j: cands[i] for i, j in match(ghosts, truth) if i is not None and j is not None}
    if weak is None:
        weak = reader.models.find_dice(frame, min_heat=WEAK_HEAT)
    for j in missed:
        t = truth[j]
        c = on.get(j)
        if c is not None and (c.x, c.y) not in kept:
            p, _ = reading(reader, c, rule)
            b.lost("drop_not_a_die" if p[NOT_A_DIE] >= reader.settings.max_not_a_die_p else "drop_faint", t, name)
        elif c is not None or any(_inside(k.x, k.y, t, 0.125) for k in cands):
            b.lost("det_merged", t, name)
        elif any(_inside(k.x, k.y, t, 0.125) for k in weak):
            b.lost("det_weak", t, name)
        elif any(_inside(k.x, k.y, t, 0.5) for k in cands):
            b.lost("det_off_box", t, name)
        else:
            b.lost("det_none", t, name)


def breakdown_folder(reader: DiceReader, folder: str | Path, images: Iterable[Path], errata: bool = True,
                     skipped: list[str] | None = None) -> Breakdown:
    """The :class:`Breakdown` of ``reader`` on a labelled set's ``images``
    (paths; labels corrected by ``vision/label_errata.toml`` unless
    ``errata`` is False).  Unreadable files and refused frames are added to
    ``skipped`` ("name: why") and left out."""
    b = Breakdown()
    for path, frame, truth, _ in labelled_photos(images, skipped, errata):
        try:
            add_photo(b, reader, frame, truth, path.name)
        except VisionInputError as exc:
            skipped is not None and skipped.append(f"{path.name}: {exc}")
    return b


def breakdown_text(b: Breakdown) -> str:
    """The breakdown as a table: per bucket its dice, share of the dice on
    the table and median label size."""
    s = b.summary()
    n = max(1, b.labelled)
    lines = [f"  {b.labelled} dice on the table, {b.right} right ({100 * b.right / n:.1f} % first look), "
             f"{s['extra']} values where no die is labelled",
             "  bucket              dice   share  label px  what"]
    for key, group, words in BUCKETS:
        r = s["buckets"][key]
        px = f"{r['median_px']:>8.0f}" if r["median_px"] is not None else f"{'-':>8}"
        lines.append(f"  ({group}) {key:<16} {r['dice']:>4} {100 * r['share']:>6.1f} % {px}  {words}")
    g = s["groups"]
    lines.append(f"  (a) detector {g['a']} ({100 * g['a'] / n:.1f} %), (b) found, no value {g['b']} "
                 f"({100 * g['b'] / n:.1f} %), (c) misread {g['c']} ({100 * g['c'] / n:.2f} %)")
    return "\n".join(lines)
