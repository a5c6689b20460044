"""Calibration to one cabinet's own dice, camera and light from labelled
photos (``cabinet dice calibrate --from-labelled``): where the face
windows are cut for this camera, the face classifiers' last layers
refitted on labelled photos of this cabinet, and the reader's value
threshold chosen for them.  :func:`calibrate_from_labelled` runs the steps
below; each step's code lives in :mod:`vision.calibration`.

Method (light: about a second per hundred dice on one core, no PyTorch):

1. The shipped detector finds the dice in each labelled photo; each find is
   matched to a labelled die (:func:`vision.score.match`).  The labels of
   the shared photo sets are read with their known errata
   (``vision/label_errata.toml``, as ``cabinet dice score`` reads them).
   Labels the reader as shipped surely contradicts on most dice are
   refused (:func:`vision.calibration.photos.check_labels`: class k written
   for k pips, another folder's labels).
2. *A window for this camera* (:mod:`vision.calibration.window_fit`): a
   camera at a slant sees each die's top face and the sides facing it, and
   the detector's centre is the whole silhouette's.  The matched dice are
   cut through other windows (:class:`vision.netreader.WindowGeometry`)
   and the one where the fast face net gives the labelled values the
   lowest mean -log p is kept if it gains enough over the shipped window.
3. Each matched find gives its window (the reader's own, cut through that
   window, :meth:`vision.reader.DiceReader.die_window`) at four turns, each also
   mirrored (a die's pips read the same), labelled with the die's value;
   a find on no labelled die gives windows labelled *not a die* (a print,
   a token, a screw of this cabinet) (:mod:`vision.calibration.photos`).
   The features each face net's last layer reads are taken from the nets
   (:meth:`vision.netreader.Models.face_features`), and a new last layer (7 x F
   weights) is fitted by multinomial logistic regression, starting from
   the net's own and pulled towards it (L2), so a few dozen dice move it
   only as far as they show (:mod:`vision.calibration.layers`).
4. *A threshold for these dice* (:mod:`vision.calibration.threshold`): the
   value probability the reader asks of a die
   (:attr:`vision.reader.DiceReader.min_value_p`) is chosen as the lowest,
   from the one in effect up, at which the fit photos' dice are read
   wrongly rarely enough, then a margin more; lower only on strong
   evidence.  The candidates (:mod:`vision.calibration.candidates`): the
   nets as shipped with a threshold chosen on their readings of the fit
   photos; where a window was found, the same through it; and the new last
   layers with a threshold chosen on readings of each half of the fit
   photos (by scene) by layers fitted on the other half (a layer is surer
   of the dice it was fitted on); and the nets with *face prototypes*
   learned from the same windows' features (:mod:`vision.prototypes`: what
   each face of these dice looks like to the nets, added to their scores,
   with a reject option for a die unlike any of them), their threshold
   chosen the same way; and the nets *adapted to the camera*
   (:mod:`vision.adapt`: each channel of the fit photos' finds moved back
   to its training mean and spread; no label used), their threshold the
   players' cheapest on their own readings of the fit photos
   (:func:`vision.calibration.threshold.cheapest_threshold`).
5. Every fourth scene of the folder (by name; augmented copies are one
   scene) is kept back as *confirmation rolls*
   (:mod:`vision.calibration.confirm`): the reader reads them without a
   calibration and with each candidate.  A candidate that reads them worse
   (:func:`vision.calibration.confirm.reads_worse`: more dice given a wrong
   value, or as many wrong and fewer right, than the nets as shipped read
   - and, for a candidate that changes what the nets read, than they read
   at its threshold) is out; of the others the one worth most
   (:func:`vision.calibration.confirm.weigh`) on the confirmation rolls and
   the fit photos together is the calibration, if it is worth more than
   the reader as it is ("as shipped" otherwise); if none is left it is
   refused.  A calibration in use (``stored``) is read on the rolls too,
   and kept if it reads them as well as or better than the one chosen
   (:func:`vision.calibration.confirm.keeps_stored`): so a new calibration
   from a few photos never silently replaces one that was working.

The result is stored as one ``.npz`` file (:data:`CALIBRATION_FILE` in the
cabinet's state folder, :mod:`vision.calibration.file`) with a fingerprint
of the models it was made for; :func:`load` refuses a damaged file or one
made for other models.

Every function that reads dice takes the :class:`vision.reader.DiceReader`
to read with (its models, settings, and the window and layers the step
sets); none changes it: a step reads with a copy made for it
(``with_window``, ``with_heads``, ``at``), and :func:`apply` returns the
reader with a calibration.

The calibration's public names for the cabinet (``cabinet dice``, the
cabinet's reader) are importable from here: :func:`calibrate_from_labelled`
and, from their homes, :class:`Calibration`, :class:`CalibrationError`,
:data:`CALIBRATION_FILE`, :func:`save`, :func:`load`, :func:`apply`,
:func:`kept_words`, :func:`window_text`, :func:`window_words`.
"""
from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Callable

