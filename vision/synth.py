"""Synthetic tray frames for the simulated camera and the tests.

(a) :func:`render_frame` draws dice itself: any value, body and pip colour,
position, rotation and size, optionally with a visible side face (a die
seen off-axis), a glare spot and sensor noise.
(b) :func:`compose_from_dataset` pastes real labelled die crops from a set
folder laid out like ``../shared/dice/nell-byler-dev`` onto a tray
background; the photos are read at run time and never copied.
"""
from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from vision.dataset import correct_labels, list_images, load_errata, load_labels
from vision.die import VisionInputError

#: body, pip BGR of named die colours
PALETTE: dict[str, tuple[tuple[int, int, int], tuple[int, int, int]]] = {
    "red": ((40, 30, 200), (245, 245, 245)),
    "blue": ((190, 90, 20), (245, 245, 245)),
    "yellow": ((30, 215, 235), (20, 20, 20)),
    "green": ((60, 160, 30), (40, 230, 240)),
    "purple": ((140, 40, 110), (245, 245, 245)),
    "white": ((235, 235, 235), (25, 25, 25)),
    "black": ((30, 30, 30), (40, 40, 220)),
}
TABLE_BGR = (165, 170, 172)

_C = [(-1, -1), (1, -1), (-1, 1), (1, 1)]
#: pip positions of the six faces on a 3 x 3 grid (x, y in -1, 0, 1)
PIP_GRID: dict[int, list[tuple[int, int]]] = {
    1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)], 4: _C, 5: _C + [(0, 0)],
    6: _C + [(-1, 0), (1, 0)],
}


@dataclass(frozen=True)
class DieSpec:
    """One die to draw: value 1..6, colour (a :data:`PALETTE` name), centre
    (x, y) px, rotation deg, side px (top face), ``side_face``: how much of
    a side face shows (0 = none, 0.3 = a strip 30 % of the side), glare.
    ``body`` / ``pip``: BGR colours that replace the palette's (a die of no
    palette colour); ``marble`` 0..1: swirls of a second colour through the
    body (marbled and pearl dice); ``blur``: defocus of the die, Gaussian
    sigma in px of the frame.  ``side_dir``: where the camera sees the die
    from, as the direction in the frame (degrees, 90 = down the frame) its
    side faces show toward; given, ``side_face`` is the depth of a solid die
    seen at a slant (one or two side faces with their own pips, each face
    its own shade), not a strip turning with the die.  ``logo``: a one's
    pip drawn as a maker's emblem (a ring with a dot, larger than a pip).
    ``translucent`` 0..1: a die of tinted glass or resin (smoke, dark red):
    that share of the table shows through its body, and the pips of the
    face beneath (the opposite value, mirrored and shifted by the
    thickness) show faintly through the top.  ``swirl``: the BGR colour of
    the marbling's swirls (gold swirls on a dark die; default a lighter
    shade of the body)."""

    value: int
    colour: str = "red"
    center: tuple[float, float] = (100.0, 100.0)
    angle: float = 0.0
    side: float = 40.0
    side_face: float = 0.0
    glare: bool = False
    body: tuple[int, int, int] | None = None
    pip: tuple[int, int, int] | None = None
    marble: float = 0.0
    blur: float = 0.0
    side_dir: float | None = None
    logo: bool = False
    translucent: float = 0.0
    swirl: tuple[int, int, int] | None = None


def _pip_points(value: int) -> list[tuple[int, int]]:
    return sorted(PIP_GRID[value])


