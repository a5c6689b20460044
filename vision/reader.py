"""The dice reader: find every die in a BGR frame and read its top face.

The reader is an object, :class:`DiceReader`, holding all it reads with:
its settings (:class:`ReaderSettings`: thresholds, the second look's
turns, ...), its models (:class:`vision.netreader.Models`: which ONNX
files, the expert or the fast net as fallback) and its calibration (the
face window's geometry, per-cabinet last layers, a value threshold).  It
is not changed once made: ``with_...`` methods give a changed copy that
shares the loaded nets (a calibration's: :mod:`vision.reader_calibration`).
Nothing at module level changes how dice are read.  The cabinet builds
its own (:mod:`firmware.runtime.reader`: config and this cabinet's
calibration) and passes it to the dice station and the ``cabinet dice``
commands; the guided calibration works on one of its own.

Method (:mod:`vision.netreader`): three small convolutional networks run by
onnxruntime (or OpenCV's ``cv2.dnn`` where it is not installed).

1. *Die detector*: a heat map of die centres (with each die's size) on a
   half-size copy of the frame and on smaller copies for large dice;
   each peak is one die, so dice that touch are two peaks.
2. *Face classifier*: a window around each centre, scaled to the die's
   size, gives the probability of 1..6 pips and of "not a die".  A fast
   small net reads every window as it is and (unless it is surely not a
   die) turned by ``check_turn`` degrees (:class:`ReaderSettings`), mirrored and cut
   ``check_shift`` die sizes up the frame: two readings of the same
   top face on two grids of pixels, with less of a near side face in the
   second, averaged.
3. *Second check* (no silent misreads, ruling CAB-5): a value is given only
   when two readings agree on it.  Where the fast net's two turns disagree,
   or their average is below ``expert_below`` or unsure it is a die at
   all (``unsure_not_a_die``), the *expert* net (several times the
   work per window; the models' second and third experts averaged in
   where they have them, :meth:`vision.netreader.Models.read_faces`) reads the window at each quarter turn
   (``second_look_angles``).  With ``nets_must_agree`` off (what ships)
   the expert's turns must all give the same value and their average is
   the die's reading; with it, every expert turn and every fast reading
   of the window must, and the average of all of them is.  A die whose readings disagree is
   unreadable (``value None``) and the nudge flow takes over.
   A place that is not a die is dropped; a die whose best value is less
   likely than :attr:`DiceReader.min_value_p` is unreadable too - a tilted, cocked or
   stacked die, a blurred one - if the detector is sure of it (heat >=
   ``unreadable_min_heat``); a faint candidate with no clear face (a
   screw, a hole) is dropped.
4. *Colour*: the median colour of the face's middle half (the centre of
   the classifier's window), after white balance (:mod:`vision.colour`).

All three nets were trained (:mod:`vision.training`) on the labelled photos and
on drawn dice of every colour, with the changes between cameras and rooms
(scale, rotation, colour, light, blur, noise, JPEG) as augmentation; the
photo sets' held-out figures are in ``vision/README.md`` (past rounds: ``docs/dice-reader-history.md``).
"""
from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

import numpy as np

from vision.colour import classify_colours
from vision.die import Die, VisionInputError
from vision.lean import lean_veto
from vision.netreader import (FACE_PX, NOT_A_DIE, SHIPPED_WINDOW, WINDOW_PER_SIZE, Candidate, Models,
                              WindowGeometry)
from vision.reader_calibration import CalibratedCopies
from vision.reader_windows import WindowCuts
from vision.reader_settings import (DEFAULT_MIN_VALUE_P, MIN_VALUE_P_RANGE, MIN_VALUE_P_SOURCES,  # noqa: F401
                                    SHIPPED_SETTINGS, ReaderSettings, check_lean_max_p,
                                    check_min_value_p)
from vision.settings import check_white_balance

#: The largest frame the reader takes, px (memory grows ~27 bytes a px
#: with dice everywhere: 16 Mpx stays under ~0.45 GB).
MAX_FRAME_PX = 16_000_000