import cv2
import numpy as np

from vision import netreader
from vision.calibration.candidates import (candidates_to_try, choose_candidate, confirmed, kept_words,
                                           learned_prototypes, refusal, score_candidates)
from vision.calibration.confirm import CONFIRM_EVERY, keeps_stored, split_scenes
from vision.calibration.file import (CALIBRATION_FILE, Calibration, CalibrationError, apply, load, models_fingerprint,
                                     save)
from vision.calibration.layers import fit_on, head_inputs
from vision.calibration.photos import (MAX_WINDOWS, TURNS, check_labels, fit_samples, label_count, labelled_finds,
                                       thin_negatives)
from vision.calibration.threshold import counts_at, value_readings
from vision.calibration.window_fit import die_patches, fit_window, window_text, window_words
from vision.dataset import list_images, scene_key
from vision.lean import lean_bar_for
from vision.netreader import SHIPPED_WINDOW
from vision.reader import DiceReader

#: a calibration needs the detector to find at least this share of the
#: labelled dice (else the photos are not what the labels say: noise, a
#: covered lens, another folder's labels)
MIN_FOUND = 0.5


def calibrate_from_labelled(reader: DiceReader, folder: str | os.PathLike,
                            progress: Callable[[str], None] | None = None,
                            stored: Calibration | None = None) -> Calibration:
    """Fit this cabinet's face window, face-net last layers and value
    threshold for ``reader`` (its models and settings; "before" is it
    without last layers or window of a calibration, at its threshold
    without one; it is not changed) on a labelled folder (``images/`` + YOLO ``labels/``, class
    k = k + 1 pips, as ``../shared/dice``) and confirm them on every
    CONFIRM_EVERY-th scene (module docstring).

    Returns the :class:`Calibration` (not yet stored: :func:`save`) of the
    candidate kept (``info["kind"]``: "threshold" - the nets' own layers
    and window -, "window and threshold", "layers and threshold",
    "layers, window and threshold", "prototypes and threshold",
    "prototypes, window and threshold" or "adapted and threshold"
    (:attr:`Calibration.adaptation`); "as shipped", no layers, window or
    threshold of its own, when no candidate is worth more than the reader
    as it is; ``min_value_p`` None where the threshold kept is the one in
    effect), its ``info`` with the window fit, the confirmation figures
    before, after and of each candidate and each candidate's readings of
    the fit photos.  Raises :class:`CalibrationError` when the folder has
    no images or no labelled dice, too few scenes to keep some back, when
    the detector finds fewer than MIN_FOUND of the labelled dice (noise, a
    covered lens, labels of other photos), or when every candidate reads
    the confirmation rolls worse than the reader without a calibration
    (refused).

    ``stored``: the calibration in use (None: none, or one that does not
    load): it is read on the confirmation rolls too (``reader`` with it,
    :func:`apply`) and ``info["stored"]`` gives its figures there, its
    ``made`` date and ``kept``: True when it reads them as well as or better
    than the calibration returned (:func:`vision.calibration.confirm.keeps_stored`)
    - the caller then keeps it and stores nothing."""
    from vision.score import score_folder
    say = progress or (lambda _m: None)
    t0 = time.perf_counter()
    folder = Path(folder)
    fit_imgs, confirm_imgs = _fit_and_confirm_photos(folder)
    _check_features_output(reader)
    base = reader.min_value_p_without_calibration  # "before" is the reader without any calibration
    as_is = reader.with_heads(None).with_window(None).with_adaptation(None)  # the nets as shipped, the shipped window
    # the labelled dice lie flat: where the lean net takes them for leaning, its bar is raised for every reading
    lean_bar = lean_bar_for(as_is, [(frame, c) for _, frame, _, finds in labelled_finds(as_is, fit_imgs)
                                    for c, value in finds if value])
    as_is = as_is.with_lean_bar(lean_bar)
    say(f"reading the {len(fit_imgs)} photos to learn from")
    plain = value_readings(as_is, fit_imgs)[0]
    check_labels(plain, folder)
    say("finding where your camera sees the dice's top faces")
    # where this camera shows the dice's top faces (read with the nets as shipped)
    patches = die_patches(as_is, fit_imgs)
    window, loss_shipped, loss_window = fit_window(as_is, patches)
    windowed = as_is.with_window(window)
    windows, classes, owners, labelled, found, per = _fit_dice(windowed, fit_imgs, folder)
    say(f"learning what your {found} dice look like")
    inputs = head_inputs(reader.models, windows)
    heads = fit_on(inputs, classes, per)
    fit = (inputs, classes, per, owners)
    protos, proto_note, proto_weight, proto_reads = learned_prototypes(windowed.at(base), fit_imgs, *fit, base)
    say(f"trying each change on the {len(fit_imgs)} photos")
    tries, margins = candidates_to_try(windowed, window, fit_imgs, fit, (plain, labelled), base, heads, proto_reads)
    say("tuning the nets to your camera's light and dice")
    tuned, adapt_note = adapted_candidate(as_is, fit_imgs, labelled, base)
    adaptations = {}
    if tuned is not None:
        name, adaptation, t, readings = tuned
        tries.append((name, {}, SHIPPED_WINDOW, t, readings))
        margins[name], adaptations[name] = "", adaptation
    say(f"checking each change on the {len(confirm_imgs)} photos kept back")
    before = score_folder(folder, as_is.at(base).read_dice, confirm_imgs)
    plain_confirm = value_readings(as_is.at(base), confirm_imgs)[0]  # the reader as it is, at any threshold
    candidates, learned = score_candidates(as_is, folder, confirm_imgs, tries, protos, adaptations)
    shipped_fit = counts_at(plain, base)
    ok = confirmed(candidates, before, plain_confirm)
    info = {"folder": str(folder), "fit_photos": len(fit_imgs), "fit_dice": found, "labelled_dice": labelled,
            "windows": len(windows), "confirm_photos": len(confirm_imgs), "threshold_before": base,
            "window_fit": {"window": window.as_list(), "dice": len(patches), "loss_shipped": round(loss_shipped, 4),
                           "loss": round(loss_window, 4)},
            "before": _figures(before), "before_fit": dict(zip(("right", "wrong"), shipped_fit)),
            "adaptation": adapt_note, "lean_max_p": lean_bar,
            "prototypes": proto_note or (f"learned on {found} dice, weight {proto_weight:g}" if proto_weight
                                         else "too few dice of some face in each half of the fit photos"),
            "candidates": {k: {"min_value_p": t, "layers": bool(hs), "prototypes": bool(learned[k]),
                               "window": w.as_list(), **_figures(sc),
                               "fit": dict(zip(("right", "wrong"), fr)), "refused": k not in ok}
                           for k, (hs, w, t, sc, fr) in candidates.items()},
            "seconds": round(time.perf_counter() - t0, 1), "made": time.strftime("%Y-%m-%d %H:%M:%S")}
    if not ok:
        raise refusal(candidates, before, info["confirm_photos"])
    kind, hs, pr, w, t, after = choose_candidate(ok, candidates, learned, before, shipped_fit, base,
                                                 frozenset(adaptations))
    info.update(kind=kind, min_value_p=t, window=w.as_list(), after=_figures(after),
                margin=margins.get(kind, "") if t is not None else "")
    if stored is not None:  # the owner's calibration in use, on the same rolls
        mine = score_folder(folder, apply(reader, stored).read_dice, confirm_imgs)
        info["stored"] = {"made": str(stored.info.get("made", "")), "kind": stored.info.get("kind"),
                          **_figures(mine), "kept": keeps_stored((mine.correct, mine.wrong),
                                                                 (after.correct, after.wrong))}
        info["seconds"] = round(time.perf_counter() - t0, 1)
    return Calibration(hs, models_fingerprint(reader.models), info, t, None if w == SHIPPED_WINDOW else w, pr,
                       adaptations.get(kind), lean_bar)


