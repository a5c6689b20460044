"""Training samples for the dice reader's three small networks (numpy + OpenCV
only; the trainer in :mod:`vision.training.train` needs PyTorch).

Sources: a labelled photo set (``images/`` + YOLO ``labels/``, class k =
k + 1 pips) and frames drawn by :func:`vision.synth.render_frame` with
random dice, tables, side faces and glare.  Every sample is augmented for
what changes between cameras and rooms, not for this photo set: scale,
rotation, mirror (a mirrored face has the same pips), channel order and
hue (other die and table colours), brightness, contrast, gamma, blur,
sensor noise and JPEG loss.

Two kinds of sample:

* :func:`detector_sample` - a ``CROP`` x ``CROP`` x 3 uint8 BGR patch of a
  frame scaled so dice are ``DET_MIN_PX``..``DET_MAX_PX`` px across, with
  its targets on a 1/``STRIDE`` grid (heat, x/y offset in cells, log size).
* :func:`face_sample` - a ``FACE_PX`` x ``FACE_PX`` x 3 uint8 BGR window
  around a die centre (class value - 1) or around a place that is not a die
  centre (class :data:`NOT_A_DIE`).
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from vision.dataset import fold_images, list_images, load_labels
from vision.netreader import DET_STRIDE as STRIDE, FACE_PX, NOT_A_DIE, face_window, find_dice
from vision.synth import PALETTE, DieSpec, render_frame

#: detector training crop (px) and the die sizes (px) it is trained on
CROP = 128
DET_MIN_PX, DET_MAX_PX = 6.5, 50.0


@dataclass
class Frame:
    """A labelled frame: image H x W x 3 uint8 BGR and dice as rows
    (cx, cy, size px, value 1..6); size is sqrt(w * h) of the label box."""

    image: np.ndarray
    dice: np.ndarray  # N x 4 float32
    name: str = ""
    #: places the detector takes for a die where none is labelled (a screw,
    #: a hole, a print): M x 3 float32 rows (cx, cy, size px), see mine_hard_negatives
    hard: np.ndarray = field(default_factory=lambda: np.zeros((0, 3), np.float32))
    #: a single-die crop whose label is the whole image (tomitomi3-crops):
    #: the die's centre and size come from the detector, and the frame
    #: trains the face classifiers only, never the detector
    faces_only: bool = False
    #: the set the frame comes from (training draws each set equally often)
    group: str = ""


#: a label box at least this share of the image in both directions labels
#: "the die in this crop", not the die's outline
WHOLE_CROP = 0.9


def load_photo_set(folder: str | Path, names: set[str] | None = None, group: str = "") -> list[Frame]:
    """Every labelled image of a set folder (optionally only ``names``).
    A single-die crop labelled as a whole (box >= :data:`WHOLE_CROP` of
    the image) is placed where the shipped detector finds the die nearest
    the crop's centre (left out when it finds none there) and marked
    ``faces_only``."""
    out = []
    for path in list_images(folder):
        if names is not None and path.name not in names:
            continue
        img = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if img is None:
            continue
        H, W = img.shape[:2]
        labels = load_labels(path, W, H)
        if len(labels) == 1 and (labels[0].box[2] - labels[0].box[0]) >= WHOLE_CROP * W \
                and (labels[0].box[3] - labels[0].box[1]) >= WHOLE_CROP * H:
            near = [c for c in find_dice(img) if abs(c.x - W / 2) < 0.25 * W and abs(c.y - H / 2) < 0.25 * H]
            if near:
                c = min(near, key=lambda c: (c.x - W / 2) ** 2 + (c.y - H / 2) ** 2)
                out.append(Frame(img, np.asarray([[c.x, c.y, c.size, labels[0].value]], np.float32), path.name,
                                 faces_only=True, group=group))
            continue
        rows = [((d.box[0] + d.box[2]) / 2, (d.box[1] + d.box[3]) / 2,
                 math.sqrt((d.box[2] - d.box[0]) * (d.box[3] - d.box[1])), d.value) for d in labels]
        out.append(Frame(img, np.asarray(rows, np.float32).reshape(-1, 4), path.name, group=group))
    return out


def _die_look(rng: random.Random) -> dict:
    """Body and pip colour, marbling and defocus of a drawn die beyond the
    palette: any body colour with pips that differ from it in lightness
    or hue only a little (red pips on a smoky or blue die), swirls, blur -
    the dice of other sets, which no photo set covers."""
    look: dict = {}
    if rng.random() < 0.5:
        body = np.asarray([rng.randint(0, 255) for _ in range(3)], np.float32)
        if rng.random() < 0.4:
            body *= rng.uniform(0.15, 0.5)  # dark and smoky
        while True:
            pip = np.asarray([rng.randint(0, 255) for _ in range(3)], np.float32)
            if float(np.abs(pip - body).max()) >= 60:
                break
        look["body"] = tuple(int(v) for v in body)
        look["pip"] = tuple(int(v) for v in pip)
    if rng.random() < 0.3:
        look["marble"] = rng.uniform(0.2, 0.7)
    if rng.random() < 0.3:
        look["blur"] = rng.uniform(0.3, 1.3)
    return look


#: dark bodies of tinted glass, resin or stone (BGR): smoke, black, dark red, blue, green, purple, amber
DARK_BODIES = ((45, 45, 45), (18, 18, 18), (25, 25, 95), (95, 35, 20), (35, 75, 25), (75, 25, 65), (25, 65, 115))
#: their pips and swirls (BGR): red, gold, white, silver, yellow, orange
DARK_INKS = ((40, 40, 215), (45, 170, 225), (235, 235, 235), (190, 190, 190), (40, 220, 240), (30, 120, 240))


def _dark_look(rng: random.Random) -> dict:
    """A dark translucent or marbled die (``synth_frame(dark=True)``): a
    :data:`DARK_BODIES` body, :data:`DARK_INKS` pips, the table showing
    through it (translucent 0.2..0.6) or swirls of an ink or a lighter
    shade through it, or both; defocused some of the time."""
    body = tuple(int(min(255, v * rng.uniform(0.6, 1.4))) for v in rng.choice(DARK_BODIES))
    look: dict = {"body": body, "pip": rng.choice(DARK_INKS)}
    kind = rng.random()
    if kind < 0.7:
        look["translucent"] = rng.uniform(0.2, 0.6)
    if kind > 0.4:
        look["marble"] = rng.uniform(0.3, 0.8)
        look["swirl"] = rng.choice(DARK_INKS) if rng.random() < 0.6 else None
    if rng.random() < 0.2:
        look["blur"] = rng.uniform(0.3, 1.0)
    return look


def synth_frame(rng: random.Random, rich: bool = True, dark: bool = False) -> Frame:
    """A drawn frame: 3..14 dice of random value, colour, rotation and size
    (24..64 px), some touching, some with a side face in view or a glare
    spot, on a table of random colour.  ``rich``: half the dice have a
    random body and pip colour, some marbling or defocus (:func:`_die_look`);
    otherwise palette dice only.  ``dark``: every die dark translucent or
    marbled (:func:`_dark_look`: red pips on smoke, gold swirls)."""
    w, h = rng.choice([(480, 360), (400, 400), (512, 384)])
    side = rng.uniform(24, 64)
    specs: list[DieSpec] = []
    # a camera at a slant sees every die's side faces toward it (one direction for the frame)
    slant = rng.uniform(0, 360) if rich and rng.random() < 0.5 else None
    for _ in range(rng.randint(3, 14) * 30):
        if len(specs) >= 14:
            break
        s = side * rng.uniform(0.9, 1.1)
        x, y = rng.uniform(0.8 * s, w - 0.8 * s), rng.uniform(0.8 * s, h - 0.8 * s)
        gap = rng.choice([1.05, 1.1, 1.5, 2.0])
        if any(math.hypot(x - o.center[0], y - o.center[1]) < gap * 0.5 * (s + o.side) * 1.42 for o in specs):
            continue
        v = rng.randint(1, 6)
        depth = rng.uniform(0.1, 0.5) if slant is not None else rng.choice([0.0, 0.0, 0.0, 0.15, 0.3, 0.4])
        specs.append(DieSpec(v, rng.choice(sorted(PALETTE)), (x, y), rng.uniform(0, 90), s,
                             side_face=depth, glare=rng.random() < 0.2,
                             side_dir=None if slant is None else slant + rng.uniform(-10, 10),
                             logo=rich and v == 1 and rng.random() < 0.25,
                             **(_dark_look(rng) if dark else _die_look(rng) if rich else {})))
    table = tuple(rng.randint(20, 235) for _ in range(3))
    img = render_frame((w, h), specs, table=table, noise=rng.uniform(1, 6), seed=rng.randint(0, 10 ** 6))
    rows = []
    for s in specs:
        a = math.radians(s.angle)
        bb = s.side * (abs(math.cos(a)) + abs(math.sin(a)))  # axis-aligned box, as the photo labels
        if s.side_dir is None:
            rows.append((s.center[0], s.center[1], bb * 1.04, s.value))
        else:  # the box of the whole silhouette, top and side faces, as a slanted photo's label
            dx, dy = (s.side_face * s.side * f(math.radians(s.side_dir)) for f in (math.cos, math.sin))
            rows.append((s.center[0] + dx / 2, s.center[1] + dy / 2,
                         math.sqrt((bb + abs(dx)) * (bb + abs(dy))) * 1.04, s.value))
    if rich:  # screws, holes, spots and coins on the table: a lone round mark is not a one
        for _ in range(rng.randint(0, 4)):
            x, y, r = rng.uniform(0, w), rng.uniform(0, h), side * rng.uniform(0.06, 0.16)
            if any(math.hypot(x - o.center[0], y - o.center[1]) < 1.3 * o.side for o in specs):
                continue
            col = tuple(rng.randint(0, 255) for _ in range(3))
            cv2.circle(img, (int(x), int(y)), max(1, int(r)), col, -1, cv2.LINE_AA)
            if rng.random() < 0.5:  # a screw's slot
                t = rng.uniform(0, math.pi)
                q = (int(r * math.cos(t)), int(r * math.sin(t)))
                cv2.line(img, (int(x) - q[0], int(y) - q[1]), (int(x) + q[0], int(y) + q[1]),
                         tuple(int(v * 0.4) for v in col), max(1, int(r / 4)), cv2.LINE_AA)
            rows.append((x, y, side * rng.uniform(0.7, 1.3), 0))  # value 0: a hard negative
        for _ in range(rng.choice([0, 0, 1, 2])):  # a coin: a metal disc, a rim, a stamped number or emblem
            x, y, r = rng.uniform(0, w), rng.uniform(0, h), side * rng.uniform(0.4, 0.65)
            if any(math.hypot(x - o.center[0], y - o.center[1]) < 0.8 * o.side + r for o in specs):
                continue
            metal = rng.choice([(60, 160, 200), (170, 170, 175), (70, 110, 170), (40, 130, 190)])
            metal = tuple(min(255, max(0, int(v * rng.uniform(0.7, 1.2)))) for v in metal)
            dark = tuple(int(v * 0.65) for v in metal)
            cv2.circle(img, (int(x), int(y)), int(r), metal, -1, cv2.LINE_AA)
            cv2.circle(img, (int(x), int(y)), int(r * 0.8), dark, max(1, int(r / 10)), cv2.LINE_AA)
            if rng.random() < 0.7:
                f = r / 30
                cv2.putText(img, str(rng.choice([1, 1, 2, 5, 10, 20])), (int(x - 10 * f), int(y + 10 * f)),
                            cv2.FONT_HERSHEY_SIMPLEX, 0.9 * f, dark, max(1, int(2 * f)), cv2.LINE_AA)
            else:
                cv2.circle(img, (int(x), int(y)), int(r * 0.25), dark, -1, cv2.LINE_AA)
            rows.append((x, y, 2 * r * rng.uniform(0.9, 1.1), 0))
    if rich and rng.random() < 0.15:  # the camera shook: motion blur along a line
        n = rng.randint(3, 9)
        k = np.zeros((n, n), np.float32)
        t = rng.uniform(0, math.pi)
        cv2.line(k, (int(n / 2 - n / 2 * math.cos(t)), int(n / 2 - n / 2 * math.sin(t))),
                 (int(n / 2 + n / 2 * math.cos(t)), int(n / 2 + n / 2 * math.sin(t))), 1.0, 1)
        img = cv2.filter2D(img, -1, k / max(k.sum(), 1.0))
    dice = np.asarray(rows, np.float32).reshape(-1, 4)
    if rich and rng.random() < 0.5:
        img, dice = _tilted(img, dice, rng)
    hard = dice[dice[:, 3] == 0, :3]
    return Frame(img, dice[dice[:, 3] > 0], "synth", hard=np.ascontiguousarray(hard))


def tilted_photo(fr: Frame, rng: random.Random, max_tilt: float = 25.0) -> Frame:
    """A labelled photo frame as a camera tilted 5..``max_tilt`` degrees
    further sees it (:func:`_tilted`: the same perspective warp as the
    drawn frames'; its dice and hard negatives moved and scaled with it),
    for face nets that read a top face foreshortened as another camera
    would show it.  A single-die crop labelled as a whole is returned as
    it is (its label is the crop, not the die's place)."""
    if fr.faces_only:
        return fr
    both = np.concatenate([fr.dice.reshape(-1, 4),
                           np.column_stack([fr.hard.reshape(-1, 3), np.zeros(len(fr.hard), np.float32)])])
    img, moved = _tilted(fr.image, both.astype(np.float32), rng, max_tilt)
    n = len(fr.dice)
    return Frame(img, np.ascontiguousarray(moved[:n]), fr.name, hard=np.ascontiguousarray(moved[n:, :3]),
                 faces_only=False, group=fr.group)


def _tilted(img: np.ndarray, dice: np.ndarray, rng: random.Random,
            max_tilt: float = 40.0) -> tuple[np.ndarray, np.ndarray]:
    """The drawn frame as a camera 5..``max_tilt`` degrees off vertical sees it: a
    perspective warp (far edge narrower, depth foreshortened) in a random
    direction; each die's centre is moved and its size scaled by the warp's
    local area change.  (The drawn side faces stay as drawn: the top face is
    still the one to count.)"""
    h, w = img.shape[:2]
    tilt = math.radians(rng.uniform(5, max_tilt))
    k = 0.45 * math.sin(tilt)           # far edge this much narrower (each side)
    d = 1 - math.cos(tilt) * 0.5 - 0.5  # depth foreshortening of the far half
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    dst = np.float32([[k * w, d * h], [(1 - k) * w, d * h], [w, h], [0, h]])
    turn = rng.randrange(4)  # which edge is far
    dst = np.roll(dst, turn, axis=0) if turn else dst
    M = cv2.getPerspectiveTransform(src, dst)
    out = cv2.warpPerspective(img, M, (w, h), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE)
    if len(dice):
        pts = dice[:, :2].reshape(-1, 1, 2).astype(np.float64)
        c = cv2.perspectiveTransform(pts, M).reshape(-1, 2)
        cx = cv2.perspectiveTransform(pts + np.array([[[1.0, 0.0]]]), M).reshape(-1, 2) - c
        cy = cv2.perspectiveTransform(pts + np.array([[[0.0, 1.0]]]), M).reshape(-1, 2) - c
        area = np.abs(cx[:, 0] * cy[:, 1] - cx[:, 1] * cy[:, 0])
        dice = np.column_stack([c, dice[:, 2] * np.sqrt(area), dice[:, 3]]).astype(np.float32)
    return out, dice


def junk_image(rng: random.Random, w: int, h: int) -> np.ndarray:
    """A frame with no die in it: sensor noise, blurred noise (cloth, wood,
    carpet), a gradient, or scattered strokes and blobs - what a camera may
    see of a table that is not a plain tray.  H x W x 3 uint8 BGR."""
    g = np.random.default_rng(rng.randint(0, 10 ** 9))
    kind = rng.randrange(4)
    if kind == 0:
        img = g.integers(0, 256, (h, w, 3), dtype=np.uint8)
    elif kind == 1:
        img = g.integers(0, 256, (h, w, 3), dtype=np.uint8)
        s = rng.uniform(0.7, 6)
        img = cv2.GaussianBlur(img, (0, 0), s)
        img = cv2.normalize(img, None, 0, 255, cv2.NORM_MINMAX)
    elif kind == 2:
        a, b = g.integers(0, 256, 3), g.integers(0, 256, 3)
        t = np.linspace(0, 1, w, dtype=np.float32)[None, :, None]
        img = np.broadcast_to(a * (1 - t) + b * t, (h, w, 3)).astype(np.uint8)
    else:
        img = np.empty((h, w, 3), np.uint8)
        img[:] = g.integers(0, 256, 3)
        for _ in range(rng.randint(3, 30)):
            col = tuple(int(v) for v in g.integers(0, 256, 3))
            p = (rng.randrange(w), rng.randrange(h))
            if rng.random() < 0.5:
                cv2.line(img, p, (rng.randrange(w), rng.randrange(h)), col, rng.randint(1, 6), cv2.LINE_AA)
            else:
                cv2.ellipse(img, p, (rng.randint(2, 30), rng.randint(2, 30)), rng.uniform(0, 180), 0, 360, col, -1,
                            cv2.LINE_AA)
    return np.ascontiguousarray(img)


def _colour_jitter(img: np.ndarray, rng: random.Random, harsh: float = 1.0) -> np.ndarray:
    """Light, camera and dye changes on a uint8 BGR image; ``harsh``
    scales how often blur, noise and JPEG loss are added."""
    x = img
    if rng.random() < 0.5:
        x = x[:, :, rng.sample([0, 1, 2], 3)]
    if rng.random() < 0.5:
        hsv = cv2.cvtColor(np.ascontiguousarray(x), cv2.COLOR_BGR2HSV)
        hsv[:, :, 0] = ((hsv[:, :, 0].astype(np.int16) + rng.randint(0, 179)) % 180).astype(np.uint8)
        x = cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)
    f = x.astype(np.float32) / 255.0
    if rng.random() < 0.3:  # colour cast (white balance)
        f = f * np.asarray([rng.uniform(0.7, 1.3) for _ in range(3)], np.float32)
    f = np.clip(f, 0, 1) ** rng.uniform(0.6, 1.6)
    f = (f - 0.5) * rng.uniform(0.6, 1.4) + 0.5 + rng.uniform(-0.2, 0.2)
    if rng.random() < 0.3:  # uneven light across the view
        hh, ww = f.shape[:2]
        gx = np.linspace(-1, 1, ww, dtype=np.float32)[None, :, None] * rng.uniform(-0.25, 0.25)
        gy = np.linspace(-1, 1, hh, dtype=np.float32)[:, None, None] * rng.uniform(-0.25, 0.25)
        f = f * (1 + gx + gy)
    if rng.random() < 0.3 * harsh:
        k = rng.choice([3, 5])
        f = cv2.GaussianBlur(f, (k, k), rng.uniform(0.3, 1.2))
    if rng.random() < 0.5 * harsh:
        f = f + np.random.default_rng(rng.randint(0, 10 ** 9)).normal(0, rng.uniform(0.005, 0.04), f.shape).astype(np.float32)
    out = np.clip(f * 255 + 0.5, 0, 255).astype(np.uint8)
    if rng.random() < 0.3 * harsh:
        ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, rng.randint(35, 90)])
        out = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    return out