def check_frame(frame: object) -> np.ndarray:
    """Validate a frame: H x W x 3 uint8 BGR, at least 32 x 32 px and at
    most :data:`MAX_FRAME_PX` px.  Raises
    :class:`VisionInputError` saying what is wrong.  Returns the frame."""
    if not isinstance(frame, np.ndarray):
        raise VisionInputError(f"frame must be a numpy array (H x W x 3 uint8 BGR), got {type(frame).__name__}")
    if frame.dtype != np.uint8:
        raise VisionInputError(f"frame dtype must be uint8, got {frame.dtype}")
    if frame.ndim != 3 or frame.shape[2] != 3:
        raise VisionInputError(f"frame must have shape H x W x 3 (BGR), got {frame.shape}")
    if frame.shape[0] < 32 or frame.shape[1] < 32:
        raise VisionInputError(f"frame is too small ({frame.shape[1]} x {frame.shape[0]} px); need 32 x 32 or more")
    if frame.shape[0] * frame.shape[1] > MAX_FRAME_PX:   # issue 39: a 64 Mpx frame full of dice took 1.73 GB
        raise VisionInputError(f"frame is too large ({frame.shape[1]} x {frame.shape[0]} px, "
                               f"{frame.shape[0] * frame.shape[1] / 1e6:.0f} Mpx); the reader takes at most "
                               f"{MAX_FRAME_PX // 1_000_000} Mpx: scale it down (the cabinet's camera gives "
                               "640 x 480)")
    return frame


