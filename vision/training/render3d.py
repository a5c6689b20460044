"""Dice drawn in three dimensions for the face nets' training (issue 40,
Build 1: "dice rendered in perspective with side faces, glare,
translucent and marbled bodies").

:mod:`vision.synth` draws a die as a flat square with its side faces as
flat strips.  Here a die is a rounded cube with its pips pressed into
its faces, sphere-traced (numpy) from a camera above it at a slant:
edges and corners round, faces lit by one lamp and the room (a top face
brighter than a side face, a highlight on the rounded edge towards the
lamp), each pip a dimple with its own shade, the die's shadow on the
table, the table a felt, wood or plain cloth under uneven light.  The
geometry of a die (:func:`die_geometry`: which face, pip and normal each
pixel of a sprite sees) is traced once and lit many ways
(:func:`shade`), so a frame of a dozen dice costs tens of milliseconds.

A real die's opposite faces add up to seven and its 1-2-3 corner turns
one way; the side faces in view follow that, so a net cannot learn to
read a side face as the top.  Frames are :class:`vision.training.data.Frame`
like the photos': a die's label is the axis-aligned box of its whole
silhouette (top and side faces), as the photo sets label theirs.
numpy and OpenCV only.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass

import cv2
import numpy as np

#: pip centres of each face on its (u, v) grid, in units of the pip spacing
PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (-1, 1), (1, 1), (0, 0)],
        6: [(-1, -1), (1, -1), (-1, 1), (1, 1), (-1, 0), (1, 0)]}
#: the six face normals of the die body (+x, -x, +y, -y, +z, -z)
_AXES = np.array([[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]], np.float32)
#: pip values on +x, -x, +y, -y, +z, -z of a right-handed die (1-2-3 counterclockwise round their corner)
_DIE = (2, 5, 3, 4, 1, 6)


@dataclass
class Geometry:
    """What each pixel of an S x S sprite sees of one die: ``hit`` (S x S
    bool), ``normal`` (S x S x 3, camera frame: z towards the camera),
    ``pip`` (S x S float 0..1, pip paint), ``pos`` (S x S x 3, the point
    in the die's own frame, for marbling), ``value`` (the top face), and
    the silhouette's box (x0, y0, x1, y1) in sprite px."""

    hit: np.ndarray
    normal: np.ndarray
    pip: np.ndarray
    pos: np.ndarray
    value: int
    box: tuple[int, int, int, int]


def _rotation(value: int, spin: float, rng: random.Random) -> np.ndarray:
    """3 x 3 rotation taking the die's own frame to the table's (z up)
    with face ``value`` up, turned ``spin`` radians about the vertical, and
    one of its four upright turns drawn by ``rng``."""
    i = _DIE.index(value)
    up = _AXES[i]
    # a rotation taking `up` to +z
    z = np.array([0, 0, 1], np.float32)
    if np.allclose(up, z):
        R = np.eye(3, dtype=np.float32)
    elif np.allclose(up, -z):
        R = np.diag([1, -1, -1]).astype(np.float32)
    else:
        axis = np.cross(up, z)
        axis /= np.linalg.norm(axis)
        R = cv2.Rodrigues((axis * math.pi / 2).astype(np.float64))[0].astype(np.float32)
    a = spin + rng.randrange(4) * math.pi / 2
    c, s = math.cos(a), math.sin(a)
    Rz = np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]], np.float32)
    return Rz @ R


def _sdf(p: np.ndarray, half: float, radius: float, pips: np.ndarray, pip_r: float) -> np.ndarray:
    """Signed distance (N) of points ``p`` (N x 3, the die's frame) to a
    rounded cube of half side ``half`` (corner ``radius``) with dimples:
    spheres of radius ``pip_r`` centred at ``pips`` (M x 3, just outside
    the faces: :func:`_pip_centres`)."""
    b = half - radius
    q = np.abs(p) - b
    d = np.linalg.norm(np.maximum(q, 0), axis=1) + np.minimum(q.max(1), 0) - radius
    if len(pips):
        dd = np.linalg.norm(p[:, None, :] - pips[None, :, :], axis=2).min(1) - pip_r
        d = np.maximum(d, -dd)
    return d


def _pip_centres(half: float, spacing: float, pip_r: float, depth: float) -> tuple[np.ndarray, np.ndarray]:
    """(dimple sphere centres M x 3, their pip's paint centres on the face
    M x 3) of all 21 pips of a right-handed die of half side ``half``."""
    spheres, paint = [], []
    for axis, value in zip(_AXES, _DIE):
        n = axis
        u = np.roll(np.abs(n), 1) * (1 if n.sum() > 0 else -1)  # a direction in the face
        v = np.cross(n, u)
        for a, b in PIPS[value]:
            c = n * half + (a * u + b * v) * spacing
            paint.append(c)
            spheres.append(c + n * (pip_r - depth))
    return np.asarray(spheres, np.float32), np.asarray(paint, np.float32)


