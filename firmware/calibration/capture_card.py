"""The camera's picture of a seat's capture on its calibration card
(:func:`capture_picture`), labelled when it shows an earlier face than the
one asked now (PT54)."""
from __future__ import annotations

from typing import Any

from engines.words import plural
from firmware.ui.kit import ALERT, Rect, Scene

from firmware.calibration.tray_picture import tray_picture

#: the colour of what went well (a capture, "done")
GREEN = (96, 200, 110)


def capture_picture(scene: Scene, area: Rect, s: Any, cap: Any, earlier: int | None = None) -> None:
    """The camera's picture of what seat ``s`` captured for the face asked
    (``cap``: its :class:`~firmware.calibration.model.Reading`), as large as
    ``area`` allows: while the seat is asked to check, the dice the reader
    is sure show another face ringed in the alert colour (PT36: a die on
    the wrong face was learned silently, and the card drew dice of the
    face asked, not what the camera saw).  ``earlier``: the picture is of
    an earlier face than the one asked now, named beside it (PT54: the
    2s' photo under "3 pips up" read as the 3s' at every size but the
    largest)."""
    odd = s.status == "problem"
    rings = [ALERT if odd and v is not None and v != want else None for v, want in zip(cap.read, cap.values)]

    def picture(w: int, h: int):
        return tray_picture(cap.frame, cap.dice, None, w, h, rings)
    if earlier:
        shot, pic = _labelled_picture(scene, area, earlier, picture)
    else:
        pic = picture(area.w, area.h)
        shot = pic and Rect(area.x + (area.w - pic[1]) // 2, area.y + (area.h - pic[2]) // 2, pic[1], pic[2])
    if pic is None:
        return
    scene.add("picture", shot, None, rgb=pic[0], w=pic[1], h=pic[2])
    scene.facts.setdefault("dice", {})[s.seat] = list(cap.values)


def _labelled_picture(scene: Scene, area: Rect, face: int, picture) -> tuple[Rect | None, Any]:
    """An earlier face's picture (``picture(w, h)``: as large as fits w x h,
    or None) in ``area`` with "2 pips up: captured" just above it, or, in a
    tray too short for both, a shorter form at its left.  Returns the
    picture's rect and the picture (None, None when it does not fit: no
    label either)."""
    m = scene.metrics
    label_h, gap = scene.measure("Ag", m.small)[1], max(2, m.pad // 2)
    options = [f"{plural(face, 'pip')} up: captured", f"{plural(face, 'pip')}: captured", f"{face} up: captured"]
    pic = picture(area.w, area.h - label_h - gap)
    if pic is not None:
        w, h = pic[1], pic[2]
        top = area.y + (area.h - h - label_h - gap) // 2
        r = Rect(area.x, top, area.w, label_h)
        text = next((o for o in options if scene.fit(o, r, (m.small,))), options[-1])
        scene.text(text, r, sizes=(m.small,), align="center", colour=GREEN)
        return Rect(area.x + (area.w - w) // 2, top + label_h + gap, w, h), pic
    for text in options[1:]:        # side by side
        text_w = scene.measure(text, m.small)[0]
        pic = picture(area.w - text_w - gap, area.h) if label_h <= area.h else None
        if pic is not None:
            w, h = pic[1], pic[2]
            x = area.x + (area.w - text_w - gap - w) // 2
            scene.text(text, Rect(x, area.y + (area.h - label_h) // 2, text_w, label_h), sizes=(m.small,),
                       colour=GREEN)
            return Rect(x + text_w + gap, area.y + (area.h - h) // 2, w, h), pic
    return None, None
