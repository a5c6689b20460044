"""Where a headless game's first look at the dice is lost (issue 40): a
4-seat Retrograde (bots, the simulated camera, dice from a labelled photo
set) played to the end, and at each throw's first reading at rest every
die on the table put in one bucket, named as :mod:`vision.breakdown` names
its buckets for photos:

* ``det_none``: no candidate of the detector on the die in any frame;
* ``drop_not_a_die`` / ``drop_faint``: found, dropped (its looks say "not
  a die"; or no value and a faint detector peak);
* ``unread_disagree``: found, unread, the readings that must agree (the
  experts' turns) disagreed in every frame;
* ``unread_low_right`` / ``unread_low_wrong``: they agreed in a frame, but
  below the threshold; the best value of the agreeing frames right / wrong;
* ``frames_contradict``: a frame gave the value and another frame another;
* ``misread``: given a wrong value; ``right``: given its value;
* ``known_right`` / ``known_wrong``: the looks did not give it its value
  (none, or another), but it lay as it lay when its value was taken (a
  reroll's kept die) and was given that value
  (:meth:`vision.multilook.MultiLook.carries`); right / wrong.

A die is the one of the station's :class:`vision.multilook.MultiLook`
tracks nearest to where the table drew it, within half the track's size.
The game is the one ``cabinet play retrograde --players 4 --bots all
--seed S --headless --dice-from SET`` plays (the same dice, the same
report).

    PYTHONPATH=. python benchmarks/game_first_look.py --seeds 1-6 [--dice-from DIR] [--fold odd] [--min-value-p P] [--json]

``--fold odd`` lays only the crops of the set's odd scenes (as
``cabinet dice score --fold odd`` scores them): photos the shipped nets
never saw; by default every photo, half of them the nets' training
photos.

Not a test; about 20 s a seed here.
"""
from __future__ import annotations

import argparse
import collections
import json
import math
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from firmware.runtime import config                                    # noqa: E402
from firmware.runtime.dice_readings import ReadingAnswers              # noqa: E402
from firmware.runtime.dice_table import MARGIN                         # noqa: E402
from vision.breakdown import BUCKETS                                   # noqa: E402
from vision.dataset import find_dice_data, fold_images                              # noqa: E402
from vision.netreader import NOT_A_DIE                                 # noqa: E402

#: this script's buckets, in order: (key, words); the shared ones in vision.breakdown's words
WORDS = {k: w for k, _, w in BUCKETS}
ORDER = (("right", "given its value"),
         ("det_none", "detector: no candidate on the die in any frame"),
         ("drop_not_a_die", WORDS["drop_not_a_die"]), ("drop_faint", WORDS["drop_faint"]),
         ("unread_disagree", "found, unread: the readings that must agree did not, in any frame"),
         ("unread_low_right", WORDS["unread_low_right"]), ("unread_low_wrong", WORDS["unread_low_wrong"]),
         ("frames_contradict", "found, unread: frames gave two values"),
         ("misread", "given a wrong value"),
         ("known_right", "the looks did not read it right; lying as it lay, given the value taken: right"),
         ("known_wrong", "the looks did not read it right; lying as it lay, given the value taken: wrong"))


def die_bucket(track, value: int, min_p: float, max_not_a_die: float, faint: float, looks=None) -> str:
    """The bucket (:data:`ORDER`) of a die of true ``value`` whose looks
    are ``track.looks`` (a MultiLook track, None: no candidate on it), read
    at threshold ``min_p``; ``looks``: the MultiLook, whose known value the
    track may carry (:meth:`vision.multilook.MultiLook.carries`)."""
    bucket = _look_bucket(track, value, min_p, max_not_a_die, faint)
    if bucket != "drop_not_a_die" and looks is not None and track is not None and looks.carries(track):
        if bucket == "right" and track.known == value:
            return "right"
        return "known_right" if track.known == value else "known_wrong"
    return bucket