def die_geometry(value: int, rng: random.Random, size: int = 72, slant: float = 0.0,
                 radius: float | None = None, pip_r: float | None = None) -> Geometry:
    """Trace one die, face ``value`` (1..6) up, turned at random about the
    vertical, seen by a camera ``slant`` radians off vertical (the side
    faces in view at the sprite's bottom; a frame turns its sprites), into a ``size`` px sprite (the die's
    half side ~0.3 of it).  ``radius``: edge rounding, share of the half
    side (default 0.08..0.35); ``pip_r``: pip radius, share of the half
    side (default 0.13..0.2).  Raises ValueError for a value outside
    1..6."""
    if value not in PIPS:
        raise ValueError(f"value {value}: want 1..6")
    half = 1.0
    radius = rng.uniform(0.08, 0.35) if radius is None else radius
    pip_r = rng.uniform(0.13, 0.2) if pip_r is None else pip_r
    spacing = rng.uniform(0.42, 0.52) * half
    depth = pip_r * rng.uniform(0.2, 0.5)
    spheres, paint = _pip_centres(half, spacing, pip_r, depth)
    R = _rotation(value, rng.uniform(0, 2 * math.pi), rng)
    # camera frame: looking down -z_cam; the camera sits on the unit vector `eye` from the die
    eye = np.array([math.sin(slant), 0.0, math.cos(slant)], np.float32)
    up = np.array([0, 1, 0], np.float32) if abs(eye[1]) < 0.9 else np.array([1, 0, 0], np.float32)
    right = np.cross(up, eye)
    right /= np.linalg.norm(right)
    up2 = np.cross(eye, right)
    extent = 3.4 * half  # sprite spans this many die units (orthographic: the die is small in view)
    t = (np.arange(size, dtype=np.float32) + 0.5) / size * extent - extent / 2
    gx, gy = np.meshgrid(t, -t)
    origin = (gx[..., None] * right + gy[..., None] * up2 + eye * 4.0).reshape(-1, 3)
    ray = -eye
    # into the die's frame
    Rt = R.T
    o = origin @ Rt.T
    dr = ray @ Rt.T
    dist = np.full(len(o), 4.0 - 2.0, np.float32)
    alive = np.ones(len(o), bool)
    hit = np.zeros(len(o), bool)
    for _ in range(48):
        idx = np.nonzero(alive)[0]
        if not len(idx):
            break
        p = o[idx] + dist[idx, None] * dr
        d = _sdf(p, half, radius * half, spheres, pip_r * half)
        dist[idx] += d
        near = d < 2e-3
        hit[idx[near]] = True
        gone = dist[idx] > 6.5
        alive[idx[near | gone]] = False
    p = o + dist[:, None] * dr
    e = 1e-3
    n = np.zeros_like(p)
    hp = p[hit]
    if len(hp):
        for k in range(3):
            dv = np.zeros(3, np.float32)
            dv[k] = e
            n[hit, k] = (_sdf(hp + dv, half, radius * half, spheres, pip_r * half)
                         - _sdf(hp - dv, half, radius * half, spheres, pip_r * half))
    n /= np.maximum(np.linalg.norm(n, axis=1, keepdims=True), 1e-6)
    # pip paint: within the pip's radius of its paint centre (measured in the face's plane)
    pipm = np.zeros(len(p), np.float32)
    if len(hp):
        dd = np.linalg.norm(hp[:, None, :] - paint[None, :, :], axis=2).min(1)
        pipm[hit] = np.clip((pip_r * half * 1.02 - dd) / (0.04 * half) + 0.5, 0, 1)
    # normals to the camera frame: die frame -> table (R) -> camera (right, up2, eye)
    nt = n @ R.T
    ncam = np.stack([nt @ right, nt @ up2, nt @ eye], axis=1)
    S = size
    hitm = hit.reshape(S, S)
    ys, xs = np.nonzero(hitm)
    box = (int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1) if len(xs) else (0, 0, S, S)
    return Geometry(hitm, ncam.reshape(S, S, 3).astype(np.float32), pipm.reshape(S, S),
                    p.reshape(S, S, 3).astype(np.float32), value, box)


