"""Issue 36: a row of dice growing in (a seat's new reading, a bot's dice
in the pass of its claim) drew every die anew at each size of the
animation - six drawings a frame, a die's pips and edges each time.  A
die is now drawn once per face, colours and size (its node's size, where
it ends) and that drawing is scaled down for the frames in between.

What a frame shows stays: each die of an in-between frame lies in the
very box it lay in (the largest square in its lerped rect) and shows the
same face in the same colour - its body's colour, a dark pip at each of
its face's pip places and body colour at the grid's other places (a die
scaled down is a die drawn small, its edges smoothed; its pixels differ
from the die drawn at that size by a mean of 5-23 per channel over its box,
most at a held die's gold ring, whose thickness is rounded at each size,
so the test asks for the face, not a pixel tolerance); the last frame and
every frame after it are pixel for pixel the dice drawn at rest."""
from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from firmware.screens.draw import default_measure  # noqa: E402
from firmware.screens.retrograde_sheet import DIE_COLOURS  # noqa: E402
from firmware.ui.kit import BG, GOLD, Rect, Scene  # noqa: E402

SIZE, STEP = 56, 62


def _scene(rows: int, with_dice: bool = True) -> Scene:
    """``rows`` seats' rows of six dice 1..6 in their colours (the second
    row with a held die's gold ring on its first), or none."""
    sc = Scene(420, 80 * rows, default_measure)
    for row in range(rows if with_dice else 0):
        for i, v in enumerate(range(1, 7)):
            ring = {"ring": GOLD} if row == 1 and i == 0 else {}
            sc.add("die", Rect(10 + i * STEP, 10 + row * 80, SIZE, SIZE), f"die:{row}:{i}",
                   value=v, state="read", body=DIE_COLOURS.get(v), **ring)
    return sc


def _painter():
    import pygame

    from firmware.ui.paint import Fonts, Painter
    return pygame.Surface((420, 160)), Painter(Fonts())


def _grow(painter, surf, rows: int, seed: int = 1):
    """Draw the rows' dice growing in at a pass every 20-45 ms; yields
    ``now`` after each frame, the first frame's and those after."""
    rng = random.Random(seed)
    painter.draw(surf, _scene(rows, with_dice=False), now_ms=0.0)
    now = 1000.0
    while True:
        painter.draw(surf, _scene(rows), now_ms=now)
        yield now
        if not painter.animating:
            return
        now += rng.uniform(20, 45)


def test_dice_growing_in_are_drawn_once_per_face_colour_and_size(monkeypatch):
    from firmware.ui.paint_parts import PartPainter
    made: list[tuple] = []
    real = PartPainter._make_die

    def counting(self, size, p):
        made.append((p.get("value"), p.get("body"), p.get("ring"), size))
        return real(self, size, p)
    monkeypatch.setattr(PartPainter, "_make_die", counting)
    surf, p = _painter()
    frames = sum(1 for _ in _grow(p, surf, rows=2))
    assert frames >= 5                       # (it animated: several sizes in between)
    # two rows of 1..6, the second's 1 in a gold ring: 7 faces, each drawn once, at 56 px
    assert sorted(made, key=repr) == sorted({m for m in made}, key=repr)
    assert len(made) == 7 and {m[3] for m in made} == {SIZE}


def test_growing_dice_keep_their_boxes_and_end_pixel_for_pixel_as_drawn_at_rest():
    import pygame

    from firmware.ui.paint import ANIM_MS, _ease
    surf, p = _painter()
    ref_surf, ref = _painter()
    for now in _grow(p, surf, rows=2):
        f = min(1.0, (now - 1000.0) / ANIM_MS)
        for node in _scene(2).nodes:
            end = node.rect
            start = Rect(end.center[0] - end.w // 4, end.center[1] - end.h // 4, end.w // 2, end.h // 2)
            sq = (start.lerp(end, _ease(f)) if f < 1 else end).square()
            # the box: the die's pixels fill it (its rounded corners aside) and none lie outside it
            box = surf.subsurface(pygame.Rect(sq.x - 2, sq.y - 2, sq.w + 4, sq.h + 4)).copy()
            drawn = _bounds(box)
            assert drawn == pygame.Rect(2, 2, sq.w, sq.h), (now, node.key, drawn)
            # its face: the body's colour, a dark pip at each of the face's places and none elsewhere
            _assert_face(surf, sq, node.props, (now, node.key))
    ref.draw(ref_surf, _scene(2))             # at rest, no animation
    assert pygame.image.tobytes(surf, "RGB") == pygame.image.tobytes(ref_surf, "RGB")


def _bounds(surf):
    """The box around the pixels of ``surf`` that are not the background."""
    import pygame
    w, h = surf.get_size()
    xs, ys = [], []
    for y in range(h):
        for x in range(w):
            if tuple(surf.get_at((x, y)))[:3] != BG[:3]:
                xs.append(x)
                ys.append(y)
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


def _assert_face(surf, sq: Rect, props: dict, where) -> None:
    """The die drawn in ``sq`` on ``surf`` shows ``props``' face in its
    colour: each place of the 3 x 3 pip grid (as :meth:`_pips` places them
    for a die of that size) is dark where the face has a pip, the body's
    colour where it has none."""
    from firmware.ui.paint_parts import PIPS
    size = sq.w
    inset = max(4, size // 8) // 2 if props.get("ring") else 0
    inner_w = size - 2 * inset
    step = inner_w / 4
    body = props["body"]
    for gx in range(3):
        for gy in range(3):
            x, y = int(sq.x + inset + step * (gx + 1)), int(sq.y + inset + step * (gy + 1))
            got = tuple(surf.get_at((x, y)))[:3]
            if (gx, gy) in PIPS[props["value"]]:
                assert max(got) < 90, (where, (gx, gy), got)
            else:
                assert max(abs(a - b) for a, b in zip(got, body)) <= 8, (where, (gx, gy), got, body)
