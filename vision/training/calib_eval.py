"""Measure ``cabinet dice calibrate --from-labelled`` the way issue #21
asks: calibrate on 20 % of a set's scenes, score the other 80 %.

    python -m vision.training.calib_eval SET [--models DIR] [--every 5] [--score-every 1] [--json]

Scenes (:func:`vision.dataset.scene_key`, sorted by name) numbered 0, 5,
10 ... (``--every``) form the calibration folder (links to the photos and
their labels in a temporary folder; nothing is copied into the project);
every other scene is scored, without and with the calibration, with the
models in ``--models`` (default: the shipped ones).  ``--score-every N``
scores every N-th of those photos only (quicker; the same photos both
ways).  A refused calibration (:class:`vision.calibration.file.CalibrationError`)
is reported with its reason and the reader's figures without it; the
exit status is then 1.

Prints the figures without and with the calibration (issue 40's rates:
first-look = right values / labelled dice, misread = wrong values /
labelled dice; and accuracy = right values / found dice given a
value), whether it was accepted or refused and why, and its own
figures (fit dice, confirmation photos, CPU seconds of this process: with
onnxruntime's and BLAS's threads on several cores, more than the wall
time); ``--json``: all of it as one JSON object.
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path


def split(folder: Path, every: int = 5) -> tuple[list[Path], list[Path]]:
    """(calibration images, scored images) of a set folder: the images of
    every ``every``-th scene (by name) and all the others.  Raises
    ``ValueError`` for ``every`` < 2."""
    from vision.dataset import list_images, scene_key
    if every < 2:
        raise ValueError(f"every={every}: want 2 or more (one scene in every N calibrates)")
    images = list_images(folder)
    scenes = sorted({scene_key(p) for p in images})
    chosen = set(scenes[::every])
    return [p for p in images if scene_key(p) in chosen], [p for p in images if scene_key(p) not in chosen]


def link_folder(images: list[Path], into: Path) -> Path:
    """A labelled folder (``images/`` + ``labels/``) of symbolic links to
    ``images`` and their label files; returns ``into``."""
    (into / "images").mkdir(parents=True)
    (into / "labels").mkdir()
    for p in images:
        (into / "images" / p.name).symlink_to(p.resolve())
        lab = p.parent.parent / "labels" / (p.stem + ".txt")
        if lab.is_file():
            (into / "labels" / lab.name).symlink_to(lab.resolve())
    return into


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m vision.training.calib_eval", description=__doc__.split("\n\n")[0])
    p.add_argument("dataset", type=Path, help="a labelled set folder (images/ + YOLO labels/)")
    p.add_argument("--models", help="read with the models in DIR (default: vision/models)")
    p.add_argument("--every", type=int, default=5, help="one scene in EVERY calibrates (default 5: 20 %%)")
    p.add_argument("--score-every", type=int, default=1, help="score every N-th of the other photos")
    p.add_argument("--json", action="store_true", help="one JSON object, no progress")
    a = p.parse_args(argv)
    if not (a.dataset / "images").is_dir() or not (a.dataset / "labels").is_dir():
        p.error(f"{a.dataset}: not a labelled set (expected images/ and YOLO labels/)")
    if a.every < 2 or a.score_every < 1:
        p.error("--every takes 2 or more, --score-every 1 or more")
    from vision import calibrate
    from vision.netreader import Models
    from vision.reader import DiceReader
    from vision.score import score_folder
    from vision.die import VisionInputError
    reader = DiceReader()
    if a.models:
        try:
            reader = DiceReader(models=Models.load(a.models))
        except VisionInputError as exc:
            p.error(f"--models: {exc}")
    from vision.dataset import load_labels
    cal_imgs, scored = split(a.dataset, a.every)
    scored = scored[::a.score_every]
    if not cal_imgs or not scored:
        p.error(f"{a.dataset}: {len(cal_imgs)} photos to calibrate on and {len(scored)} to score; need both "
                "(a set of several scenes, --every and --score-every small enough)")
    try:  # every label file readable, and some dice labelled, before minutes of scoring
        labelled = sum(len(load_labels(q, 1, 1)) for q in cal_imgs + scored)
    except ValueError as exc:
        print(f"calib_eval: error: {exc}", file=sys.stderr)
        return 1
    if not labelled:
        p.error(f"{a.dataset}: no labelled dice (labels/<image name>.txt, one line 'cls cx cy w h' per die)")
    quiet = a.json or not sys.stderr.isatty()
    say = (lambda m: None) if quiet else (lambda m: print(m, file=sys.stderr, flush=True))

    def bar(images: list[Path], desc: str):
        """The images, with a progress bar on a terminal (tqdm)."""
        if quiet:
            return images
        from tqdm import tqdm
        return tqdm(images, desc=desc, unit="photo", file=sys.stderr, leave=False)
    say(f"{a.dataset.name}: calibrating on {len(cal_imgs)} photos, scoring {len(scored)}")
    before = score_folder(a.dataset, reader.read_dice, bar(scored, "without")).summary()
    say(f"without: accuracy {before['accuracy']:.4f}, confident-wrong {before['confident_wrong']:.4f}")
    out = {"set": a.dataset.name, "models": a.models or "shipped", "calibration_photos": len(cal_imgs),
           "scored_photos": len(scored), "without": before}
    code = 0
    with tempfile.TemporaryDirectory() as tmp:
        folder = link_folder(cal_imgs, Path(tmp) / a.dataset.name)
        c0 = time.process_time()
        try:
            cal = calibrate.calibrate_from_labelled(reader, folder, progress=say)
        except calibrate.CalibrationError as exc:
            # name the set, not the temporary folder of links
            out["refused"] = str(exc).replace(str(folder), f"{a.dataset} (one scene in {a.every})")
            code = 1
        else:
            out["calibration"] = {k: v for k, v in cal.info.items() if isinstance(v, (int, float, str, dict, list))}
            out["calibration"]["folder"] = f"{a.dataset} (one scene in {a.every})"
            out["calibration_cpu_s"] = round(time.process_time() - c0, 1)
            out["with"] = score_folder(a.dataset, calibrate.apply(reader, cal).read_dice, bar(scored, "with")).summary()
    if a.json:
        print(json.dumps(out))
        return code

    def line(name: str, f: dict) -> str:
        return (f"  {name:<8} first-look {100 * f['first_look_rate']:.2f} %, misread {100 * f['misread_rate']:.2f} % "
                f"({f['wrong']} of {f['labelled_dice']} dice on the table; accuracy {100 * f['accuracy']:.1f} %)")
    print(f"{a.dataset.name}: calibrated on {len(cal_imgs)} photos (one scene in {a.every}), "
          f"scored on {len(scored)} others, models {out['models']}")
    print(line("without", before))
    if "refused" in out:
        print(f"  calibration REFUSED: {out['refused']}")
    else:
        c = out["calibration"]
        print(line("with", out["with"]))
        print(f"  calibration accepted ({c.get('kind')}): fitted on {c.get('fit_dice')} dice, confirmation photos "
              f"{c['before']['right']} right / {c['before']['wrong']} wrong -> "
              f"{c['after']['right']} / {c['after']['wrong']}, {out['calibration_cpu_s']} s CPU")
    return code


if __name__ == "__main__":
    raise SystemExit(main())
