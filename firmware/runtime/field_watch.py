"""What the game loop checks on the machine while a game runs (issue 37):
the HDMI screen's hot-plug (:class:`hardware.display.ScreenKeeper`) and
the Pi's supply (:class:`hardware.power.ThrottleWatch`: a warning in the log
when under-voltage or throttling begins).  One call per frame:
:meth:`FieldWatch.tick`."""
from __future__ import annotations

import time
from typing import Any, Callable

from hardware.power import ThrottleWatch

from hardware.display import ScreenKeeper


class FieldWatch:
    """Per-frame field checks.

    Args:
        screen: the full-screen keeper, or None (window, headless).
        throttle: the supply watch, or None (the simulated cabinet).
        clock: monotonic seconds.
    """

    def __init__(self, screen: ScreenKeeper | None = None, throttle: ThrottleWatch | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.screen, self.throttle, self._clock = screen, throttle, clock

    @classmethod
    def for_cabinet(cls, renderer: Any, simulated: bool) -> "FieldWatch":
        """The checks a cabinet needs: the screen keeper for a full-screen
        renderer, the supply watch on real hardware."""
        return cls(ScreenKeeper.for_renderer(renderer), None if simulated else ThrottleWatch())

    def tick(self) -> bool:
        """Run the checks that are due; True when the screen came back and
        must be drawn whole again.  Never raises for a missing source."""
        if self.throttle is not None:
            self.throttle.poll(self._clock())
        return self.screen.tick() if self.screen is not None else False
