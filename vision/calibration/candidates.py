"""The candidates a labelled calibration weighs and how one is chosen.
Candidates: the nets as shipped with a threshold chosen on their readings
of the fit photos; where a window was found, the same through it; the new
last layers with a threshold chosen on readings of each half of the fit
photos (by scene) by layers fitted on the other half (a layer is surer of
the dice it was fitted on, :func:`cross_readings`); and the nets with face
prototypes learned from the same windows' features, their weight and
threshold chosen the same way (:func:`prototype_choice`).  Each is scored
on the confirmation rolls (:func:`score_candidates`); one that reads them
worse (:func:`vision.calibration.confirm.reads_worse`) is out, and of the
others the one worth most (:func:`vision.calibration.confirm.weigh`) on
the confirmation rolls and the fit photos together is kept
(:func:`choose_candidate`), if it is worth more than the reader as it is.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Callable

import numpy as np

from vision.calibration.confirm import reads_better, reads_worse, weigh
from vision.calibration.file import CalibrationError
from vision.calibration.layers import fit_on, prototypes_on
from vision.calibration.threshold import choose_threshold, counts_at, margin_words, value_readings
from vision.dataset import scene_key
from vision.die import VisionInputError
from vision.netreader import SHIPPED_WINDOW, WindowGeometry
from vision.reader import DiceReader

def cross_readings(reader: DiceReader, images: list[Path], inputs: dict, classes: list[int], per: int,
                    owners: list[int], learn: Callable | None = None) -> tuple[list[tuple[float, bool]], int]:
    """Readings (:func:`value_readings`) of each half of ``images`` (by
    scene) by ``reader`` with last layers fitted on the other half's finds (their features
    ``inputs``, ``classes``, ``per`` windows each, ``owners`` the index of
    each find's photo): how new layers read dice they were not fitted on.
    ``learn``: what is learned instead of last layers, a function of the
    finds kept (N bool) giving the reader to read with, or None where
    that half's finds are too few to learn from (the half is skipped).
    ([], 0) with fewer than two scenes."""
    scenes = sorted({scene_key(p) for p in images})
    if len(scenes) < 2:
        return [], 0
    half = set(scenes[::2])
    in_a = np.array([scene_key(images[k]) in half for k in owners], bool)
    a = [p for p in images if scene_key(p) in half]
    b = [p for p in images if scene_key(p) not in half]
    learn = learn or (lambda finds: reader.with_heads(fit_on(inputs, classes, per, finds=finds)))
    out, labelled = [], 0
    for finds, read in ((in_a, b), (~in_a, a)):
        learned = learn(finds) if finds.any() else None
        if learned is None:
            continue
        r, n = value_readings(learned, read)
        out += r
        labelled += n
    return out, labelled


def prototype_choice(reader: DiceReader, images: list[Path], inputs: dict, classes: list[int], per: int,
                      owners: list[int], base: float) -> tuple[list[tuple[float, bool]], int, float, float | None]:
    """How far this cabinet's face prototypes are trusted (their weight, of
    :data:`vision.prototypes.PROTO_WEIGHTS`) and at which threshold, chosen
    as the layers' threshold is: each half of the fit ``images`` (by scene)
    read by ``reader`` with prototypes learned from the other half's finds
    (:func:`cross_readings`), the threshold chosen on those readings
    (:func:`choose_threshold`), and the weight whose readings are worth
    most there (:func:`weigh`; of equals the lighter).  Returns (those
    readings, labelled dice read, threshold, weight), or ([], 0, ``base``,
    None) when no half has enough dice of every face to learn from."""
    from vision.prototypes import PROTO_WEIGHTS
    best = ([], 0, base, None)
    best_worth = None
    for weight in PROTO_WEIGHTS:
        def learn(finds: np.ndarray, weight=weight) -> DiceReader | None:
            try:
                return reader.with_prototypes(prototypes_on(inputs, classes, per, finds, weight))
            except VisionInputError:  # a face with too few dice in that half
                return None
        readings, n = cross_readings(reader, images, inputs, classes, per, owners, learn=learn)
        if not n:
            return best
        t = choose_threshold(readings, n, base)
        worth = weigh(*counts_at(readings, t))
        if best_worth is None or worth > best_worth:
            best, best_worth = (readings, n, t, weight), worth
    return best


def learned_prototypes(reader: DiceReader, images: list[Path], inputs: dict, classes: list[int], per: int,
                       owners: list[int], base: float) -> tuple[dict, str, float | None, tuple]:
    """This cabinet's face prototypes from the fit finds (their features
    ``inputs``, ``classes``, ``per`` windows each, ``owners`` the index in
    ``images`` of each find's photo), with the weight and threshold chosen
    for them on ``images`` read by ``reader`` (:func:`prototype_choice`):
    (prototypes ({} when a face has too few dice), why there are none (""
    when there are), their weight (None: not chosen), (the fit photos'
    readings by prototypes learned on the other half, labelled dice read,
    threshold))."""
    try:  # what these dice look like to the nets (vision.prototypes)
        protos, proto_note = prototypes_on(inputs, classes, per), ""
    except VisionInputError as exc:
        protos, proto_note = {}, str(exc)
    # how far to trust them, and their threshold: chosen as the layers' are
    cross_p, cross_pn, t_protos, proto_weight = prototype_choice(reader, images, inputs, classes, per,
                                                                owners, base) if protos else ([], 0, base, None)
    if proto_weight is not None:
        protos = prototypes_on(inputs, classes, per, weight=proto_weight)
    return protos, proto_note, proto_weight, (cross_p, cross_pn, t_protos)


def candidates_to_try(windowed: DiceReader, window: WindowGeometry, images: list[Path], fit: tuple,
                      plain_reads: tuple[list[tuple[float, bool]], int], base: float, heads: dict,
                      proto_reads: tuple) -> tuple[list[tuple], dict[str, str]]:
    """The candidates of a labelled calibration and their thresholds, chosen
    on the fit ``images``: ``windowed`` the nets as shipped through the
    fitted ``window``; ``fit`` (features, classes, windows per find, owners)
    of the fit finds; ``plain_reads`` (readings, labelled dice) of the
    nets as shipped; ``heads`` the new last layers; ``proto_reads`` the
    prototypes' (readings, labelled dice, threshold),
    :func:`learned_prototypes`.  Returns ([(name, heads, window,
    threshold, the fit photos' readings: of the candidate itself, or of
    layers (prototypes) learned on the other half)], {name: why its raised
    threshold keeps a margin, in an owner's words})."""
    inputs, classes, per, owners = fit
    plain, labelled = plain_reads
    cross_p, cross_pn, t_protos = proto_reads
    cross, cross_n = cross_readings(windowed.at(base), images, inputs, classes, per, owners)
    t_heads = choose_threshold(cross, cross_n, base) if cross_n else base
    on_window = value_readings(windowed.at(base), images)[0] if window != SHIPPED_WINDOW else []
    t_window = choose_threshold(on_window, labelled, base) if window != SHIPPED_WINDOW else base
    t_plain = choose_threshold(plain, labelled, base)
    # why each candidate's raised threshold keeps a margin (for the owner's summary)
    on_heads = margin_words(cross, cross_n, base) if cross_n else ""
    margins = {"threshold": margin_words(plain, labelled, base),
               "window and threshold": margin_words(on_window, labelled, base) if on_window else "",
               "layers, window and threshold": on_heads, "layers and threshold": on_heads}
    on_protos = margin_words(cross_p, cross_pn, base) if cross_pn else ""
    margins.update({"prototypes and threshold": on_protos, "prototypes, window and threshold": on_protos})
    tries = [("threshold", {}, SHIPPED_WINDOW, t_plain, plain)]
    on = ", window and threshold" if window != SHIPPED_WINDOW else " and threshold"
    if window != SHIPPED_WINDOW:
        tries += [("window and threshold", {}, window, t_window, on_window)]
    tries += [("layers" + on, heads, window, t_heads, cross)]
    if cross_pn:
        tries += [("prototypes" + on, {}, window, t_protos, cross_p)]
    return tries, margins


def score_candidates(as_is: DiceReader, folder: str | os.PathLike, confirm_imgs: list[Path], tries: list[tuple],
                     protos: dict, adaptations: dict | None = None) -> tuple[dict, dict]:
    """Each candidate of ``tries`` (:func:`candidates_to_try`), read by
    ``as_is`` (the nets as shipped) with its layers, prototypes (``protos``
    for the prototypes' candidates), adaptation (``adaptations``: {name:
    :class:`vision.adapt.Adaptation`}), window and threshold, scored on the
    confirmation photos ``confirm_imgs`` of ``folder``: ({name: (heads,
    window, threshold, its :class:`vision.score.Score` there, (right,
    wrong) of its fit readings at its threshold)}, {name: the prototypes
    it reads with, {} for none})."""
    from vision.score import score_folder
    candidates, learned = {}, {}
    for name, hs, w, t, fit_reads in tries:
        learned[name] = protos if name.startswith("prototypes") else {}
        candidate = (as_is.with_adaptation((adaptations or {}).get(name)).with_heads(hs or None)
                     .with_prototypes(learned[name] or None).with_window(w).at(t))
        candidates[name] = (hs, w, t, score_folder(folder, candidate.read_dice, confirm_imgs), counts_at(fit_reads, t))
    return candidates, learned


def confirmed(candidates: dict, before, plain_confirm: list[tuple[float, bool]]) -> dict:
    """The ``candidates`` (:func:`score_candidates`) that do not read the
    confirmation rolls worse (:func:`vision.calibration.confirm.reads_worse`)
    than the reader without a calibration (``before``, its score there)
    nor than it at their own threshold (``plain_confirm``: its readings of
    the rolls, :func:`vision.calibration.threshold.value_readings`)."""
    return {k: v for k, v in candidates.items()
            if not reads_worse(before.correct, before.wrong, v[3].correct, v[3].wrong,
                               at_threshold=counts_at(plain_confirm, v[2]))}


def refusal(candidates: dict, before, confirm_photos: int) -> CalibrationError:
    """The error that refuses a calibration whose every candidate reads the
    ``confirm_photos`` confirmation photos worse than the reader without
    it (``before``, its score there), naming each candidate's figures."""
    tried = "; ".join(f"{k} (min_value_p {t}): {sc.correct} right / {sc.wrong} wrong"
                      for k, (hs, w, t, sc, fr) in candidates.items())
    return CalibrationError(
        f"calibration refused: it reads the {confirm_photos} confirmation photos worse "
        f"({tried}, of {before.labelled} dice, against {before.correct} / {before.wrong} without it); "
        "nothing was changed: more labelled photos, or a check of their labels, may let it through")


def choose_candidate(ok: dict, candidates: dict, learned: dict, before, shipped_fit: tuple[int, int],
                     base: float, adapted: frozenset = frozenset()
                     ) -> tuple[str, dict, dict, WindowGeometry, float | None, object]:
    """The candidate kept of those ``ok`` (:func:`confirmed`) that read the
    confirmation rolls better than ``before`` (the players' cost,
    :func:`vision.calibration.confirm.player_cost`, falls there): the one worth
    most (:func:`vision.calibration.confirm.weigh`) on the confirmation rolls
    and the fit photos together (of equals, the simplest: the order tried),
    or "as shipped" (no layers, prototypes, window or threshold of its own)
    when it is worth no more than the reader as it is (``before`` on the
    rolls, ``shipped_fit`` (right, wrong) on the fit photos).  Returns
    (kind, heads, prototypes, window, threshold (None: ``base``, the one in
    effect), its score on the rolls).  ``adapted``: the names of the
    candidates that adapt the nets (:mod:`vision.adapt`), a change of their
    own even at ``base``."""
    def worth(right: int, wrong: int, fit: tuple[int, int]) -> int:  # on the fit photos and the confirmation rolls
        return weigh(right + fit[0], wrong + fit[1])
    # the confirmation rolls must read better (the players' cost falls there), not only as well; by more than a
    # die where the nets read otherwise (confirm.CLEAR_GAIN_DICE)
    ok = {k: v for k, v in ok.items()
          if reads_better(before.correct, before.wrong, v[3].correct, v[3].wrong,
                          changes_readings=bool(v[0] or learned[k] or v[1] != SHIPPED_WINDOW or k in adapted))}
    if not ok:
        return "as shipped", {}, {}, SHIPPED_WINDOW, None, before
    # the most worth; of equals, the simplest (the order tried)
    kind = max(ok, key=lambda k: (worth(ok[k][3].correct, ok[k][3].wrong, ok[k][4]), -list(candidates).index(k)))
    hs, w, t, after, fit_after = ok[kind]
    pr = learned[kind]
    if (worth(after.correct, after.wrong, fit_after) <= worth(before.correct, before.wrong, shipped_fit)
            or (not hs and not pr and w == SHIPPED_WINDOW and t == base and kind not in adapted)):
        # no better than the reader as it is: keep that (no layers, prototypes, window or threshold of its own)
        kind, hs, pr, w, t, after = "as shipped", {}, {}, SHIPPED_WINDOW, None, before
    elif t == base:
        t = None  # the threshold in effect: the config's, not pinned by the calibration
    return kind, hs, pr, w, t, after


def kept_words(kind: str, base: float, t: float | None, before: dict | None = None,
               after: dict | None = None) -> str:
    """What a calibration kept, in a cabinet owner's words (no jargon), for
    the result screen and the command's summary: ``kind`` as in
    ``Calibration.info["kind"]`` (or the guided flow's "layers",
    "threshold", "window"), ``base`` the value threshold without it, ``t``
    its own (None: ``base``); ``before``/``after`` (dicts with dice, right,
    wrong) the confirmation rolls without / with it: a raised threshold
    then says how many dice it reads right and leaves to nudge, so
    "careful mode" never hides a drop (PT14: right 544 -> 96)."""
    t = base if t is None else t
    if kind == "as shipped":
        return "now using: the reader as it was (nothing read your dice better)"
    parts = []
    if "layers" in kind:
        parts.append("trained on your dice")
    if "prototypes" in kind:
        parts.append("knows what your dice's faces look like")
    if "window" in kind:
        parts.append("reads the top faces as your camera sees them")
    if "adapted" in kind:
        parts.append("tuned to your camera's light and dice")
    if t > base:
        careful = "careful mode: fewer misreads, more dice to nudge"
        if before and after:
            def unread(f: dict) -> int:
                return f["dice"] - f["right"] - f["wrong"]
            careful = (f"careful mode: misread {before['wrong']} -> {after['wrong']}, read right "
                       f"{before['right']} -> {after['right']}, to nudge {unread(before)} -> {unread(after)} "
                       f"of {after['dice']} dice")
        parts.append(careful)
    elif t < base:
        parts.append("bold mode: reads more of your dice")
    return "now using: " + "; ".join(parts or ["the reader as it was"])
