"""Scenes whose text is larger than the kit's: the "large" text setting,
and the menu's and the how-to pages' text on small screens."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from firmware.ui.kit import Measure, Metrics, Rect, Scene

#: the text size setting -> how much larger than the kit's sizes
TEXT_SCALES = {"normal": 1.0, "large": 1.25}
#: the menu's and the pages' text below 600 px high, times the kit's sizes
SMALL_SCREEN_SCALE = 1.1


@dataclass(frozen=True)
class ScaledMetrics(Metrics):
    """:class:`Metrics` with every text size times ``scale`` (>= 1: the
    "large" text setting; never smaller than the kit's)."""
    scale: float = 1.0

    @property
    def small(self) -> int:
        return int(round(Metrics.small.func(self) * self.scale))

    @property
    def medium(self) -> int:
        return int(round(Metrics.medium.func(self) * self.scale))

    @property
    def large(self) -> int:
        return int(round(Metrics.large.func(self) * self.scale))


@dataclass
class ScaledScene(Scene):
    """A :class:`Scene` whose texts are ``text_scale`` times the kit's."""
    text_scale: float = 1.0

    @property
    def metrics(self) -> Metrics:
        return ScaledMetrics(self.width, self.height, max(1.0, self.text_scale))

    def fit(self, text: str, rect: Rect, sizes: Any = None, least: int | None = None) -> int | None:
        """:meth:`Scene.fit` with the kit's own smallest size as the floor
        (a text may be asked at the kit's size below the scaled one), or
        ``least`` where given (no lower than the kit's least)."""
        kit = Metrics(self.width, self.height)
        floor = kit.small if least is None else max(least, kit.least)
        for size in (sizes or self.metrics.sizes):
            if size < floor:
                continue
            w, h = self.measure(text, size)
            if w <= rect.w and h <= rect.h:
                return size
        return None


def new_scene(size: tuple[int, int], measure: Measure, text_size: str = "normal") -> Scene:
    """An empty scene of ``size`` px at the ``text_size`` setting; below
    600 px high the text is at least :data:`SMALL_SCREEN_SCALE` times the
    kit's (its smallest words, "none", "more", stood 13 px at 480 px)."""
    small = SMALL_SCREEN_SCALE if size[1] < 600 else 1.0
    return ScaledScene(size[0], size[1], measure, text_scale=max(TEXT_SCALES.get(text_size, 1.0), small))
