"""Seat OLEDs (128x64, SSD1306 or SH1106) through luma.oled.

Rule (issue "Hardware layer", OLEDs): a display error (OSError 121,
unplugged) is logged once, that seat shows nothing, the game goes on, and
the display is retried and recovers when it is back.  Simulated seats use
luma.core's ``dummy`` device, whose last frame (``device.image``) the tests
and the simulator window read.
"""
from __future__ import annotations

import logging
import time
from typing import Any, Callable

from PIL import Image

log = logging.getLogger("cabinet.hardware")

WIDTH, HEIGHT = 128, 64


def describe(oled_cfg: dict[str, Any]) -> str:
    """Human-readable driver/bus description, e.g. ``"ssd1306 on I2C bus 3
    at 0x3c"``."""
    if oled_cfg.get("driver", "none") == "none":
        return "no display"
    if oled_cfg.get("interface") == "spi":
        return f"{oled_cfg['driver']} on SPI{oled_cfg['bus']} CE{oled_cfg['address']} (D/C BCM {oled_cfg.get('dc')})"
    return f"{oled_cfg['driver']} on I2C bus {oled_cfg['bus']} at {oled_cfg['address']:#04x}"


def device_maker(oled_cfg: dict[str, Any], simulated: bool) -> Callable[[], Any] | None:
    """A function opening the luma device for one seat's ``[seats.oled]``
    table: luma's ``dummy`` when simulated, else ``ssd1306``/``sh1106`` on
    ``i2c(port=bus, address=address)`` or ``spi(port=bus, device=address,
    gpio_DC=dc, gpio_RST=reset)``.  None for ``driver = "none"``.
    luma.oled is imported when the device is opened."""
    driver = oled_cfg.get("driver", "none")
    if driver == "none":
        return None
    if simulated:
        def make_dummy() -> Any:
            from luma.core.device import dummy
            return dummy(width=WIDTH, height=HEIGHT, mode="1")
        return make_dummy

    def make_real() -> Any:
        from luma.core.interface.serial import i2c, spi
        from luma.oled.device import sh1106, ssd1306
        if oled_cfg.get("interface") == "spi":
            kwargs: dict[str, Any] = {"port": oled_cfg["bus"], "device": oled_cfg["address"],
                                      "gpio_DC": oled_cfg["dc"]}
            if oled_cfg.get("reset", -1) >= 0:
                kwargs["gpio_RST"] = oled_cfg["reset"]
            serial = spi(**kwargs)
        else:
            serial = i2c(port=oled_cfg["bus"], address=oled_cfg["address"])
        cls = ssd1306 if driver == "ssd1306" else sh1106
        return cls(serial, width=WIDTH, height=HEIGHT)
    return make_real


def _display_errors() -> tuple[type[BaseException], ...]:
    """Every error a display driver may raise (issue 39: a driver raising
    ``RuntimeError`` reached the game loop): any ``Exception``; a seat's
    display never ends the game."""
    return (Exception,)


class Oled:
    """One seat's display that never takes the game down.

    Args:
        make_device: opens (or re-opens) the luma device; raises OSError, a
            luma error or any other exception when the display is absent
            or broken (every one is contained).
        name: used in log lines (``"seat 2 OLED (ssd1306 on I2C bus 3 at 0x3c)"``).
        retry_s: minimum time between reconnection attempts, seconds.
        clock: monotonic clock in seconds (injectable for tests).

    Attributes:
        last_frame: the last image :meth:`show` was asked to draw (what the
            seat *should* show, even while the display is offline).
        online: True while the display accepts frames.
    """

    def __init__(self, make_device: Callable[[], Any], name: str, retry_s: float = 1.0,
                 clock: Callable[[], float] = time.monotonic):
        self._make = make_device
        self.name = name
        self.retry_s = retry_s
        self._clock = clock
        self.device: Any = None
        self.online = False
        self.last_frame: Image.Image | None = None
        self._next_try = float("-inf")
        self._logged_down = False
        self.errors = 0
        #: the pages the display holds (None: unknown, the next frame is sent whole)
        self._pages: Any = None
        self._errs = _display_errors()
        self._try_open()

    def _fail(self, exc: BaseException) -> None:
        self.errors += 1
        self.device = None
        self._pages = None
        self.online = False
        self._next_try = self._clock() + self.retry_s
        if not self._logged_down:
            self._logged_down = True
            why = str(exc) if isinstance(exc, OSError) else f"{type(exc).__name__}: {exc}"
            log.warning("%s: %s; this seat shows nothing until the display is back (retrying every %.0f s)",
                        self.name, why, self.retry_s)

    def _try_open(self) -> bool:
        try:
            self.device = self._make()
        except self._errs as exc:
            self._fail(exc)
            return False
        return True

    def show(self, image: Image.Image) -> bool:
        """Draw ``image`` (128x64 px, any PIL mode; converted to 1-bit).

        Returns:
            True if the frame reached the display; False while it is
            offline (the error was logged once; retried every ``retry_s``).
        """
        if image.size != (WIDTH, HEIGHT):
            raise ValueError(f"{self.name}: frames must be {WIDTH}x{HEIGHT} px, got {image.size[0]}x{image.size[1]}")
        frame = image if image.mode == "1" else image.convert("1")
        self.last_frame = frame
        if self.device is None:
            if self._clock() < self._next_try or not self._try_open():
                return False
        try:
            self._pages = self._send(frame)
        except self._errs as exc:
            self._fail(exc)
            return False
        if not self.online:
            if self._logged_down:
                log.info("%s is back", self.name)
            self._logged_down = False
            self.online = True
        return True

    def _send(self, frame: Image.Image) -> Any:
        """Send ``frame``: only its changed pages to an SSD1306 / SH1106
        (:mod:`hardware.oled_pages`; a twin display the same), else whole."""
        from hardware.oled_pages import send_changed
        changed = getattr(self.device, "display_changed", None)
        if changed is not None:
            return changed(frame, self._pages)
        return send_changed(self.device, frame, self._pages)

    def shown(self) -> Image.Image | None:
        """The frame the device last accepted (a luma ``dummy`` keeps it in
        ``image``); None if nothing reached it."""
        img = getattr(self.device, "image", None)
        return img.copy() if img is not None else None

    def close(self) -> None:
        """Release the device (clears the panel on real hardware)."""
        dev, self.device = self.device, None
        if dev is not None:
            try:
                dev.cleanup()
            except Exception as exc:  # an unplugged display cannot be cleaned up; nothing is lost
                log.debug("%s: cleanup failed: %s", self.name, exc)
