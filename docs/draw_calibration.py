"""Draw the calibration pictures of docs/build-guide.md (what the operator
should see at each step):

* ``calibration-1-mount.png``  side view: camera height, lens, field of view
  over the dice trays, die size in px (numbers from :func:`field_mm`).
* ``calibration-2-framing.png`` four camera frames: good, too high, tilted,
  lamp glare.
* ``calibration-3-trays.png``   the tray polygons of ``[[vision.trays]]``
  with their corner coordinates, and the TOML to write.
* ``calibration-4-check.png``   the real dice reader's annotated output on
  the good frame (what ``cabinet dice read --annotate`` writes).

Frames are synthetic (:func:`vision.synth.render_frame`), read by the real
reader (:meth:`vision.reader.DiceReader.read_dice`, :func:`vision.annotate.annotate`).
Run: ``.venv/bin/python docs/draw_calibration.py``.
"""
from __future__ import annotations

import math
import sys
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from vision.annotate import annotate  # noqa: E402
from vision.reader import DiceReader  # noqa: E402
from vision.synth import DieSpec, render_frame  # noqa: E402

OUT = Path(__file__).resolve().parent
W, H = 640, 480  # camera frame, px (config [camera] width/height)
SEAT_COLOURS = ["#d62728", "#1f77b4", "#2ca02c", "#9467bd"]
#: tray rectangles in the good frame, px (x0, y0, x1, y1), seats 1..4
TRAYS = [(22, 22, 308, 228), (332, 22, 618, 228), (22, 252, 308, 458), (332, 252, 618, 458)]
#: (value, colour, x, y, angle) of the dice in the good frame
DICE = [(3, "red", 90, 110, 10), (5, "red", 200, 170, 33), (6, "blue", 420, 90, -15), (2, "blue", 540, 170, 20),
        (1, "yellow", 110, 330, 5), (4, "yellow", 230, 400, 40), (6, "white", 400, 320, -25), (2, "green", 540, 400, 12)]
DIE_PX = 36

#: lenses: name -> (horizontal, vertical) field of view in degrees at 4:3 640x480
LENSES = {
    "Camera Module 2 (3.04 mm, 4:3 sensor)": (62.2, 48.8),
    "Camera Module 3 (4.74 mm; 4:3 crop of the 16:9 sensor)": (2 * math.degrees(math.atan(math.tan(math.radians(33)) * 0.75)), 41.0),
}


def field_mm(height_mm: float, fov_deg: tuple[float, float]) -> tuple[float, float]:
    """Width and height (mm) of the area seen from ``height_mm`` above the
    tray floor with a (horizontal, vertical) field of view in degrees."""
    return tuple(2 * height_mm * math.tan(math.radians(a / 2)) for a in fov_deg)  # type: ignore[return-value]


def font(size: int) -> ImageFont.ImageFont:
    try:
        return ImageFont.load_default(size=size)
    except TypeError:  # Pillow without FreeType
        return ImageFont.load_default()


def to_pil(bgr: np.ndarray) -> Image.Image:
    return Image.fromarray(cv2.cvtColor(bgr, cv2.COLOR_BGR2RGB))


def tray_frame(scale: float = 1.0, glare: bool = False) -> np.ndarray:
    """The 4-tray scene as the camera sees it; ``scale`` < 1 = camera too
    high (everything shrinks towards the centre)."""
    def s(x: float, y: float) -> tuple[float, float]:
        return (W / 2 + (x - W / 2) * scale, H / 2 + (y - H / 2) * scale)

    specs = [DieSpec(v, c, s(x, y), a, DIE_PX * scale, glare=glare and i in (2, 6)) for i, (v, c, x, y, a) in enumerate(DICE)]
    frame = render_frame((W, H), specs, seed=3)
    for x0, y0, x1, y1 in TRAYS:
        p0 = tuple(int(round(v)) for v in s(x0, y0))
        p1 = tuple(int(round(v)) for v in s(x1, y1))
        cv2.rectangle(frame, p0, p1, (60, 55, 50), max(2, int(8 * scale)))
    if glare:
        overlay = frame.copy()
        cv2.ellipse(overlay, (470, 130), (120, 70), -20, 0, 360, (255, 255, 255), -1)
        frame = cv2.addWeighted(overlay, 0.45, frame, 0.55, 0)
    return frame


def tilted(frame: np.ndarray) -> np.ndarray:
    """The frame as a camera tilted ~20 degrees off vertical sees it."""
    src = np.float32([[0, 0], [W, 0], [W, H], [0, H]])
    dst = np.float32([[90, 40], [W - 90, 40], [W, H], [0, H]])
    m = cv2.getPerspectiveTransform(src, dst)
    return cv2.warpPerspective(frame, m, (W, H), borderValue=(30, 30, 30))


