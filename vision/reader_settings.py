"""A dice reader's settings (:class:`ReaderSettings`) and its value
threshold's range: what a :class:`vision.reader.DiceReader` decides with.
Plain values; the reader holds one ReaderSettings of its own."""
from __future__ import annotations

from dataclasses import dataclass

from vision.die import VisionInputError

#: the value threshold when neither a command's option, a calibration nor
#: the config sets one.  0.9 (0.6 before): on photo sets the nets never
#: saw, two nets that agree at 0.6 - 0.9 are still wrong on 1-2 % of the
#: dice (side faces at a slant); at 0.9 on 0-0.4 % (8-bit nets), for a fifth
#: to a half fewer dice read (docs/dice-reader-history.md).  0.87 since
#: 2026-12-03, with the experts' four turns and ``expert_below`` 0.98: the
#: lowest threshold at which no shared set's odd scenes get more dice
#: misread than before at 0.9.  0.8 since 2026-12-03 (issue 40, the game's
#: nudges): with the experts fine-tuned on the reader's windows, the
#: players' cost (vision.calibration.confirm: a misread costs 10 nudges)
#: is near its lowest from 0.8 to 0.7, and 0.8 is the highest of those; a headless
#: 4-seat Retrograde on the dev photos (six seeds) nudges 4.6 dice per 100
#: instead of 7.9 and misreads 4 instead of 5; the six sets' odd scenes
#: read 3593 right / 23 misread of 4729 (was 3439 / 17; vision/README.md,
#: the curve and the operating point).  0.7 since 2026-12-05, with the
#: second expert the EfficientNet-Lite0 that starts from ImageNet: the
#: players' cost (10 x misread + not read right) is lowest there on the
#: six sets' odd scenes (3786 right / 15 misread of 4729: cost 1093; 1122
#: at 0.8) and on the two sets left out of training (vision/README.md);
#: with the third expert (2026-12-05, evening) still lowest there (3801 / 14:
#: cost 1068; 1108 at 0.8, 1129 at 0.6)
DEFAULT_MIN_VALUE_P = 0.7
#: the range a value threshold may take (config ``vision.min_value_p``,
#: ``--min-value-p``, a calibration's)
MIN_VALUE_P_RANGE = (0.5, 0.99)
#: where a value threshold comes from, strongest first (:meth:`DiceReader.with_min_value_p`)
MIN_VALUE_P_SOURCES = ("option", "calibration", "config")


def check_lean_max_p(p: float, name: str = "lean_max_p") -> float:
    """``p`` if it is a bar for the lean net (above 0, at most 1; 1.0: the
    lean net is never asked), else raises :class:`VisionInputError`
    naming ``name``."""
    if isinstance(p, bool) or not isinstance(p, (int, float)) or not 0.0 < p <= 1.0:
        raise VisionInputError(f"{name} must be above 0 and at most 1, got {p!r}")
    return float(p)


def check_min_value_p(p: object, what: str = "min_value_p") -> float:
    """``p`` as a float if it is a probability in :data:`MIN_VALUE_P_RANGE`
    (0.5 .. 0.99); raises :class:`VisionInputError` naming ``what`` otherwise."""
    lo, hi = MIN_VALUE_P_RANGE
    if isinstance(p, bool) or not isinstance(p, (int, float)) or not lo <= p <= hi:
        raise VisionInputError(f"{what} must be a probability from {lo} to {hi}, got {p!r}")
    return float(p)