@dataclass(frozen=True, eq=False)
class DiceReader(CalibratedCopies, WindowCuts):
    """A dice reader: its models, settings and calibration, and the read
    functions as methods (:meth:`read_dice`; the module docstring says how).

    Attributes:
        models: the ONNX files it runs (:class:`vision.netreader.Models`;
            default the shipped ones).  Loaded nets are shared between
            readers of the same files; everything else is this reader's own.
        settings: its thresholds and turns (:class:`ReaderSettings`; its
            ``min_value_p`` is the config's).
        heads: this cabinet's calibrated last layers of the face nets
            (``{"fast": (W, b), "expert": (W, b)}``, W 7 x F float32 over
            the net's features; {}: the nets' own), as
            :meth:`with_calibration` checks them against ``models``.
        prototypes: this cabinet's face prototypes per face net
            (``{"fast": Prototypes, ...}``, :mod:`vision.prototypes`; {}:
            none), added to the nets' scores.
        window: where a found die's face window is cut
            (:class:`vision.netreader.WindowGeometry`; a calibration's, or
            the shipped window).
        calibration_p: the value threshold a calibration chose (None: none).
        calibration_lean: the lean net's bar a calibration chose for this
            cabinet's dice lying flat (0..1, 1.0: never asked; None: the
            settings' ``lean_max_p``; :attr:`lean_max_p`).
        option_p: a command's ``--min-value-p`` (None: none).
        pinned_p: read at exactly this value threshold whatever the
            sources say (:meth:`at`; None: the sources decide).
        stats: running counts over this reader's :meth:`read_dice` calls
            (benchmarks report them): frames, frames_second_look (frames
            where the expert read at least one window), expert_windows,
            unchecked (candidates left without two agreeing readings).

    Nothing of it changes once made (``stats`` only counts): the
    ``with_...`` methods and :meth:`at` return a changed copy, so a reader
    handed to the dice station reads the same until it is replaced.
    """

    models: Models = field(default_factory=Models.shipped)
    settings: ReaderSettings = SHIPPED_SETTINGS
    heads: Mapping = field(default_factory=dict)
    prototypes: Mapping = field(default_factory=dict)
    window: WindowGeometry = SHIPPED_WINDOW
    calibration_p: float | None = None
    calibration_lean: float | None = None
    option_p: float | None = None
    pinned_p: float | None = None
    stats: Counter = field(init=False, default_factory=Counter, repr=False)

    def __post_init__(self) -> None:
        # read-only, as the rest of the reader: a copy of the layers given
        object.__setattr__(self, "heads", MappingProxyType(dict(self.heads)))
        object.__setattr__(self, "prototypes", MappingProxyType(dict(self.prototypes)))
        if not isinstance(self.window, WindowGeometry):
            raise VisionInputError(f"window geometry must be a WindowGeometry, got {type(self.window).__name__}")
        if not isinstance(self.settings, ReaderSettings):
            raise VisionInputError(f"settings must be ReaderSettings, got {type(self.settings).__name__}")
        for name in ("calibration_p", "option_p"):
            if getattr(self, name) is not None:
                check_min_value_p(getattr(self, name), name)
        if self.calibration_lean is not None:
            check_lean_max_p(self.calibration_lean, "calibration_lean")

    @property
    def lean_max_p(self) -> float:
        """How sure the lean net must be that a die leans for it to stay
        unread (:mod:`vision.lean`): the calibration's bar, else the
        settings' (config ``vision.lean_max_p``); 1.0: never asked."""
        return self.settings.lean_max_p if self.calibration_lean is None else self.calibration_lean

    # ------------------------------------------------------------ thresholds
    @property
    def min_value_p(self) -> float:
        """The value threshold it reads at: :attr:`pinned_p` if set, else a
        command's option, else the calibration's, else the config's
        (``settings.min_value_p``)."""
        for p in (self.pinned_p, self.option_p, self.calibration_p):
            if p is not None:
                return p
        return self.settings.min_value_p

    def value_bar(self, heat: float, min_p: float | None = None, not_a_die: float | None = None) -> float:
        """The probability (0..1) a die's value needs: ``min_p`` (None: the
        threshold in effect, :attr:`min_value_p`), raised to
        ``settings.faint_min_value_p`` for a faint find (detector ``heat``
        0..1 below ``settings.faint_value_heat``: a find the detector
        was never sure of is given a value only on a clear face), unless
        its readings' "not a die" probability ``not_a_die`` (0..1; None:
        unknown) is below ``settings.faint_clear_not_a_die_p``: the nets
        are sure it is a die (a small die far off; a drawn hand's fingers
        read as a 6 leave them in doubt)."""
        p = self.min_value_p if min_p is None else min_p
        st = self.settings
        if heat < st.faint_value_heat and (not_a_die is None or not_a_die >= st.faint_clear_not_a_die_p):
            return max(p, st.faint_min_value_p)
        return p

    @property
    def min_value_p_without_calibration(self) -> float:
        """The threshold in effect were there no calibration: a command's
        option, else the config's."""
        return self.option_p if self.option_p is not None else self.settings.min_value_p

    def with_min_value_p(self, p: float | None, source: str = "config") -> "DiceReader":
        """A copy whose threshold from ``source`` (:data:`MIN_VALUE_P_SOURCES`:
        ``"option"`` a command's option, over ``"calibration"`` this
        cabinet's, over ``"config"`` ``vision.min_value_p``) is ``p``
        (:data:`MIN_VALUE_P_RANGE`, 0.5 .. 0.99; lower reads more dice and
        misreads more); ``None`` clears that source's (the config's: back
        to :data:`DEFAULT_MIN_VALUE_P`).  Raises :class:`VisionInputError`
        outside the range or for an unknown source (this reader is
        unchanged in any case)."""
        if source not in MIN_VALUE_P_SOURCES:
            raise VisionInputError(f"min_value_p source must be one of {', '.join(MIN_VALUE_P_SOURCES)}, "
                                   f"got {source!r}")
        if p is not None:
            p = check_min_value_p(p)
        if source == "config":
            return replace(self, settings=replace(self.settings, min_value_p=DEFAULT_MIN_VALUE_P if p is None else p))
        return replace(self, **{f"{source}_p": p})

    def at(self, p: float | None) -> "DiceReader":
        """A copy that reads at value threshold ``p`` (0..1) whatever its
        sources say, which stay as they are (``min_value_p_without_calibration``
        included); None: this reader.  For calibration, which reads at
        several thresholds."""
        return self if p is None else replace(self, pinned_p=p)

    # ------------------------------------------------------------ models and calibration
    def with_models(self, models: Models) -> "DiceReader":
        """A copy reading with ``models`` (:meth:`vision.netreader.Models.load`),
        without calibrated last layers (a calibration belongs to the models it
        was made with); window and thresholds are kept."""
        if not isinstance(models, Models):
            raise VisionInputError(f"models must be vision.netreader.Models, got {type(models).__name__}")
        return replace(self, models=models, heads={}, prototypes={})

    @property
    def has_expert(self) -> bool:
        """Whether its models include the expert face classifier."""
        return self.models.has_expert

    @property
    def heads_in_use(self) -> bool:
        """Whether the face nets read with a calibration's last layers."""
        return bool(self.heads)

    # ------------------------------------------------------------ the nets
    def find_dice(self, frame: np.ndarray) -> list[Candidate]:
        """Die candidates in ``frame`` (:func:`vision.netreader.find_dice`
        with its models' detector)."""
        return self.models.find_dice(frame)

    def read_faces(self, windows: list[np.ndarray], expert: bool = False) -> np.ndarray:
        """Class probabilities N x 7 float32 (1..6 pips, not a die) for N
        FACE_PX x FACE_PX x 3 uint8 BGR windows from the fast (or ``expert``)
        face net, with this reader's calibrated last layer and face
        prototypes where it has them (:meth:`vision.netreader.Models.read_faces`).  Raises
        :class:`VisionInputError` when ``expert`` is asked for and the
        models have none."""
        name = "expert" if expert else "fast"
        if name not in self.prototypes:  # as before prototypes were learned
            return self.models.read_faces(windows, expert, self.heads.get(name))
        return self.models.read_faces(windows, expert, self.heads.get(name), self.prototypes[name])

    def face_features(self, windows: list[np.ndarray], expert: bool = False) -> np.ndarray:
        """N x F features the face net's last layer reads
        (:meth:`vision.netreader.Models.face_features`)."""
        return self.models.face_features(windows, expert)

    # ------------------------------------------------------------ reading
    def _unsure(self, probs: np.ndarray) -> list[int]:
        """Rows of N x 7 class probabilities that want another look: best
        value below ``expert_below``, or "not a die" within ``unsure_not_a_die``,
        and not surely "not a die"."""
        lo, hi = self.settings.unsure_not_a_die
        return [i for i, p in enumerate(probs)
                if (p[:NOT_A_DIE].max() < self.settings.expert_below or p[NOT_A_DIE] >= lo) and p[NOT_A_DIE] < hi]


    def _surely_unsure(self, probs: np.ndarray) -> np.ndarray:
        """N bool: rows of N x 7 class probabilities (one fast reading) whose
        average with *any* second reading is unsure (:meth:`_unsure`), so the
        die gets the second look whatever the turned reading says.  The
        average of p and q in 0..1 lies in p/2 .. (p + 1)/2; a margin of 1e-6
        keeps float32 rounding on the safe side."""
        lo, hi = self.settings.unsure_not_a_die
        eps = 1e-6
        nad, best = probs[:, NOT_A_DIE], probs[:, :NOT_A_DIE].max(axis=1)
        return (nad < 2 * hi - 1 - eps) & ((nad >= 2 * lo + eps) | (best < 2 * self.settings.expert_below - 1 - eps))


    def _value_impossible(self, best_sum: np.ndarray, n: np.ndarray, unknown: int,
                          min_p: float | None = None) -> np.ndarray:
        """N bool: candidates whose readings can no longer average
        :attr:`min_value_p` on any value: ``best_sum`` (N float) bounds the
        sum of any one value's probability over the ``n`` (N float) readings
        made, and the ``unknown`` readings to come give it at most 1 each (a
        margin of 1e-6 for float32 rounding); ``min_p``: the threshold (None:
        :attr:`min_value_p`)."""
        return (best_sum + unknown) / (n + unknown) < (self.min_value_p if min_p is None else min_p) - 1e-6


    def _decided(self, nad_sum: np.ndarray, n: np.ndarray, unknown: int, faint: np.ndarray) -> np.ndarray:
        """N bool: candidates left *unread* (their readings already disagree)
        whose fate no further reading can change, so none is made.  Such a
        candidate is dropped if it is faint (heat below
        ``unreadable_min_heat``) or if the average "not a die" probability
        of all its readings reaches ``max_not_a_die_p``, else kept as an
        unreadable die.  ``nad_sum``: N float, the sum of the "not a die"
        probabilities of its ``n`` (N float) readings so far; ``unknown``:
        readings still to come, each anywhere in 0..1.  Settled when the average
        reaches the bound even if they all say 0, or stays below it even if
        they all say 1 (a margin of 1e-6 for float32 rounding); the average of
        the readings so far then falls on the same side."""
        eps = 1e-6
        total = n + unknown
        has = n > 0
        lo = np.where(has, nad_sum / np.maximum(total, 1), 0.0)
        hi = np.where(has, (nad_sum + unknown) / np.maximum(total, 1), 1.0)
        bound = self.settings.max_not_a_die_p
        return faint | (has & ((lo >= bound + eps) | (hi < bound - eps)))


    def read_checked(self, frame: np.ndarray, cands: list, windows: list[np.ndarray], min_p: float | None = None,
                     check_windows: list[np.ndarray] | None = None) -> tuple[np.ndarray, np.ndarray, int]:
        """Face readings of the candidates with the second check (module
        docstring): (N x 7 float32 class probabilities, N bool "the readings
        agree on the best value", windows the expert read).

        The fast net reads each window as it is and - unless it is surely not a
        die (or, with ``nets_must_agree`` off, so unsure that the average
        of any two readings would be: :meth:`_surely_unsure`) - turned by
        ``check_turn`` degrees and mirrored (another grid of pixels, the
        same pips); the two readings are averaged.  Where they disagree on the
        value, or the average is unsure (:meth:`_unsure`), the expert (the fast
        net again if the models have no expert file) reads the window at each
        turn of ``second_look_angles``.  With ``nets_must_agree`` the
        value is checked only if every second-look reading *and* every fast
        reading give it, and the die's reading is the average of the expert's
        and the fast net's readings (of the second look's readings alone when
        it is the fast net again: its 0-degree reading repeats the first);
        without it, only the second look's readings must agree and are
        averaged.  A candidate already unread - with ``nets_must_agree`` its
        fast turns disagree (or the expert's first turn gives another value),
        or the readings so far leave no value possible (their average with
        the turns to come, at best sure of it, cannot reach
        :attr:`min_value_p`) - whose drop or keep no further reading can
        change (:meth:`_decided`: a faint candidate, detector heat below
        ``unreadable_min_heat``, is always dropped then) is not read by the
        expert (settled by the fast turns) or uses the expert's first turn
        alone (the expert reads every turn in one run); its row is the
        average of the readings it uses, not checked.  ``min_p``: the
        threshold those rules assume (None: :attr:`min_value_p`; a lower one
        settles fewer, for readings combined over frames).  They change
        only the work: :meth:`read_dice` gives the same dice.  Last, a die
        that would get a value at that threshold but that the models' lean
        net takes for a cocked die is not checked (:func:`vision.lean.lean_veto`)."""
        st = self.settings
        probs = self.read_faces(windows)
        n = len(cands)
        checked = np.ones(n, bool)
        fast_best = np.argmax(probs[:, :NOT_A_DIE], 1)  # the fast net's first best value
        fast_sum, fast_reads, again = self._fast_turn(frame, cands, probs, checked, check_windows)
        fast_agreed = checked.copy()  # the fast net's turns agree (one turn: trivially)
        # a second look at what the fast net is unsure of, or reads differently at
        # two turns: the expert net (the fast one again if the models in use have
        # no expert) reads the window at each turn of second_look_angles
        look = sorted(set(self._unsure(probs)) | {i for i in again if not checked[i]})
        expert_windows = 0
        if look:
            expert_windows = self._second_look(frame, cands, windows, look, probs, checked,
                                               (fast_sum, fast_reads, fast_agreed), fast_best, min_p)
        lean_veto(self, frame, cands, windows, probs, checked, min_p)     # a cocked die: unread (vision.lean)
        return probs, checked, expert_windows

    def _fast_turn(self, frame: np.ndarray, cands: list, probs: np.ndarray, checked: np.ndarray,
                   check_windows: list[np.ndarray] | None = None) -> tuple[np.ndarray, np.ndarray, list[int]]:
        """:meth:`read_checked`'s first check: the fast net reads again, turned
        by ``check_turn`` and mirrored, the windows it is not surely unsure
        of.  Changes ``probs`` (N x 7, to the two readings' average) and
        ``checked`` (N bool, the turns agree) in place; returns the fast
        readings' sum (N x 7), their count (N) and the candidates read again."""
        st = self.settings
        n = len(cands)
        fast_sum, fast_reads = probs.copy(), np.ones(n, np.float32)
        # the turn is skipped where it cannot change the reading: surely not a
        # die, or (the agreement off) surely sent to the second look, which then
        # reads it anew; with nets_must_agree the fast turns are part of the check
        skip = self._surely_unsure(probs) if not st.nets_must_agree else np.zeros(n, bool)
        again = ([i for i in np.flatnonzero((probs[:, NOT_A_DIE] < st.unsure_not_a_die[1]) & ~skip).tolist()]
                 if st.check_turn is not None else [])
        if again:
            if check_windows is None:   # cut here only when the caller did not (tests, a window of its own)
                shifted = self._check_geometry()
                check_windows = {i: self.die_window(frame, cands[i], angle=st.check_turn, mirror=True,
                                                    geometry=shifted) for i in again}
            turned = self.read_faces([check_windows[i] for i in again])
            checked[again] = np.argmax(probs[again, :NOT_A_DIE], 1) == np.argmax(turned[:, :NOT_A_DIE], 1)
            fast_sum[again] += turned
            fast_reads[again] += 1
            probs[again] = (probs[again] + turned) / 2
        return fast_sum, fast_reads, again

    def _second_look(self, frame: np.ndarray, cands: list, windows: list[np.ndarray], look: list[int],
                     probs: np.ndarray, checked: np.ndarray, fast: tuple[np.ndarray, np.ndarray, np.ndarray],
                     fast_best: np.ndarray, min_p: float | None) -> int:
        """:meth:`read_checked`'s second look: the expert reads the windows of
        ``look`` (candidate indices) at each turn of ``second_look_angles``
        in one run, skipping what the fast readings settle.  ``fast``: the
        fast readings' sum (N x 7), count (N) and agreement (N bool).
        Changes ``probs`` and ``checked`` in place; returns the windows the
        expert read."""
        st = self.settings
        fast_sum, fast_reads, fast_agreed = fast
        expert_windows = 0
        expert, m = self.has_expert, len(st.second_look_angles)
        # the fast readings join the average only when the second look is another net
        mix = st.nets_must_agree and expert
        lk = np.asarray(look)
        extra_sum = fast_sum[lk] if mix else np.zeros((len(look), probs.shape[1]), np.float32)
        extra_n = fast_reads[lk] if mix else np.zeros(len(look), np.float32)
        # with the agreement, the fast net must have agreed with itself
        fast_ok = fast_agreed[lk] if st.nets_must_agree else np.ones(len(look), bool)
        # every turn of the looked windows in one run of the nets, for those whose
        # outcome depends on them (_decided); a die its first turn settles uses that turn alone
        heat = np.array([cands[i].heat for i in look])
        faint = heat < st.unreadable_min_heat
        # a die whose fast turns disagree, or whose readings cannot average
        # min_value_p on any value even if every expert turn is sure of it, is
        # unread whatever the expert says; the expert then only settles "not a
        # die" (dropped) or unreadable (kept), and is not asked where that is settled
        hopeless = self._value_impossible(extra_sum[:, :NOT_A_DIE].max(axis=1), extra_n, m, min_p)
        skip = (~fast_ok | hopeless) & self._decided(extra_sum[:, NOT_A_DIE], extra_n, m, faint)
        probs[lk[skip]] = fast_sum[lk[skip]] / fast_reads[lk[skip], None]
        checked[lk[skip]] = False
        rd = np.flatnonzero(~skip)
        if len(rd):
            sub = [look[j] for j in rd.tolist()]
            # every turn in one run: a second run of the three nets costs about as much as three
            # windows, and a die settled by its first turn is rare (none in 318 frames of the
            # photo sets' odd scenes, stop 74); the turns of a settled die are not used
            turns = self.read_faces(self.turned_windows(frame, cands, windows, sub, st.second_look_angles),
                                    expert=expert).reshape(m, len(sub), -1)
            first = turns[0]
            expert_windows = m * len(sub)
            e_sum, e_n = extra_sum[rd], extra_n[rd]
            probs[sub] = (first + e_sum) / (1 + e_n)[:, None]
            first_best = np.argmax(first[:, :NOT_A_DIE], 1)
            agree_fast = (first_best == fast_best[lk[rd]]) | (not st.nets_must_agree)
            ok_so_far = fast_ok[rd] & agree_fast
            checked[sub] = (m == 1) & ok_so_far
            # a candidate whose first reading leaves no value possible - the
            # average of all its readings (the other turns at best sure of it)
            # cannot reach min_value_p - or whose readings disagree is unread;
            # its other turns are not used where its drop or keep is settled
            # (a faint one, kept only with a value, is dropped)
            hopeless = self._value_impossible(first[:, :NOT_A_DIE].max(axis=1) + e_sum[:, :NOT_A_DIE].max(axis=1),
                                         e_n + 1, m - 1, min_p)
            settled = (~ok_so_far | hopeless) & self._decided(e_sum[:, NOT_A_DIE] + first[:, NOT_A_DIE],
                                                              e_n + 1, m - 1, faint[rd])
            need = np.flatnonzero(~settled) if m > 1 else np.zeros(0, int)
            if len(need):
                rest = [sub[j] for j in need.tolist()]
                reads = turns[:, need]
                best = np.argmax(reads[:, :, :NOT_A_DIE], axis=2)
                checked[rest] = np.all(best == best[0], axis=0) & ok_so_far[need]
                probs[rest] = (sum(reads) + e_sum[need]) / (len(reads) + e_n[need])[:, None]
        return expert_windows

    def read_dice(self, frame: np.ndarray, white_balance: tuple[float, float, float] | None = None) -> list[Die]:
        """Every die in ``frame`` (H x W x 3 uint8 BGR), sorted top to bottom,
        left to right.  ``white_balance``: per-channel B, G, R gains from
        :func:`vision.colour.calibrate_white_balance` (``None`` = none).
        Every candidate is read by the fast face classifier; the unsure ones
        get a second look from the expert (module docstring; ruling CAB-5).
        Unreadable dice have ``value None`` and confidence 0 (CAB-5).  Raises
        :class:`VisionInputError` on a bad frame or bad gains; an empty, black or
        overexposed frame gives ``[]``."""
        frame = check_frame(frame)
        if white_balance is not None:
            bad = check_white_balance(white_balance)
            if bad:
                raise VisionInputError(f"white_balance {bad}")
        if int(frame.max()) - int(frame.min()) < 24:
            return []
        cands = self.find_dice(frame)
        windows, check_windows = self.cut_windows(frame, cands)
        probs, checked, looked = self.read_checked(frame, cands, windows, check_windows=check_windows)
        self.stats["frames"] += 1
        self.stats["frames_second_look"] += looked > 0
        self.stats["expert_windows"] += looked
        self.stats["unchecked"] += int((~checked).sum())
        H, W = frame.shape[:2]
        kept = []
        for i, (c, p) in enumerate(zip(cands, probs)):
            if p[NOT_A_DIE] >= self.settings.max_not_a_die_p:
                continue
            k = int(np.argmax(p[:NOT_A_DIE]))
            # a value only when two readings of the die agree on it (CAB-5)
            value, conf = (k + 1, float(p[k])) if p[k] >= self.value_bar(c.heat, None, float(p[NOT_A_DIE])) and checked[i] \
                else (None, 0.0)
            if value is None and c.heat < self.settings.unreadable_min_heat:
                continue  # a faint candidate with no clear face: a screw, a hole, a print, not a die
            kept.append((i, value, conf))
        # colour: the middle half of each die (the window's centre), all dice at once
        r, m = round(FACE_PX * 0.25 / WINDOW_PER_SIZE), FACE_PX // 2
        colours = classify_colours(np.stack([windows[i][m - r:m + r, m - r:m + r] for i, _, _ in kept])
                                   if kept else np.zeros((0, 1, 3), np.uint8), white_balance)
        dice: list[Die] = []
        for (i, value, conf), colour in zip(kept, colours):
            c = cands[i]
            hs = c.size / 2
            box = (max(0, int(math.floor(c.x - hs))), max(0, int(math.floor(c.y - hs))),
                   min(W, int(math.ceil(c.x + hs))), min(H, int(math.ceil(c.y + hs))))
            dice.append(Die(value, colour, (float(c.x), float(c.y)), box, conf))
        dice.sort(key=lambda d: (d.center[1], d.center[0]))
        return dice