def _similarity(scale: float, angle_deg: float, mirror: bool, src_xy, dst_xy) -> np.ndarray:
    """2 x 3 affine: rotate/scale (and mirror) about src_xy onto dst_xy."""
    M = cv2.getRotationMatrix2D((float(src_xy[0]), float(src_xy[1])), angle_deg, scale)
    if mirror:
        F = np.array([[-1, 0, 2 * src_xy[0]], [0, 1, 0], [0, 0, 1]], np.float64)
        M = (np.vstack([M, [0, 0, 1]]) @ F)[:2]
    M[0, 2] += dst_xy[0] - src_xy[0]
    M[1, 2] += dst_xy[1] - src_xy[1]
    return M


def detector_sample(fr: Frame, rng: random.Random) -> tuple[np.ndarray, np.ndarray]:
    """One detector sample: CROP x CROP x 3 uint8 BGR and targets
    4 x (CROP/STRIDE) x (CROP/STRIDE) float32: heat 0..1, offset x, offset
    y (cells, 0..1), log(size / STRIDE) (the last three valid where
    heat == 1)."""
    sizes = fr.dice[:, 2] if len(fr.dice) else np.asarray([40.0])
    want = math.exp(rng.uniform(math.log(DET_MIN_PX), math.log(DET_MAX_PX)))
    scale = want / float(np.median(sizes))
    H, W = fr.image.shape[:2]
    if len(fr.dice) and rng.random() < 0.8:
        k = rng.randrange(len(fr.dice))
        src = (fr.dice[k, 0] + rng.uniform(-0.4, 0.4) * CROP / scale, fr.dice[k, 1] + rng.uniform(-0.4, 0.4) * CROP / scale)
    else:
        src = (rng.uniform(0, W), rng.uniform(0, H))
    M = _similarity(scale, rng.uniform(0, 360), rng.random() < 0.5, src, (CROP / 2, CROP / 2))
    border = cv2.BORDER_REFLECT101 if rng.random() < 0.5 else cv2.BORDER_CONSTANT
    img = cv2.warpAffine(fr.image, M, (CROP, CROP), flags=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR,
                         borderMode=border, borderValue=tuple(rng.randint(0, 255) for _ in range(3)))
    img = _colour_jitter(img, rng)
    if not len(fr.dice):
        return img, det_targets(np.zeros((0, 2), np.float32), np.zeros(0, np.float32))
    pts = np.hstack([fr.dice[:, :2], np.ones((len(fr.dice), 1), np.float32)]) @ M.T
    return img, det_targets(pts, fr.dice[:, 2].astype(np.float64) * scale)


