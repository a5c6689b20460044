"""Leave-one-set-out: for each labelled set, train the three nets on every
other set and score the left-out one (issue #21's generalisation figure).

    python -m vision.training.loo ../shared/dice/* --out DIR [--left-out NAME ...] [-- TRAIN ARGS]

For each left-out set ``NAME`` (default: every set given) it runs
``python -m vision.training.train OTHER_SETS --fold all --out DIR/without-NAME
TRAIN ARGS`` (e.g. ``--init vision/models --det-steps 1200``), then
``cabinet dice score NAME --models DIR/without-NAME --fold odd --json
--no-calibration`` and writes the figures to ``DIR/without-NAME/score.json``
(one JSON object: the score's summary plus ``left_out`` and ``trained_on``).
A fold whose ``score.json`` already exists is not trained again
(``--again`` retrains), so folds can run in separate processes, one per
core, and the table (``--table``) gathered at the end.

The score is on the left-out set's odd scenes, the same photos as the
held-out figures of a model trained on every set's even scenes, so the
two are comparable.  Note that ``--init vision/models`` starts from nets
trained on ``nell-byler-dev``'s even scenes: with it, leaving that set out
is not a clean leave-one-out (its odd scenes were still never seen).

Exit status: 0, or 2 for bad arguments (a folder that is not a labelled
set, a left-out name that is not among the sets), or the failing child's
status.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path


def fold_dir(out: Path, left_out: str) -> Path:
    """The model folder of the fold that leaves ``left_out`` out."""
    return out / f"without-{left_out}"


def run_fold(sets: list[Path], left_out: Path, out: Path, train_args: list[str], again: bool = False) -> dict:
    """Train on ``sets`` minus ``left_out`` and score ``left_out``'s odd
    scenes (first look and misread, issue 40's measure: :func:`table`).  Returns the score summary (dict, as ``cabinet dice score
    --json``) with ``left_out`` and ``trained_on`` added.  Raises
    ``subprocess.CalledProcessError`` when training or scoring fails."""
    folder = fold_dir(out, left_out.name)
    done = folder / "score.json"
    if done.is_file() and not again:
        return json.loads(done.read_text())
    others = [s for s in sets if s != left_out]
    subprocess.run([sys.executable, "-m", "vision.training.train", *map(str, others), "--fold", "all",
                    "--out", str(folder), *train_args], check=True)
    got = subprocess.run([sys.executable, "-m", "firmware.cli.main", "dice", "score", str(left_out), "--models",
                          str(folder), "--fold", "odd", "--json", "--no-calibration"],
                         check=True, stdout=subprocess.PIPE, text=True)  # its errors reach the terminal
    summary = json.loads(got.stdout.strip().splitlines()[-1])
    summary.update(left_out=left_out.name, trained_on=[s.name for s in others])
    done.write_text(json.dumps(summary, indent=1) + "\n")
    return summary


def table(rows: list[dict]) -> str:
    """A Markdown table of fold summaries in issue 40's measure, each a
    share of the left-out set's dice on the table (labelled): first look
    (right values), misread (wrong values), unread (the rest: no value,
    or not found), with the dice in brackets.  Raises ``KeyError`` for a
    summary without ``right`` / ``wrong`` / ``labelled_dice``."""
    lines = ["| left out | dice | first look | misread | unread |", "|---|---|---|---|---|"]
    for r in rows:
        n, right, wrong = r["labelled_dice"], r["right"], r["wrong"]
        per = 100 / max(n, 1)
        unread = n - right - wrong
        lines.append(f"| {r['left_out']} | {n} | {per * right:.1f} % ({right}) | "
                     f"{per * wrong:.2f} % ({wrong}) | {per * unread:.1f} % ({unread}) |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    train_args: list[str] = []
    if "--" in argv:
        k = argv.index("--")
        argv, train_args = argv[:k], argv[k + 1:]
    p = argparse.ArgumentParser(
        prog="python -m vision.training.loo", description=__doc__.split("\n\n")[0],
        usage="%(prog)s DATASET [DATASET ...] --out DIR [--left-out NAME] [--again] [--table] [-- TRAIN ARGS]",
        epilog="Everything after -- goes to python -m vision.training.train, e.g. -- --init vision/models "
               "--threads 1 --det-steps 1200 --face-steps 1500 --expert-steps 1500. A fold trains three nets: "
               "about 50 min of one core with those steps (needs pip install -e '.[train]').")
    p.add_argument("dataset", nargs="+", type=Path, help="labelled set folders, e.g. ../shared/dice/*")
    p.add_argument("--out", type=Path, required=True, help="folder for one model folder per fold")
    p.add_argument("--left-out", action="append", default=[], metavar="NAME",
                   help="run only the fold that leaves this set out (repeatable)")
    p.add_argument("--again", action="store_true", help="retrain folds that already have a score.json")
    p.add_argument("--table", action="store_true", help="only print the table of the folds already scored")
    a = p.parse_args(argv)
    sets = [d for d in a.dataset if (d / "images").is_dir() and (d / "labels").is_dir()]
    for d in a.dataset:
        if d not in sets and d.name != "README.md":  # ../shared/dice/* also lists the sets' README
            p.error(f"{d}: not a labelled set (expected images/ and YOLO labels/)")
    names = {d.name: d for d in sets}
    if len(names) != len(sets):
        p.error("two set folders share a name: each fold is named after the set it leaves out")
    if len(sets) < 2:
        p.error("give at least two labelled sets: each fold trains on the others")
    for n in a.left_out:
        if n not in names:
            p.error(f"--left-out {n}: not one of {', '.join(sorted(names))}")
    chosen = [names[n] for n in a.left_out] or sets
    if a.table:
        rows = []
        for d in sets:
            f = fold_dir(a.out, d.name) / "score.json"
            if f.is_file():
                try:
                    rows.append(json.loads(f.read_text()))
                    table(rows[-1:])
                except (ValueError, KeyError, TypeError) as exc:
                    print(f"{f}: not a fold's score ({exc!r}); run the fold again with --again", file=sys.stderr)
                    return 1
        if not rows:
            print(f"no fold scored in {a.out} (each fold writes {a.out}/without-SET/score.json)", file=sys.stderr)
            return 1
        print(table(rows))
        return 0
    rows = []
    for d in chosen:
        try:
            rows.append(run_fold(sets, d, a.out, train_args, a.again))
        except subprocess.CalledProcessError as exc:
            print(f"fold without {d.name} failed: {exc}", file=sys.stderr)
            return exc.returncode or 1
    print(table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