def render_frame(size: tuple[int, int], dice: list[DieSpec], *, table=TABLE_BGR, noise: float = 3.0,
                 seed: int = 0) -> np.ndarray:
    """A (width, height) px BGR uint8 frame of a table with ``dice`` drawn
    from above.  Side faces (``side_face`` > 0) are drawn below the top face
    in a darker shade with foreshortened pips of another value, as a camera
    sees a die off-axis.  Raises :class:`VisionInputError` for a value out
    of 1..6 or an unknown colour."""
    w, h = size
    rng = np.random.default_rng(seed)
    img = np.zeros((h, w, 3), np.float32)
    img[:] = table
    # faint table texture
    img += rng.normal(0, 2.0, (h, w, 1)).astype(np.float32)
    ss = 4  # supersampling for anti-aliased edges
    for d in dice:
        if not 1 <= d.value <= 6:
            raise VisionInputError(f"die value must be 1..6, got {d.value}")
        if d.colour not in PALETTE and (d.body is None or d.pip is None):
            raise VisionInputError(f"unknown die colour {d.colour!r}; choose from {sorted(PALETTE)}"
                                   " or give body and pip BGR")
        named = PALETTE.get(d.colour, (None, None))
        body, pip = d.body or named[0], d.pip or named[1]
        pad = int(d.side * 1.2)
        S = 2 * pad * ss
        patch = np.zeros((S, S, 3), np.uint8)
        alpha = np.zeros((S, S), np.uint8)
        c = S / 2
        half = d.side / 2 * ss
        # shadow
        cv2.rectangle(alpha, (int(c - half + 2 * ss), int(c - half + 3 * ss)),
                      (int(c + half + 2 * ss), int(c + half + 3 * ss)), 90, -1)
        patch[alpha > 0] = (60, 60, 60)
        if d.side_face > 0 and d.side_dir is not None:
            _draw_side_faces(patch, alpha, d, c, half, ss, body, pip)
        elif d.side_face > 0:
            sh = d.side_face * d.side * ss
            dark = tuple(int(v * 0.62) for v in body)
            pts = np.array([[c - half, c + half], [c + half, c + half], [c + half, c + half + sh],
                            [c - half, c + half + sh]], np.int32)
            cv2.fillConvexPoly(patch, pts, dark, cv2.LINE_AA)
            cv2.fillConvexPoly(alpha, pts, 255, cv2.LINE_AA)
            other = 7 - d.value if d.value != 1 else 5
            for gx, gy in _pip_points(other):
                px = c + gx * 0.27 * d.side * ss
                py = c + half + sh / 2 + gy * 0.27 * sh
                cv2.ellipse(patch, (int(px), int(py)), (int(0.09 * d.side * ss), max(1, int(0.09 * sh))),
                            0, 0, 360, tuple(int(v * 0.7) for v in pip), -1, cv2.LINE_AA)
        r = int(0.14 * half)
        cv2.rectangle(patch, (int(c - half), int(c - half)), (int(c + half), int(c + half)), body, -1, cv2.LINE_AA)
        cv2.rectangle(alpha, (int(c - half), int(c - half)), (int(c + half), int(c + half)), 255, -1)
        if d.marble > 0:  # swirls: a smooth random field, banded, mixes in a lighter shade
            field = cv2.GaussianBlur(rng.normal(0, 1, (S, S)).astype(np.float32), (0, 0), 0.12 * d.side * ss)
            band = np.abs(np.sin(field / (field.std() + 1e-6) * 2.5)) ** 3 * d.marble
            swirl = np.asarray(d.swirl if d.swirl is not None else [min(255, v * 0.5 + 130) for v in body],
                               np.float32)
            top = alpha == 255
            mixed = patch.astype(np.float32) * (1 - band[:, :, None]) + swirl * band[:, :, None]
            patch[top] = mixed[top].astype(np.uint8)
        if d.translucent > 0:
            _see_through(patch, alpha == 255, d, c, ss, body, pip, table)
        # rounded corners: cut them with table colour in alpha
        for sx in (-1, 1):
            for sy in (-1, 1):
                cx, cy = int(c + sx * (half - r)), int(c + sy * (half - r))
                cv2.rectangle(alpha, (min(cx, cx + sx * r), min(cy, cy + sy * r)),
                              (max(cx, cx + sx * r), max(cy, cy + sy * r)), 0, -1)
                cv2.circle(alpha, (cx, cy), r, 255, -1, cv2.LINE_AA)
        for gx, gy in _pip_points(d.value):
            px, py = c + gx * 0.27 * d.side * ss, c + gy * 0.27 * d.side * ss
            if d.logo and d.value == 1:  # an emblem in the one's place: a ring and a dot
                cv2.circle(patch, (int(px), int(py)), int(0.24 * d.side * ss), pip, int(0.05 * d.side * ss) + 1,
                           cv2.LINE_AA)
                cv2.circle(patch, (int(px), int(py)), int(0.07 * d.side * ss), pip, -1, cv2.LINE_AA)
                continue
            cv2.circle(patch, (int(px), int(py)), int(0.09 * d.side * ss), pip, -1, cv2.LINE_AA)
        if d.glare:
            cv2.ellipse(patch, (int(c - 0.25 * half), int(c + 0.1 * half)), (int(0.25 * half), int(0.08 * half)),
                        30, 0, 360, (250, 250, 250), -1, cv2.LINE_AA)
        if d.blur > 0:  # out of focus: the die and its edge, not the table
            patch = cv2.GaussianBlur(patch, (0, 0), d.blur * ss)
            alpha = cv2.GaussianBlur(alpha, (0, 0), d.blur * ss)
        M = cv2.getRotationMatrix2D((c, c), d.angle, 1.0 / ss)
        M[0, 2] += d.center[0] - c
        M[1, 2] += d.center[1] - c
        wp = cv2.warpAffine(patch, M, (w, h), flags=cv2.INTER_AREA).astype(np.float32)
        wa = cv2.warpAffine(alpha, M, (w, h), flags=cv2.INTER_AREA).astype(np.float32)[:, :, None] / 255.0
        img = img * (1 - wa) + wp * wa
    img += rng.normal(0, noise, img.shape).astype(np.float32)
    return np.clip(img, 0, 255).astype(np.uint8)


