"""The guided calibration's learning and deciding (steps 2 and 4 of
:mod:`firmware.calibration.flow`): refit the face nets' last layers on the
captured faces, choose a threshold and a window, score every candidate on
the confirmed rolls, keep the best or refuse.  Every reading is made by a
copy of the flow's own reader (``self.reader``) with the candidate's layers,
window or threshold; the flow's reader itself stays as shipped but for the
lean net's bar chosen for the captured dice (``_choose_lean_bar``), which
every reading shares."""
from __future__ import annotations

import time
from dataclasses import replace

from firmware.calibration.words import TUNED_SHORT, TUNED_WORDS
from vision.calibration.candidates import kept_words
from vision.calibration.confirm import keeps_stored, reads_better, reads_worse, weigh
from vision.calibration.file import Calibration, CalibrationError, apply, models_fingerprint
from vision.calibration.layers import fit_heads, learn_prototypes
from vision.calibration.photos import MAX_WINDOWS, TURNS, die_windows, thin_evenly
from vision.calibration.threshold import THRESHOLDS, cheapest_threshold, choose_threshold, counts_at, margin_words
from vision.calibration.window_fit import WINDOW_DICE, fit_window, patch_of, window_words
from vision.netreader import NOT_A_DIE, SHIPPED_WINDOW, WindowGeometry
from vision.reader import DiceReader

from firmware.calibration.model import GUIDED_PULL


