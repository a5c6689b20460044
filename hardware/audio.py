"""The cabinet's sounds, through pygame-ce's mixer.

Rule (issue "Hardware layer", audio): no audio device (or no pygame, or
``audio.enabled = false``) means muted, with one warning.  The cues (issue
38: the countdown, go, a press accepted or refused, a race won / lost, dice
read, a die to nudge, your turn, a card claimed, game over) are synthesised
here from a few enveloped notes each (:data:`SOUNDS`, :func:`render`), so
there are no asset files.  What asks for which cue is
:mod:`firmware.runtime.sounds`; :class:`RecordingAudio` is the twin that records
the cues without a sound device.

The device (issue 37, field problem 8): a Pi's vc4-hdmi sound card takes only
IEC958 frames, which ALSA's ``hdmi:`` (or ``default:``) device of that card
makes; its raw ``hw:`` device stays silent, a Pi 4's default card is the
headphone jack, and HDMI audio needs a screen connected
(raspberrypi/linux #3043, #6015).  :func:`choose_device` picks the ALSA
device from config ``audio.device`` (``auto``: the ``hdmi:`` device of the
connected HDMI port's card, else the first card).
"""
from __future__ import annotations

import collections
import logging
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

log = logging.getLogger("cabinet.hardware")

RATE = 22050
#: How many asked-for cues an :class:`Audio` keeps in ``asked``.
ASKED_KEPT = 4096

#: One note of a cue: (start ms, frequency Hz, length ms, level 0..1, timbre).
#: Timbres: ``"bell"`` (sine with a decaying octave and twelfth), ``"soft"``
#: (sine and a little second harmonic), ``"wood"`` (a short knock: sine with a
#: quick pitch drop), ``"buzz"`` (a warm triangle wave).
Note = tuple[int, float, int, float, str]

#: The cabinet's cues (issue 38), made here by :func:`render` - no sound
#: files.  Each is a few notes under an envelope (5 ms attack, exponential
#: decay, 8 ms release), never a raw square wave.
SOUNDS: dict[str, list[Note]] = {
    # the 3-2-1 before a roll or a resumed race: a short wooden knock
    "tick": [(0, 1200, 90, 0.8, "wood")],
    # the race starts: a rising fifth, bright
    "go": [(0, 784, 160, 0.8, "bell"), (110, 1175, 320, 1.0, "bell")],
    # a press the game accepted: a soft, very short blip
    "press": [(0, 1568, 45, 0.45, "soft")],
    # a press the game refused ("not now"): two low falling notes
    "refused": [(0, 330, 110, 0.55, "buzz"), (100, 262, 170, 0.55, "buzz")],
    # a race won (a customer served, a card claimed first): a rising arpeggio
    "won": [(0, 659, 100, 0.7, "bell"), (75, 784, 100, 0.7, "bell"), (150, 1047, 100, 0.7, "bell"),
            (225, 1319, 380, 0.9, "bell")],
    # a race lost (a wrong hit, a customer nobody served): a falling minor third
    "lost": [(0, 392, 200, 0.6, "buzz"), (180, 311, 420, 0.6, "buzz")],
    # the camera read a seat's dice: two quick light clicks
    "dice": [(0, 1760, 50, 0.5, "wood"), (70, 2093, 60, 0.5, "wood")],
    # a die to nudge (unread: CAB-5): a questioning low-high wobble
    "nudge": [(0, 440, 120, 0.7, "soft"), (130, 440, 120, 0.7, "soft"), (260, 660, 200, 0.7, "soft")],
    # a person's turn: a two-note chime
    "turn": [(0, 1047, 260, 0.7, "bell"), (150, 784, 420, 0.7, "bell")],
    # a card claimed / an order served / a table completed: a bright ding
    "claim": [(0, 1319, 140, 0.7, "bell"), (60, 1976, 300, 0.6, "bell")],
    # the game is over: a short fanfare ending on a held chord
    "game_over": [(0, 392, 180, 0.7, "bell"), (180, 392, 120, 0.6, "bell"), (300, 523, 180, 0.7, "bell"),
                  (480, 523, 900, 0.8, "bell"), (480, 330, 900, 0.5, "bell"), (480, 392, 900, 0.5, "bell"),
                  (480, 262, 900, 0.5, "soft")],
}


#: A cue's peak at full volume: two cues sounding together stay below
#: full scale (SDL's mixer adds them and clips).
PEAK = 0.5