def _see_through(patch: np.ndarray, top: np.ndarray, d: DieSpec, c: float, ss: int, body, pip, table) -> None:
    """A translucent die's top face (``top``: its pixels in the unturned
    patch, supersampled ``ss`` times, centre ``c``): the pips of the face
    beneath (value 7 - top, mirrored, shifted by a quarter of the side
    toward a corner) drawn faint, then the table mixed into the body by
    ``d.translucent``.  The top's own pips are drawn after, solid."""
    t = float(np.clip(d.translucent, 0.0, 1.0))
    ghost = tuple(int(0.6 * b + 0.4 * q) for b, q in zip(body, pip))
    off = 0.25 * d.side * ss * np.array([math.cos(math.radians(d.angle * 7 + 30)),
                                         math.sin(math.radians(d.angle * 7 + 30))])
    under = patch.copy()
    for gx, gy in _pip_points(7 - d.value):
        px, py = c - gx * 0.27 * d.side * ss + off[0], c + gy * 0.27 * d.side * ss + off[1]
        cv2.circle(under, (int(px), int(py)), int(0.1 * d.side * ss), ghost, -1, cv2.LINE_AA)
    under = cv2.GaussianBlur(under, (0, 0), 0.04 * d.side * ss)
    mixed = under.astype(np.float32) * (1 - t) + np.asarray(table, np.float32) * t
    patch[top] = mixed[top].astype(np.uint8)


#: the outward normal of each top-face edge, in the die's own (unturned) frame, and its corners
_EDGES = [((0.0, -1.0), (-1, -1), (1, -1)), ((1.0, 0.0), (1, -1), (1, 1)),
          ((0.0, 1.0), (1, 1), (-1, 1)), ((-1.0, 0.0), (-1, 1), (-1, -1))]


def _draw_side_faces(patch: np.ndarray, alpha: np.ndarray, d: DieSpec, c: float, half: float, ss: int,
                     body, pip) -> None:
    """The side faces of a solid die seen at a slant, drawn into the
    unturned patch (supersampled ``ss`` times; top face centre ``c``, half
    side ``half``): the top square swept ``side_face`` x side toward
    ``side_dir`` of the frame, each visible face in its own shade with the
    pips of a neighbouring value (never the top's or its opposite)."""
    a = math.radians(d.side_dir + d.angle)  # the frame's direction in the die's turned patch
    vx, vy = math.cos(a) * d.side_face * d.side * ss, math.sin(a) * d.side_face * d.side * ss
    near = [v for v in range(1, 7) if v not in (d.value, 7 - d.value)]
    k = 0
    for (nx, ny), p0, p1 in _EDGES:
        dot = nx * vx + ny * vy
        if dot <= 1e-6:
            continue
        x0, y0, x1, y1 = c + p0[0] * half, c + p0[1] * half, c + p1[0] * half, c + p1[1] * half
        pts = np.array([[x0, y0], [x1, y1], [x1 + vx, y1 + vy], [x0 + vx, y0 + vy]], np.int32)
        shade = 0.5 + 0.25 * (k % 2) + 0.1 * (nx + ny)
        cv2.fillConvexPoly(patch, pts, tuple(int(v * shade) for v in body), cv2.LINE_AA)
        cv2.fillConvexPoly(alpha, pts, 255, cv2.LINE_AA)
        if dot / math.hypot(vx, vy) > 0.3:
            other = near[(d.value * 3 + k) % len(near)]
            ex, ey = (x1 - x0) / 2, (y1 - y0) / 2
            for gx, gy in _pip_points(other):
                mx = (x0 + x1) / 2 + gx * 0.54 * ex + (0.5 + gy * 0.27) * vx
                my = (y0 + y1) / 2 + gx * 0.54 * ey + (0.5 + gy * 0.27) * vy
                t = np.linspace(0, 2 * math.pi, 12, endpoint=False)
                r = 0.18  # of the half side along the edge, of the depth across it
                circ = np.stack([mx + r * (np.cos(t) * ex) + 0.09 * np.sin(t) * vx,
                                 my + r * (np.cos(t) * ey) + 0.09 * np.sin(t) * vy], 1)
                cv2.fillConvexPoly(patch, circ.astype(np.int32), tuple(int(v * shade) for v in pip), cv2.LINE_AA)
        k += 1