def _look_bucket(track, value: int, min_p: float, max_not_a_die: float, faint: float) -> str:
    if track is None:
        return "det_none"
    probs = np.stack([lk.probs for lk in track.looks])
    if probs.mean(axis=0)[NOT_A_DIE] >= max_not_a_die:
        return "drop_not_a_die"
    given = [int(np.argmax(lk.probs[:NOT_A_DIE])) + 1 for lk in track.looks
             if lk.agree and lk.probs[:NOT_A_DIE].max() >= min_p and lk.probs[NOT_A_DIE] < max_not_a_die]
    if given and len(set(given)) == 1:
        return "right" if given[0] == value else "misread"
    if given:
        return "frames_contradict"
    if max(lk.heat for lk in track.looks) < faint:
        return "drop_faint"
    agreeing = [lk.probs for lk in track.looks if lk.agree]
    if not agreeing:
        return "unread_disagree"
    best = int(np.argmax(np.mean(agreeing, axis=0)[:NOT_A_DIE])) + 1
    return "unread_low_right" if best == value else "unread_low_wrong"


def fold_folder(dice_from: str, fold: str, tmp: str) -> str:
    """A folder holding only the ``fold`` scenes of the labelled set
    ``dice_from`` (links to its images and labels, under the set's own
    name so the label errata still apply); ``dice_from`` itself for
    ``"all"``."""
    if fold == "all":
        return dice_from
    src = Path(dice_from)
    out = Path(tmp) / src.name
    (out / "images").mkdir(parents=True)
    (out / "labels").mkdir()
    for img in fold_images(src, fold):
        (out / "images" / img.name).symlink_to(img.resolve())
        label = src / "labels" / (img.stem + ".txt")
        if label.is_file():
            (out / "labels" / label.name).symlink_to(label.resolve())
    return str(out)