def adapted_candidate(as_is: DiceReader, fit_imgs: list[Path], labelled: int, base: float
                      ) -> tuple[tuple | None, str]:
    """The candidate "adapted and threshold": the nets of ``as_is``
    (the reader as shipped) tuned to every find of the fit photos
    ``fit_imgs`` (:func:`vision.adapt.adapt_to`: no labels used), its
    threshold the cheapest for the players on its readings of those photos
    (``labelled`` dice, :func:`vision.calibration.threshold.cheapest_threshold`).
    Returns ((its name, the :class:`vision.adapt.Adaptation`, threshold,
    the fit photos' readings) or None where it cannot be made, what was
    done or why not, in words)."""
    from vision.adapt import adapt_to
    from vision.calibration.threshold import cheapest_threshold
    frames = [f for f in (cv2.imread(str(p), cv2.IMREAD_COLOR) for p in fit_imgs) if f is not None]
    adaptation, note = adapt_to(as_is, frames)
    if adaptation is None:
        return None, note
    readings = value_readings(as_is.with_adaptation(adaptation).at(base), fit_imgs)[0]
    t = cheapest_threshold(readings, labelled, base)    # (no label went into these readings)
    return ("adapted and threshold", adaptation, t, readings), note


def _fit_and_confirm_photos(folder: Path) -> tuple[list[Path], list[Path]]:
    """(fit photos, confirmation photos) of the labelled photos of
    ``folder`` (:func:`vision.calibration.confirm.split_scenes`).  Raises
    :class:`CalibrationError` when ``folder`` is not a labelled set, has no
    labelled dice or too few scenes to keep some back."""
    if not (folder / "images").is_dir() or not (folder / "labels").is_dir():
        raise CalibrationError(f"{folder}: not a labelled set (expected images/ and YOLO labels/, "
                               "class k = k + 1 pips)")
    images = list_images(folder)
    labelled_images = [p for p in images if (folder / "labels" / (p.stem + ".txt")).is_file()
                       and (folder / "labels" / (p.stem + ".txt")).read_text().strip()]
    if not labelled_images:
        raise CalibrationError(f"{folder}: no labelled dice (labels/<image name>.txt, one line "
                               "'cls cx cy w h' per die); label the photos first")
    fit_imgs, confirm_imgs = split_scenes(labelled_images)
    if not fit_imgs or not confirm_imgs:
        raise CalibrationError(f"{folder}: {len({scene_key(p) for p in labelled_images})} scene(s); need at least "
                               f"{CONFIRM_EVERY} (every {CONFIRM_EVERY}th is kept back to confirm the calibration)")
    return fit_imgs, confirm_imgs


