"""Optional sounds: countdown beeps and the buzzer, through pygame.mixer.

Rule (issue "Hardware layer", audio): no audio device (or no pygame, or
``audio.enabled = false``) means muted, with one warning.  Sounds are
synthesised (square waves), so there are no asset files.

The device (issue 37, field problem 8): a Pi's vc4-hdmi sound card takes only
IEC958 frames, which ALSA's ``hdmi:`` (or ``default:``) device of that card
makes; its raw ``hw:`` device stays silent, a Pi 4's default card is the
headphone jack, and HDMI audio needs a screen connected
(raspberrypi/linux #3043, #6015).  :func:`choose_device` picks the ALSA
device from config ``audio.device`` (``auto``: the ``hdmi:`` device of the
connected HDMI port's card, else the first card).
"""
from __future__ import annotations

import logging
import re
from array import array
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

log = logging.getLogger("cabinet.hardware")

RATE = 22050
#: name -> list of (frequency Hz, duration ms); frequency 0 = silence.
SOUNDS: dict[str, list[tuple[int, int]]] = {
    "tick": [(880, 80)],
    "go": [(1320, 250)],
    "buzzer": [(220, 450)],
    "claim": [(660, 60), (0, 30), (990, 90)],
}


def synth(notes: list[tuple[int, int]], volume: float = 0.8, rate: int = RATE) -> bytes:
    """16-bit signed mono PCM of square-wave ``notes`` ((Hz, ms) pairs)."""
    amp = int(32767 * 0.4 * max(0.0, min(1.0, volume)))
    out = array("h")
    for freq, ms in notes:
        n = rate * ms // 1000
        if freq <= 0:
            out.extend([0] * n)
            continue
        half = max(1, rate // (2 * freq))
        out.extend(amp if (i // half) % 2 == 0 else -amp for i in range(n))
    return out.tobytes()


ASOUND_CARDS = Path("/proc/asound/cards")
SYSFS_DRM = Path("/sys/class/drm")


@dataclass(frozen=True)
class SoundCard:
    """One ALSA card from ``/proc/asound/cards``: ``index``, ``id`` (e.g.
    ``"vc4hdmi0"``, ``"Headphones"``, ``"Device"``) and ``driver``."""
    index: int
    id: str
    driver: str

    @property
    def hdmi(self) -> bool:
        """A vc4-hdmi card (IEC958 only: play through its ``hdmi:`` device)."""
        return "hdmi" in self.driver.lower() or self.id.lower().startswith("vc4hdmi")


def sound_cards(path: Path | str = ASOUND_CARDS) -> list[SoundCard]:
    """The ALSA cards (empty when there are none or no /proc/asound)."""
    try:
        text = Path(path).read_text()
    except OSError:
        return []
    out = []
    for m in re.finditer(r"^\s*(\d+)\s+\[(\S+)\s*\]:\s*(\S+)", text, re.M):
        out.append(SoundCard(int(m.group(1)), m.group(2), m.group(3)))
    return out


def connected_hdmi_ports(sysfs_drm: Path | str = SYSFS_DRM) -> list[int]:
    """0-based HDMI ports with a screen connected (``cardN-HDMI-A-1`` -> 0)."""
    ports = []
    for status in sorted(Path(sysfs_drm).glob("card*-HDMI-A-*/status")):
        try:
            if status.read_text().strip() == "connected":
                ports.append(int(status.parent.name.rsplit("-", 1)[1]) - 1)
        except (OSError, ValueError):
            continue
    return sorted(set(ports))


def choose_device(setting: str, cards: list[SoundCard], hdmi_ports: list[int]) -> tuple[str | None, str]:
    """The ALSA device to play on.

    Args:
        setting: config ``audio.device``: ``"auto"``, ``"hdmi"``,
            ``"headphones"``, ``"usb"``, or an ALSA device name used as is
            (``"hdmi:CARD=vc4hdmi1,DEV=0"``, ``"plughw:CARD=Device,DEV=0"``).
        cards: :func:`sound_cards`.
        hdmi_ports: :func:`connected_hdmi_ports`.

    Returns:
        ``(device or None, why)``; None = SDL's own default (no card known).
    """
    if setting not in ("auto", "hdmi", "headphones", "usb"):
        return setting, "from config audio.device"
    hdmi = [c for c in cards if c.hdmi]
    if setting in ("auto", "hdmi") and hdmi:
        for port in hdmi_ports:
            for c in hdmi:
                if c.id.lower() == f"vc4hdmi{port}":
                    return f"hdmi:CARD={c.id},DEV=0", f"HDMI port {port} has a screen ({setting})"
        if setting == "hdmi" or (not hdmi_ports and len(cards) == len(hdmi)):
            why = "no screen reports itself connected" if not hdmi_ports else "its port's card not found"
            return f"hdmi:CARD={hdmi[0].id},DEV=0", f"HDMI ({why}; {setting})"
    if setting == "headphones":
        jack = [c for c in cards if "headpho" in (c.id + c.driver).lower()]
        if jack:
            return f"default:CARD={jack[0].id}", "the headphone jack (headphones)"
    if setting == "usb":
        usb = [c for c in cards if "usb" in c.driver.lower()]
        if usb:
            return f"default:CARD={usb[0].id}", "the USB sound card (usb)"
    others = [c for c in cards if not c.hdmi] if setting == "auto" else cards
    if others:
        return f"default:CARD={others[0].id}", f"first card{'' if setting == 'auto' else f' ({setting} not found)'}"
    if cards:
        return f"hdmi:CARD={cards[0].id},DEV=0", "the only cards are HDMI"
    return None, "no ALSA card listed"


class Audio:
    """Plays :data:`SOUNDS`; muted (with one warning) when unavailable.

    Args:
        enabled: config ``audio.enabled``.
        volume: config ``audio.volume`` (0..1).
        mixer_loader: returns the ``pygame.mixer`` module (injectable).
        device: the ALSA device (:func:`choose_device`); None = SDL's default.
            If SDL refuses it (another audio backend), SDL's default is tried.

    Attributes:
        device: the device the mixer opened (None: SDL's default, or muted).
    """

    def __init__(self, enabled: bool = True, volume: float = 0.8,
                 mixer_loader: Callable[[], Any] | None = None, device: str | None = None):
        self.volume = volume
        self.device = device
        self.muted = True
        self.reason = "audio disabled in config (audio.enabled = false)"
        self._sounds: dict[str, Any] = {}
        self._warned = False
        if not enabled:
            return
        if mixer_loader is None and not sound_device_present():
            # SDL would try ALSA anyway and libasound prints its own
            # "cannot find card" lines on stderr: skip it, mute, say why once
            self.reason = "no sound device (no /dev/snd, no PulseAudio/PipeWire socket); sounds are muted"
            self._warn()
            return
        try:
            mixer = (mixer_loader or _load_mixer)()
            try:
                mixer.init(frequency=RATE, size=-16, channels=1, devicename=device)
            except Exception as exc:  # pygame.error: SDL's backend does not know that name
                if device is None:
                    raise
                log.warning("audio device %s refused (%s); using SDL's default device", device, exc)
                self.device = None
                mixer.init(frequency=RATE, size=-16, channels=1)
            self._sounds = {name: mixer.Sound(buffer=synth(notes, volume)) for name, notes in SOUNDS.items()}
        except Exception as exc:  # ImportError, pygame.error (no device)
            self.reason = f"no audio ({exc}); sounds are muted"
            self._warn()
            return
        self.muted = False
        self.reason = f"audio on {self.device or 'the default device'}"

    def _warn(self) -> None:
        if not self._warned:
            self._warned = True
            log.warning(self.reason)

    def play(self, name: str) -> bool:
        """Play sound ``name``; returns False when muted.

        Raises:
            KeyError: unknown sound name.
        """
        if name not in SOUNDS:
            raise KeyError(f"unknown sound {name!r}; use one of {', '.join(SOUNDS)}")
        if self.muted:
            return False
        self._sounds[name].play()
        return True


def sound_device_present(dev_snd: str = "/dev/snd", runtime_dir: str | None = None) -> bool:
    """True if SDL can reach a sound device: an ALSA card (``/dev/snd``
    holds more than the timer), a PulseAudio/PipeWire socket in
    ``$XDG_RUNTIME_DIR``, or an SDL audio driver chosen explicitly."""
    import os
    from pathlib import Path
    if os.environ.get("SDL_AUDIODRIVER") or os.environ.get("PULSE_SERVER"):
        return True
    snd = Path(dev_snd)
    if snd.is_dir() and any(p.name.startswith(("pcm", "control")) for p in snd.iterdir()):
        return True
    run = runtime_dir if runtime_dir is not None else os.environ.get("XDG_RUNTIME_DIR", "")
    return bool(run) and any(Path(run, name).exists() for name in ("pulse/native", "pipewire-0"))


def _load_mixer() -> Any:
    import os
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame.mixer
    return pygame.mixer
