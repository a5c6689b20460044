"""Start-up checks of the HDMI screen in cabinet (full-screen) mode.

Two faults Pi builders hit, checked before the full-screen window opens:

* **The wrong SDL video driver.**  Without a desktop only SDL's KMSDRM driver
  puts a picture on the screen; an SDL built without it either fails or picks
  another driver and runs with nothing on the screen (pygame #3168,
  pygame-ce #1208).  In full-screen mode the driver SDL chose must be one of
  ``$SDL_VIDEODRIVER`` (comma-separated, as SDL reads it; the systemd unit
  sets ``kmsdrm``), or ``kmsdrm`` when that is unset; anything else is a
  :class:`DisplayError` that names the fix.
* **No screen at boot.**  A TV that is off or unplugged at boot has no
  connected DRM connector, and SDL's KMSDRM driver fails to start without one
  (raspberrypi/firmware #665, linux #5195: the screen stayed black until a
  reboot).  With KMSDRM the connectors' status in ``/sys/class/drm`` is
  probed first; while none is connected the process stays up (the service
  does not fail) and probes again every :data:`POLL_US`, so a screen that is
  plugged in or switched on is shown within 5 s.

* **The wrong DRM card.**  A Pi 5 has several ``/dev/dri/card*`` (v3d, vc4's
  HDMI, RP1's DSI/DPI) and their numbers change between boots (SDL #13705),
  so a fixed ``SDL_KMSDRM_DEVICE_INDEX`` breaks on some boots.
  :func:`choose_kms_card` sets it to the card that has the connected HDMI
  connector (``/sys/class/drm/cardN-HDMI-A-M``), each time the screen opens.
* **The screen switched off or re-plugged mid-game.**  A KMS program that
  ignores hot-plug stays black after the screen comes back
  (raspberrypi/linux #4411, #5017).  :class:`ScreenKeeper` probes the
  connectors every :data:`POLL_US` while the game runs: while the screen is
  away the game goes on drawing off screen; once it is back, SDL's video is
  restarted on the right card and the whole screen is drawn again, within
  5 s of the plug.

Everything the checks read comes through a :class:`DisplayProbe`:
:class:`SystemProbe` on the machine (sysfs, pygame, the monotonic clock) and
:class:`FakeDisplayProbe` for tests (a scripted hot-plug timeline on a
virtual clock, the driver name a given SDL would report).
"""
from __future__ import annotations

import os
import re
import sys
from collections.abc import MutableMapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Protocol, Sequence

#: Interval between connector probes while no screen is connected, us.
#: A hot-plugged screen must be shown within 5 s (issue 25): one interval
#: plus SDL's start-up (well under a second on a Pi 4) leaves room.
POLL_US = 1_000_000
#: How long to wait at boot for a DRM device with connectors to appear (the
#: KMS driver still loading) before failing with the fix, us.
DRM_GRACE_US = 20_000_000
#: Where the kernel lists DRM connectors (``card1-HDMI-A-1/status``).
SYSFS_DRM = Path("/sys/class/drm")
#: The driver full-screen mode needs when ``$SDL_VIDEODRIVER`` is unset.
DEFAULT_DRIVER = "kmsdrm"
FIX_DOC = "docs/troubleshooting.md, 'KMSDRM not available (no picture on HDMI)'"


class DisplayError(RuntimeError):
    """The HDMI screen cannot be used in full-screen mode; the message names
    what is wrong and the fix."""


@dataclass(frozen=True)
class Connector:
    """One DRM connector as the kernel reports it.

    Attributes:
        name: sysfs name, e.g. ``"card1-HDMI-A-1"``.
        status: ``"connected"``, ``"disconnected"`` or ``"unknown"``.
    """
    name: str
    status: str

    @property
    def connected(self) -> bool:
        """True when a screen is connected (and powered, for most TVs)."""
        return self.status == "connected"


