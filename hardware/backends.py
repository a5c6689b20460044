"""Choosing and opening the GPIO backend (the pin factory behind every seat).

* ``pigpio`` (Pi 4 and earlier): gpiozero's ``PiGPIOFactory`` talking to
  the pigpiod daemon; edges carry pigpio's 32-bit us tick; the glitch
  filter runs in the daemon.
* ``lgpio`` (Pi 5, where pigpiod refuses to run): gpiozero's
  ``LGPIOFactory``; edges carry the kernel's nanosecond alert timestamp
  (CLOCK_MONOTONIC, the kernel's default since 5.7), which gpiozero hands over as seconds and
  :mod:`hardware.edges` turns back into integer us.
* ``mock``: :class:`hardware.mock.ScriptedMockFactory`, for tests and the
  simulator.

Rule (issue "Hardware layer"): the backend is chosen by config; if the
configured backend is missing on a real Pi, fail at start with a message
that names it and the fix, never fall back silently.  On a machine that is
not a Pi the simulator is the default and says so in one log line.

pigpio and lgpio are imported only when that backend is opened.
"""
from __future__ import annotations

import importlib
import logging
from pathlib import Path
from typing import Any

log = logging.getLogger("cabinet.hardware")

MODEL_PATH = Path("/proc/device-tree/model")


class HardwareUnavailable(RuntimeError):
    """The configured hardware cannot be used; the message names the part
    (backend, display, camera) and the fix."""


def pi_model(model_path: Path | str = MODEL_PATH) -> str | None:
    """The Raspberry Pi model string from the device tree (e.g.
    ``"Raspberry Pi 5 Model B Rev 1.0"``), or None on anything else."""
    try:
        text = Path(model_path).read_bytes().decode("ascii", "replace").rstrip("\x00\n ")
    except OSError:
        return None
    return text if text.startswith("Raspberry Pi") else None


def is_pi5(model: str | None) -> bool:
    """True for the Pi 5 family (incl. Compute Module 5 / Pi 500), where
    pigpio does not run."""
    return bool(model) and any(tag in model for tag in ("Pi 5", "Compute Module 5", "Pi 500"))


def choose_backend(gpio_backend: str, simulate: str, model: str | None) -> tuple[str, str]:
    """Pick the edge-source backend.

    Args:
        gpio_backend: config ``gpio.backend`` (auto, pigpio, lgpio, mock).
        simulate: config ``cabinet.simulate`` (auto, yes, no).
        model: :func:`pi_model` result (None = not a Pi).

    Returns:
        ``(backend, reason)``; reason is the one log line explaining it.

    Raises:
        HardwareUnavailable: ``simulate = "no"`` off a Pi, mock required on
            a Pi with ``simulate = "no"``, or pigpio asked for on a Pi 5.
    """
    if simulate == "yes" or gpio_backend == "mock":
        if model and simulate == "no":
            raise HardwareUnavailable('gpio.backend = "mock" but cabinet.simulate = "no" on a Raspberry Pi; '
                                      'set gpio.backend = "auto" to use the real buttons')
        why = "cabinet.simulate = yes" if simulate == "yes" else 'gpio.backend = "mock"'
        return "mock", f"simulated cabinet (mock GPIO) because {why}"
    if gpio_backend == "auto":
        if model is None:
            if simulate == "no":
                raise HardwareUnavailable(f"not a Raspberry Pi ({MODEL_PATH} does not name one) and "
                                          'cabinet.simulate = "no"; run on the cabinet or set simulate = "auto"')
            return "mock", "not a Raspberry Pi: simulating the cabinet (mock GPIO, luma dummy OLEDs, simulated camera)"
        backend = "lgpio" if is_pi5(model) else "pigpio"
        return backend, f"{model}: GPIO backend {backend}"
    if gpio_backend == "pigpio" and is_pi5(model):
        raise HardwareUnavailable(f'gpio.backend = "pigpio" but this is a {model}, where pigpiod does not run; '
                                  'set gpio.backend = "lgpio" (or "auto")')
    return gpio_backend, f"{model or 'not a Raspberry Pi'}: GPIO backend {gpio_backend} (from config)"