def _check_features_output(reader: DiceReader) -> None:
    """Raises (from the nets) when a face net of ``reader`` has no features output."""
    for name in ("fast", "expert"):
        if name == "expert" and not reader.has_expert:
            continue
        reader.models.net(name == "expert").with_features(
            np.zeros((1, 3, netreader.FACE_PX, netreader.FACE_PX), np.float32))  # raises if no features output


def _fit_dice(windowed: DiceReader, fit_imgs: list[Path], folder: Path
              ) -> tuple[list[np.ndarray], list[int], list[int], int, int, int]:
    """The fit photos' finds as ``windowed`` cuts them
    (:func:`vision.calibration.photos.fit_samples`, thinned to
    :data:`vision.calibration.photos.MAX_WINDOWS`, with fewer turns on a
    large folder so the fit stays within a minute): (windows, classes,
    owners, labelled dice, labelled dice found, windows per find).  Raises
    :class:`CalibrationError` when there are no labelled dice (photos that
    do not open), or the detector finds fewer than :data:`MIN_FOUND` of
    them."""
    per_turn = 2 * max(1, label_count(fit_imgs))
    turns = (TURNS if per_turn * len(TURNS) <= MAX_WINDOWS else TURNS[::2] if per_turn * 2 <= MAX_WINDOWS
             else TURNS[:1])
    owners: list[int] = []
    windows, classes, labelled, found = fit_samples(windowed, fit_imgs, turns, owners)
    windows, classes, owners = thin_negatives(windows, classes, owners, 2 * len(turns))
    if labelled == 0:
        bad = [p.name for p in fit_imgs if cv2.imread(str(p), cv2.IMREAD_COLOR) is None]
        if bad:
            raise CalibrationError(f"{folder}: {len(bad)} of the {len(fit_imgs)} photos kept for fitting cannot "
                                   f"be opened as images (e.g. {bad[0]}): damaged or not images")
        raise CalibrationError(f"{folder}: no labelled dice in the photos kept for fitting")
    if found < MIN_FOUND * labelled:
        raise CalibrationError(f"{folder}: the detector finds only {found} of {labelled} labelled dice: are these "
                               "photos of the dice from the camera's place, and the labels theirs? "
                               "(noise, a covered lens or another folder's labels); calibration refused")
    per = 2 * len(turns)
    if not windows or len(windows) != per * len(classes):
        raise CalibrationError(f"nothing to calibrate on: {len(windows)} windows for {len(classes)} dice")
    return windows, classes, owners, labelled, found, per


def _figures(s) -> dict:
    """A score's figures (:class:`vision.score.Score`) as ``info`` keeps them."""
    return {"dice": s.labelled, "right": s.correct, "wrong": s.wrong, "recall": round(s.recall, 4),
            "accuracy": round(s.accuracy, 4), "confident_wrong": round(s.confident_wrong, 4)}


__all__ = ["CALIBRATION_FILE", "MIN_FOUND", "Calibration", "CalibrationError", "apply", "calibrate_from_labelled",
           "kept_words", "load", "save", "window_text", "window_words"]
