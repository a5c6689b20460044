"""A person's simulated tray in the simulator's window (PT34): its
overview, the dice as they lie (:func:`paint_tray`), and under it each die
close up (PT36: "each die is about 20 px on a 1920-wide screen"), in the
order the seat's OLED lists the reading when that is known, else left to
right, the words over them saying which (:func:`paint_closeups`).  The
room they take in a seat's panel is laid out here (:func:`tray_shapes`,
:func:`tray_block_h`, :func:`tray_rects`); :mod:`firmware.ui.sim_window`
places the panels."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from PIL import Image

from firmware.ui.palette import DIM

#: a simulated tray's picture, height / width (a tray cell of the simulated table is about 464 x 254 px)
TRAY_ASPECT = 0.55
#: the words over a seat's simulated tray (fit a 288 px column at 32 px: "your dice in the tray" ran into the next
#: column with four seats), and the gap px between them and it (PT35: their descenders were cut)
TRAY_WORDS = "dice in your tray"
#: ... while the seat's OLED checks the common dice (Ginza's purple dice, ruling CAB-6; PT52: the panel showed
#: the seat's own dice while it checked the common ones)
COMMON_TRAY_WORDS = "the common dice"
TRAY_GAP = 6
#: the words over the close-ups: in the order the seat's OLED lists the reading, or left to right
#: (longest first: the first that fits the panel; "in the order listed a..." was cut with two people)
ORDER_WORDS = ("in the order listed above", "as listed above")
LEFT_RIGHT_WORDS = ("left to right",)
#: ... in the order of a reading the game took, its OLED no longer listing it as it was checked (PT53: "in the
#: order listed above" stood under Ginza's action menu; Retrograde's OLED keeps the dice row in this order)
TAKEN_WORDS = ("in the order they were read", "in the order read")
#: a close-up's side, px: wanted (a die in it about 50 px: pips counted at a glance), at most; the gap between two
CLOSEUP_WANT = 56
CLOSEUP_MAX = 96
#: the smallest close-up worth its room, px (a die lies about 30 px large in a 384 px wide overview)
CLOSEUP_LEAST = 40
CLOSEUP_GAP = 4
#: the overview's height (a share of the full one) the layout tries, largest first
OVERVIEW_SHARES = (1.0, 0.6, 0.4)
#: close-up rows tried at most, and how much larger a close-up must grow to be worth one more row
MAX_ROWS = 3
ROW_GAIN = 1.2


@dataclass(frozen=True, eq=False)
class TrayLook:
    """What a person's tray shows: ``overview`` (RGB, the tray around its
    dice), ``closeups`` (RGB, each die cut out, any size: drawn square),
    ``in_order`` (True: in the order the seat's OLED lists its reading;
    False: left to right; ``taken``: in the order of a reading the game
    took, no longer listed as checked), ``dice`` (how many dice the panel keeps room
    for: the seat's throw; 0: no close-ups), ``title`` (the words over
    it: :data:`TRAY_WORDS`, or :data:`COMMON_TRAY_WORDS` while the seat
    checks the common dice).  Equal only to itself (the session hands the
    same one while nothing changed)."""
    overview: Image.Image
    closeups: tuple[Image.Image, ...] = ()
    in_order: bool = False
    dice: int = 0
    title: str = TRAY_WORDS
    taken: bool = False


class TrayShape(NamedTuple):
    """How a tray's block is laid out: ``rows`` of close-ups (0: none),
    each ``tile`` px square, the overview at ``share`` of its full height."""
    rows: int
    tile: int
    share: float


def overview_h(inner: int, share: float = 1.0) -> int:
    """Height px of a tray's overview in a column ``inner`` px wide."""
    return int(inner * TRAY_ASPECT * share)