def render(notes: list[Note], rate: int = RATE) -> Any:
    """One cue as float32 samples in -1..1 (numpy array, mono at ``rate``).

    Each note is an additive tone (:data:`SOUNDS`' timbres) under a 5 ms
    attack, an exponential decay and an 8 ms release; the mix is scaled so
    its peak is :data:`PEAK` x its loudest note's level (a press is quieter
    than a fanfare).  Raises ValueError for an unknown timbre."""
    import numpy as np
    end_ms = max(start + length for start, _, length, _, _ in notes)
    out = np.zeros(int(rate * end_ms / 1000) + 1, dtype=np.float64)
    for start, freq, length, level, timbre in notes:
        n = int(rate * length / 1000)
        t = np.arange(n) / rate
        if timbre == "bell":
            wave = np.sin(2 * np.pi * freq * t) + 0.35 * np.exp(-t * 18) * np.sin(2 * np.pi * 2 * freq * t) \
                + 0.15 * np.exp(-t * 30) * np.sin(2 * np.pi * 3 * freq * t)
            decay = np.exp(-t * 6)
        elif timbre == "soft":
            wave = np.sin(2 * np.pi * freq * t) + 0.2 * np.sin(2 * np.pi * 2 * freq * t)
            decay = np.exp(-t * 12)
        elif timbre == "wood":
            sweep = freq * (1 + 0.5 * np.exp(-t * 120))          # a knock's pitch drops at once
            wave = np.sin(2 * np.pi * np.cumsum(sweep) / rate)
            decay = np.exp(-t * 45)
        elif timbre == "buzz":
            phase = (freq * t) % 1.0
            wave = 0.8 * (4 * np.abs(phase - 0.5) - 1)            # triangle: odd harmonics, falling off fast
            decay = np.exp(-t * 4)
        else:
            raise ValueError(f"unknown timbre {timbre!r}; use bell, soft, wood or buzz")
        env = decay * np.minimum(1.0, t / 0.005) * np.minimum(1.0, (length / 1000 - t) / 0.008)
        i = int(rate * start / 1000)
        out[i:i + n] += level * wave * np.clip(env, 0.0, 1.0)
    peak = float(np.max(np.abs(out))) or 1.0
    loudest = max(level for _, _, _, level, _ in notes)
    return (out * (PEAK * loudest / peak)).astype(np.float32)


def synth(notes: list[Note], volume: float = 0.8, rate: int = RATE) -> bytes:
    """16-bit signed mono PCM (native byte order) of ``notes`` at ``volume`` (0..1)."""
    import numpy as np
    pcm = render(notes, rate) * (32767 * max(0.0, min(1.0, volume)))
    return pcm.astype(np.int16).tobytes()


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
    """Plays :data:`SOUNDS` through pygame's mixer; muted (with one warning)
    when unavailable.  Every cue asked for is also recorded in
    :attr:`asked` (so the recording twin, :class:`RecordingAudio`, and the
    real player answer the same questions).

    Args:
        enabled: config ``audio.enabled`` (False: the mixer is never opened).
        volume: config ``audio.volume`` (0..1), changeable with :meth:`set_volume`.
        mixer_loader: returns the ``pygame.mixer`` module (injectable).
        device: the ALSA device (:func:`choose_device`); None = SDL's default.
            If SDL refuses it (another audio backend), SDL's default is tried.
        mute: config ``audio.mute``: the device is opened but nothing plays
            until :attr:`mute` is set False.

    Attributes:
        device: the device the mixer opened (None: SDL's default, or muted).
        muted: True when no sound can play (no device, disabled); see :attr:`reason`.
        mute: the owner's mute switch (config ``audio.mute``).
        asked: the last cues asked for, ``(t_us or None, name)``, oldest first.
    """

    def __init__(self, enabled: bool = True, volume: float = 0.8,
                 mixer_loader: Callable[[], Any] | None = None, device: str | None = None,
                 mute: bool = False):
        self.volume = volume
        self.device = device
        self.muted = True
        self.mute = mute
        self.asked: collections.deque[tuple[int | None, str]] = collections.deque(maxlen=ASKED_KEPT)
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
            self._sounds = {name: mixer.Sound(buffer=synth(notes, 1.0)) for name, notes in SOUNDS.items()}
        except Exception as exc:  # ImportError, pygame.error (no device)
            self.reason = f"no audio ({exc}); sounds are muted"
            self._warn()
            return
        self.muted = False
        self.reason = f"audio on {self.device or 'the default device'}"
        self.set_volume(volume)

    def _warn(self) -> None:
        if not self._warned:
            self._warned = True
            log.warning(self.reason)

    def set_volume(self, volume: float) -> None:
        """Set the volume of every cue, 0..1 (clamped)."""
        self.volume = max(0.0, min(1.0, float(volume)))
        for sound in self._sounds.values():
            if hasattr(sound, "set_volume"):
                sound.set_volume(self.volume)

    def play(self, name: str, t_us: int | None = None) -> bool:
        """Play cue ``name`` (recorded in :attr:`asked` with the game's time
        ``t_us``, us); returns False when nothing sounds (muted, mute, or
        volume 0).

        Raises:
            KeyError: unknown cue name.
        """
        if name not in SOUNDS:
            raise KeyError(f"unknown sound {name!r}; use one of {', '.join(SOUNDS)}")
        self.asked.append((t_us, name))
        if self.muted or self.mute or self.volume <= 0:
            return False
        self._sounds[name].play()
        return True


class RecordingAudio(Audio):
    """The simulated cabinet's audio player with no sound device (headless,
    tests, CI): the same interface as :class:`Audio`, records every cue
    asked for in :attr:`asked` and plays nothing."""

    def __init__(self, volume: float = 0.8, mute: bool = False):
        super().__init__(enabled=False, volume=volume, mute=mute)
        self.reason = "recording only (no sound device opened)"


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
