"""The simulated dice table: a twin of the cabinet's camera over the trays.

:class:`SimTable` composes each seat's tray from die images (drawn by
:func:`vision.synth.render_frame`, or real labelled photo crops with
``--dice-from``), so the reader reads real pixels; it knows the true values
and counts every misread.  Trays are keyed by seat, the common tray by
:data:`COMMON` (the dice station's keys too).
"""
from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import numpy as np

from vision.synth import PALETTE, CropLibrary, DieSpec, LyingCrop, camera_look, lay_crops, paste_crops, render_frame
from vision.trays import TrayZones


#: How long thrown dice tumble before they lie still (simulation), us.
ROLL_US = 500_000
SEAT_DIE_COLOURS = ["red", "blue", "yellow", "green", "white", "black"]
COMMON = -1  # tray key of the common dice
#: px between a tray's cell and where its dice may lie
MARGIN = 8


@dataclass
class Tray:
    """One simulated tray: the dice in it and when they stop moving."""
    values: list[int] = field(default_factory=list)
    colours: list[str] = field(default_factory=list)
    moving_until_us: int = -1
    image: np.ndarray | None = None
    throws: int = 0
    #: where the dice of ``image`` were drawn: ``(value, x, y)``, frame px
    #: (what a person sees when they look at the tray; the guided
    #: calibration's simulated seats check the reader against it)
    placed: list[tuple[int, float, float]] = field(default_factory=list)
    #: the dice were thrown and not yet read at rest (the first look, issue 40)
    first_look: bool = False
    #: the picture of the dice at rest being drawn beside the loop (:meth:`SimTable.compose_beside`)
    pending: Any = None
    #: the dice as they lie in ``image`` (:class:`vision.synth.LyingCrop` or
    #: :class:`vision.synth.DieSpec`, in the tray's own px), kept when the
    #: tray is cleared: a seat's kept dice lie where they were
    lying: list = field(default_factory=list)
    #: of ``lying``, the dice no hand moves at the next picture (kept, or
    #: not nudged); the others are thrown or nudged to new places
    stay: list = field(default_factory=list)
    #: how many dice of ``placed`` (its first ones) lay untouched in the latest picture
    stayed: int = 0
    #: of ``lying``, the dice a nudge moves: they land elsewhere as the same dice, seen anew
    #: (never another die's photo; PT35: a nudged black 4 came back an orange 4)
    moved: list = field(default_factory=list)
    #: the dice (:attr:`vision.synth.LyingCrop.die`) the seat kept at its last throw: a later
    #: throw keeping a value keeps these first (PT37: a kept die nudged, then kept by the reroll
    #: of the third failed reading, was swapped for a thrown die of its value)
    kept_dice: set = field(default_factory=set)
    #: the picture of only the dice that move while the throw tumbles (:meth:`SimTable._tumbling_frame`)
    tumbling: np.ndarray | None = None


