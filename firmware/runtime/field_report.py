"""The field checks of ``cabinet hardware check`` (issue 37): one line each
for the problems owners' Pis bring to the cabinet, where the owner can see
them: the header's gpiochip, expander pins refused, the camera's lens and
read, the supply (throttling, USB current limit), the audio device, the HDMI
card, and the SD card's protection.  Every probe tolerates a missing source
(not a Pi): it says so instead of failing."""
from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from hardware.audio import choose_device, connected_hdmi_ports, sound_cards
from hardware.backends import is_pi5
from hardware.gpiochip import find_header_chip
from hardware.power import describe_throttled, read_throttled, usb_current_limit
from hardware.settings import expander_pin_name, refused_expander_pins, uses_expander

from hardware.display import SystemProbe, kms_card_index


def gpio_chip_line() -> str:
    """The header's gpiochip found by label (field problem 1)."""
    chip = find_header_chip()
    if chip is None:
        return "no gpiochip labelled pinctrl-rp1/-bcm27xx (not a Raspberry Pi, or /dev/gpiochip* not readable)"
    return f"gpiochip{chip.index} [{chip.label}] (label read by {chip.how}); lgpio opens this one"


def expander_line(cfg: dict[str, Any]) -> str | None:
    """Output-only MCP23017 pins used as inputs (field problem 2); None without an expander."""
    if not uses_expander(cfg):
        return None
    bad = refused_expander_pins(cfg)
    if bad:
        return "REFUSED (output-only on the MCP23017): " + ", ".join(f"{k} = {expander_pin_name(p)}" for k, p in bad)
    return "no button on GPA7/GPB7 (output-only on the MCP23017): ok"


def camera_lines(camera: Any, simulated: bool, lens_position: float) -> dict[str, str]:
    """The lens position and one timed read (field problems 3 and 9).  On
    the simulated cabinet nothing is opened."""
    if simulated:
        return {"lens": f"simulated camera (no lens); a Camera Module 3 is set to {lens_position:.2f} dioptres",
                "camera read": "simulated"}
    out: dict[str, str] = {}
    t0 = time.monotonic()
    try:
        camera.open()
        out["lens"] = getattr(camera, "focus", "fixed focus (USB camera)")
        camera.read()
        out["camera read"] = f"a frame in {(time.monotonic() - t0) * 1000:.0f} ms (open + first read)"
    except Exception as exc:  # noqa: BLE001 - reported, never a crash of the check
        out.setdefault("lens", "unknown (the camera did not open)")
        out["camera read"] = f"camera not ready: {exc}"
    finally:
        try:
            camera.close()
        except Exception:  # noqa: BLE001 - a stalled camera may not close
            pass
    return out


def power_lines(model: str | None) -> dict[str, str]:
    """Throttling and the Pi 5's USB limit (field problem 6)."""
    out = {"throttle": describe_throttled(read_throttled())}
    if is_pi5(model):
        out["USB current"] = usb_current_limit(True).describe()
    return out


def audio_line(cfg: dict[str, Any]) -> str:
    """The ALSA device sounds will use (field problem 8)."""
    if not cfg["audio"]["enabled"]:
        return "off (audio.enabled = false)"
    cards = sound_cards()
    device, why = choose_device(cfg["audio"].get("device", "auto"), cards, connected_hdmi_ports())
    listed = ", ".join(f"{c.index}:{c.id}" for c in cards) or "none"
    return f"{device or 'SDL default'} ({why}; cards: {listed})"


def hdmi_line(probe: Any = None) -> str:
    """The DRM card the full screen will use (field problems 4 and 5)."""
    conns = (probe or SystemProbe()).connectors()
    if not conns:
        return "no DRM connectors (no KMS driver, or not a Pi)"
    index = kms_card_index(conns)
    listed = ", ".join(f"{c.name} {c.status}" for c in conns)
    if index is None:
        return f"no screen connected ({listed}); the cabinet waits for one and comes back within 5 s"
    return f"SDL_KMSDRM_DEVICE_INDEX={index} (card{index} has the screen; {listed})"


def sd_card_line(mounts: Path | str = "/proc/mounts") -> str:
    """Whether the root is read-only under the overlay (field problem 7)."""
    try:
        text = Path(mounts).read_text()
    except OSError:
        return "unknown"
    for line in text.splitlines():
        parts = line.split()
        if len(parts) >= 3 and parts[1] == "/":
            if parts[2] == "overlay":
                return "read-only root under a RAM overlay (updates: see the build guide)"
    return "root writable (optional: sudo systemd/install.sh --read-only-root; the menu's Shut down powers off safely)"


def field_report(cfg: dict[str, Any], model: str | None, simulated: bool, camera: Any = None) -> dict[str, str]:
    """Every field line, name -> text (``cabinet hardware check``)."""
    out = {"gpiochip": gpio_chip_line()}
    exp = expander_line(cfg)
    if exp:
        out["expander pins"] = exp
    if camera is not None:
        out.update(camera_lines(camera, simulated, cfg["camera"]["lens_position"]))
    out.update(power_lines(model))
    out["audio"] = audio_line(cfg)
    out["HDMI"] = hdmi_line()
    out["SD card"] = sd_card_line()
    return out