def random_specs(rng: random.Random, size: tuple[int, int], count: int, side: tuple[float, float] = (34, 50),
                 colours: list[str] | None = None) -> list[DieSpec]:
    """``count`` non-overlapping random dice for a (width, height) frame,
    from the given RNG (values, colours, rotations, sides px)."""
    w, h = size
    colours = colours or sorted(PALETTE)
    out: list[DieSpec] = []
    for _ in range(count * 50):
        if len(out) == count:
            break
        s = rng.uniform(*side)
        x, y = rng.uniform(s, w - s), rng.uniform(s, h - s)
        if any(math.hypot(x - o.center[0], y - o.center[1]) < 0.85 * (s + o.side) for o in out):
            continue
        out.append(DieSpec(rng.randint(1, 6), rng.choice(colours), (x, y), rng.uniform(0, 90), s))
    return out


class CropLibrary:
    """Real die crops by value from a labelled set folder (images/ +
    labels/), the labels corrected by ``vision/label_errata.toml`` as every
    scorer corrects them (:func:`vision.dataset.correct_labels`; ``errata``
    False: as published).  ``images``: these photos of the folder only
    (None: all of them, the first ``max_images``).  Crops are cut at load
    time; nothing is written to disk.  Raises :class:`VisionInputError`
    when the folder has no labelled dice."""

    def __init__(self, folder: str | Path, max_images: int | None = None, images: list[Path] | None = None,
                 errata: bool = True):
        self.crops: dict[int, list[np.ndarray]] = {v: [] for v in range(1, 7)}
        fixes = load_errata() if errata else {}
        for path in (list_images(folder) if images is None else list(images))[:max_images]:
            img = cv2.imread(str(path), cv2.IMREAD_COLOR)
            if img is None:
                continue
            labels, _ = correct_labels(path, load_labels(path, img.shape[1], img.shape[0]), fixes)
            for lab in labels:
                x0, y0, x1, y1 = (int(round(v)) for v in lab.box)
                m = max(2, int(0.1 * (x1 - x0)))
                x0, y0, x1, y1 = max(0, x0 - m), max(0, y0 - m), min(img.shape[1], x1 + m), min(img.shape[0], y1 + m)
                if x1 - x0 >= 12 and y1 - y0 >= 12:
                    self.crops[lab.value].append(img[y0:y1, x0:x1].copy())
        if not any(self.crops.values()):
            raise VisionInputError(f"{folder}: no labelled dice found (need images/ and YOLO labels/)")


@dataclass(frozen=True, eq=False)
class LyingCrop:
    """One photo crop lying on a composed table: its ``value``, the
    ``crop`` as pasted (h x w x 3 float32 BGR, already scaled) and its
    ``center`` (x, y) px in the frame (named as :class:`DieSpec`'s).  Two are equal only if they are
    the same picture (identity: two crops of one photo are two dice); ``die``
    names the physical die, the same through its nudges (each a new picture
    of it, :func:`nudged_look`; -1: not known)."""

    value: int
    crop: np.ndarray
    center: tuple[float, float]
    die: int = -1


#: the numbers of the dice laid (:attr:`LyingCrop.die`): one a die, never from a game's RNG
_DICE_LAID = itertools.count()