class Learning:
    """The fit and the decision of a :class:`~firmware.calibration.flow.GuidedCalibration`
    (a base class of it: the methods read and set the flow's state)."""

    def adapt(self) -> None:
        """Fit the new last layers on the captured dice (``adapt`` phase),
        timing it on :attr:`clock`; then the free rolls start.  A fit that
        cannot be made refuses the flow."""
        if self.phase != "adapt":
            raise RuntimeError(f"adapt() in the {self.phase} phase")
        t0 = self.clock()
        windows, classes = [], []
        n = sum(len(d) + len(o) for _, d, o in self._captured.values())
        turns = TURNS if n * 8 <= MAX_WINDOWS else TURNS[::2]
        for (seat, k), (frame, dice, others) in sorted(self._captured.items(), key=lambda kv: kv[0]):
            for c in dice:
                windows += die_windows(self.reader, frame, c, turns)
                classes.append(k - 1)
            for c in others:
                windows += die_windows(self.reader, frame, c, turns)
                classes.append(NOT_A_DIE)
        self.fit_dice = sum(c != NOT_A_DIE for c in classes)
        self.fit_windows = len(windows)
        try:
            self.heads = fit_heads(self.reader.models, windows, classes, 2 * len(turns), pull=GUIDED_PULL)
            try:  # what each face of these dice looks like to the nets (vision.prototypes)
                self.prototypes = learn_prototypes(self.reader.models, windows, classes, 2 * len(turns))
            except CalibrationError as exc:  # a face with too few dice: no such candidate
                self.prototypes, self.prototypes_note = {}, str(exc)
            self._choose_lean_bar()
            self.min_value_p = self._choose_threshold()
            # where this camera shows the dice's top faces (fit_window)
            patches = [patch_of(frame, c, k - 1) for (seat, k), (frame, dice, _) in
                       sorted(self._captured.items(), key=lambda kv: kv[0]) for c in dice]
            window = fit_window(self.reader, thin_evenly(patches, WINDOW_DICE))[0]
            if window != SHIPPED_WINDOW:
                self.window = window
                self.window_p = self._choose_threshold("window", self.reader.with_window(window))
            self._adapt_nets()
        except CalibrationError as exc:
            self.refuse(str(exc))
            return
        finally:
            self.fit_cpu_s = self.clock() - t0
        self.roll = 1
        for s in self.seats.values():
            s.status, s.dice, s.shown_us = "waiting", 0, self.now_us
        self._changed()

    def _choose_lean_bar(self) -> None:
        """The lean net's bar for these dice (:func:`vision.lean.lean_bar_for`):
        the captured dice lie flat, pips up as asked, so where the lean net
        takes more than one in fifty of them for leaning, its bar is raised
        until it does not (:attr:`lean_bar`; None: as configured).  Every
        reading from here on, the reader as it is and each candidate, is
        made with it, and the calibration kept carries it."""
        from vision.lean import lean_bar_for
        flat = [(frame, c) for _, (frame, dice, _) in sorted(self._captured.items(), key=lambda kv: kv[0])
                for c in dice]
        self.lean_bar = lean_bar_for(self.reader, flat)
        if self.lean_bar is not None:
            self.reader = self.reader.with_lean_bar(self.lean_bar)

    def _adapt_nets(self) -> None:
        """The "adapted" candidate: the face nets adapted to every find of
        the captured frames (:mod:`vision.adapt`, no labels used), its
        threshold the players' cheapest on its readings of the captured
        faces (:func:`vision.calibration.threshold.cheapest_threshold`);
        none where it cannot be made (:attr:`adaptation_note` says why)."""
        from vision.adapt import adapt_to
        frames = [frame for _, (frame, _, _) in sorted(self._captured.items(), key=lambda kv: kv[0])]
        self.adaptation, self.adaptation_note = adapt_to(self.reader, frames)
        if self.adaptation is None:
            return
        adapted = self.reader.with_adaptation(self.adaptation)
        readings, labelled = self._fit_readings(adapted)
        self._fit_reads["adapted"] = readings
        self.adapted_p = cheapest_threshold(readings, labelled, adapted.min_value_p)

    def _choose_threshold(self, name: str = "plain", reader: DiceReader | None = None) -> float:
        """The value threshold for these dice (:func:`vision.calibration.threshold.choose_threshold`)
        from the captured faces read by ``reader`` (None: the flow's own, the
        nets as shipped; or with the window fitted, ``name`` "window"), kept
        as that candidate's readings (:meth:`_fit_readings`)."""
        reader = reader or self.reader
        readings, labelled = self._fit_readings(reader)
        self._fit_reads[name] = readings
        self._margins[name] = margin_words(readings, labelled, reader.min_value_p)
        return choose_threshold(readings, labelled, reader.min_value_p)

    def _fit_readings(self, reader: DiceReader) -> tuple[list[tuple[float, bool]], int]:
        """The captured faces read by ``reader`` at the lowest threshold:
        ([(confidence, right) of each die given a value], dice captured); a
        value is right if it is the face the seat was asked for; a value on
        a find the shipped net is sure is not a die is wrong."""
        readings, labelled = [], 0
        low = reader.at(min(THRESHOLDS[0], reader.min_value_p))
        for (seat, k), (frame, dice, others) in sorted(self._captured.items(), key=lambda kv: kv[0]):
            labelled += len(dice)
            found = [(c, k) for c in dice] + [(c, 0) for c in others]
            for d in low.read_dice(frame):
                if d.value is None or self.zones.seat_of(*d.center) != seat:
                    continue
                near = [(abs(d.center[0] - c.x) + abs(d.center[1] - c.y), face) for c, face in found
                        if abs(d.center[0] - c.x) + abs(d.center[1] - c.y) <= max(8.0, c.size / 2)]
                if near:
                    readings.append((d.confidence, d.value == min(near)[1]))
        return readings, labelled

    # ------------------------------------------------------------ rolls

    def score(self, heads: dict | None, min_value_p: float | None = None,
              window: WindowGeometry | None = None, prototypes: dict | None = None) -> dict[str, int]:
        """Read the confirmed rolls with a copy of the flow's reader with
        ``heads`` (None: as shipped), value threshold ``min_value_p`` (None:
        its own), face ``window`` (None: the shipped one) and face
        ``prototypes`` (None: none):
        ``{"dice", "right", "wrong", "unread", "extra"}`` over the dice the
        seats confirmed; a value on a find the seat marked "not a die", or
        where no seat confirmed a die, is wrong and also counted in
        ``extra`` (so ``right + wrong - extra + unread == dice``; PT66); a
        die the seat left "?" (PT29: it could not see it) counts for
        nothing, whatever is read there."""
        return self._read_rolls(self.reader.with_heads(heads).with_prototypes(prototypes).with_window(window)
                                .at(min_value_p))

    def score_stored(self) -> dict[str, int] | None:
        """The confirmed rolls read (as :meth:`score`) with the calibration
        in use (:attr:`stored`, on the flow's reader as the cabinet reads
        with it); None without one."""
        if self.stored is None:
            return None
        return self._read_rolls(apply(self.reader, self.stored))

    def _read_rolls(self, reader: DiceReader) -> dict[str, int]:
        """The confirmed rolls read by ``reader``: ``{"dice", "right",
        "wrong", "unread", "extra"}`` (:meth:`score`)."""
        out = {"dice": 0, "right": 0, "wrong": 0, "unread": 0, "extra": 0}
        for r in self.confirmed:
            dice = reader.read_dice(r.frame)
            mine = [d for d in dice if self.zones.seat_of(*d.center) == r.seat]
            used = set()
            for (x, y, size), truth in zip(r.dice, r.values):
                out["dice"] += truth not in (0, None)
                near = [(abs(d.center[0] - x) + abs(d.center[1] - y), j) for j, d in enumerate(mine)
                        if j not in used and abs(d.center[0] - x) + abs(d.center[1] - y) <= max(8.0, size / 2)]
                if not near:
                    out["unread"] += truth not in (0, None)
                    continue
                j = min(near)[1]
                used.add(j)       # (a die left out, "?", takes its find: no value read there counts)
                v = mine[j].value
                if truth is None:
                    continue
                if v is None:
                    out["unread"] += truth != 0
                elif v == truth:
                    out["right"] += 1
                else:
                    out["wrong"] += 1
                    out["extra"] += truth == 0     # a value on what the seat said is not a die
            extra = sum(1 for j, d in enumerate(mine) if j not in used and d.value is not None)
            out["wrong"] += extra
            out["extra"] += extra
        return out

    def decide(self) -> None:
        """Read the confirmed rolls without a calibration and with each
        candidate - the new layers; the face prototypes learned from the
        captured faces (:mod:`vision.prototypes`); the nets' own layers with the threshold
        chosen for these dice (:meth:`_choose_threshold`); and, where the
        captured faces read better through another window
        (:func:`vision.calibration.window_fit.fit_window`), that window with a threshold
        chosen for it; and the nets adapted to the camera (:meth:`_adapt_nets`).
        A candidate that reads the rolls worse
        (:func:`vision.calibration.confirm.reads_worse`) is out; of the others the
        one worth most on the rolls and the captured faces together
        (:func:`vision.calibration.confirm.weigh`) is kept for :meth:`calibration`
        if it is worth more than the reader as it is; refused when no
        candidate is left (or the rolls hold no die)."""
        t0 = self.clock()
        self.kept = self.why = ""
        self.slight = False
        base = self.reader.min_value_p_without_calibration
        candidates, at_window_p = self._score_candidates(base)
        self.tried = candidates
        self.decide_cpu_s = self.clock() - t0
        b = self.before
        gate = {k: (at_window_p["right"], at_window_p["wrong"]) if k == "window" and at_window_p is not None
                else None for k in candidates}
        ok = {k: a for k, a in candidates.items()
              if not reads_worse(b["right"], b["wrong"], a["right"], a["wrong"], at_threshold=gate[k])}
        # better by more than a die where the nets read otherwise (a raised threshold only leaves dice unread)
        better = {k: a for k, a in ok.items()
                  if reads_better(b["right"], b["wrong"], a["right"], a["wrong"], changes_readings=k != "threshold",
                                  extra=(b.get("extra", 0), a.get("extra", 0)))}
        # (read better, but by one die only: said on the screens)
        self.slight = any(weigh(a["right"], a["wrong"]) > weigh(b["right"], b["wrong"])
                          for k, a in ok.items() if k not in better)
        if not b["dice"]:
            self.after = candidates["layers"]
            self.refuse(f"no die of the free rolls was given a value: {self.left_out_dice} left out (?), so "
                        "nothing to check a calibration on; calibrate again in better light"
                        if self.left_out_dice else "no dice were confirmed in the free rolls")
        elif not ok:
            self.after = candidates["layers"]
            named = {"layers": "new layers", "prototypes": "what your dice look like",
                     "threshold": "a higher threshold", "window": "a window for this camera",
                     "adapted": TUNED_SHORT}
            worse = ", ".join(f"{named.get(k, k)}: right {a['right']} wrong {a['wrong']}"
                              for k, a in candidates.items())
            self.refuse(f"it reads the confirmation rolls worse: right {b['right']} wrong {b['wrong']} "
                        f"of {b['dice']} dice without it; {worse}")
        else:
            # the rolls are what the owner checks: a calibration must read them better
            # (vision.calibration.confirm.player_cost falls), else nothing needs changing
            self._keep_best(candidates, better, base)
            self._weigh_stored()
        self._changed()

    def _weigh_stored(self) -> None:
        """After :meth:`_keep_best`: the calibration in use (:attr:`stored`)
        read on the same rolls; kept (:attr:`kind` "yours", nothing is
        stored) when it reads them as well as or better than what was kept
        (:func:`vision.calibration.confirm.keeps_stored`), else
        :attr:`replaced` names it with its figures."""
        mine = self.stored_score = self.score_stored()
        if mine is None:
            return
        made = str(self.stored.info.get("made") or "")[:16]
        yours = f"your calibration of {made}" if made else "your calibration"
        figures = f"{mine['right']} right, {mine['wrong']} misread of {mine['dice']} dice"
        if not keeps_stored((mine["right"], mine["wrong"]), (self.after["right"], self.after["wrong"])):
            self.replaced = f"replaced {yours}: it reads your rolls worse ({figures})"
            return
        self.kind, self.after, self.why = "yours", mine, ""
        self.kept = f"kept {yours}: it reads your rolls as well as or better than anything new ({figures})"
        self.outcome = ("stored", self.kept)

    def _score_candidates(self, base: float) -> tuple[dict[str, dict[str, int]], dict[str, int] | None]:
        """Score the confirmed rolls (:meth:`score`) as the reader is
        (:attr:`before`) and with each candidate: ``({"layers", "threshold",
        "window"} -> counts, the nets as shipped at the window's threshold)``;
        the latter is what the window is held against (a threshold raise is
        not held against it), None without a window.  ``base``: the value
        threshold without a calibration."""
        self.before = self.score(None)
        candidates = {"layers": self.score(self.heads)}
        if self.prototypes:
            candidates["prototypes"] = self.score(None, prototypes=self.prototypes)
        if self.min_value_p is not None:
            candidates["threshold"] = self.score(None, self.min_value_p)
        at_window_p = None
        if self.window is not None:
            candidates["window"] = self.score(None, self.window_p, self.window)
            at_window_p = (self.before if self.window_p in (None, base) else
                           candidates["threshold"] if self.window_p == self.min_value_p else
                           self.score(None, self.window_p))
        if self.adaptation is not None:
            tuned = self.reader.with_adaptation(self.adaptation).at(self.adapted_p)
            candidates["adapted"] = self._read_rolls(tuned)
        return candidates, at_window_p

    def _keep_best(self, candidates: dict[str, dict[str, int]], ok: dict[str, dict[str, int]], base: float) -> None:
        """Of the candidates that read the rolls better (``ok``: the
        players' cost, :func:`vision.calibration.confirm.player_cost`,
        falls on them), keep the one worth most on the rolls and the
        captured faces together (ties: the first tried), or the reader as
        it is when there is none or none is worth more (:meth:`_no_change`); set :attr:`kind`, :attr:`after`, :attr:`why`, :attr:`kept`
        and the ``stored`` outcome."""
        b = self.before
        if not ok:
            self._no_change(b)
            return
        thresholds = {"layers": base, "prototypes": base, "threshold": self.min_value_p, "window": self.window_p,
                      "adapted": self.adapted_p}
        # the new layers (prototypes) were learned on the captured faces, so their own
        # readings of them would flatter them: they are weighed with the shipped reader's
        fit_reads = {"layers": "plain", "prototypes": "plain", "threshold": "plain", "window": "window",
                     "adapted": "adapted"}   # (the adaptation learned no label: its own readings are fair)

        def worth(a: dict[str, int], reads: str, t: float | None) -> int:
            right, wrong = self._fit_counts(reads, t or base)
            return weigh(a["right"] + right, a["wrong"] + wrong)
        self.kind = max(ok, key=lambda k: (worth(ok[k], fit_reads[k], thresholds[k]), -list(candidates).index(k)))
        a = self.after = ok[self.kind]
        if (worth(a, fit_reads[self.kind], thresholds[self.kind]) <= worth(b, "plain", base)
                or (self.kind == "threshold" and self.min_value_p == base)):
            self._no_change(b)       # no better than the reader as it is: keep that
            return
        if self.kind == "layers":
            what = "new last layers"
        elif self.kind == "prototypes":
            what = "what each face of your dice looks like"
        elif self.kind == "window":
            what = f"{window_words(self.window)}, value threshold {self.window_p:g}"
        elif self.kind == "adapted":
            what = f"{TUNED_WORDS}, value threshold {self.adapted_p:g}"
        else:
            what = f"value threshold {self.min_value_p:g}"
        t = thresholds.get(self.kind) or base
        fit_b = self._fit_counts("plain", base)
        fit_a = self._fit_counts(fit_reads.get(self.kind, "plain"), t)
        if t > base and fit_b[1] > fit_a[1]:
            margin = self._margins.get(fit_reads.get(self.kind, "plain"), "")
            self.why = (f"the captured faces: {fit_b[1]} read wrongly at {base:g}, {fit_a[1]} at {t:g}"
                        + (f" ({margin})" if margin else "") + "; fewer dice are read, more are left to nudge")
            what += f" ({self.why})"
        self.kept = kept_words(self.kind, base, t, b, a)
        self.outcome = ("stored", f"{what}{self._lean_words()}; confirmation rolls: right {b['right']} -> "
                                  f"{a['right']}, wrong {b['wrong']} -> {a['wrong']} of {a['dice']} dice")

    def _no_change(self, b: dict[str, int]) -> None:
        """Nothing tried reads the dice better than the reader as it is
        (:func:`vision.calibration.confirm.player_cost` on the rolls and the
        captured faces does not fall): the reader as shipped is kept -
        "no change needed" where the cabinet had no calibration, else the
        old one is replaced by the reader as shipped (it was not checked,
        and the reader as shipped reads these dice as well as anything
        tried)."""
        self.kind, self.after, self.why = "as shipped", b, ""
        self.kept = kept_words("as shipped", self.reader.min_value_p_without_calibration, None)
        lean = self._lean_words()
        if lean:       # stored for the lean net's bar alone: not "the reader as it was"
            self.kept = ("now using: the reader as it was, but your dice lying flat looked to it like dice "
                         + ("leaning: it no longer leaves a die unread for leaning" if self.lean_bar >= 1.0 else
                            f"leaning, so it leaves a die unread for leaning only when surer (p >= {self.lean_bar:g})"))
        # (PT66, stop 73: new layers kept on one die more of ten read a game's dice worse)
        luck = ""
        if self.slight:
            self.why = "what was tried read your rolls better by one die only: too few to tell from luck"
            if not lean:
                self.kept = ("now using: the reader as it was (what was tried read only one die more of your "
                             "rolls: too few to tell from luck)")
            luck = f"; {self.why} (more free rolls tell more)"
        self.outcome = ("stored", (f"{lean[2:]}; nothing else tried reads your dice better" if lean else
                                   "no change needed: nothing tried reads your dice better than the reader as it is")
                        + luck + f"; confirmation rolls: right {b['right']}, wrong {b['wrong']} of {b['dice']} dice")

    def _lean_words(self) -> str:
        """"; " and what the lean net's bar chosen for these dice
        (:attr:`lean_bar`) changes, in an owner's words; "" where none was."""
        if self.lean_bar is None:
            return ""
        if self.lean_bar >= 1.0:
            return ("; your dice lying flat looked to the cabinet like dice leaning, so it no longer leaves a "
                    "die unread for leaning")
        return (f"; your dice lying flat looked to the cabinet like dice leaning, so it leaves a die unread for "
                f"leaning only when surer (p >= {self.lean_bar:g})")

    def _fit_counts(self, reads: str, t: float) -> tuple[int, int]:
        """(right, wrong) of the captured faces' readings ``reads`` ("plain",
        "window") at threshold ``t``; (0, 0) before adapt()."""
        return counts_at(self._fit_reads.get(reads, []), t)

    def calibration(self) -> Calibration:
        """The accepted calibration with its figures (after a ``stored``
        outcome).  Raises RuntimeError otherwise."""
        if self.outcome is None or self.outcome[0] != "stored" or self.kind == "yours":
            raise RuntimeError("no accepted calibration (or the one in use is kept)")
        info = {"source": "guided", "seats": sorted(self.seats), "faces": list(self.faces),
                "fit_dice": self.fit_dice, "windows": self.fit_windows, "confirm_rolls": len(self.confirmed),
                "prototypes": self.prototypes_note or ("learned" if self.prototypes else "none"),
                "adaptation": self.adaptation_note,
                "before": self.before, "after": self.after, "candidates": dict(self.tried),
                "adapt_cpu_s": round(self.fit_cpu_s, 2),
                "confirm_cpu_s": round(self.decide_cpu_s, 2), "kind": self.kind,
                "min_value_p": self.min_value_p if self.kind == "threshold" else None,
                "threshold_candidate": self.min_value_p,
                "window": self.window.as_list() if self.kind == "window" else None,
                "window_candidate": self.window.as_list() if self.window is not None else None,
                "lean_max_p": self.lean_bar, "made": time.strftime("%Y-%m-%d %H:%M:%S")}
        fingerprint = models_fingerprint(self.reader.models)
        return replace(self._kept_calibration(info, fingerprint), lean_max_p=self.lean_bar)

    def _kept_calibration(self, info: dict, fingerprint: str) -> Calibration:
        """The kept candidate (:attr:`kind`) as a :class:`Calibration`
        with ``info``, for the models of ``fingerprint`` (the lean net's
        bar is added by :meth:`calibration`)."""
        if self.kind == "as shipped":
            return Calibration({}, fingerprint, info)
        if self.kind == "window":
            p = None if self.window_p == self.reader.min_value_p_without_calibration else self.window_p
            info["min_value_p"] = p
            return Calibration({}, fingerprint, info, p, self.window)
        if self.kind == "threshold":
            return Calibration({}, fingerprint, info, self.min_value_p)
        if self.kind == "prototypes":
            return Calibration({}, fingerprint, info, prototypes=self.prototypes)
        if self.kind == "adapted":
            p = None if self.adapted_p == self.reader.min_value_p_without_calibration else self.adapted_p
            info["min_value_p"] = p
            return Calibration({}, fingerprint, info, p, adaptation=self.adaptation)
        return Calibration(self.heads, fingerprint, info)
