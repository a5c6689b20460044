"""The reader's operating point replayed: every reading of every candidate
made once, then the reader's rules applied at any value threshold and
agreement rule (issue 40: the curve of first-look rate and misread rate).

:func:`read_all` makes, for each candidate a reader's detector finds, every
reading its :meth:`vision.reader.DiceReader.read_checked` *could* make (the fast net's
first reading and its shifted, turned and mirrored second one; the
expert's readings at each turn of ``second_look_angles``), skipping none.
:func:`decide` then turns them into dice as ``read_dice``
does, for a value threshold ``min_p`` and an agreement ``rule``:

* ``"both"`` (config ``vision.agreement = "both"``, ``ReaderSettings.nets_must_agree``): where the fast net
  is sure (its two readings agree, their average gives a value >=
  ``expert_below`` and not a die < 0.1) its two readings; else every fast
  and expert reading must give the same value, averaged all together;
* ``"expert"`` (what ships: config ``vision.agreement = "expert"``): where the fast net is not sure,
  the expert's turns alone must agree, and are averaged alone;
* ``"none"``: no agreement asked; the average of every reading made (the
  fast two, and the expert's where the fast net is unsure) decides.

With ``rule="both"`` and ``min_p = reader.min_value_p`` the dice are
exactly the reader's ``read_dice``'s (values, boxes, confidences; colours are not
named here, ``"other"``): ``tests/vision/test_vision_curve.py`` checks it.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from vision.die import Die
from vision.lean import lean_probability, leans
from vision.netreader import NOT_A_DIE
from vision.reader import DiceReader, check_frame

RULES = ("both", "expert", "none")
#: the value thresholds of ``cabinet dice score --curve``
CURVE_THRESHOLDS = (0.5, 0.6, 0.7, 0.8, 0.85, 0.87, 0.9, 0.92, 0.95, 0.98, 0.99)


@dataclass
class CandidateReadings:
    """Every reading of one detector candidate: ``x``, ``y``, ``size``
    (frame px), ``heat`` (0..1), ``fast`` (F x 7 probabilities, F = 1 or
    2: as cut, and shifted/turned/mirrored), ``expert`` (E x 7, E = 0 when
    the fast net surely saw no die or there is no expert file), ``lean``
    (0..1: the lean net's "leans, or no die", :mod:`vision.lean`; 0
    without a lean net or where the fast net surely saw no die)."""

    x: float
    y: float
    size: float
    heat: float
    fast: np.ndarray
    expert: np.ndarray
    lean: float = 0.0


def read_all(reader: DiceReader, frame: np.ndarray) -> list[CandidateReadings]:
    """Every reading ``reader`` could make of every candidate in ``frame``
    (H x W x 3 uint8 BGR; an empty, black or white frame gives ``[]``).
    About the cost of its ``read_dice`` plus the expert on every candidate
    that may be a die.  Raises :class:`vision.die.VisionInputError` on a
    bad frame."""
    frame = check_frame(frame)
    if int(frame.max()) - int(frame.min()) < 24:
        return []
    cands = reader.find_dice(frame)
    if not cands:
        return []
    st = reader.settings
    cut, check = reader.cut_windows(frame, cands)
    first = reader.read_faces(cut)
    maybe = [i for i in range(len(cands)) if first[i, NOT_A_DIE] < st.unsure_not_a_die[1]]
    turned = np.zeros((0, 7), np.float32)
    if maybe and check is not None:
        turned = reader.read_faces([check[i] for i in maybe])
    expert = reader.has_expert
    angles = st.second_look_angles
    looks = reader.read_faces(reader.turned_windows(frame, cands, cut, maybe, angles),
                              expert=expert).reshape(len(angles), len(maybe), -1) if maybe else None
    lean = lean_probability(reader, frame, cands, cut, maybe)
    out = []
    row = {i: k for k, i in enumerate(maybe)}
    for i, c in enumerate(cands):
        k = row.get(i)
        fast = first[i:i + 1] if k is None or st.check_turn is None else np.stack([first[i], turned[k]])
        ex = looks[:, k] if k is not None else np.zeros((0, 7), np.float32)
        out.append(CandidateReadings(float(c.x), float(c.y), float(c.size), float(c.heat), fast, ex,
                                     float(lean[k]) if k is not None else 0.0))
    return out


def rule_of(reader: DiceReader) -> str:
    """The agreement rule ``reader`` reads by (:data:`RULES`): "both" when
    its settings ask the nets to agree, else "expert"."""
    return "both" if reader.settings.nets_must_agree else "expert"


def reading(reader: DiceReader, c: CandidateReadings, rule: str | None = None) -> tuple[np.ndarray, bool]:
    """One candidate's (7 class probabilities, readings agree) under
    ``rule`` (:data:`RULES`; None: the reader's own, :func:`rule_of`), as ``reader``'s
    :meth:`~vision.reader.DiceReader.read_checked` gives them (the module
    docstring)."""
    rule = rule or rule_of(reader)
    fast = c.fast.mean(axis=0)
    fast_best = np.argmax(c.fast[:, :NOT_A_DIE], axis=1)
    fast_agree = bool(np.all(fast_best == fast_best[0]))
    lo, hi = reader.settings.unsure_not_a_die
    unsure = (fast[:NOT_A_DIE].max() < reader.settings.expert_below or fast[NOT_A_DIE] >= lo) and fast[NOT_A_DIE] < hi
    if not (unsure or not fast_agree) or len(c.expert) == 0:
        return fast, fast_agree
    ex_best = np.argmax(c.expert[:, :NOT_A_DIE], axis=1)
    if rule == "expert":
        return c.expert.mean(axis=0), bool(np.all(ex_best == ex_best[0]))
    if rule == "both" and not reader.has_expert:  # the second look is the fast net again, averaged alone
        return c.expert.mean(axis=0), fast_agree and bool(np.all(ex_best == fast_best[0]))
    both = np.concatenate([c.fast, c.expert])
    if rule == "none":
        return both.mean(axis=0), True
    return both.mean(axis=0), fast_agree and bool(np.all(ex_best == fast_best[0]))


def decide(reader: DiceReader, cands: list[CandidateReadings], min_p: float | None = None, rule: str | None = None,
           frame_size: tuple[int, int] | None = None) -> list[Die]:
    """The dice ``reader``'s ``read_dice`` reports from these readings at
    value threshold ``min_p`` (None: ``reader.min_value_p``) under
    agreement ``rule`` (None: the reader's own, :func:`rule_of`);
    ``frame_size`` (W, H) clips the boxes.  Raises ValueError for an
    unknown rule."""
    rule = rule or rule_of(reader)
    if rule not in RULES:
        raise ValueError(f"rule must be one of {', '.join(RULES)}, got {rule!r}")
    st = reader.settings
    p_min = reader.min_value_p if min_p is None else min_p
    W, H = frame_size or (10 ** 9, 10 ** 9)
    dice = []
    for c in cands:
        p, agree = reading(reader, c, rule)
        if p[NOT_A_DIE] >= st.max_not_a_die_p:
            continue
        k = int(np.argmax(p[:NOT_A_DIE]))
        # a value only where the readings agree and the lean net does not take it for a cocked die (vision.lean)
        value, conf = (k + 1, float(p[k])) if p[k] >= reader.value_bar(c.heat, p_min, float(p[NOT_A_DIE])) and agree \
            and not leans(reader, c.lean) else (None, 0.0)
        if value is None and c.heat < st.unreadable_min_heat:
            continue
        hs = c.size / 2
        box = (max(0, int(math.floor(c.x - hs))), max(0, int(math.floor(c.y - hs))),
               min(W, int(math.ceil(c.x + hs))), min(H, int(math.ceil(c.y + hs))))
        dice.append(Die(value, "other", (c.x, c.y), box, conf))
    dice.sort(key=lambda d: (d.center[1], d.center[0]))
    return dice


def curve_scores(reader: DiceReader, folder, images, thresholds=CURVE_THRESHOLDS, rules=RULES, errata: bool = True,
                 skipped: list[str] | None = None) -> dict[tuple[str, float], "Score"]:
    """Score ``reader`` on a labelled set's ``images`` (paths) at every
    ``(rule, threshold)`` from one :func:`read_all` per photo: ``{(rule, threshold): Score}``.
    Images that are not readable, or frames the reader refuses, are added
    to ``skipped`` ("name: why") and left out of every figure."""
    from vision.dataset import labelled_photos
    from vision.die import VisionInputError
    from vision.score import Score
    out = {(r, t): Score() for r in rules for t in thresholds}
    for path, frame, truth, _ in labelled_photos(images, skipped, errata):
        try:
            cands = read_all(reader, frame)
        except VisionInputError as exc:
            skipped is not None and skipped.append(f"{path.name}: {exc}")
            continue
        for (r, t), sc in out.items():
            sc.add(decide(reader, cands, t, r, (frame.shape[1], frame.shape[0])), truth, 0.0, path.name)
    return out


def curve_rows(scores: dict[tuple[str, float], "Score"]) -> list[dict]:
    """One JSON-able row per (rule, threshold): first-look and misread
    rates (0..1), right, wrong and unread dice of the labelled ones, values
    where none is labelled."""
    return [{"rule": r, "min_value_p": t, "labelled_dice": s.labelled, "first_look_rate": round(s.first_look, 4),
             "misread_rate": round(s.misread, 4), "right": s.correct, "wrong": s.wrong,
             "unread": s.labelled - s.correct - s.wrong, "extra": s.extra_claimed}
            for (r, t), s in scores.items()]


def curve_text(rows: list[dict], in_effect: tuple[str, float] | None = None) -> str:
    """The curve as a table, a row per rule and threshold; ``in_effect``
    (rule, threshold) is marked ``<-``."""
    lines = ["  agreement  value p >=  first-look  misread  right  wrong  unread  extra",
             "  (both: fast net and expert agree, as shipped; expert: the expert's turns alone; none: no agreement)"]
    for r in rows:
        mark = "  <- in effect" if in_effect and (r["rule"], r["min_value_p"]) == in_effect else ""
        lines.append(f"  {r['rule']:<9}  {r['min_value_p']:>10g}  {100 * r['first_look_rate']:>8.1f} %"
                     f"  {100 * r['misread_rate']:>5.2f} %  {r['right']:>5}  {r['wrong']:>5}  {r['unread']:>6}"
                     f"  {r['extra']:>5}{mark}")
    return "\n".join(lines)