class DisplayProbe(Protocol):
    """What the start-up checks need from the machine."""

    def connectors(self) -> list[Connector]:
        """The DRM connectors, in name order (empty: no KMS device)."""

    def init_video(self) -> str:
        """Start SDL's video subsystem; returns the driver name SDL chose
        (lower case, e.g. ``"kmsdrm"``).  Raises ``pygame.error`` when SDL
        cannot start."""

    def quit_video(self) -> None:
        """Stop SDL's video subsystem."""

    def now_us(self) -> int:
        """Monotonic time, us."""

    def sleep_us(self, us: int) -> None:
        """Wait ``us`` microseconds."""


class SystemProbe:
    """The real machine: connectors from ``sysfs_drm`` (default
    :data:`SYSFS_DRM`), SDL through pygame, the monotonic clock."""

    def __init__(self, sysfs_drm: Path | str = SYSFS_DRM) -> None:
        self.sysfs_drm = Path(sysfs_drm)

    def connectors(self) -> list[Connector]:
        out = []
        for path in sorted(self.sysfs_drm.glob("card*-*")):
            try:
                status = (path / "status").read_text().strip()
            except OSError:
                continue
            out.append(Connector(path.name, status))
        return out

    def init_video(self) -> str:
        import pygame
        pygame.display.init()
        return (pygame.display.get_driver() or "").lower()

    def quit_video(self) -> None:
        import pygame
        pygame.display.quit()

    def now_us(self) -> int:
        import time
        return time.monotonic_ns() // 1000

    def sleep_us(self, us: int) -> None:
        import time
        time.sleep(us / 1e6)


@dataclass
class FakeDisplayProbe:
    """A scripted display for tests and simulation, on a virtual clock.

    Args:
        driver: the driver name ``init_video`` reports (what SDL chose).
        plugged: ``(t_us, connected)`` hot-plug events, applied in time order
            to one HDMI connector; before the first event it is disconnected.
        connectors_present: False: no DRM device at all (KMS not loaded).
        init: optional callable run by ``init_video`` (e.g. a real
            ``pygame.display.init`` on SDL's dummy driver).
        start_us: virtual clock start, us.

    Attributes:
        t_us: the virtual clock, us; advanced only by ``sleep_us``.
        inits: virtual times at which ``init_video`` was called, us.
        quits: how many times ``quit_video`` was called.
        probes: how many times ``connectors`` was called.
    """
    driver: str = "kmsdrm"
    plugged: Sequence[tuple[int, bool]] = ((0, True),)
    connectors_present: bool = True
    init: Callable[[], object] | None = None
    start_us: int = 0
    t_us: int = field(init=False)
    inits: list[int] = field(init=False, default_factory=list)
    quits: int = field(init=False, default=0)
    probes: int = field(init=False, default=0)

    def __post_init__(self) -> None:
        self.t_us = self.start_us

    def is_connected(self, t_us: int) -> bool:
        """Whether the scripted screen is connected at ``t_us``."""
        state = False
        for when, connected in sorted(self.plugged):
            if when <= t_us:
                state = connected
        return state

    def connectors(self) -> list[Connector]:
        self.probes += 1
        if not self.connectors_present:
            return []
        status = "connected" if self.is_connected(self.t_us) else "disconnected"
        return [Connector("card1-HDMI-A-1", status), Connector("card1-HDMI-A-2", "disconnected")]

    def init_video(self) -> str:
        self.inits.append(self.t_us)
        if self.init is not None:
            self.init()
        return self.driver

    def quit_video(self) -> None:
        self.quits += 1

    def now_us(self) -> int:
        return self.t_us

    def sleep_us(self, us: int) -> None:
        self.t_us += int(us)


def wanted_drivers(environ: Mapping[str, str] | None = None) -> tuple[str, ...]:
    """The SDL video drivers full-screen mode accepts: ``$SDL_VIDEODRIVER``
    split on commas (lower case), else ``("kmsdrm",)``."""
    env = os.environ if environ is None else environ
    names = tuple(n.strip().lower() for n in env.get("SDL_VIDEODRIVER", "").split(",") if n.strip())
    return names or (DEFAULT_DRIVER,)


def _stderr(message: str) -> None:
    print(f"cabinet: warning: {message}", file=sys.stderr, flush=True)