def _marble(pos: np.ndarray, rng: random.Random) -> np.ndarray:
    """S x S float 0..1 swirls through the die's body (sines of warped
    coordinates of each surface point)."""
    f = rng.uniform(2, 6)
    w = np.asarray([rng.uniform(-1, 1) for _ in range(3)], np.float32)
    ph = rng.uniform(0, 6.3)
    warp = np.sin(pos @ np.asarray([rng.uniform(-3, 3) for _ in range(3)], np.float32) + ph)
    return 0.5 + 0.5 * np.sin(f * (pos @ w) + 2.5 * warp)


def shade(g: Geometry, body: tuple[float, float, float], pip: tuple[float, float, float], rng: random.Random,
          light: np.ndarray, marble: float = 0.0, swirl: tuple | None = None, gloss: float = 0.5,
          translucent: float = 0.0) -> tuple[np.ndarray, np.ndarray]:
    """Light one die: (S x S x 3 float BGR 0..255 colour, S x S float
    alpha).  ``body`` / ``pip`` BGR, ``light`` a unit vector towards the
    lamp in the camera frame, ``marble`` 0..1 how strong the swirls (of
    ``swirl`` colour, else a lighter body), ``gloss`` 0..1 the highlight,
    ``translucent`` 0..1 how much of the table shows through the body."""
    n = g.normal
    diff = np.clip(n @ light, 0, 1)
    amb = 0.35 + 0.25 * np.clip(n[..., 2], 0, 1)  # the room: a surface facing up (the camera) gets more
    albedo = np.empty(n.shape, np.float32)
    albedo[:] = np.asarray(body, np.float32)
    if marble > 0:
        m = _marble(g.pos, rng)[..., None] * marble
        other = np.asarray(swirl if swirl is not None else [min(255, v * 1.8 + 40) for v in body], np.float32)
        albedo = albedo * (1 - m) + other * m
    pm = g.pip[..., None]
    albedo = albedo * (1 - pm) + np.asarray(pip, np.float32) * pm
    col = albedo * (amb + 0.75 * diff)[..., None]
    h = light + np.array([0, 0, 1], np.float32)
    h /= np.linalg.norm(h)
    spec = np.clip(n @ h, 0, 1) ** rng.uniform(20, 80) * 255 * gloss * (1 - 0.6 * g.pip)
    col = col + spec[..., None]
    alpha = g.hit.astype(np.float32)
    if translucent > 0:
        alpha = alpha * (1 - translucent * (1 - g.pip) * np.clip(n[..., 2], 0.2, 1))
    return np.clip(col, 0, 255), alpha


def table(rng: random.Random, w: int, h: int) -> np.ndarray:
    """A table under a camera: felt (fine noise), wood (grain), or plain
    cloth, a random colour, lit unevenly.  H x W x 3 float BGR 0..255."""
    g = np.random.default_rng(rng.randint(0, 10 ** 9))
    base = np.asarray([rng.randint(15, 240) for _ in range(3)], np.float32)
    kind = rng.randrange(3)
    if kind == 0:  # felt
        tex = cv2.GaussianBlur(g.normal(0, 1, (h, w)).astype(np.float32), (0, 0), rng.uniform(0.6, 2.0))
        tex = 1 + tex / (tex.std() + 1e-6) * rng.uniform(0.03, 0.1)
    elif kind == 1:  # wood
        y = np.linspace(0, rng.uniform(10, 40), h, dtype=np.float32)[:, None]
        x = np.linspace(0, 1, w, dtype=np.float32)[None, :]
        noise = cv2.resize(g.normal(0, 1, (8, 8)).astype(np.float32), (w, h), interpolation=cv2.INTER_CUBIC)
        tex = 1 + 0.12 * np.sin(y * 2 + 3 * noise + x * rng.uniform(0, 3))
        if rng.random() < 0.5:
            tex = tex.T if w == h else cv2.resize(tex.T, (w, h))
    else:
        tex = np.ones((h, w), np.float32)
    img = base[None, None, :] * tex[..., None]
    gx = np.linspace(-1, 1, w, dtype=np.float32)[None, :] * rng.uniform(-0.3, 0.3)
    gy = np.linspace(-1, 1, h, dtype=np.float32)[:, None] * rng.uniform(-0.3, 0.3)
    return np.clip(img * (1 + gx + gy)[..., None], 0, 255)


#: body, pip BGR of plain dice: white, black, red, blue, yellow, green, purple, orange
PLAIN = (((235, 235, 232), (25, 25, 25)), ((30, 30, 30), (235, 235, 235)), ((40, 35, 200), (240, 240, 240)),
         ((180, 90, 25), (240, 240, 240)), ((40, 200, 230), (20, 20, 20)), ((60, 150, 40), (240, 240, 240)),
         ((130, 40, 110), (240, 240, 240)), ((60, 140, 200), (20, 20, 20)))


