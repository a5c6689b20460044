"""Optional sounds: countdown beeps and the buzzer, through pygame.mixer.

Rule (issue "Hardware layer", audio): no audio device (or no pygame, or
``audio.enabled = false``) means muted, with one warning.  Sounds are
synthesised (square waves), so there are no asset files.
"""
from __future__ import annotations

import logging
from array import array
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


class Audio:
    """Plays :data:`SOUNDS`; muted (with one warning) when unavailable.

    Args:
        enabled: config ``audio.enabled``.
        volume: config ``audio.volume`` (0..1).
        mixer_loader: returns the ``pygame.mixer`` module (injectable).
    """

    def __init__(self, enabled: bool = True, volume: float = 0.8,
                 mixer_loader: Callable[[], Any] | None = None):
        self.volume = volume
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
            mixer.init(frequency=RATE, size=-16, channels=1)
            self._sounds = {name: mixer.Sound(buffer=synth(notes, volume)) for name, notes in SOUNDS.items()}
        except Exception as exc:  # ImportError, pygame.error (no device)
            self.reason = f"no audio ({exc}); sounds are muted"
            self._warn()
            return
        self.muted = False
        self.reason = "audio on"

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