def det_targets(pts: np.ndarray, sizes: np.ndarray, side: int = CROP) -> np.ndarray:
    """Detector targets 4 x (side/STRIDE) x (side/STRIDE) float32 for dice
    centred at ``pts`` (N x 2, px of a ``side`` px sample) of ``sizes`` px
    (N): heat 0..1 (a Gaussian around each die's cell, 1 at the cell),
    offset x, offset y (cells, 0..1), log(size / STRIDE) (the last three
    valid where heat == 1).  Dice outside the sample are left out."""
    G = side // STRIDE
    tgt = np.zeros((4, G, G), np.float32)
    yy, xx = np.mgrid[0:G, 0:G].astype(np.float32)
    for (x, y), size in zip(pts, sizes):
        s = float(size)
        gx, gy = x / STRIDE, y / STRIDE
        if not (0 <= gx < G and 0 <= gy < G):
            continue
        ix, iy = int(gx), int(gy)
        sig = max(0.5, s / STRIDE / 4)
        g = np.exp(-((xx - (ix + 0.5)) ** 2 + (yy - (iy + 0.5)) ** 2) / (2 * sig * sig))
        tgt[0] = np.maximum(tgt[0], g)
        tgt[0, iy, ix] = 1.0
        tgt[1, iy, ix], tgt[2, iy, ix] = gx - ix, gy - iy
        tgt[3, iy, ix] = math.log(s / STRIDE)
    return tgt


