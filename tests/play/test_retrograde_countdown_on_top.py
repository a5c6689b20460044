"""Retrograde's 3-2-1 after a pause is drawn over the seats' sheets (PT61,
a fresh play-tester: the big "3" was drawn behind the sheets, covered by
their droids, as the sheets came back after the pause; "2" and "1" were
whole).  Every frame of the countdown shows its box whole."""
from __future__ import annotations

from .test_cha_dango_pause import _hold_pause


def _box_fill_share(t) -> float:
    """The share of the countdown box's inner pixels that are its own
    colours (its dark fill or its gold digit) in the window's picture."""
    scene = t.scene()
    box = next(n for n in scene.nodes if n.kind == "panel" and n.props.get("border") and
               any(g.kind == "glyph" and g.rect == n.rect for g in scene.nodes))
    img = t.window_image().convert("RGB")
    hx, hy, hw, hh = t.session.renderer.layout.hdmi
    sx, sy = hw / scene.width, hh / scene.height
    x0, y0 = hx + (box.rect.x + box.rect.w * 0.1) * sx, hy + (box.rect.y + box.rect.h * 0.1) * sy
    x1, y1 = hx + (box.rect.right - box.rect.w * 0.1) * sx, hy + (box.rect.bottom - box.rect.h * 0.1) * sy
    own = total = 0
    for y in range(int(y0), int(y1), 3):
        for x in range(int(x0), int(x1), 3):
            r, g, b = img.getpixel((x, y))
            total += 1
            dark = abs(r - 30) < 14 and abs(g - 33) < 14 and abs(b - 44) < 14
            gold = r > 180 and g > 140 and b < 120
            own += dark or gold
    return own / max(1, total)


def test_the_countdown_after_a_pause_is_drawn_over_the_sheets(table):
    t = table("retrograde", 4, bots={1, 2, 3}, seed=3, size=(1280, 720))
    s = t.session
    t.run_until(lambda t: all(x["dice"] is not None for x in s.game.view(None)["seats"][1:]), max_passes=3000)
    _hold_pause(t, 0)
    assert s.runtime.pause.paused
    t.step(20, ms=50)
    _hold_pause(t, 0)                                     # going on: the 3-2-1
    seen = []
    for _ in range(80):
        t.step(1, ms=33)
        digit = t.scene().facts.get("countdown")
        if digit:
            seen.append((digit, round(_box_fill_share(t), 2)))
        elif seen:
            break
    assert seen and seen[0][0] == "3", seen
    assert all(share > 0.9 for _, share in seen), seen
