"""HDMI rendering with pygame-ce: draws a kit :class:`~firmware.ui.kit.Scene`
through the painter, full screen on a Pi (SDL's KMSDRM driver, no desktop), a window on a
desktop, or an off-screen surface when headless.  In the simulator the seats'
panels (OLED frames, keys) are drawn in a column beside the HDMI view
(:mod:`firmware.ui.sim_window`); the window can be resized."""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Any

from PIL import Image

from firmware.ui.kit import Scene

#: The legend of a person's seat, for sizing the window before the seats are known.
_PROBE_LEGEND = (("Right Shift", "button"), ("E held", "cup"), ("J/L", "choose"), ("K", "cancel"))
#: Room a desktop keeps for its panels and the window's title bar, px.
DESKTOP_MARGIN = (40, 100)


#: The X window class of the simulator's window and of the cabinet's
#: screen under X (``xdotool search --class cabinet``, a desktop's window
#: rules), however the program was started: SDL2 otherwise takes the
#: program file's name, ``__main__.py`` under ``python -m firmware.cli``
#: (PT29; pygame's import sets that name).  An ``SDL_VIDEO_X11_WMCLASS``
#: the user set to anything else is kept.
WM_CLASS = "cabinet"


#: how long the simulator's window waits for a desktop display SDL cannot open yet, s
DISPLAY_WAIT_S = 5.0
#: SDL's video drivers that show nothing (pygame-ce falls back to ``offscreen`` on its own)
UNSEEN_DRIVERS = ("offscreen", "dummy")


def start_window_video(pygame: Any, wait_s: float = DISPLAY_WAIT_S, sleep: Any = time.sleep) -> str:
    """Start SDL's video for the simulator's window and return its driver.

    pygame-ce 2.5 (SDL 2.32), asked for no driver, falls back to its
    ``offscreen`` one when the desktop's display does not answer (an X
    server starting or resetting, a ``DISPLAY`` that names none), and a
    game would play in a window nobody sees.  Such a start is stopped and
    tried again every 0.25 s for ``wait_s`` s; a driver that shows nothing
    is kept only when ``SDL_VIDEODRIVER`` asks for it (tests,
    screenshots).  ``pygame``: the pygame module; ``sleep``: s -> None.

    Raises:
        RuntimeError: the display still cannot be opened (names
            ``DISPLAY`` and the fix).
    """
    asked = os.environ.get("SDL_VIDEODRIVER", "").lower()
    deadline = time.monotonic() + wait_s
    while True:
        pygame.display.init()
        driver = str(pygame.display.get_driver() or "").lower()
        if driver not in UNSEEN_DRIVERS or asked in UNSEEN_DRIVERS:
            return driver
        pygame.display.quit()
        if time.monotonic() >= deadline:
            where = ", ".join(f"{k}={os.environ[k]}" for k in ("DISPLAY", "WAYLAND_DISPLAY") if os.environ.get(k))
            raise RuntimeError(f"cannot open the desktop's display ({where or 'DISPLAY unset'}): SDL found no "
                               f"window system answering there for {wait_s:g} s; start the desktop (or Xvfb) and "
                               "check DISPLAY names it, or play without a window: --headless --bots all")
        sleep(0.25)


def fit_window(desk: tuple[int, int], desktop: tuple[int, int] | None,
               margin: tuple[int, int] = DESKTOP_MARGIN) -> tuple[int, int]:
    """The simulator window's size: ``desk`` (HDMI view + OLED columns, px)
    scaled down, keeping its aspect, to fit ``desktop`` less ``margin``;
    never scaled up; ``desktop`` None = unknown, unscaled."""
    if not desktop:
        return desk
    room_w, room_h = max(320, desktop[0] - margin[0]), max(240, desktop[1] - margin[1])
    scale = min(1.0, room_w / desk[0], room_h / desk[1])
    return max(1, int(desk[0] * scale)), max(1, int(desk[1] * scale))