@dataclass(frozen=True)
class ReaderSettings:
    """How a :class:`DiceReader` decides (the module docstring's steps); the
    defaults are what ships.  Raises :class:`VisionInputError` for a
    ``min_value_p`` outside :data:`MIN_VALUE_P_RANGE`."""

    #: probability (0..1) a value needs to be reported (the average of the
    #: die's readings); below it the die is unreadable.  Config
    #: ``vision.min_value_p``; a calibration or a command's option may set
    #: another (:attr:`DiceReader.min_value_p`)
    min_value_p: float = DEFAULT_MIN_VALUE_P
    #: detector heat (0..1) an unreadable die needs to be reported at all
    unreadable_min_heat: float = 0.6
    #: the value probability a *faint* find (heat below
    #: ``faint_value_heat``) needs, where the threshold in effect is
    #: lower (:meth:`DiceReader.value_bar`).  0.95 since the detector was
    #: fine-tuned on the reader's own views (2026-12-03): it finds many more
    #: dice faintly, and things that are not dice: a drawn hand's fingers
    #: read as a 6 at p 0.72-0.90.  On the odd scenes of the six sets 0.95
    #: reads 61 dice fewer than no bar and misreads 3 fewer (vision/README.md)
    faint_min_value_p: float = 0.95
    #: detector heat (0..1) below which a find's value needs
    #: :attr:`faint_min_value_p` (at most ``unreadable_min_heat``; a find
    #: below that and without a value is still dropped).  0.57 since
    #: 2026-12-06 (0.6 before): the game's camera noise leaves about one die
    #: in a hundred at heat 0.55-0.60, read right at p 0.7-0.93 and dropped
    #: as a screw; the drawn hands the bar stops are found at 0.43-0.55
    #: (100 seeds, five noisy frames each).  Odd scenes of the six sets:
    #: 20 dice more read, no misread more (vision/README.md)
    faint_value_heat: float = 0.57
    #: a faint find whose readings put "not a die" below this (0..1) needs
    #: only the threshold, not :attr:`faint_min_value_p`: the nets are sure
    #: it is a die (:meth:`DiceReader.value_bar`).  0.03 since 2026-12-06
    #: (night): the drawn hands the bar is for put "not a die" at
    #: 0.054-0.28 in every look (100 seeds, five noisy frames); the odd
    #: scenes' faint dice read at p 0.7-0.95 mostly below 0.01 (roboflow's
    #: small dice, 2 in 3 of them).  0: the bar for every faint find
    faint_clear_not_a_die_p: float = 0.03
    #: the fast face classifier's best value probability below which a die
    #: gets a second look.  0.98 (0.9 before 2026-12-03): the fast net is
    #: surer than it is right at 0.9-0.98, the experts' four turns less often
    #: (vision/README.md, the curve)
    expert_below: float = 0.98
    #: at the second look a value needs the expert's turns *and* the fast
    #: net's readings of the window to agree on it (two nets of other sizes,
    #: trained apart: a bias of one is less often the other's); False (what
    #: ships since 2026-12-02, config ``vision.agreement = "expert"``): the
    #: expert's turns alone decide, which reads 5-25 points more of the dice
    #: on the table for 0-0.4 points more misread (docs/dice-reader-history.md)
    nets_must_agree: bool = False
    #: the fast net's "not a die" probability range (low, high) in which a
    #: candidate also gets a second look (at or above high: surely not a die)
    unsure_not_a_die: tuple[float, float] = (0.1, 0.9)
    #: turns (degrees) of the window at the second look (the expert's
    #: readings must agree on the value; averaged with the fast net's, nets_must_agree).
    #: Quarter turns turn the window's pixels (:meth:`DiceReader.turned_window`:
    #: exact, no new cut); four (two before 2026-12-03) average away more of
    #: the nets' dependence on where the pips fall on their grid
    second_look_angles: tuple[float, ...] = (0, 90, 180, 270)
    #: turn (degrees) of the fast net's second reading of each window (also
    #: mirrored); None: one fast reading (faster: only the dice sent to the
    #: expert then get a second, agreeing reading)
    check_turn: int | None = 90
    #: the fast net's second reading is also cut this far (die sizes) up the
    #: frame from the first: at a slant the near side faces lie below a die's
    #: top face, so the two windows see the top face's pips alike and a side
    #: face's differently, and a value read off a side face tends to fall
    #: apart (leave-one-set-out: 10 dice misread on the four sets -> 5, at
    #: most 2.6 points of recall lost; docs/dice-reader-history.md).  Measured from the
    #: reader's window (:attr:`DiceReader.window`)
    check_shift: float = 0.1
    #: probability of "not a die" above which a candidate is dropped
    max_not_a_die_p: float = 0.5
    #: a die about to be given a value whose lean net (``dice_lean.onnx``,
    #: :mod:`vision.lean`), at its turns (:attr:`lean_angles`) averaged, is this sure it
    #: leans (cocked: two faces alike) is left unread instead (CAB-5: the
    #: game asks for a nudge, which lays it flat; issue 40's bad input);
    #: 1.0: the lean net is never asked (config ``vision.lean_max_p``)
    lean_max_p: float = 0.5
    #: the turns (degrees) of a die's window the lean net reads, averaged
    lean_angles: tuple[float, ...] = (0, 90, 180, 270)

    def __post_init__(self) -> None:
        check_min_value_p(self.min_value_p)
        if not 0.0 <= self.faint_value_heat <= self.unreadable_min_heat:
            raise VisionInputError(f"faint_value_heat must be from 0 to unreadable_min_heat "
                                   f"({self.unreadable_min_heat}), got {self.faint_value_heat!r}")
        clear = self.faint_clear_not_a_die_p
        if isinstance(clear, bool) or not isinstance(clear, (int, float)) or not 0.0 <= clear <= self.max_not_a_die_p:
            raise VisionInputError(f"faint_clear_not_a_die_p must be from 0 to max_not_a_die_p "
                                   f"({self.max_not_a_die_p}), got {clear!r}")
        check_lean_max_p(self.lean_max_p)
        if not self.lean_angles:
            raise VisionInputError("lean_angles must name at least one turn of the window (degrees)")


#: the settings that ship
SHIPPED_SETTINGS = ReaderSettings()

