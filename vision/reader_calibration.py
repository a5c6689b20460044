"""The dice reader's copies with a calibration or without one: the
``with_...`` methods of :class:`vision.reader.DiceReader` that set a
calibration's last layers, face prototypes, face window and value
threshold (:class:`CalibratedCopies`, a base class of it).  Each returns a
changed copy and leaves the reader as it is; a calibration that does not
fit the reader's models is refused (:class:`vision.die.VisionInputError`).
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from vision.die import VisionInputError
from vision.netreader import SHIPPED_WINDOW, WindowGeometry
from vision.reader_settings import check_lean_max_p, check_min_value_p

if TYPE_CHECKING:
    from vision.reader import DiceReader


class CalibratedCopies:
    """The calibration ``with_...`` methods of a
    :class:`vision.reader.DiceReader` (a base class of it: they read its
    ``models`` and ``has_expert`` and copy it with
    :func:`dataclasses.replace`)."""

    def with_calibration(self, heads: dict | None = None, window: WindowGeometry | None = None,
                         min_value_p: float | None = None, prototypes: dict | None = None,
                         adaptation=None, lean_max_p: float | None = None) -> "DiceReader":
        """A copy reading with a calibration's last layers ``heads`` (None:
        the nets' own), face ``window`` (None: the shipped one), value
        threshold ``min_value_p`` (the "calibration" source; None: none),
        face ``prototypes`` (None: none; :meth:`with_prototypes`) and its
        ``adaptation`` of the face nets to the camera (None: none;
        :meth:`with_adaptation`) and the lean net's bar ``lean_max_p``
        for this cabinet's dice (None: the settings'; :meth:`with_lean_bar`).
        Raises :class:`VisionInputError` when a
        head, prototypes or the adaptation do not fit the models (another
        model's calibration), the window is not a
        :class:`vision.netreader.WindowGeometry` or the threshold is out of
        range."""
        window = _checked_window(window)
        if lean_max_p is not None:
            lean_max_p = check_lean_max_p(lean_max_p)
        if min_value_p is not None:
            min_value_p = check_min_value_p(min_value_p)
        adapted = self.with_adaptation(adaptation)
        return replace(adapted, heads=adapted.models.check_heads(heads), window=window,
                       calibration_p=min_value_p, prototypes=adapted._checked_prototypes(prototypes),
                       calibration_lean=lean_max_p)

    def with_lean_bar(self, lean_max_p: float | None) -> "DiceReader":
        """A copy whose lean net (:mod:`vision.lean`) leaves a die unread
        only where it is at least ``lean_max_p`` sure the die leans (a
        calibration's bar for this cabinet's dice; 1.0: never asked; None:
        the settings').  Raises :class:`VisionInputError` outside (0, 1]."""
        return replace(self, calibration_lean=None if lean_max_p is None else check_lean_max_p(lean_max_p))

    def with_adaptation(self, adaptation) -> "DiceReader":
        """A copy whose face nets are adapted to a camera
        (:class:`vision.adapt.Adaptation`, :mod:`vision.adapt`; None: the
        nets as trained); layers, prototypes, window and thresholds kept.
        Raises :class:`VisionInputError` when it does not fit the nets."""
        from vision.adapt import Adaptation
        if adaptation is not None and not isinstance(adaptation, Adaptation):
            raise VisionInputError(f"adaptation must be vision.adapt.Adaptation, got {type(adaptation).__name__}")
        if adaptation == self.models.adaptation:
            return self
        return replace(self, models=self.models.with_adaptation(adaptation))

    def with_prototypes(self, prototypes: dict | None) -> "DiceReader":
        """A copy whose face nets add a calibration's face prototypes
        (``{"fast": Prototypes[, "expert": Prototypes]}``,
        :mod:`vision.prototypes`; None: none) to their scores; layers,
        window and thresholds kept.  Raises :class:`VisionInputError` when
        they do not fit the models' nets (another model's calibration)."""
        return replace(self, prototypes=self._checked_prototypes(prototypes))

    def _checked_prototypes(self, prototypes: dict | None) -> dict:
        """``prototypes`` checked against this reader's models ({} for None)."""
        from vision.prototypes import Prototypes
        out = {}
        for name, pr in (prototypes or {}).items():
            if name not in ("fast", "expert") or not isinstance(pr, Prototypes):
                raise VisionInputError(f"face prototypes {name!r}: want 'fast' or 'expert' -> Prototypes")
            if name == "expert" and not self.has_expert:
                raise VisionInputError("calibration has expert prototypes but the models in use have no expert")
            size = self.models.face_features([], name == "expert").shape[1]
            if pr.features != size:
                raise VisionInputError(f"face prototypes {name!r} are over {pr.features} features, the {name} face "
                                       f"net in use gives {size}: calibrated for other models; calibrate again")
            out[name] = pr
        return out

    def with_heads(self, heads: dict | None) -> "DiceReader":
        """A copy whose face nets read with the last layers ``heads`` (None:
        their own), window and thresholds kept; checked as in
        :meth:`with_calibration`."""
        return replace(self, heads=self.models.check_heads(heads))

    def with_window(self, window: WindowGeometry | None) -> "DiceReader":
        """A copy cutting face windows with ``window`` (None: the shipped
        one), last layers and thresholds kept.  Raises
        :class:`VisionInputError` for something not a WindowGeometry."""
        return replace(self, window=_checked_window(window))

    def without_calibration(self) -> "DiceReader":
        """A copy reading as shipped: the nets' own last layers, no face
        prototypes, no adaptation, the shipped window, no calibration threshold
        and no calibration lean bar (option and config kept)."""
        return replace(self, heads={}, window=SHIPPED_WINDOW, calibration_p=None, prototypes={}, calibration_lean=None,
                       models=self.models.with_adaptation(None) if self.models.adaptation is not None else self.models)


def _checked_window(window: WindowGeometry | None) -> WindowGeometry:
    """``window`` (None: the shipped one).  Raises :class:`VisionInputError`
    for something not a :class:`vision.netreader.WindowGeometry`."""
    if window is not None and not isinstance(window, WindowGeometry):
        raise VisionInputError(f"window geometry must be a WindowGeometry, got {type(window).__name__}")
    return window or SHIPPED_WINDOW