def play(seed: int, dice_from: str, min_p: float | None) -> tuple[collections.Counter, dict]:
    """Play one game; (bucket counts of the first looks, the game's dice stats)."""
    from firmware.app.session import Session, SessionOptions
    counts: collections.Counter = collections.Counter()
    real = ReadingAnswers._settled

    def settled(self, runtime, key, values, frame_t, answers):
        tray = self.table.trays[key] if self.table is not None else None
        if tray is not None and tray.first_look and self.serving.get(key, {}).get("type") == "dice":
            ml = self.looks.get(key)
            st = ml.reader.settings
            x, y, _, _ = self.table.cells[key]
            free = list(ml.tracks)
            for k, (v, px, py) in enumerate(tray.placed):
                cx, cy = px - x - MARGIN, py - y - MARGIN     # the tray's picture lies MARGIN px into its cell
                near = [(math.hypot(t.x - cx, t.y - cy), i) for i, t in enumerate(free)
                        if math.hypot(t.x - cx, t.y - cy) <= 0.5 * t.size]
                track = free.pop(min(near)[1]) if near else None
                # the bar a value needs: the threshold, or a faint find's (DiceReader.value_bar)
                bar = ml.value_bar(track) if track else ml.reader.min_value_p
                bucket = die_bucket(track, v, bar, st.max_not_a_die_p, st.unreadable_min_heat, ml)
                counts[bucket] += 1
                if k < tray.stayed:                   # a kept die, lying as it lay (no hand moved it)
                    counts["kept"] += 1
                    counts["kept_right"] += bucket in ("right", "known_right")
            counts["placed_short"] += len(tray.values) - len(tray.placed)
        return real(self, runtime, key, values, frame_t, answers)

    ReadingAnswers._settled = settled
    try:
        with tempfile.TemporaryDirectory() as tmp:
            data = {"cabinet": {"state_dir": tmp}, "gpio": {"backend": "mock"}}
            if min_p is not None:
                data["vision"] = {"min_value_p": min_p}
            opts = SessionOptions(headless=True, bots={0, 1, 2, 3}, dice_from=dice_from)
            s = Session.new(config.validate(data), "retrograde", 4, seed, None, Path(tmp) / "g.jsonl", opts,
                            model=None)
            s.run()
            readers = {id(ml.reader): ml.reader for ml in s.dice.looks.values()}
            counts["lean_unread_frames"] = sum(r.stats["lean_unread"] for r in readers.values())
            return counts, s.dice.stats.as_dict()
    finally:
        ReadingAnswers._settled = real


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="benchmarks/game_first_look.py", description=__doc__.split("\n\n")[0])
    p.add_argument("--seeds", default="1-6", help="seeds, e.g. 1-6 or 1,3")
    p.add_argument("--dice-from", default=None, help="labelled photo set (default: the dev set)")
    p.add_argument("--fold", choices=("all", "odd", "even"), default="all",
                   help="lay only the crops of these scenes (odd: photos the shipped nets never saw)")
    p.add_argument("--min-value-p", type=float, default=None, help="the reader's threshold (default: config's)")
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    seeds = (list(range(int(a.seeds.split("-")[0]), int(a.seeds.split("-")[1]) + 1)) if "-" in a.seeds
             else [int(s) for s in a.seeds.split(",")])
    dice_from = a.dice_from or (str(find_dice_data()) if find_dice_data() else None)
    if dice_from is None:
        p.error("no labelled photo set: give --dice-from DIR")
    total, stats_sum = collections.Counter(), collections.Counter()
    crops_dir = tempfile.TemporaryDirectory()
    dice_from = fold_folder(dice_from, a.fold, crops_dir.name)
    for seed in seeds:
        counts, stats = play(seed, dice_from, a.min_value_p)
        total.update(counts)
        stats_sum.update({k: v for k, v in stats.items() if isinstance(v, int)})
        n = stats["first_dice"]
        row = {"seed": seed, "dice": n, "first_look": round(stats["first_right"] / max(1, n), 4),
               "misread": round(stats["first_wrong"] / max(1, n), 4),
               "nudges_per_100": round(100 * stats["nudges"] / max(1, n), 2),
               "s_per_nudge": round(stats["nudge_wait_us"] / 1e6 / max(1, stats["nudges"]), 2),
               "misread_reached_game": stats["misread_accepted"], "buckets": dict(counts)}
        print(json.dumps(row) if a.json else
              f"seed {seed}: {n} dice, first look {100 * row['first_look']:.1f} %, "
              f"misread {100 * row['misread']:.2f} %, "
              f"{row['nudges_per_100']:.1f} nudges per 100 dice, {row['s_per_nudge']:.2f} s waited per nudge, "
              f"{row['misread_reached_game']} misread reached the game", flush=True)
    n = max(1, stats_sum["first_dice"])
    if not a.json:
        print(f"all: {stats_sum['first_dice']} dice, first look {100 * stats_sum['first_right'] / n:.1f} %, misread "
              f"{100 * stats_sum['first_wrong'] / n:.2f} % ({stats_sum['first_wrong']}), "
              f"{100 * stats_sum['nudges'] / n:.1f} nudges per 100 dice ({stats_sum['nudges']} nudges)")
        thrown = n - total["kept"]
        print(f"  of them {total['kept']} kept dice lying as they lay (a reroll's kept dice), "
              f"{total['kept_right']} read right; the {thrown} dice thrown: first look "
              f"{100 * (total['right'] + total['known_right'] - total['kept_right']) / max(1, thrown):.1f} %, "
              f"{100 * stats_sum['nudges'] / max(1, thrown):.1f} nudges per 100 dice thrown")
        print(f"  die-frames the lean net left unread (vision.lean; counted in the buckets above as "
              f"'unread_disagree'): {total['lean_unread_frames']}")
        for key, words in ORDER + (("placed_short", "the table found no room for the die"),):
            if total[key] or key != "placed_short":
                print(f"  {key:<18} {total[key]:>5} {100 * total[key] / n:6.2f} %  {words}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
