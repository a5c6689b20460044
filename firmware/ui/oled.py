"""Seat OLED views: a seat's private state and prompts as a 128 x 64
1-bit image (PIL mode "1"), for luma devices (real or ``dummy``)."""
from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

OLED_SIZE = (128, 64)
_FONT = None


def _font():
    global _FONT
    if _FONT is None:
        _FONT = ImageFont.load_default()
    return _FONT


def oled_image(lines: list[str], invert_first: bool = False) -> Image.Image:
    """Render up to 5 text lines into a 128 x 64 mode-"1" image.

    Args:
        lines: text lines (about 21 characters fit a line).
        invert_first: draw the first line inverted (a prompt header).
    """
    img = Image.new("1", OLED_SIZE, 0)
    d = ImageDraw.Draw(img)
    font = _font()
    for i, text in enumerate(lines[:5]):
        y = i * 12 + 1
        if i == 0 and invert_first:
            d.rectangle((0, 0, OLED_SIZE[0] - 1, 11), fill=1)
            d.text((2, y), text[:21], font=font, fill=0)
        else:
            d.text((2, y), text[:21], font=font, fill=1)
    return img


def wrap(text: str, width: int = 21, max_lines: int | None = 2) -> list[str]:
    """Word-wrap ``text`` into OLED lines of at most ``width`` characters
    (a longer word is split); at most ``max_lines`` lines (None: all)."""
    words, lines, cur = text.split(), [], ""
    for w in words:
        while len(w) > width:
            if cur:
                lines.append(cur)
                cur = ""
            lines.append(w[:width])
            w = w[width:]
        if cur and len(cur) + 1 + len(w) > width:
            lines.append(cur)
            cur = w
        else:
            cur = f"{cur} {w}" if cur else w
    if cur:
        lines.append(cur)
    return lines if max_lines is None else lines[:max_lines]