def scale_part(pg, source, scaled, rect: tuple[int, int, int, int]) -> None:
    """Scale the part ``rect`` (x, y, w, h px of ``source``) into the
    already scaled copy ``scaled``, one pixel around it included: what a
    whole smoothscale would give there, to within a pixel's blur at its
    edges (the simulator window's view only; the HDMI surface is exact)."""
    (sw, sh), (dw, dh) = source.get_size(), scaled.get_size()
    fx, fy = dw / sw, dh / sh
    x, y, w, h = rect
    dx0, dy0 = max(0, int(x * fx) - 1), max(0, int(y * fy) - 1)
    dx1, dy1 = min(dw, int((x + w) * fx) + 2), min(dh, int((y + h) * fy) + 2)
    sx0, sy0 = int(dx0 / fx), int(dy0 / fy)
    sx1, sy1 = min(sw, -int(-dx1 // fx)), min(sh, -int(-dy1 // fy))
    if dx1 <= dx0 or dy1 <= dy0 or sx1 <= sx0 or sy1 <= sy0:
        return
    part = pg.transform.smoothscale(source.subsurface((sx0, sy0, sx1 - sx0, sy1 - sy0)), (dx1 - dx0, dy1 - dy0))
    scaled.blit(part, (dx0, dy0))


class HdmiRenderer:
    """Draws screens at ``width`` x ``height`` px (800x480 .. 1920x1080).

    Args:
        width, height: HDMI size, px.
        mode: ``"headless"`` (off-screen surface, SDL dummy driver),
            ``"window"`` (desktop window; the simulator also shows OLEDs),
            ``"fullscreen"`` (KMSDRM on a Pi without a desktop).
        oled_count: emulated OLEDs to show beside the screen (window mode).
        bots: 0-based seats played by bots (window mode: their panels are
            small, the window is sized for that).
        display_probe: the machine as :mod:`hardware.display` sees it
            (full-screen mode; default the real one, a fake in tests).

    Raises:
        RuntimeError: the display cannot be opened (message names SDL's
            video driver and the fix).
        hardware.display.DisplayError: full screen on the wrong SDL
            driver, or no DRM device (a RuntimeError too).  With no screen
            connected, full-screen mode waits for one instead.
    """

    def __init__(self, width: int, height: int, mode: str = "headless", oled_count: int = 0,
                 display_probe: object = None, bots: set[int] | frozenset[int] = frozenset()) -> None:
        if not (800 <= width <= 1920 and 480 <= height <= 1080):
            raise ValueError(f"HDMI size {width}x{height} px is outside 800x480 .. 1920x1080")
        if mode == "headless":
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        elif os.environ.get("SDL_VIDEO_X11_WMCLASS") in (None, os.path.basename(sys.argv[0])):
            # pygame's import sets the program file's name; SDL reads it once, when its video starts
            os.environ["SDL_VIDEO_X11_WMCLASS"] = WM_CLASS
        import pygame  # imported here so engines/tests that never render skip SDL start-up
        self.pg = pygame
        pygame.font.init()
        self.width, self.height, self.mode = width, height, mode
        self.oled_count = oled_count if mode == "window" else 0
        from firmware.ui.paint import Fonts, Painter
        self.fonts = Fonts()
        self.painter = Painter(self.fonts)
        #: word wraps at :meth:`scene_measure`, kept (:func:`firmware.ui.text_rules.wrap_words`):
        #: a screen that shows a clock is built again every frame with the same texts
        self.wrap_cache: dict = {}
        #: the window's current layout (:func:`firmware.ui.sim_window.window_layout`)
        self.layout = None
        self._scaled = None            # the HDMI view scaled for the window
        self._stale: list | None = None   # its parts drawn over since it was scaled (None: all of it)
        #: a line shown over the HDMI view in the window (e.g. "Esc again to leave")
        self.notice = ""
        #: the sound captions shown now ("\u266a race start"; set by the window loop)
        self.captions: list[str] = []
        #: full screen: paint :attr:`captions` on the HDMI too (config ``[audio] captions = "on"``)
        self.captions_on_hdmi = False
        self.title_free = None
        #: the captions the last frame painted (tests, the screenshots' story)
        self.painted_captions: list[str] = []
        self._last_panels: list = []
        try:
            if mode == "headless":
                self.window = None
            else:
                if mode == "fullscreen":  # driver check, wait for a screen (hardware.display)
                    from hardware.display import start_fullscreen_video
                    start_fullscreen_video(display_probe)
                else:
                    start_window_video(pygame)
                flags = pygame.FULLSCREEN if mode == "fullscreen" else 0
                size = (width, height)
                if mode == "window":
                    # the simulator: HDMI view + the seats' column, scaled to fit the desktop, resizable
                    from firmware.ui.sim_window import MAX_COLUMN_SHARE, SeatPanel, window_layout
                    probe = [SeatPanel(f"seat {i + 1}", None if i in bots else Image.new("1", (128, 64)),
                                       () if i in bots else _PROBE_LEGEND) for i in range(self.oled_count)]
                    # the column's width beside the HDMI view at its own height
                    lay = window_layout((int(width / (1 - MAX_COLUMN_SHARE)), height), (width, height), probe,
                                        self.fonts.measure)
                    desk = (width + lay.column_w, height + lay.captions[3])    # and the captions' strip under it
                    sizes = pygame.display.get_desktop_sizes() if hasattr(pygame.display, "get_desktop_sizes") \
                        else []
                    size = fit_window(desk, tuple(sizes[0]) if sizes else None)
                    flags = pygame.RESIZABLE
                self.desk_size = size
                self.window = pygame.display.set_mode(size, flags)
                pygame.display.set_caption("cabinet (simulated)" if mode == "window" else "cabinet")
                pygame.mouse.set_visible(mode != "fullscreen")
        except pygame.error as exc:
            driver = os.environ.get("SDL_VIDEODRIVER", "default")
            raise RuntimeError(f"cannot open the HDMI display (SDL video driver {driver}): {exc}; "
                               "on a Pi without a desktop set SDL_VIDEODRIVER=kmsdrm and run on a "
                               "console (see docs/troubleshooting.md)") from exc
        self.surface = pygame.Surface((width, height))

    @property
    def animating(self) -> bool:
        """True while a change is still animating (keep redrawing)."""
        return self.painter.animating

    def scene_measure(self, text: str, size: int) -> tuple[int, int]:
        """Width and line height in px of ``text`` at ``size`` px (em) in
        the drawn screens' font."""
        return self.fonts.measure(text, size)

    def draw(self, scene: Scene, now_ms: float | None = None) -> None:
        """Render ``scene`` onto the off-screen surface; ``now_ms``
        (monotonic, ms) animates its changes (None: drawn at rest)."""
        self.painter.draw(self.surface, scene, now_ms)
        #: the title bar's free middle (where the full-screen HDMI's captions go), or None
        self.title_free = getattr(scene, "facts", {}).get("title_free")
        dirty = self.painter.last_dirty
        if self.mode == "window":      # the window scales again only what was drawn over (issue 36)
            self._stale = None if dirty is None or self._stale is None or len(self._stale) > 32 \
                else self._stale + dirty

    def present(self, oled_images: list[Image.Image] | None = None, labels: list[str] | None = None,
                bots: set[int] | frozenset[int] = frozenset(), legends: list | None = None,
                lights: list[str] | None = None) -> None:
        """Show the surface on the display (no-op when headless).  In the
        simulator window, beside it, a panel per seat: its caption
        (``labels``), its OLED frame (``oled_images``), or a plain "bot"
        panel for the seats in ``bots`` (their OLEDs are private), and
        under a person's OLED its keys (``legends[i]``: ``(key, what)``
        pairs); :attr:`notice` over the HDMI view; beside each caption the
        seat's button light (``lights[i]``: "lit" / "unlit"; issue 38).  Laid out for the
        window's size now (see :meth:`resized`).  The same as
        :meth:`present_hdmi` then :meth:`present_panels`, in one flip."""
        if self.window is None:
            return
        if self.mode != "window":
            self._flip_hdmi()
            return
        self._paint(self._panels(oled_images, labels, bots, legends, lights))

    def present_hdmi(self) -> None:
        """Show the surface on the display now, before the seats' OLED
        frames are built (issue 36: the HDMI does not wait for them).  In
        the simulator window: the HDMI view, its notice and captions are
        painted and shown; the seats' column keeps what it showed (see
        :meth:`present_panels`).  No-op when headless."""
        if self.window is None:
            return
        if self.mode != "window":
            self._flip_hdmi()
            return
        if not self._laid_out(self._last_panels):
            self._paint(self._last_panels)
            return
        from firmware.ui.sim_window import column_rect, paint_view
        self.painted_captions = paint_view(self.pg, self.window, self.layout, self._scaled_view(), self.fonts.font,
                                           self.notice, self.captions)
        cx = column_rect(self.layout)[0]
        self.pg.display.update((0, 0, cx, self.layout.size[1]))

    def present_panels(self, oled_images: list[Image.Image] | None = None, labels: list[str] | None = None,
                       bots: set[int] | frozenset[int] = frozenset(), legends: list | None = None,
                       lights: list[str] | None = None, trays: list | None = None) -> None:
        """The simulator window's seat panels (as :meth:`present`; ``trays[i]``:
        seat i's simulated tray, a :class:`~firmware.ui.sim_tray.TrayLook`,
        or None) painted
        and shown, after :meth:`present_hdmi` showed the HDMI view; only
        when they differ from the panels shown (a new layout paints the
        whole window).  No-op outside the simulator window (the cabinet's
        OLEDs are their own displays)."""
        if self.window is None or self.mode != "window":
            return
        panels = self._panels(oled_images, labels, bots, legends, lights, trays)
        if not self._laid_out(panels) or self._stale is None:
            self._paint(panels)
            return
        if panels == self._last_panels:
            return
        from firmware.ui.sim_window import column_rect, paint_panels
        self._last_panels = panels
        paint_panels(self.pg, self.window, self.layout, panels, self.fonts.font)
        self.pg.display.update(column_rect(self.layout))

    def _flip_hdmi(self) -> None:
        """Full screen: the surface (and the captions when asked for) flipped."""
        self.window.blit(self.surface, (0, 0))
        self.painted_captions = []
        if self.captions_on_hdmi and self.captions:   # an accessibility option on the cabinet's HDMI
            self.painted_captions = self._hdmi_captions()
        self.pg.display.flip()

    def _panels(self, oled_images: list[Image.Image] | None, labels: list[str] | None,
                bots: set[int] | frozenset[int], legends: list | None, lights: list[str] | None,
                trays: list | None = None) -> list:
        """The seats' panels as :meth:`present` and :meth:`present_panels` describe them."""
        from firmware.ui.sim_window import SeatPanel
        panels = []
        for i, img in enumerate((oled_images or [])[: self.oled_count]):
            label = labels[i] if labels and i < len(labels) else f"seat {i + 1}"
            legend = tuple(legends[i]) if legends and i < len(legends) and legends[i] else ()
            light = lights[i] if lights and i < len(lights) else ""
            tray = trays[i] if trays and i < len(trays) and i not in bots else None
            panels.append(SeatPanel(label, None if i in bots else img, () if i in bots else legend, light, tray))
        return panels

    def _hdmi_captions(self) -> list[str]:
        """The captions on the full-screen HDMI: over the free middle of
        the drawn screen's title bar (``facts["title_free"]``: nothing of
        the game there), at the largest text that fits its height; a
        screen without one gets them in its bottom-left corner.  Returns
        the lines painted."""
        from firmware.ui.sim_window import caption_box_h, paint_caption_row, paint_captions
        free = self.title_free
        if free is None:
            return paint_captions(self.pg, self.window, (0, 0, self.width, self.height), self.captions,
                                  self.fonts.font(max(16, self.height // 30)))
        px = max(10, free.h * 2 // 3)
        while px > 10 and caption_box_h(self.fonts.font(px).size("Ag")[1]) > free.h:
            px -= 1
        return paint_caption_row(self.pg, self.window, (free.x, free.y, free.w, free.h), self.captions,
                                 self.fonts.font(px))

    def _laid_out(self, panels: list) -> bool:
        """True when the window's layout is the one for its size now and
        ``panels``' kinds (else :meth:`_paint` lays it out again)."""
        window = self.pg.display.get_surface() or self.window
        kinds = _kinds(panels)
        return (self.layout is not None and window is self.window and self.layout.size == window.get_size()
                and getattr(self, "_kinds", None) == kinds)

    def _scaled_view(self) -> Any:
        """The HDMI surface scaled to the layout's view (only its parts
        drawn over since the last time scaled again)."""
        pg = self.pg
        hw, hh = self.layout.hdmi[2:]
        if (hw, hh) == (self.width, self.height):
            scaled = self.surface
        else:
            if self._scaled is None or self._scaled.get_size() != (hw, hh):
                self._scaled = pg.transform.smoothscale(self.surface, (hw, hh))
            elif self._stale is None:   # into the scaled copy it has (a new one is fresh memory to fault in)
                pg.transform.smoothscale(self.surface, (hw, hh), self._scaled)
            else:
                for r in self._stale:
                    scale_part(pg, self.surface, self._scaled, (r.x, r.y, r.w, r.h))
            scaled = self._scaled
        self._stale = []
        return scaled

    def _paint(self, panels: list) -> None:
        """The whole window laid out (again when its size or the panels'
        kinds changed) and painted, then flipped."""
        from firmware.ui.sim_window import paint_window, window_layout
        pg = self.pg
        window = pg.display.get_surface() or self.window
        self.window = window
        size = window.get_size()
        kinds = _kinds(panels)
        if self.layout is None or self.layout.size != size or getattr(self, "_kinds", None) != kinds:
            self.layout = window_layout(size, (self.width, self.height), panels, self.fonts.measure)
            self._kinds = kinds
            self._scaled = None
        self._last_panels = panels
        self.painted_captions = paint_window(pg, window, self.layout, self._scaled_view(), panels, self.fonts.font,
                                             self.notice, self.captions)
        pg.display.flip()

    def resized(self) -> None:
        """The window was resized (pygame-ce's ``VIDEORESIZE`` /
        ``WINDOWSIZECHANGED``; the display surface has its new size
        already): lay out again and repaint at once with the last panels."""
        if self.window is None or self.mode != "window":
            return
        self.layout = None
        self._paint(self._last_panels)

    def screenshot(self, path: str | os.PathLike) -> Path:
        """Save the current HDMI surface as PNG; returns the path."""
        p = Path(path)
        p.parent.mkdir(parents=True, exist_ok=True)
        self.pg.image.save(self.surface, str(p))
        return p

    def close(self) -> None:
        """Close the display and free the painter's cached surfaces
        (idempotent)."""
        self.painter.clear()
        if self.window is not None:
            self.pg.display.quit()
            self.window = None


def _kinds(panels: list) -> tuple:
    """What of the seats' panels the window's layout depends on: each
    one's caption, bot or not, keys, and tray (how many dice close up)."""
    return tuple((p.caption, p.is_bot, p.legend, None if p.tray is None else p.tray.dice) for p in panels)
