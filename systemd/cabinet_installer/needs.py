"""What the configured cabinet needs from the OS: GPIO backend (and so
pigpiod), I2C (and the TCA9548A multiplexer overlay), SPI, the camera, the
serial console off.  Worked out from the validated config
(:func:`firmware.runtime.config.load`) and the seat wiring
(:func:`hardware.settings.effective_seats`, the default wiring when
``[[seats]]`` is empty), so the installer enables exactly what the pin map
uses and nothing that would steal a seat's pins."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hardware.backends import HardwareUnavailable, choose_backend
from hardware.settings import SPI_PINS, UART_PINS, effective_seats

#: Debian packages per need (Raspberry Pi OS Bookworm names).
PKG_BASE = ("python3-venv", "python3-pip")
PKG_PIGPIO = ("pigpio", "python3-pigpio")
PKG_LGPIO = ("python3-lgpio",)
PKG_CAMERA = ("python3-picamera2",)
PKG_I2C = ("i2c-tools",)

SEAT_PIN_KEYS = ("button", "led", "cup", "nav_a", "nav_b", "nav_push")


@dataclass(frozen=True)
class Needs:
    """OS features the config needs.

    Attributes:
        model: Pi model string, or None off a Pi.
        backend: ``pigpio`` | ``lgpio`` | ``mock`` (``gpio.backend`` resolved
            for this model, as the runtime will resolve it).
        backend_reason: the one line saying why.
        i2c: an OLED is on I2C (``dtparam=i2c_arm=on``, module i2c-dev).
        i2c_mux: an OLED is on bus 2+ (TCA9548A: ``dtoverlay=i2c-mux,pca9548,addr=0x70``).
        spi0: an OLED uses SPI port 0 (``dtparam=spi=on``).
        spi1_cs: chip selects needed on SPI1 (0 = SPI1 off; ``dtoverlay=spi1-Ncs``).
        spi0_pins_for_seats: a seat input uses an SPI0 pin (so SPI0 must stay off).
        uart_pins_for_seats: a seat uses BCM 14/15 (serial console must be off).
        camera: the camera is ``picamera2`` on this Pi (python3-picamera2, camera_auto_detect=1).
    """

    model: str | None
    backend: str
    backend_reason: str
    i2c: bool
    i2c_mux: bool
    spi0: bool
    spi1_cs: int
    spi0_pins_for_seats: bool
    uart_pins_for_seats: bool
    camera: bool

    def packages(self) -> list[str]:
        """Debian packages to install, in order."""
        pkgs = list(PKG_BASE)
        if self.backend == "pigpio":
            pkgs += PKG_PIGPIO
        elif self.backend == "lgpio":
            pkgs += PKG_LGPIO
        if self.camera:
            pkgs += PKG_CAMERA
        if self.i2c and self.model:
            pkgs += PKG_I2C
        return pkgs


def needs_for(cfg: dict[str, Any], model: str | None) -> Needs:
    """The OS needs of validated config ``cfg`` on a machine whose device
    tree names ``model`` (None = not a Pi).

    Raises:
        HardwareUnavailable: the config cannot work on this model (e.g.
            ``gpio.backend = "pigpio"`` on a Pi 5); the message names the fix.
    """
    backend, reason = choose_backend(cfg["gpio"]["backend"], cfg["cabinet"]["simulate"], model)
    seats = effective_seats(cfg)
    i2c_buses = [s["oled"]["bus"] for s in seats
                 if s["oled"]["driver"] != "none" and s["oled"]["interface"] == "i2c"]
    spi = [s["oled"] for s in seats if s["oled"]["driver"] != "none" and s["oled"]["interface"] == "spi"]
    seat_pins = {s[k] for s in seats for k in SEAT_PIN_KEYS if s[k] >= 0}
    spi0_pins = set(SPI_PINS[0]["bus"]) | set(SPI_PINS[0]["ce"])
    source = cfg["camera"]["source"]
    camera = model is not None and source in ("auto", "picamera2")
    return Needs(
        model=model, backend=backend, backend_reason=reason,
        i2c=bool(i2c_buses), i2c_mux=any(b >= 2 for b in i2c_buses),
        spi0=any(o["bus"] == 0 for o in spi),
        spi1_cs=max((o["address"] + 1 for o in spi if o["bus"] == 1), default=0),
        spi0_pins_for_seats=bool(seat_pins & spi0_pins),
        uart_pins_for_seats=bool(seat_pins & set(UART_PINS)),
        camera=camera,
    )


__all__ = ["Needs", "needs_for", "HardwareUnavailable"]