def wait_for_screen(probe: DisplayProbe, *, poll_us: int = POLL_US, drm_grace_us: int = DRM_GRACE_US,
                    say: Callable[[str], None] = _stderr) -> Connector:
    """Block until a DRM connector reports a connected screen.

    Probes every ``poll_us`` us and never gives up while connectors exist
    (a cabinet whose TV is off at boot stays up and shows the menu when the
    TV comes on).  Says once (``say``, default stderr, i.e. the service's
    journal) that it is waiting, naming the connectors.

    Returns:
        The first connected connector.

    Raises:
        DisplayError: no DRM connector at all for ``drm_grace_us`` us (the
            KMS driver is not loaded; the message names the overlay).
    """
    start = probe.now_us()
    said = False
    while True:
        found = probe.connectors()
        for c in found:
            if c.connected:
                if said:
                    say(f"screen connected on {c.name}: starting the display")
                return c
        if not found and probe.now_us() - start >= drm_grace_us:
            raise DisplayError(
                "no DRM display device (no connectors under /sys/class/drm): the KMS video driver is "
                "not loaded; fix: put dtoverlay=vc4-kms-v3d in /boot/firmware/config.txt (not "
                f"vc4-fkms-v3d) and reboot; see {FIX_DOC}")
        if found and not said:
            names = ", ".join(f"{c.name} {c.status}" for c in found)
            say(f"no screen connected ({names}): waiting; switch the TV on or plug it in "
                "and the cabinet appears within 5 s")
            said = True
        probe.sleep_us(poll_us)


def kms_card_index(connectors: Sequence[Connector]) -> int | None:
    """N of the ``/dev/dri/cardN`` to show the cabinet on: the card of the
    first connected HDMI connector, else of any connected one; None when
    none is connected."""
    connected = [c for c in connectors if c.connected]
    for c in sorted(connected, key=lambda c: ("-HDMI-" not in c.name, c.name)):
        m = re.match(r"card(\d+)-", c.name)
        if m:
            return int(m.group(1))
    return None


def choose_kms_card(probe: DisplayProbe, environ: MutableMapping[str, str] | None = None,
                    say: Callable[[str], None] = _stderr) -> int | None:
    """Point SDL's KMSDRM driver at the card with the connected screen:
    sets ``SDL_KMSDRM_DEVICE_INDEX`` in ``environ`` (default ``os.environ``),
    replacing a fixed value that names another card (says so once).

    Returns:
        The card index set, or None (no screen connected: left as it is).
    """
    env = os.environ if environ is None else environ
    index = kms_card_index(probe.connectors())
    if index is None:
        return None
    old = env.get("SDL_KMSDRM_DEVICE_INDEX")
    if old is not None and old.strip() != str(index):
        say(f"SDL_KMSDRM_DEVICE_INDEX={old} names a card without the connected screen; using card{index} "
            "(the card numbers change between boots: remove the fixed index)")
    env["SDL_KMSDRM_DEVICE_INDEX"] = str(index)
    return index


def start_fullscreen_video(probe: DisplayProbe | None = None, *, environ: Mapping[str, str] | None = None,
                           poll_us: int = POLL_US, drm_grace_us: int = DRM_GRACE_US,
                           say: Callable[[str], None] = _stderr) -> str:
    """Start SDL's video for cabinet (full-screen) mode, with both checks.

    With KMSDRM wanted, first :func:`wait_for_screen`; then start SDL's
    video and check the driver it chose is one of :func:`wanted_drivers`.

    Args:
        probe: the machine (default :class:`SystemProbe`).
        environ: environment to read ``SDL_VIDEODRIVER`` from (default
            ``os.environ``).

    Returns:
        The driver SDL chose (lower case).

    Raises:
        DisplayError: SDL chose another driver (SDL's video is stopped
            again), or no DRM device appeared (see :func:`wait_for_screen`).
        pygame.error: SDL could not start its video at all.
    """
    probe = SystemProbe() if probe is None else probe
    wanted = wanted_drivers(environ)
    if DEFAULT_DRIVER in wanted:
        wait_for_screen(probe, poll_us=poll_us, drm_grace_us=drm_grace_us, say=say)
        choose_kms_card(probe, environ if isinstance(environ, MutableMapping) else None, say=say)
    driver = probe.init_video()
    if driver not in wanted:
        probe.quit_video()
        unset = "SDL_VIDEODRIVER" not in (os.environ if environ is None else environ)
        how = ("SDL_VIDEODRIVER is not set, so SDL picked one itself" if unset
               else f"SDL_VIDEODRIVER={','.join(wanted)}")
        raise DisplayError(
            f"full-screen mode needs SDL's {' or '.join(wanted)} video driver but SDL started {driver or 'none'!r} "
            f"({how}), which shows nothing on the cabinet's screen; fix: run with SDL_VIDEODRIVER=kmsdrm "
            "(the systemd unit sets it) on the console, not under a desktop, or set SDL_VIDEODRIVER to "
            "the driver you mean to use; if kmsdrm is then 'not available', this SDL was built without "
            f"it: see {FIX_DOC}")
    return driver


