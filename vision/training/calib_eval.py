"""Measure ``cabinet dice calibrate --from-labelled`` the way issue #21
asks: calibrate on 20 % of a set's scenes, score the other 80 %.

    python -m vision.training.calib_eval SET [--models DIR] [--every 5] [--score-every 1] [--json]

Scenes (:func:`vision.dataset.scene_key`, sorted by name) numbered 0, 5,
10 ... (``--every``) form the calibration folder (links to the photos and
their labels in a temporary folder; nothing is copied into the project);
every other scene is scored, without and with the calibration, with the
models in ``--models`` (default: the shipped ones).  ``--score-every N``
scores every N-th of those photos only (quicker; the same photos both
ways).  A refused calibration (:class:`vision.calibrate.CalibrationError`)
is reported with its reason and the reader's figures without it; the
exit status is then 1.

Prints the two score summaries (accuracy = right values / found dice
given a value; confident-wrong = wrong values / labelled dice) and the
calibration's own figures (fit dice, confirmation rolls, CPU seconds).
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
    from vision.netreader import use_models
    from vision.reader import read_dice
    from vision.score import score_folder
    from vision.die import VisionInputError
    if a.models:
        try:
            use_models(a.models)
        except VisionInputError as exc:
            p.error(f"--models: {exc}")
    cal_imgs, scored = split(a.dataset, a.every)
    scored = scored[::a.score_every]
    if not cal_imgs or not scored:
        p.error(f"{a.dataset}: {len(cal_imgs)} photos to calibrate on and {len(scored)} to score; need both "
                "(a set of several scenes, --every and --score-every small enough)")
    quiet = a.json or not sys.stderr.isatty()
    say = (lambda m: None) if quiet else (lambda m: print(m, file=sys.stderr, flush=True))

    def bar(images: list[Path], desc: str):
        """The images, with a progress bar on a terminal (tqdm)."""
        if quiet:
            return images
        from tqdm import tqdm
        return tqdm(images, desc=desc, unit="photo", file=sys.stderr, leave=False)
    say(f"{a.dataset.name}: calibrating on {len(cal_imgs)} photos, scoring {len(scored)}")
    calibrate.apply(None)
    before = score_folder(a.dataset, read_dice, bar(scored, "without")).summary()
    say(f"without: accuracy {before['accuracy']:.4f}, confident-wrong {before['confident_wrong']:.4f}")
    out = {"set": a.dataset.name, "models": a.models or "shipped", "calibration_photos": len(cal_imgs),
           "scored_photos": len(scored), "without": before}
    code = 0
    with tempfile.TemporaryDirectory() as tmp:
        folder = link_folder(cal_imgs, Path(tmp) / a.dataset.name)
        c0 = time.process_time()
        try:
            cal = calibrate.calibrate_from_labelled(folder, progress=say)
        except calibrate.CalibrationError as exc:
            out["refused"] = str(exc)
            code = 1
        else:
            out["calibration"] = {k: v for k, v in cal.info.items() if isinstance(v, (int, float, str, dict))}
            out["calibration_cpu_s"] = round(time.process_time() - c0, 1)
            calibrate.apply(cal)
            out["with"] = score_folder(a.dataset, read_dice, bar(scored, "with")).summary()
            calibrate.apply(None)
    if a.json:
        print(json.dumps(out))
    else:
        print(json.dumps(out, indent=1))
    return code


if __name__ == "__main__":
    raise SystemExit(main())