def compose_from_dataset(library: CropLibrary, size: tuple[int, int], values: list[int], rng: random.Random,
                         table=TABLE_BGR) -> tuple[np.ndarray, list[tuple[int, tuple[float, float]]]]:
    """A (width, height) px frame with one real crop per value pasted on a
    plain table at random non-overlapping places (crop edges feathered into
    the table, the crop's colours as photographed).  Returns the frame and ``(value, centre)`` per die placed.
    Raises :class:`VisionInputError` when the library has no crop of a value."""
    lying = lay_crops(library, size, values, rng)
    return paste_crops(lying, size, table), [(d.value, d.center) for d in lying]


def lay_crops(library: CropLibrary, size: tuple[int, int], values: list[int], rng: random.Random,
              lying: list[LyingCrop] | tuple = (), moved: list[LyingCrop] | tuple = ()) -> list[LyingCrop]:
    """Where dice of ``values`` land in a (width, height) px frame, each a
    crop of its value drawn from ``library`` by ``rng``, clear of each
    other and of the dice already ``lying`` there (which stay as they
    are: dice a hand did not move).  ``moved``: dice a hand moved (a
    nudge): a value of one of them lands as that die seen anew
    (:func:`nudged_look`: never another die's photo).  Returns ``lying`` followed by
    the new dice (:class:`LyingCrop`); every die lands (:func:`_spot`).
    Raises :class:`VisionInputError` when the library has no crop of a
    value."""
    w, h = size
    out = list(lying)
    placed = [(d.value, d.center, max(d.crop.shape[:2])) for d in out]
    pool = list(moved)
    # a phone photo's crop can be larger than the frame: a third of the
    # frame's shorter side at most (smaller where it finds no room, _spot)
    side = min(w, h) / 3.0
    for v in values:
        same = next((d for d in pool if d.value == v), None)
        die = next(_DICE_LAID) if same is None else same.die
        if same is not None:
            pool.remove(same)
            crop = nudged_look(same.crop, rng)
        elif not library.crops.get(v):
            raise VisionInputError(f"no crop of value {v} in the library")
        else:
            crop = rng.choice(library.crops[v])
        spot = _spot(crop, side, (w, h), placed, rng)
        if spot is None:
            continue
        crop, (x, y) = spot
        ch, cw = crop.shape[:2]
        x0, y0 = int(x - cw / 2), int(y - ch / 2)
        centre = (x0 + cw / 2, y0 + ch / 2)
        placed.append((v, centre, max(cw, ch)))
        out.append(LyingCrop(v, crop, centre, die))
    return out


#: how a nudged die's picture changes (:func:`nudged_look`): each corner moved up to this share of
#: its side (the die tilted a little toward the camera), its light scaled by 1 +- this
NUDGE_TILT, NUDGE_LIGHT = 0.06, 0.15


def nudged_look(crop: np.ndarray, rng: random.Random) -> np.ndarray:
    """The photo crop of a die (h x w x 3, float32 or uint8 BGR) as the
    camera sees the same die after a nudge: turned a random quarter, each
    corner moved up to :data:`NUDGE_TILT` of its side (a small tilt) and
    its light scaled by 1 +- :data:`NUDGE_LIGHT` (it lies elsewhere under
    the lamp).  A real nudge shows the camera new pixels of the same face;
    a new photo of another die would be easier, the same pixels turned
    (which the reader reads at four quarter turns anyway) harder than
    that.  Returns float32 of the turned shape."""
    c = np.ascontiguousarray(np.rot90(np.asarray(crop, np.float32), rng.randrange(4)))
    h, w = c.shape[:2]
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    dst = src + np.float32([[rng.uniform(-NUDGE_TILT, NUDGE_TILT) * w, rng.uniform(-NUDGE_TILT, NUDGE_TILT) * h]
                            for _ in range(4)])
    c = cv2.warpPerspective(c, cv2.getPerspectiveTransform(src, dst), (w, h), flags=cv2.INTER_LINEAR,
                            borderMode=cv2.BORDER_REPLICATE)
    return np.clip(c * rng.uniform(1 - NUDGE_LIGHT, 1 + NUDGE_LIGHT), 0, 255).astype(np.float32)