def _look(rng: random.Random) -> dict:
    """Body, pips, marbling, gloss and translucency of one drawn die: a
    plain die half the time (white, black, a strong colour, pips white or
    black), else any colour, dark smoky bodies with coloured pips, swirls."""
    if rng.random() < 0.45:
        body, pip = rng.choice(PLAIN)
        body = tuple(min(255, max(0, v * rng.uniform(0.8, 1.15))) for v in body)
    else:
        body = tuple(float(rng.randint(0, 255)) for _ in range(3))
        if rng.random() < 0.3:
            body = tuple(v * rng.uniform(0.15, 0.45) for v in body)
        while True:
            pip = tuple(float(rng.randint(0, 255)) for _ in range(3))
            if max(abs(a - b) for a, b in zip(pip, body)) >= 70:
                break
    look = {"body": body, "pip": pip, "gloss": rng.uniform(0.1, 0.9)}
    if rng.random() < 0.3:
        look["marble"] = rng.uniform(0.2, 0.8)
        look["swirl"] = tuple(float(rng.randint(0, 255)) for _ in range(3)) if rng.random() < 0.5 else None
    if rng.random() < 0.15:
        look["translucent"] = rng.uniform(0.15, 0.5)
    return look


#: dice a :class:`GeometryBank` holds by default
BANK_DICE = 240


class GeometryBank:
    """Dice traced once (:func:`die_geometry`, ``size`` px, each value
    as often, camera slants 0..45 degrees), lit and placed many ways by
    :func:`render3d_frame`; :meth:`renew` traces one more in place of a
    random one (about 0.1 s at 96 px)."""

    def __init__(self, rng: random.Random, count: int | None = None, size: int = 96):
        self.rng, self.size = rng, size
        count = BANK_DICE if count is None else count
        self.dice = [self._trace(k % 6 + 1) for k in range(count)]

    def _trace(self, value: int) -> tuple[float, Geometry]:
        slant = math.radians(self.rng.choice([self.rng.uniform(0, 12), self.rng.uniform(8, 45)]))
        return slant, die_geometry(value, self.rng, size=self.size, slant=slant)

    def renew(self) -> None:
        """Trace one new die in place of a random one."""
        self.dice[self.rng.randrange(len(self.dice))] = self._trace(self.rng.randint(1, 6))

    def near(self, slant: float, rng: random.Random) -> Geometry:
        """A die traced at a camera slant near ``slant`` (radians): the
        nearest of eight drawn at random."""
        pick = [self.dice[rng.randrange(len(self.dice))] for _ in range(8)]
        return min(pick, key=lambda d: abs(d[0] - slant))[1]


def _turned(img: np.ndarray, angle: float) -> np.ndarray:
    """``img`` (S x S [x C]) turned ``angle`` degrees about its centre, zeros outside."""
    S = img.shape[0]
    M = cv2.getRotationMatrix2D((S / 2, S / 2), angle, 1.0)
    return cv2.warpAffine(img, M, (S, S), flags=cv2.INTER_LINEAR, borderValue=0)


def render3d_frame(rng: random.Random, bank: GeometryBank, size: tuple[int, int] | None = None,
                   count: int | None = None):
    """A frame of 2..12 dice of ``bank`` lit by :func:`shade` (a
    :func:`_look` each) on a :func:`table`: one camera slant and lamp for
    the frame, side faces all towards one direction (the sprites turned
    together), each die 22..64 px across, some touching, with a soft
    shadow; a slight defocus half the time, sensor noise.  Returns a
    :class:`vision.training.data.Frame` named ``"render3d"`` whose dice rows
    are (cx, cy, size, value), size sqrt(w * h) of the silhouette's box."""
    from vision.training.data import Frame
    w, h = size or rng.choice([(480, 360), (400, 400), (512, 384)])
    img = table(rng, w, h)
    slant = math.radians(rng.choice([rng.uniform(0, 12), rng.uniform(8, 45)]))
    turn = rng.uniform(0, 360)  # which way the camera's slant shows the side faces in the frame
    la, le = rng.uniform(0, 2 * math.pi), math.radians(rng.uniform(25, 75))
    light = np.array([math.cos(la) * math.cos(le), math.sin(la) * math.cos(le), math.sin(le)], np.float32)
    # the light as the unturned sprites see it: turned back by the frame's turn
    t = math.radians(-turn)
    lit = np.array([light[0] * math.cos(t) - light[1] * math.sin(t), light[0] * math.sin(t) + light[1] * math.cos(t),
                    light[2]], np.float32)
    side = rng.uniform(22, 64)
    rows, placed = [], []
    n = count if count is not None else rng.randint(2, 12)
    for _ in range(n * 30):
        if len(rows) >= n:
            break
        s = side * rng.uniform(0.9, 1.1)
        x, y = rng.uniform(0.6 * s, w - 0.6 * s), rng.uniform(0.6 * s, h - 0.6 * s)
        gap = rng.choice([1.0, 1.15, 1.5, 2.0])
        if any(math.hypot(x - ox, y - oy) < gap * 0.5 * (s + os_) * 1.3 for ox, oy, os_ in placed):
            continue
        g = bank.near(slant, rng)
        col, alpha = shade(g, light=lit, rng=rng, **_look(rng))
        row = place(img, _turned(col, turn), _turned(alpha, turn), x, y, s, light, rng, g.value)
        if row is None:
            continue
        rows.append(row)
        placed.append((x, y, s))
    if rng.random() < 0.5:
        img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.3, 1.0))
    img = img + np.random.default_rng(rng.randint(0, 10 ** 9)).normal(0, rng.uniform(1, 5), img.shape)
    img = np.clip(img + 0.5, 0, 255).astype(np.uint8)
    dice = np.asarray(rows, np.float32).reshape(-1, 4)
    return Frame(img, dice, "render3d")