class ScreenKeeper:
    """Keeps a full-screen renderer's picture through HDMI hot-plug.

    Call :meth:`tick` once per frame of the game loop.  Every ``poll_us`` it
    probes the connectors.  When no screen is connected any more, the
    renderer stops presenting (its ``window`` is set aside: drawing goes on
    off screen, the game goes on).  When one is connected again, SDL's video
    is restarted (:func:`start_fullscreen_video`: the card with the screen,
    the driver check), the full-screen window is made again, the painter's
    caches are dropped, and :meth:`tick` returns True: the caller redraws the
    whole screen at once.

    Args:
        renderer: a :class:`firmware.ui.hdmi.HdmiRenderer` (``pg``,
            ``window``, ``width``, ``height``, ``painter``).
        probe: the machine (default :class:`SystemProbe`).
        environ: where ``SDL_VIDEODRIVER`` is read and the card index set.

    Attributes:
        away: True while no screen is connected.
        losses, regains: counts (for the log and tests).
    """

    def __init__(self, renderer: Any, probe: DisplayProbe | None = None, *, poll_us: int = POLL_US,
                 environ: MutableMapping[str, str] | None = None, say: Callable[[str], None] = _stderr) -> None:
        self.renderer, self.probe = renderer, probe or SystemProbe()
        self.poll_us, self.environ, self.say = poll_us, environ, say
        self.away = False
        self.losses = self.regains = 0
        self._next_us: int | None = None

    @classmethod
    def for_renderer(cls, renderer: Any, **kwargs: Any) -> "ScreenKeeper | None":
        """A keeper for a full-screen renderer; None for a window or headless
        (a desktop handles its own screens)."""
        return cls(renderer, **kwargs) if getattr(renderer, "mode", None) == "fullscreen" else None

    def tick(self) -> bool:
        """Probe if due; returns True right after the screen came back (redraw all)."""
        now = self.probe.now_us()
        if self._next_us is not None and now < self._next_us:
            return False
        self._next_us = now + self.poll_us
        connected = any(c.connected for c in self.probe.connectors())
        if not self.away and not connected:
            self.away, self.losses = True, self.losses + 1
            self.renderer.window = None          # present() is a no-op: nothing is flipped to a missing screen
            self.say("the screen was disconnected: the game goes on; plug it in or switch it on and it "
                     "comes back within 5 s")
            return False
        if self.away and connected:
            return self._reopen()
        return False

    def _reopen(self) -> bool:
        r, pg = self.renderer, self.renderer.pg
        try:
            pg.display.quit()
            start_fullscreen_video(self.probe, environ=self.environ, poll_us=self.poll_us, say=self.say)
            r.window = pg.display.set_mode((r.width, r.height), pg.FULLSCREEN)
            pg.mouse.set_visible(False)
        except Exception as exc:  # noqa: BLE001 - pygame.error, DisplayError: try again at the next probe
            self.say(f"the screen is connected but could not be opened again ({exc}); retrying")
            r.window = None
            return False
        r.painter.clear()
        self.away, self.regains = False, self.regains + 1
        self.say("the screen is back: drawn again")
        return True
