"""HDMI rendering with pygame-ce: draws a :class:`ScreenModel` through the
layout, full screen on a Pi (SDL's KMSDRM driver, no desktop), a window on a
desktop, or an off-screen surface when headless.  In the simulator the seats'
OLED frames are drawn in a column beside the HDMI view."""
from __future__ import annotations

import os
from pathlib import Path

from PIL import Image

from .kit import Scene
from .layout import TextBox, layout
from .model import ScreenModel

BG = (18, 20, 28)
FG = (235, 235, 235)
DIM = (160, 165, 180)
PANEL_BG = (32, 36, 50)
HILITE = (250, 200, 60)
BANNER = (200, 70, 60)

OLED_SCALE = 2
OLED_W, OLED_H = 128, 64
#: One emulated OLED in the simulator window: its label line + frame, px.
OLED_SLOT_W, OLED_SLOT_H = OLED_W * OLED_SCALE + 20, OLED_H * OLED_SCALE + 28
#: Room a desktop keeps for its panels and the window's title bar, px.
DESKTOP_MARGIN = (40, 100)


def oled_slots(count: int, height: int, left: int) -> list[tuple[int, int]]:
    """Top-left (x, y) of each emulated OLED beside the HDMI view: columns
    of as many as fit ``height`` px, starting at x = ``left``."""
    rows = max(1, (height - 10) // OLED_SLOT_H)
    return [(left + 10 + (i // rows) * OLED_SLOT_W, 10 + (i % rows) * OLED_SLOT_H) for i in range(count)]


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


class HdmiRenderer:
    """Draws screens at ``width`` x ``height`` px (800x480 .. 1920x1080).

    Args:
        width, height: HDMI size, px.
        mode: ``"headless"`` (off-screen surface, SDL dummy driver),
            ``"window"`` (desktop window; the simulator also shows OLEDs),
            ``"fullscreen"`` (KMSDRM on a Pi without a desktop).
        oled_count: emulated OLEDs to show beside the screen (window mode).
        display_probe: the machine as :mod:`firmware.display_probe` sees it
            (full-screen mode; default the real one, a fake in tests).

    Raises:
        RuntimeError: the display cannot be opened (message names SDL's
            video driver and the fix).
        firmware.display_probe.DisplayError: full screen on the wrong SDL
            driver, or no DRM device (a RuntimeError too).  With no screen
            connected, full-screen mode waits for one instead.
    """

    def __init__(self, width: int, height: int, mode: str = "headless", oled_count: int = 0,
                 display_probe: object = None) -> None:
        if not (800 <= width <= 1920 and 480 <= height <= 1080):
            raise ValueError(f"HDMI size {width}x{height} px is outside 800x480 .. 1920x1080")
        if mode == "headless":
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        import pygame  # imported here so engines/tests that never render skip SDL start-up
        self.pg = pygame
        pygame.font.init()
        self.width, self.height, self.mode = width, height, mode
        self.oled_count = oled_count if mode == "window" else 0
        self._fonts: dict[int, object] = {}
        self.boxes: list[TextBox] = []
        self.slots = oled_slots(self.oled_count, height, width)
        desk_w = max([width] + [x + OLED_SLOT_W - 10 for x, _ in self.slots])
        self.desk_size = (desk_w, height)
        self.desk = None
        try:
            if mode == "headless":
                self.window = None
            else:
                if mode == "fullscreen":  # driver check, wait for a screen (firmware.display_probe)
                    from ..display_probe import start_fullscreen_video
                    start_fullscreen_video(display_probe)
                else:
                    pygame.display.init()
                flags = pygame.FULLSCREEN if mode == "fullscreen" else 0
                size = (width, height)
                if mode == "window":
                    # the simulator: HDMI view + OLED columns, scaled to fit the desktop
                    sizes = pygame.display.get_desktop_sizes() if hasattr(pygame.display, "get_desktop_sizes") \
                        else []
                    size = fit_window(self.desk_size, tuple(sizes[0]) if sizes else None)
                    if size != self.desk_size:
                        self.desk = pygame.Surface(self.desk_size)
                self.window = pygame.display.set_mode(size, flags)
                pygame.display.set_caption("cabinet (simulated)" if mode == "window" else "cabinet")
                pygame.mouse.set_visible(mode != "fullscreen")
        except pygame.error as exc:
            driver = os.environ.get("SDL_VIDEODRIVER", "default")
            raise RuntimeError(f"cannot open the HDMI display (SDL video driver {driver}): {exc}; "
                               "on a Pi without a desktop set SDL_VIDEODRIVER=kmsdrm and run on a "
                               "console (see docs/troubleshooting.md)") from exc
        self.surface = pygame.Surface((width, height))
        from .paint import Fonts, Painter
        self.fonts = Fonts()
        self.painter = Painter(self.fonts)

    @property
    def animating(self) -> bool:
        """True while a change is still animating (keep redrawing)."""
        return self.painter.animating

    def scene_measure(self, text: str, size: int) -> tuple[int, int]:
        """Width and line height in px of ``text`` at ``size`` px (em) in
        the drawn screens' font."""
        return self.fonts.measure(text, size)

    def font(self, size: int):
        f = self._fonts.get(size)
        if f is None:
            f = self.pg.font.Font(None, max(8, int(size * 1.3)))
            self._fonts[size] = f
        return f

    def measure(self, text: str, size: int) -> tuple[int, int]:
        """Rendered text size in px at font size ``size`` px."""
        return self.font(size).size(text)

    def draw(self, model: "ScreenModel | Scene", now_ms: float | None = None) -> list[TextBox]:
        """Render ``model`` onto the off-screen surface; return the text
        boxes placed (for layout tests; none for a drawn :class:`Scene`).
        ``now_ms`` (monotonic, ms) animates a scene's changes."""
        if isinstance(model, Scene):
            self.painter.draw(self.surface, model, now_ms)
            self.boxes = []
            return []
        pg = self.pg
        s = self.surface
        self.painter.forget_frame()   # the next scene cannot repaint only what changed over this
        s.fill(BG)
        self.boxes = layout(model, self.width, self.height, self.measure)
        for b in self.boxes:
            if b.role == "panel":
                pg.draw.rect(s, PANEL_BG, (b.rect.x, b.rect.y, b.rect.w, b.rect.h), border_radius=8)
        for b in self.boxes:
            if b.role == "panel":
                continue
            colour = {"title": FG, "status": DIM, "panel-title": HILITE, "banner": FG}.get(b.role, FG)
            if b.role == "banner":
                pg.draw.rect(s, BANNER, (b.rect.x, b.rect.y, b.rect.w, b.rect.h), border_radius=6)
            if b.highlight:
                pg.draw.rect(s, (70, 60, 20), (b.rect.x - 3, b.rect.y, b.rect.w + 6, b.rect.h), border_radius=4)
                colour = HILITE
            img = self.font(b.size).render(b.text, True, colour)
            y = b.rect.y + max(0, (b.rect.h - img.get_height()) // 2)
            x = b.rect.x + max(0, (b.rect.w - img.get_width()) // 2) if b.role == "banner" else b.rect.x
            s.blit(img, (x, y), area=pg.Rect(0, 0, b.rect.w, b.rect.h))
        return self.boxes

    def present(self, oled_images: list[Image.Image] | None = None, labels: list[str] | None = None) -> None:
        """Show the surface on the display (no-op when headless); in the
        simulator window, draw the seats' OLED frames beside it."""
        if self.window is None:
            return
        pg = self.pg
        target = self.desk if self.desk is not None else self.window
        target.fill((0, 0, 0))
        target.blit(self.surface, (0, 0))
        for i, img in enumerate((oled_images or [])[: self.oled_count]):
            x, y = self.slots[i]
            rgb = img.convert("RGB").resize((OLED_W * OLED_SCALE, OLED_H * OLED_SCALE), Image.NEAREST)
            surf = pg.image.frombytes(rgb.tobytes(), rgb.size, "RGB")
            target.blit(surf, (x, y + 16))
            label = (labels or [])[i] if labels and i < len(labels) else f"seat {i + 1}"
            target.blit(self.font(12).render(label, True, DIM), (x, y))
        if self.desk is not None:       # scaled to fit the desktop
            pg.transform.smoothscale(self.desk, self.window.get_size(), self.window)
        pg.display.flip()

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