def paste_crops(lying: list[LyingCrop], size: tuple[int, int], table=TABLE_BGR,
                onto: np.ndarray | None = None) -> np.ndarray:
    """The (width, height) px frame of the dice ``lying`` on a plain table
    (H x W x 3 uint8 BGR): each crop's own edge feathered into the table;
    the die keeps the colours its camera saw (a shift by the crop's border
    washed out dice shot in a dark cup).  ``onto``: a picture of that size
    (H x W x 3 uint8) to lay them on instead of the plain table (e.g. a
    throw's tumbling dice, the kept dice lying still among them); a crop
    reaching past its edge is cut."""
    w, h = size
    img = np.zeros((h, w, 3), np.float32)
    img[:] = table if onto is None else onto
    for d in lying:
        ch, cw = d.crop.shape[:2]
        x0, y0 = int(round(d.center[0] - cw / 2)), int(round(d.center[1] - ch / 2))
        if x0 < 0 or y0 < 0 or x0 + cw > w or y0 + ch > h:
            continue
        yy, xx = np.mgrid[0:ch, 0:cw]
        edge = np.minimum(np.minimum(xx, cw - 1 - xx), np.minimum(yy, ch - 1 - yy)).astype(np.float32)
        a = np.clip(edge / 3.0, 0, 1)[:, :, None]
        img[y0:y0 + ch, x0:x0 + cw] = img[y0:y0 + ch, x0:x0 + cw] * (1 - a) + d.crop * a
    return np.clip(img, 0, 255).astype(np.uint8)


def _spot(crop: np.ndarray, side: float, size: tuple[int, int],
          placed: list[tuple[int, tuple[float, float], float]],
          rng: random.Random) -> tuple[np.ndarray, tuple[float, float]] | None:
    """Where a die ``crop`` lands in a ``size`` (w, h) frame among the dice
    ``placed`` ``(value, centre, size)``: the crop scaled to ``side`` px at
    most (float32), and its centre clear of every die placed; a crop with
    no room is made smaller (0.85 x, down to 12 px) and thrown again, so
    every die thrown lies on the table (a real tray loses none).  None
    only when not even a 12 px crop finds room."""
    w, h = size
    fit = side / max(crop.shape[:2])
    for _ in range(12):
        if fit < 1.0:
            scaled = cv2.resize(crop, (max(12, int(crop.shape[1] * fit)), max(12, int(crop.shape[0] * fit))),
                                interpolation=cv2.INTER_AREA)
        else:
            scaled = crop
        ch, cw = scaled.shape[:2]
        if cw + 2 < w and ch + 2 < h:
            for _ in range(200):
                x, y = rng.uniform(cw / 2 + 1, w - cw / 2 - 1), rng.uniform(ch / 2 + 1, h - ch / 2 - 1)
                if all(math.hypot(x - px, y - py) > 0.6 * (max(cw, ch) + s) for _, (px, py), s in placed):
                    return scaled.astype(np.float32), (x, y)
        if max(ch, cw) <= 12:
            return None
        fit = min(fit, 1.0) * 0.85
    return None


#: a live camera's frame-to-frame changes on a still scene (the simulated
#: camera's defaults): sensor noise (Gaussian sigma, grey levels), sub-pixel
#: jitter (px, uniform either way), flicker (gain, uniform 1 +- it)
CAMERA_NOISE = {"sigma": 4.0, "jitter_px": 0.5, "flicker": 0.06}


def camera_look(image: np.ndarray, rng: np.random.Generator, sigma: float = CAMERA_NOISE["sigma"],
                jitter_px: float = CAMERA_NOISE["jitter_px"], flicker: float = CAMERA_NOISE["flicker"]) -> np.ndarray:
    """One camera frame of a still scene: ``image`` (H x W x 3 uint8 BGR)
    shifted by a sub-pixel jitter (bilinear, edges replicated), its
    brightness scaled by a flicker gain and per-pixel sensor noise added;
    ``rng`` a numpy Generator (its own stream: drawing from it changes
    nothing else).  Returns a new H x W x 3 uint8 frame."""
    dx, dy = rng.uniform(-jitter_px, jitter_px, 2) if jitter_px else (0.0, 0.0)
    out = image
    if dx or dy:
        m = np.float32([[1, 0, dx], [0, 1, dy]])
        out = cv2.warpAffine(image, m, (image.shape[1], image.shape[0]), flags=cv2.INTER_LINEAR,
                             borderMode=cv2.BORDER_REPLICATE)
    gain = 1.0 + rng.uniform(-flicker, flicker) if flicker else 1.0
    f = out.astype(np.float32) * gain
    if sigma:
        f += rng.normal(0.0, sigma, f.shape).astype(np.float32)
    return np.clip(f + 0.5, 0, 255).astype(np.uint8)