def _per_row(dice: int, rows: int) -> int:
    return -(-dice // max(1, rows))


def tray_shapes(dice: int, inner: int) -> list[TrayShape]:
    """The shapes of a tray block for ``dice`` close-ups in a column
    ``inner`` px wide, the best first: the largest close-ups (up to
    :data:`CLOSEUP_MAX`; one more row only for :data:`ROW_GAIN` larger) of
    at least :data:`CLOSEUP_WANT` px with the whole
    overview, then with a smaller overview; then one row as large as the
    width allows (:data:`CLOSEUP_LEAST` px or more), the overview smaller
    and smaller; last (and with no dice) the overview alone, as large as
    ever (a small window: close-ups no larger than the overview's dice
    would only take its room)."""
    if dice <= 0:
        return [TrayShape(0, 0, 1.0)]
    fits: list[tuple[int, int]] = []
    for rows in range(1, min(dice, MAX_ROWS) + 1):
        per = _per_row(dice, rows)
        tile = min(CLOSEUP_MAX, (inner - (per - 1) * CLOSEUP_GAP) // per)
        if not fits or tile >= fits[-1][1] * ROW_GAIN:
            fits.append((rows, tile))
    good = sorted((f for f in fits if f[1] >= CLOSEUP_WANT), key=lambda f: -f[1])
    wanted = [(rows, CLOSEUP_WANT) for rows, tile in good if tile > CLOSEUP_WANT]
    out = [TrayShape(r, t, s) for s in OVERVIEW_SHARES for r, t in good + sorted(wanted)]
    if fits[0][1] >= CLOSEUP_LEAST:
        out += [TrayShape(fits[0][0], fits[0][1], s) for s in OVERVIEW_SHARES]
    return list(dict.fromkeys(out + [TrayShape(0, 0, 1.0)]))


def tray_block_h(inner: int, line_h: int, shape: TrayShape) -> int:
    """Height px of a tray's block in a panel: its words, its overview
    and, under it, the close-ups' words and rows."""
    h = line_h + TRAY_GAP + overview_h(inner, shape.share) + 4
    if shape.rows:      # (the close-ups' words right under the overview: their line's leading parts them)
        h += line_h + TRAY_GAP + shape.rows * shape.tile + (shape.rows - 1) * CLOSEUP_GAP
    return h


def tray_rects(x: int, top: int, inner: int, line_h: int, shape: TrayShape,
               dice: int) -> tuple[tuple[int, int, int, int], tuple[int, int, int, int] | None,
                                   tuple[tuple[int, int, int, int], ...]]:
    """Where a tray's block starting at ``top`` (its words' line) in a
    column at ``x``, ``inner`` px wide, is drawn: the overview (x, y, w,
    h; its words above it), the close-ups' area (x, y, w, h, their words
    above it; None: no close-ups) and each close-up's square, rows
    centred."""
    view = (x, top + line_h + TRAY_GAP, inner, overview_h(inner, shape.share))
    if not shape.rows or dice <= 0:
        return view, None, ()
    y0 = view[1] + view[3] + line_h + TRAY_GAP
    area = (x, y0, inner, shape.rows * shape.tile + (shape.rows - 1) * CLOSEUP_GAP)
    per = _per_row(dice, shape.rows)
    tiles = []
    for i in range(dice):
        row, col = divmod(i, per)
        n = min(per, dice - row * per)
        left = x + (inner - n * shape.tile - (n - 1) * CLOSEUP_GAP) // 2
        tiles.append((left + col * (shape.tile + CLOSEUP_GAP), y0 + row * (shape.tile + CLOSEUP_GAP),
                      shape.tile, shape.tile))
    return view, area, tuple(tiles)


def paint_tray(pg: Any, target: Any, rect: tuple[int, int, int, int], tray: Image.Image, f: Any,
               title: str = TRAY_WORDS) -> None:
    """A seat's simulated tray (``tray``, RGB) scaled into ``rect`` (aspect
    kept, centred) under the words ``title`` (:data:`TRAY_WORDS`, or
    :data:`COMMON_TRAY_WORDS`), with a thin frame."""
    x, y, w, h = rect
    target.blit(fitted_words(pg, f, title, w), (x, y - TRAY_GAP - f.size("Ag")[1]))
    k = min(w / tray.width, h / tray.height)
    tw, th = max(1, int(tray.width * k)), max(1, int(tray.height * k))
    img = tray.convert("RGB").resize((tw, th), Image.BILINEAR)
    tx, ty = x + (w - tw) // 2, y + (h - th) // 2
    target.blit(pg.image.frombytes(img.tobytes(), img.size, "RGB"), (tx, ty))
    pg.draw.rect(target, DIM, (tx - 1, ty - 1, tw + 2, th + 2), 1)


def fitted_words(pg: Any, f: Any, text: str, width: int) -> Any:
    """``text`` drawn by ``f`` (a pygame font) in the panel's dim colour,
    shrunk (aspect kept) to ``width`` px where it is wider (PT56: "dice in
    your tray" and "in the order read" ran past a narrow column's edge at
    --size 800x480)."""
    words = f.render(text, True, DIM)
    tw, th = words.get_size()
    if tw <= width or width <= 0:
        return words
    return pg.transform.smoothscale(words, (width, max(1, th * width // tw)))


def closeup_words(f: Any, in_order: bool, width: int, taken: bool = False) -> str:
    """The words over the close-ups (:data:`TAKEN_WORDS` when ``taken``,
    :data:`ORDER_WORDS` when ``in_order``, else :data:`LEFT_RIGHT_WORDS`):
    the longest that ``f`` (a pygame font) draws within ``width`` px, else
    the shortest."""
    options = TAKEN_WORDS if taken else ORDER_WORDS if in_order else LEFT_RIGHT_WORDS
    return next((t for t in options if f.size(t)[0] <= width), options[-1])


def paint_closeups(pg: Any, target: Any, area: tuple[int, int, int, int],
                   tiles: tuple[tuple[int, int, int, int], ...], look: TrayLook, f: Any) -> None:
    """The close-ups of ``look`` each scaled into its square of ``tiles``
    (x, y, w, h px), framed, under the words saying their order
    (:data:`ORDER_WORDS` or :data:`LEFT_RIGHT_WORDS`) over ``area``;
    nothing while there are none (the dice tumble)."""
    if not look.closeups:
        return
    words = fitted_words(pg, f, closeup_words(f, look.in_order, area[2], look.taken), area[2])
    target.blit(words, (area[0], area[1] - TRAY_GAP - f.size("Ag")[1]))
    for img, (x, y, w, h) in zip(look.closeups, tiles):
        tile = img.convert("RGB").resize((w, h), Image.BILINEAR)
        target.blit(pg.image.frombytes(tile.tobytes(), tile.size, "RGB"), (x, y))
        pg.draw.rect(target, DIM, (x - 1, y - 1, w + 2, h + 2), 1)