def open_factory(backend: str, *, lgpio_chip: int | None = None, start_us: int = 0) -> Any:
    """Open the pin factory of ``backend``.

    Raises:
        HardwareUnavailable: the backend's Python module is missing, pigpiod
            is not running, or no gpiochip can be opened; names the fix.
        ValueError: unknown backend name.
    """
    if backend == "mock":
        from hardware.mock import ScriptedMockFactory
        return ScriptedMockFactory(start_us)
    if backend == "pigpio":
        try:
            mod = importlib.import_module("gpiozero.pins.pigpio")
        except ImportError as exc:
            raise HardwareUnavailable(f"GPIO backend pigpio: the pigpio Python module is missing ({exc}); "
                                      "fix: sudo apt install python3-pigpio pigpio") from exc
        try:
            return mod.PiGPIOFactory()
        except (OSError, IOError, Exception) as exc:  # pigpio raises IOError or its own error
            raise HardwareUnavailable(f"GPIO backend pigpio: cannot reach the pigpiod daemon ({exc}); "
                                      "fix: sudo systemctl enable --now pigpiod") from exc
    if backend == "lgpio":
        try:
            mod = importlib.import_module("gpiozero.pins.lgpio")
        except ImportError as exc:
            raise HardwareUnavailable(f"GPIO backend lgpio: the lgpio Python module is missing ({exc}); "
                                      "fix: sudo apt install python3-lgpio") from exc
        if lgpio_chip is None:
            lgpio_chip = header_chip_index()
        try:
            return lgpio_factory(mod, lgpio_chip)
        except Exception as exc:  # lgpio.error, PinUnknownPi, OSError
            raise HardwareUnavailable(f"GPIO backend lgpio: cannot open gpiochip {lgpio_chip} ({exc}); fix: "
                                      "check that `gpiodetect` lists pinctrl-rp1 (Pi 5) and that the "
                                      "cabinet user is in the gpio group") from exc
    raise ValueError(f"unknown GPIO backend {backend!r}; use pigpio, lgpio or mock")


def header_chip_index() -> int | None:
    """N of the ``/dev/gpiochipN`` labelled ``pinctrl-rp1`` (Pi 5) or the
    older Pis' pinctrl label (:func:`hardware.gpiochip.find_header_chip`);
    None when no chip carries one (gpiozero then picks its own)."""
    from hardware.gpiochip import find_header_chip
    chip = find_header_chip()
    if chip is not None:
        log.info("GPIO: the header is gpiochip%d (%s, read by %s)", chip.index, chip.label, chip.how)
    return None if chip is None else chip.index


def lgpio_factory(mod: Any, chip: int | None) -> Any:
    """gpiozero's ``LGPIOFactory`` on gpiochip ``chip`` (None: gpiozero's
    own choice).

    gpiozero 2.0.1 from the package index ignores ``chip`` and opens
    gpiochip4 on a Pi 5 (gpiozero #1162, #1166; fixed by PR #1181, carried
    only by Debian's python3-gpiozero).  When the factory comes back on
    another chip, or fails to open one, the factory is built again with
    its gpiochip opened here (gpiozero's own pin classes, only the chip
    choice replaced).

    Args:
        mod: the ``gpiozero.pins.lgpio`` module.
        chip: gpiochip index.

    Raises:
        Exception: whatever lgpio raises when the chip cannot be opened.
    """
    try:
        factory = mod.LGPIOFactory(chip=chip)
    except Exception as exc:
        if chip is None:
            raise
        try:     # gpiozero 2.0.1 may have tried its hard-coded gpiochip4 instead of ``chip``
            return _pinned_factory_class(mod)(chip)
        except Exception:
            raise exc from None
    if chip is None or getattr(factory, "chip", chip) == chip:
        return factory
    factory.close()
    log.warning("GPIO: this gpiozero opened gpiochip%s instead of gpiochip%d (gpiozero #1166); opening "
                "gpiochip%d itself", getattr(factory, "chip", "?"), chip, chip)
    return _pinned_factory_class(mod)(chip)


def _pinned_factory_class(mod: Any) -> type:
    """A subclass of ``mod.LGPIOFactory`` whose constructor opens the given
    gpiochip (gpiozero 2.0.1's ``__init__`` without the hard-coded chip)."""
    base = mod.LGPIOFactory

    class PinnedChipLGPIOFactory(base):  # type: ignore[misc, valid-type]
        def __init__(self, chip: int) -> None:
            super(base, self).__init__()     # LocalPiFactory's set-up, skipping base's chip choice
            self._handle = mod.lgpio.gpiochip_open(chip)
            self._chip = chip
            self.pin_class = mod.LGPIOPin

    return PinnedChipLGPIOFactory