def caption_panel(img: Image.Image, title: str, lines: list[str], colour: str) -> Image.Image:
    pw, ph = img.size
    out = Image.new("RGB", (pw, ph + 50 + 20 * len(lines)), "white")
    out.paste(img, (0, 34))
    d = ImageDraw.Draw(out)
    d.text((4, 6), title, fill=colour, font=font(20))
    for i, ln in enumerate(lines):
        d.text((4, ph + 40 + 20 * i), ln, fill="#222222", font=font(15))
    return out


def draw_mount() -> Image.Image:
    """Side view: camera straight down over the trays, with the numbers."""
    img = Image.new("RGB", (1200, 700), "white")
    d = ImageDraw.Draw(img)
    d.text((30, 20), "Camera mount: straight down over the dice trays (side view)", fill="black", font=font(28))
    table_y, cam_x, cam_y = 580, 470, 170
    px_per_mm = (table_y - cam_y) / 250.0
    half_w = 0.5 * field_mm(250, LENSES["Camera Module 2 (3.04 mm, 4:3 sensor)"])[0] * px_per_mm
    d.rectangle((60, table_y, 780, table_y + 24), fill="#b08a5a")                      # table top
    d.text((70, table_y + 30), "table / tray floor", fill="#6b4f2a", font=font(16))
    for x0 in (cam_x - half_w + 6, cam_x + 6):                                          # two trays in section
        d.rectangle((x0, table_y - 33, x0 + half_w - 12, table_y), outline="#3c3732", width=5)  # 20 mm walls
    mm = px_per_mm
    for dx in (-150, -70, 40, 120):
        d.rectangle((cam_x + dx, table_y - 16 * mm, cam_x + dx + 16 * mm, table_y - 3), fill="#c83232")  # 16 mm dice
    d.line((cam_x, 80, cam_x, cam_y - 20), fill="#555555", width=8)                      # arm
    d.line((cam_x, 80, 790, 80), fill="#555555", width=8)
    d.text((640, 88), "rigid arm / lid", fill="#555555", font=font(16))
    d.rectangle((cam_x - 28, cam_y - 24, cam_x + 28, cam_y), fill="#2a6f2a")             # camera board
    d.rectangle((cam_x - 8, cam_y, cam_x + 8, cam_y + 8), fill="black")                  # lens
    for sx in (-1, 1):
        d.line((cam_x, cam_y + 8, cam_x + sx * half_w, table_y - 1), fill="#1f77b4", width=2)
    d.text((cam_x + 40, cam_y - 26), "Camera Module 2 / 3, lens down,\nsensor parallel to the table", fill="#1f5f1f",
           font=font(16))
    ax = cam_x - half_w - 40                                                              # height arrow
    d.line((ax, cam_y + 8, ax, table_y), fill="black", width=2)
    for y, sgn in ((cam_y + 8, 1), (table_y, -1)):
        d.polygon([(ax, y), (ax - 7, y + sgn * 14), (ax + 7, y + sgn * 14)], fill="black")
    d.text((ax + 10, (cam_y + table_y) / 2 - 30), "250 mm lens to\ntray floor (v2)\n310 mm (v3)", fill="black",
           font=font(17))
    d.line((cam_x - half_w, table_y + 60, cam_x + half_w, table_y + 60), fill="#1f77b4", width=2)
    d.text((cam_x - 110, table_y + 66), "field width ~300 mm = 640 px", fill="#1f77b4", font=font(17))
    x = 830
    d.text((x, 90), "Aim for", fill="black", font=font(22))
    rows = ["- all 4 trays inside the 640 x 480 frame", "  with a 10-20 px margin",
            "- a 16 mm die 30-50 px across", "  (the reader needs >= 16 px)",
            "- camera square to the table: trays", "  look like rectangles, not trapezoids",
            "- diffuse light from 2 sides, no lamp", "  reflected in the tray floor"]
    for i, r in enumerate(rows):
        d.text((x, 130 + 24 * i), r, fill="#222222", font=font(16))
    d.text((x, 340), "Height -> field (mm) -> 16 mm die (px)", fill="black", font=font(18))
    y = 370
    for name, fov in LENSES.items():
        d.text((x, y), name.split(" (")[0], fill="#1f5f1f", font=font(16))
        y += 22
        for h in (200, 250, 300, 350):
            fw, fh = field_mm(h, fov)
            d.text((x + 10, y), f"{h} mm: {fw:.0f} x {fh:.0f} mm, die {16 * W / fw:.0f} px", fill="#222222",
                   font=font(15))
            y += 20
        y += 10
    return img