def place(img: np.ndarray, col: np.ndarray, alpha: np.ndarray, x: float, y: float, s: float,
          light: np.ndarray, rng: random.Random, value: int) -> tuple[float, float, float, int] | None:
    """Lay one lit die sprite (``col`` S x S x 3 float, ``alpha`` S x S,
    from :func:`shade`, turned as the frame wants) on ``img`` (float, in
    place) with its middle at (``x``, ``y``) and its side ``s`` px (the
    sprite spans 1.7 sides), its shadow from ``light`` first.  Returns the
    row a frame labels it with, (cx, cy, size, ``value``): the middle and
    sqrt(w * h) of its silhouette's box, frame px; None where none of it
    lies on the frame's pixels."""
    out = max(8, int(round(s * 1.7)))  # the sprite spans 3.4 half sides: the die's side is s px
    col = cv2.resize(col, (out, out), interpolation=cv2.INTER_AREA)
    alpha = cv2.resize(alpha, (out, out), interpolation=cv2.INTER_AREA)
    x0, y0 = int(round(x - out / 2)), int(round(y - out / 2))
    _shadow(img, alpha, x0, y0, light, s, rng)
    _paste(img, col, alpha, x0, y0)
    ys, xs = np.nonzero(alpha > 0.5)
    if not len(xs):
        return None
    bx0, by0, bx1, by1 = xs.min(), ys.min(), xs.max() + 1, ys.max() + 1
    return x0 + (bx0 + bx1) / 2, y0 + (by0 + by1) / 2, math.sqrt(float((bx1 - bx0) * (by1 - by0))), value


def _paste(img: np.ndarray, col: np.ndarray, alpha: np.ndarray, x0: int, y0: int) -> None:
    """Blend a sprite into ``img`` (float, in place) at (x0, y0), clipped to the frame."""
    H, W = img.shape[:2]
    h, w = alpha.shape
    ax0, ay0, ax1, ay1 = max(0, -x0), max(0, -y0), min(w, W - x0), min(h, H - y0)
    if ax1 <= ax0 or ay1 <= ay0:
        return
    a = alpha[ay0:ay1, ax0:ax1, None]
    region = img[y0 + ay0:y0 + ay1, x0 + ax0:x0 + ax1]
    region[:] = region * (1 - a) + col[ay0:ay1, ax0:ax1] * a


def _shadow(img: np.ndarray, alpha: np.ndarray, x0: int, y0: int, light: np.ndarray, s: float,
            rng: random.Random) -> None:
    """Darken the table under and away from the lamp of a die (its
    silhouette shifted from the lamp, blurred), in place."""
    lift = s * 0.35 / max(float(light[2]), 0.3)
    dx, dy = -float(light[0]) * lift, float(light[1]) * lift
    pad = int(abs(dx) + abs(dy) + s * 0.5) + 2
    canvas = cv2.copyMakeBorder(alpha, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    M = np.float32([[1, 0, dx], [0, 1, dy]])
    sh = cv2.warpAffine(canvas, M, (canvas.shape[1], canvas.shape[0]))
    sh = cv2.GaussianBlur(sh, (0, 0), max(0.5, s * rng.uniform(0.05, 0.15)))
    _paste(img, np.zeros(canvas.shape + (3,), np.float32), sh * rng.uniform(0.25, 0.6), x0 - pad, y0 - pad)
