"""A dice check shows each die's value as a numeral on the seat's OLED
(issue 34, play-test PT13: the seat read 2, 4, 5 on the 16 px pips as
2, 2, 3 and let the 4 s check run out): each die's box holds the digit
drawn in the OLED's 14 px font, not pips."""
from __future__ import annotations

from PIL import Image, ImageChops, ImageDraw

from firmware.screens.readings import oled_frame
from firmware.ui.oled import oled_font


def _digit_pixels(value: int, w: int, h: int) -> int:
    """Dark pixels of ``value``'s numeral at 14 px on a white ``w`` x ``h`` box."""
    im = Image.new("1", (w, h), 1)
    ImageDraw.Draw(im).text((0, 0), str(value), font=oled_font(14), fill=0)
    return sum(1 for p in im.getdata() if p == 0)


def test_the_check_draws_each_die_as_its_digit():
    values = [2, 4, 5]
    frame = oled_frame(0, 0, {"state": "check", "values": values, "window_ms": 4000, "left_ms": 3000})
    boxes = [b for name, b in frame.boxes if name.startswith("die ")]
    assert len(boxes) == 3
    for v, (x0, y0, x1, y1) in zip(values, boxes):
        crop = frame.image.crop((x0 + 2, y0 + 1, x1 - 1, y1)).convert("1")
        ink = sum(1 for p in crop.getdata() if p == 0)
        # a numeral's strokes (not 2-5 square pips of 2 px): as much ink as the digit itself, +-25 %
        want = _digit_pixels(v, crop.width, crop.height)
        assert abs(ink - want) <= want // 4, (v, ink, want)
    a = oled_frame(0, 0, {"state": "check", "values": [2, 4, 5], "window_ms": 4000, "left_ms": 3000}).image
    b = oled_frame(0, 0, {"state": "check", "values": [2, 2, 3], "window_ms": 4000, "left_ms": 3000}).image
    assert ImageChops.difference(a.convert("L"), b.convert("L")).getbbox() is not None