def face_sample(fr: Frame, rng: random.Random, negative: bool) -> tuple[np.ndarray, int] | None:
    """One face-classifier sample: FACE_PX x FACE_PX x 3 uint8 BGR window
    (the inference window of :func:`vision.netreader.face_window`, jittered
    as the detector's centre and size are) and its class (value - 1, or
    NOT_A_DIE).  ``None`` when the frame offers no such sample."""
    if negative and rng.random() < 0.15:  # not a die: noise, texture, strokes
        return _colour_jitter(junk_image(rng, FACE_PX, FACE_PX), rng, harsh=0.5), NOT_A_DIE
    if not len(fr.dice):
        return None
    H, W = fr.image.shape[:2]
    k = rng.randrange(len(fr.dice))
    cx, cy, s, v = (float(t) for t in fr.dice[k])
    # where the detector errs (a screw, a hole): centred and sized as its finds are
    hard = negative and len(fr.hard) and rng.random() < 0.3
    if hard:
        cx, cy, s = (float(t) for t in fr.hard[rng.randrange(len(fr.hard))])
    if negative and not hard:
        kind = rng.random()
        if kind < 0.6:  # part of a die (a six's row of three), or off centre: between dice, a die's edge
            a, r = rng.uniform(0, 2 * math.pi), rng.uniform(*((0.22, 0.45) if kind < 0.2 else (0.45, 1.0))) * s
            x, y = cx + r * math.cos(a), cy + r * math.sin(a)
        else:  # anywhere on the table
            x, y = rng.uniform(0, W), rng.uniform(0, H)
        if kind < 0.2:
            s *= rng.uniform(0.45, 0.72)  # a window too small for the die
        else:
            d2 = (fr.dice[:, 0] - x) ** 2 + (fr.dice[:, 1] - y) ** 2
            if float(np.min(d2 / (fr.dice[:, 2] ** 2))) < 0.4 ** 2:
                return None
            s *= rng.uniform(0.8, 1.25)
    else:
        x, y = cx + rng.gauss(0, 0.06) * s, cy + rng.gauss(0, 0.06) * s
        s *= math.exp(rng.gauss(0, 0.08))
    cls = NOT_A_DIE if negative else int(v) - 1
    win = face_window(fr.image, x, y, s, angle=rng.uniform(0, 360), mirror=rng.random() < 0.5)
    if rng.random() < 0.15:  # a small die: its pips a few px across, the window blown up
        k = rng.randint(14, 30)
        win = cv2.resize(cv2.resize(win, (k, k), interpolation=cv2.INTER_AREA), (FACE_PX, FACE_PX),
                         interpolation=cv2.INTER_LINEAR)
    return _colour_jitter(win, rng, harsh=0.5), cls


def mine_hard_negatives(frames: list[Frame], detector: Path) -> int:
    """Run the die detector ``detector`` (ONNX) on every frame and keep, in
    ``Frame.hard``, its candidates that lie near no labelled die (farther
    than 0.6 of the nearest die's size): the screws, holes and prints the
    face classifier must learn to call *not a die*.  Returns how many."""
    n = 0
    for fr in frames:
        rows = []
        for c in find_dice(fr.image, detector=Path(detector)):
            if len(fr.dice):
                d2 = (fr.dice[:, 0] - c.x) ** 2 + (fr.dice[:, 1] - c.y) ** 2
                k = int(np.argmin(d2))
                if d2[k] < (0.6 * fr.dice[k, 2]) ** 2:
                    continue
            rows.append((c.x, c.y, c.size))
        fr.hard = np.asarray(rows, np.float32).reshape(-1, 3)
        n += len(rows)
    return n


def split_names(folder: str | Path, fold: str) -> set[str]:
    """Image names of a fold of the photo set (:func:`vision.dataset.fold_images`)."""
    return {p.name for p in fold_images(folder, fold)}