class SimTable:
    """The simulated camera's view of the table: one frame of
    ``frame_size`` = (width, height) px with a grid of trays, one per seat
    plus the common tray.

    Args:
        seats: number of seats.
        seed: seed of the throw RNG (positions, crops).
        dice_from: a labelled photo set folder (images/ + labels/) for real
            crops, or None to draw dice.
        camera_noise: every frame of dice at rest gets its own sensor
            noise, sub-pixel jitter and flicker (:func:`vision.synth.camera_look`,
            from its own RNG stream: the throws are the same either way).
    """

    def __init__(self, seats: int, seed: int = 0, dice_from: str | Path | None = None,
                 frame_size: tuple[int, int] = (960, 540), camera_noise: bool = True):
        self.seats = seats
        self.camera_rng = np.random.default_rng(random.Random(f"camera:{seed}").getrandbits(64)) if camera_noise else None
        self.frame_size = frame_size
        self.seed = seed
        self.rng = random.Random(f"table:{seed}")
        self.library = CropLibrary(dice_from) if dice_from else None
        keys = list(range(seats)) + [COMMON]
        cols = 3 if len(keys) > 4 else 2 if len(keys) > 1 else 1
        rows = -(-len(keys) // cols)
        w, h = frame_size
        self.cells: dict[int, tuple[int, int, int, int]] = {}
        for i, key in enumerate(keys):
            r, c = divmod(i, cols)
            self.cells[key] = (c * w // cols, r * h // rows, w // cols, h // rows)
        self.zones = TrayZones([(k if k != COMMON else seats, [(x, y), (x + cw, y), (x + cw, y + ch), (x, y + ch)])
                                for k, (x, y, cw, ch) in self.cells.items()])
        self.trays: dict[int, Tray] = {k: Tray() for k in keys}
        #: draws the throws' pictures beside the loop once :meth:`compose_beside` is called
        self._composer: ThreadPoolExecutor | None = None
        self._blur: np.ndarray | None = None

    def continue_after(self, rolls: int) -> None:
        """Resume: go on from a game that already has ``rolls`` dice answers
        in its journal.  The throw RNG is re-seeded from (seed, rolls), so a
        resumed game does not roll round 1's dice again, and the same save
        resumed twice rolls the same dice (issue 34).  ``rolls == 0`` keeps
        the new game's stream."""
        if rolls > 0:
            self.rng = random.Random(f"table:{self.seed}:after:{rolls}")

    def zone_seat(self, key: int) -> int:
        """Zone index of a tray key (the common tray is zone ``seats``)."""
        return self.seats if key == COMMON else key

    def throw(self, key: int, values: list[int], colour: str | None, t_us: int, stay: int = 0) -> None:
        """Roll ``values`` into tray ``key`` at ``t_us``; they settle after
        :data:`ROLL_US`.  The first ``stay`` values are dice the seat kept:
        each lies where a die of its value lay (:attr:`Tray.lying`), as it
        lay - the die the seat kept before, where it kept one of that value
        (:attr:`Tray.kept_dice`); one with no such die there is thrown with
        the others."""
        tray = self.trays[key]
        c = colour if colour in PALETTE else (SEAT_DIE_COLOURS[key % len(SEAT_DIE_COLOURS)] if key != COMMON
                                              else "purple")
        left, kept = list(tray.lying), []
        for v in values[:stay]:
            same = sorted((d for d in left if d.value == v),
                          key=lambda d: getattr(d, "die", -1) not in tray.kept_dice)   # the die kept before first
            if same:
                kept.append(same[0])
                left.remove(same[0])
        tray.kept_dice = {d.die for d in kept if getattr(d, "die", -1) >= 0}
        thrown = list(values)
        for d in kept:
            thrown.remove(d.value)
        tray.stay, tray.moved = kept, []
        tray.values = [d.value for d in kept] + thrown
        tray.colours = [getattr(d, "colour", c) for d in kept] + [c] * len(thrown)
        tray.moving_until_us = t_us + ROLL_US
        tray.image = tray.pending = tray.tumbling = None
        tray.throws += 1
        tray.first_look = True

    def roll(self, key: int, count: int, faces: int, colour: str | None, t_us: int,
             keep: list[int] | tuple[int, ...] = ()) -> list[int]:
        """The seat of tray ``key`` rolls its ``count`` dice at ``t_us``,
        keeping the dice ``keep`` (values, book Retrograde: "keep as many
        dice as you want and reroll the rest"): only the others are thrown,
        their values drawn from the table's seeded RNG (one draw a die
        thrown); the tray then holds all ``count`` dice.  Returns the
        values in the tray (kept first).

        Raises:
            ValueError: more dice kept than rolled, or a kept value not a
                face 1..``faces``.
        """
        keep = list(keep)
        if len(keep) > count:
            raise ValueError(f"cannot keep {len(keep)} of {count} dice")
        if any(isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= faces for v in keep):
            raise ValueError(f"kept dice must be faces 1..{faces}, got {keep!r}")
        values = keep + [self.rng.randint(1, faces) for _ in range(count - len(keep))]
        self.throw(key, values, colour, t_us, stay=len(keep))
        return values

    def nudge(self, key: int, t_us: int, at: list[tuple[float, float]] | None = None) -> None:
        """Nudge dice of tray ``key`` at ``t_us``: the same dice, new
        places, each seen anew (:attr:`Tray.moved`,
        :func:`vision.synth.nudged_look`; never another die's photo).  ``at``: where the reader saw the
        dice to nudge (x, y px in the tray's picture, :meth:`cell_frame`;
        e.g. its unread dice; :meth:`in_tray` from the whole frame): the die lying
        nearest each point is nudged and the others stay as they lie (a
        person nudges the die the screens mark "?"); None: every die (a
        die not seen at all, or a rejected reading: the seat straightens
        them all)."""
        tray = self.trays[key]
        split = _nearest_to(tray, at)
        stay, moved = split if split is not None else ([], list(tray.lying))
        if split is not None:
            tray.values = [d.value for d in stay + moved]
            tray.colours = [getattr(d, "colour", c) for d, c in zip(stay + moved, tray.colours)]
        tray.stay, tray.moved = stay, moved
        tray.moving_until_us = t_us + ROLL_US // 2
        tray.image = tray.pending = tray.tumbling = None

    def reroll(self, key: int, faces: int, t_us: int, at: list[tuple[float, float]]) -> list[int]:
        """The seat of tray ``key`` rerolls at ``t_us`` the dice lying
        nearest the points ``at`` (x, y px in the tray's picture: the dice
        the camera could not read, CAB-5 "reroll it"); the others lie on as
        they lay.  The dice rerolled land anew with values drawn from the
        table's RNG (one draw a die), each its own colour.  Returns the
        values in the tray (the dice left lying first)."""
        tray = self.trays[key]
        split = _nearest_to(tray, at or None)
        stay, thrown = split if split is not None and split[0] else ([], list(tray.lying))
        colour = dict(zip(map(id, tray.lying), tray.colours)) if len(tray.colours) == len(tray.lying) else {}
        values = [self.rng.randint(1, faces) for _ in thrown]
        tray.stay, tray.moved = stay, []
        tray.values = [d.value for d in stay] + values
        tray.colours = [colour.get(id(d), getattr(d, "colour", "white")) for d in stay + thrown]
        tray.moving_until_us = t_us + ROLL_US
        tray.image = tray.pending = tray.tumbling = None
        tray.throws += 1
        tray.first_look = True
        return list(tray.values)

    def in_tray(self, key: int, point: tuple[float, float]) -> tuple[float, float]:
        """A point (x, y) px of the whole table's frame (:meth:`frame`) in
        tray ``key``'s own picture (:meth:`cell_frame`)."""
        x, y, _, _ = self.cells[key]
        return point[0] - x - MARGIN, point[1] - y - MARGIN

    def clear(self, key: int) -> None:
        """Take the dice out of tray ``key`` (the dice it showed are kept
        in :attr:`Tray.lying`: those the seat keeps come back as they lay)."""
        old = self.trays[key]
        self.trays[key] = Tray(throws=old.throws, lying=old.lying)

    def _cell_image(self, key: int) -> np.ndarray:
        return self._cell_plan(key)()

    def _cell_plan(self, key: int) -> Callable[[], np.ndarray]:
        """Where tray ``key``'s dice lie (drawn from the throw RNG now, in
        the caller's thread, and kept in ``Tray.placed`` and
        ``Tray.lying``), and a call that draws their picture (H x W x 3
        uint8 BGR) from that alone, so it may run beside the loop.  The
        dice of ``Tray.stay`` lie as they lay; the others land anew, clear
        of them.  Real photo crops (``dice_from``) are chosen now."""
        x, y, cw, ch = self.cells[key]
        tray = self.trays[key]
        margin = MARGIN
        size = (cw - 2 * margin, ch - 2 * margin)
        new = list(tray.values[len(tray.stay):])
        tray.stayed = len(tray.stay)
        moved, tray.moved = tray.moved, []      # (a drawn die of a value and colour looks the same anywhere)
        if self.library is not None and tray.values:
            lying = lay_crops(self.library, size, new, self.rng,
                              [d for d in tray.stay if isinstance(d, LyingCrop)],
                              [d for d in moved if isinstance(d, LyingCrop)])
            tray.lying, tray.stay = lying, []
            tray.placed = [(d.value, x + margin + d.center[0], y + margin + d.center[1]) for d in lying]
            return lambda: paste_crops(lying, size)
        side = 40.0
        specs: list[DieSpec] = [d for d in tray.stay if isinstance(d, DieSpec)]
        for v, colour in zip(new, tray.colours[len(specs):]):
            for _ in range(200):
                px = self.rng.uniform(side, size[0] - side)
                py = self.rng.uniform(side, size[1] - side)
                if all((px - s.center[0]) ** 2 + (py - s.center[1]) ** 2 > (1.6 * side) ** 2 for s in specs):
                    break
            specs.append(DieSpec(v, colour, (px, py), self.rng.uniform(0, 90), side))
        tray.lying, tray.stay = specs, []
        tray.placed = [(d.value, x + margin + d.center[0], y + margin + d.center[1]) for d in specs]
        seed = self.rng.randrange(1 << 30)
        return lambda: render_frame(size, specs, seed=seed)

    def compose_beside(self) -> None:
        """Draw each throw's picture of the dice at rest beside the loop (a
        camera's frames cost its loop nothing; drawing one here takes ~14 ms
        a tray): the throw's places are drawn from the RNG at the first frame,
        as before, and the picture in a thread; while it is drawn the
        tumbling dice show as a moving blur; dice at rest wait for it."""
        if self._composer is None:
            self._composer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="simulated camera")
            self._blur_rng = random.Random(f"blur:{self.seed}")

    def _tumbling_blur(self, key: int) -> np.ndarray:
        """A frame of tumbling dice whose picture is still being drawn: a
        grey blur at a new offset each frame (it never looks still)."""
        x, y, cw, ch = self.cells[key]
        if self._blur is None or self._blur.shape[:2] != (ch - 16, cw - 16):
            noise = np.random.default_rng(self.seed).integers(60, 200, (ch - 16, cw - 16, 1), np.uint8)
            self._blur = np.repeat(noise, 3, axis=2)
        dx, dy = self._blur_rng.randint(8, 40), self._blur_rng.randint(8, 40)
        return np.roll(self._blur, (dy, dx), axis=(0, 1))

    def cell_frame(self, key: int, t_us: int, noise: bool = True) -> np.ndarray:
        """What the camera sees of tray ``key`` at ``t_us``: H x W x 3 uint8
        BGR.  The dice at rest are composed once per throw; while they
        tumble the frame shows them displaced (a new offset each frame).
        ``noise=False``: a still tray's frame without its sensor noise,
        jitter and flicker, added later by :meth:`camera_noise` (the
        frames the loop only looks at for motion stay cheap: ~3 ms a tray
        here for the noise, which a Pi's camera does not cost)."""
        tray = self.trays[key]
        if tray.image is None and self._composer is not None:
            if tray.pending is None:
                tray.pending = self._composer.submit(self._cell_plan(key))
            if t_us < tray.moving_until_us and not tray.pending.done():
                return self._still_among(tray, self._tumbling_blur(key))
            tray.image, tray.pending = tray.pending.result(), None
        if tray.image is None:
            tray.image = self._cell_image(key)
        if t_us < tray.moving_until_us:
            return self._tumbling_frame(tray)
        return self.camera_noise(tray.image) if noise else tray.image

    @staticmethod
    def _still_boxes(tray: Tray, shape: tuple[int, ...]) -> list[tuple[int, int, int, int]]:
        """Where the dice no hand moved lie in the tray's picture (a
        reroll's kept dice, the dice a nudge left alone: the first
        :attr:`Tray.stayed` of :attr:`Tray.lying`): ``(x0, y0, x1, y1)``
        px boxes clipped to a picture of ``shape``."""
        h, w = shape[:2]
        out = []
        for d in tray.lying[:tray.stayed]:
            if isinstance(d, LyingCrop):
                hh, hw = d.crop.shape[0] / 2, d.crop.shape[1] / 2
            else:                                   # a drawn die: its turned square and its shadow
                hh = hw = 0.8 * float(getattr(d, "side", 40.0))
            x0, y0 = max(0, int(d.center[0] - hw)), max(0, int(d.center[1] - hh))
            x1, y1 = min(w, int(d.center[0] + hw) + 1), min(h, int(d.center[1] + hh) + 1)
            if x1 > x0 and y1 > y0:
                out.append((x0, y0, x1, y1))
        return out

    def _tumbling_frame(self, tray: Tray) -> np.ndarray:
        """A frame of a throw's dice tumbling: the dice that move displaced
        (a new offset each frame), and the dice no hand moved lying still
        where they lie, as a camera sees them (issue 40: a kept die is a die
        at rest all along; the whole tray shifted made it a new die to the
        reader, and ghost copies of it among the dice thrown)."""
        dx, dy = self.rng.randint(8, 40), self.rng.randint(8, 40)
        boxes = self._still_boxes(tray, tray.image.shape)
        if not boxes:
            return np.roll(tray.image, (dy, dx), axis=(0, 1))
        if tray.tumbling is None:                   # the moving dice alone, once a throw
            pic = tray.image.copy()
            fill = np.median(tray.image.reshape(-1, 3), axis=0).astype(np.uint8)
            for x0, y0, x1, y1 in boxes:
                pic[y0:y1, x0:x1] = fill
            tray.tumbling = pic
        out = np.roll(tray.tumbling, (dy, dx), axis=(0, 1))
        for x0, y0, x1, y1 in boxes:
            out[y0:y1, x0:x1] = tray.image[y0:y1, x0:x1]
        return out

    @staticmethod
    def _still_among(tray: Tray, moving: np.ndarray) -> np.ndarray:
        """``moving`` (a frame of dice tumbling whose picture is still being
        drawn) with the photo crops no hand moved lying still in it."""
        still = [d for d in tray.lying[:tray.stayed] if isinstance(d, LyingCrop)]
        return paste_crops(still, (moving.shape[1], moving.shape[0]), onto=moving) if still else moving

    def camera_noise(self, image: np.ndarray) -> np.ndarray:
        """``image`` as one camera frame: its own sensor noise, sub-pixel
        jitter and flicker (:func:`vision.synth.camera_look`, from the
        camera's RNG stream), or ``image`` itself without camera noise."""
        return image if self.camera_rng is None else camera_look(image, self.camera_rng)

    def frame(self, t_us: int) -> np.ndarray:
        """The whole table at ``t_us``: H x W x 3 uint8 BGR, one cell per
        tray (for screenshots and the replay camera)."""
        w, h = self.frame_size
        frame = np.empty((h, w, 3), np.uint8)
        frame[:] = (120, 124, 126)
        for key, (x, y, cw, ch) in self.cells.items():
            img = self.cell_frame(key, t_us)
            frame[y + MARGIN:y + MARGIN + img.shape[0], x + MARGIN:x + MARGIN + img.shape[1]] = img
        return frame


def _nearest_to(tray: Tray, at: list[tuple[float, float]] | None) -> tuple[list, list] | None:
    """Tray ``tray``'s dice split by the points ``at`` (x, y px in its
    picture): (the dice left lying, the die lying nearest each point), or
    None when no points are given or the dice lying are not the tray's
    values (which die is which is not known)."""
    if at is None or sorted(d.value for d in tray.lying) != sorted(tray.values):
        return None
    stay = list(tray.lying)
    for px, py in at:
        if stay:
            stay.remove(min(stay, key=lambda d: (d.center[0] - px) ** 2 + (d.center[1] - py) ** 2))
    return stay, [d for d in tray.lying if not any(d is k for k in stay)]