def draw_framing(good: np.ndarray) -> Image.Image:
    panels = [
        caption_panel(to_pil(good).resize((480, 360)), "Good", ["trays fill the frame, square on,",
                                                                 "dice ~36 px, even light"], "#2ca02c"),
        caption_panel(to_pil(tray_frame(scale=0.45)).resize((480, 360)), "Too high",
                      ["dice ~16 px: pips merge; lower the", "camera or use a longer lens"], "#d62728"),
        caption_panel(to_pil(tilted(good)).resize((480, 360)), "Tilted",
                      ["trays are trapezoids, far dice small:", "aim the camera straight down"], "#d62728"),
        caption_panel(to_pil(tray_frame(glare=True)).resize((480, 360)), "Lamp glare",
                      ["a bright patch hides pips: move the", "lamp or diffuse it (matte tray floor)"], "#d62728"),
    ]
    pw, ph = panels[0].size
    img = Image.new("RGB", (2 * pw + 60, 2 * ph + 80), "white")
    ImageDraw.Draw(img).text((20, 14), "Camera framing: what the 640 x 480 frame should look like",
                              fill="black", font=font(26))
    for i, p in enumerate(panels):
        img.paste(p, (20 + (i % 2) * (pw + 20), 60 + (i // 2) * (ph + 10)))
    return img


def draw_trays(good: np.ndarray) -> Image.Image:
    frame = to_pil(good)
    img = Image.new("RGB", (W + 560, H + 120), "white")
    d = ImageDraw.Draw(img)
    d.text((20, 14), "Tray zones: one [[vision.trays]] polygon per seat, in frame pixels", fill="black", font=font(26))
    img.paste(frame, (20, 60))
    toml = ["# /etc/cabinet/cabinet.toml", ""]
    for seat, (x0, y0, x1, y1) in enumerate(TRAYS):
        c = SEAT_COLOURS[seat]
        pts = [(x0 + 6, y0 + 6), (x1 - 6, y0 + 6), (x1 - 6, y1 - 6), (x0 + 6, y1 - 6)]
        d.polygon([(20 + x, 60 + y) for x, y in pts], outline=c, width=3)
        d.text((20 + (x0 + x1) / 2 - 28, 60 + y0 + 12), f"seat {seat + 1}", fill=c, font=font(20))
        for x, y in pts:
            d.ellipse((20 + x - 4, 60 + y - 4, 20 + x + 4, 60 + y + 4), fill=c)
        for (x, y), (dx, dy) in ((pts[0], (8, 6)), (pts[2], (-82, -26))):
            box = (20 + x + dx - 2, 60 + y + dy - 1, 20 + x + dx + 74, 60 + y + dy + 19)
            d.rectangle(box, fill="white")
            d.text((20 + x + dx, 60 + y + dy), f"({x}, {y})", fill=c, font=font(15))
        toml += ["[[vision.trays]]", f"seat = {seat}   # seat {seat + 1} (0-based)",
                 "polygon = [" + ", ".join(f"[{x}, {y}]" for x, y in pts) + "]", ""]
    for i, ln in enumerate(toml):
        d.text((W + 45, 66 + 19 * i), ln, fill="#222222", font=font(14))
    d.text((20, H + 70), "Inner edge of each tray; a die counts for the tray containing its centre. "
           "Corner coordinates: open the captured frame in any image viewer that shows the cursor position.",
           fill="#444444", font=font(15))
    return img


def draw_check(good: np.ndarray) -> Image.Image:
    dice = DiceReader().read_dice(good)  # the reader as shipped
    ann = to_pil(annotate(good, dice)).resize((W * 3 // 2, H * 3 // 2), Image.NEAREST)
    lines = [f"$ cabinet dice read tray.jpg --annotate check/", f"tray.jpg: {len(dice)} dice ["
             + " ".join(str(x.value) if x.value is not None else "?" for x in dice) + "]"]
    for x in dice:
        lines.append(f"  {x.value if x.value is not None else '?'} {x.colour:<6} at ({x.center[0]:.0f}, "
                     f"{x.center[1]:.0f}) confidence {x.confidence:.2f}")
    img = Image.new("RGB", (ann.width + 40, ann.height + 100 + 20 * len(lines)), "white")
    d = ImageDraw.Draw(img)
    d.text((20, 14), "Check: every die boxed with its value and colour (check/tray.jpg.annotated.png)", fill="black", font=font(26))
    img.paste(ann, (20, 56))
    y = ann.height + 70
    for ln in lines:
        d.text((20, y), ln, fill="#222222", font=font(16))
        y += 20
    d.text((20, y + 6), "A magenta box with '?' = a die the reader cannot read (never guessed, ruling CAB-5): "
           "fix light/focus/height until none appear.", fill="#aa00aa", font=font(15))
    return img


def save(img: Image.Image, name: str) -> None:
    """PNG with a 128-colour palette (the sensor noise makes true colour big)."""
    img.quantize(128, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(OUT / name, optimize=True)


def main() -> None:
    good = tray_frame()
    save(draw_mount(), "calibration-1-mount.png")
    save(draw_framing(good), "calibration-2-framing.png")
    save(draw_trays(good), "calibration-3-trays.png")
    save(draw_check(good), "calibration-4-check.png")
    print("wrote", ", ".join(f"calibration-{i}-*.png" for i in range(1, 5)), "in", OUT)


if __name__ == "__main__":
    main()
