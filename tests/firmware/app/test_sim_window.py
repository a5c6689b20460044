"""The simulator window fits the desktop (issue 22): at --size 1920x1080
the HDMI view and the seats' OLEDs were 2196 px wide, cut off on a 1080p
desktop; now the whole window is sized to fit, and every seat's panel (six
of them) is laid out inside it, in columns (issue 34: for any window size)."""
from __future__ import annotations

from PIL import Image

from firmware.ui.hdmi import HdmiRenderer, fit_window
from firmware.ui.sim_window import SeatPanel, window_layout

LEGEND = (("Space", "button"), ("Q held", "cup"), ("Left/Right", "choose"), ("Down", "cancel"))


def _measure(text: str, size: int) -> tuple[int, int]:
    return int(len(text) * size * 0.55), int(size * 1.15)


def test_a_wide_desk_is_scaled_to_fit_a_1080p_desktop():
    w, h = fit_window((2196, 1080), (1920, 1080))
    assert w <= 1920 - 40 and h <= 1080 - 100
    assert abs(w / h - 2196 / 1080) < 0.01      # aspect kept


def test_a_desk_that_fits_is_never_scaled_up():
    assert fit_window((1076, 480), (2560, 1440)) == (1076, 480)
    assert fit_window((1076, 480), None) == (1076, 480)


def test_six_seats_stand_inside_any_window_and_the_hdmi_view_beside_them():
    panels = [SeatPanel(f"seat {i + 1}", Image.new("1", (128, 64)), LEGEND) for i in range(6)]
    for size in ((800, 480), (1880, 980), (640, 360), (2500, 1400)):
        lay = window_layout(size, (1920, 1080), panels, _measure)
        assert len(lay.panels) == 6
        for box in lay.panels:
            x, y, w, h = box.panel
            assert x >= 0 and y >= 0 and x + w <= size[0] and y + h <= size[1], (size, box)
        hx, hy, hw, hh = lay.hdmi
        assert hx + hw <= min(b.panel[0] for b in lay.panels) and abs(hw / hh - 16 / 9) < 0.02


def test_the_window_shows_every_oled_within_the_desktop():
    # SDL's dummy video driver stands in for a desktop here
    r = HdmiRenderer(1920, 1080, "window", oled_count=6)
    try:
        desktop = r.pg.display.get_desktop_sizes()[0]
        ww, wh = r.window.get_size()
        assert ww <= max(desktop[0], 320) and wh <= max(desktop[1], 240)
        frames = [Image.new("1", (128, 64), 1) for _ in range(6)]
        r.present(frames, [f"seat {i + 1}" for i in range(6)])
        for box in r.layout.panels:                   # each OLED drawn (white) in the window
            x, y, w, h = box.screen
            assert r.window.get_at((x + 5, y + 5))[:3] == (255, 255, 255)
    finally:
        r.close()


def test_a_small_change_rescales_only_its_part_of_the_window_view_and_matches_a_whole_rescale():
    """Issue 36: each HDMI change smoothscaled the whole 1080p surface for
    the window (2-13 ms here, x 4.5 on the Pi 4 twin); now only the
    repainted rectangles are scaled again, and the view is what a whole
    rescale gives, to within a pixel's blur at the part's edges."""
    import os
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import numpy as np
    from firmware.ui.kit import Rect, Scene
    r = HdmiRenderer(1920, 1080, mode="window", oled_count=0)
    pg = r.pg

    def draw(colour):
        sc = Scene(1920, 1080, measure=r.scene_measure)
        sc.add("panel", Rect(100, 100, 600, 300), fill=(40, 60, 90))
        sc.add("panel", Rect(900, 500, 200, 120), fill=colour)
        sc.text("a caption", Rect(920, 520, 160, 60), colour=(250, 250, 250))
        r.draw(sc)
        r.present([])
    draw((200, 40, 40))
    whole_before = r._scaled.copy()
    scaled_px = []
    smoothscale = pg.transform.smoothscale
    pg.transform.smoothscale = lambda src, size: scaled_px.append(src.get_width() * src.get_height()) or \
        smoothscale(src, size)
    try:
        draw((40, 200, 40))
    finally:
        pg.transform.smoothscale = smoothscale
    assert scaled_px and sum(scaled_px) < 1920 * 1080 // 10, "only the changed part is scaled again"
    assert r.painter.last_dirty and sum(d.w * d.h for d in r.painter.last_dirty) < 1920 * 1080 // 10
    got = pg.surfarray.array3d(r._scaled).astype(int)
    want = pg.surfarray.array3d(pg.transform.smoothscale(r.surface, r._scaled.get_size())).astype(int)
    # each pixel lies within what the whole rescale has in the 3 x 3 pixels around it (+- 16: a text's blur)
    pad = np.pad(want, ((1, 1), (1, 1), (0, 0)), mode="edge")
    near = np.stack([pad[i:i + want.shape[0], j:j + want.shape[1]] for i in range(3) for j in range(3)])
    assert ((got >= near.min(axis=0) - 16) & (got <= near.max(axis=0) + 16)).all()
    assert (got != pg.surfarray.array3d(whole_before)).any()        # the change is seen
    r.close()


def test_a_whole_repaint_is_scaled_into_the_window_view_it_has_pixel_for_pixel():
    """Issue 36: a pass that repainted the whole HDMI scaled it for the
    window into a new surface each time (fresh memory, ~300 page faults in
    the pass that showed a press).  It is scaled into the view it has: the
    same surface, the pixels a whole rescale gives."""
    import os
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from firmware.ui.kit import Rect, Scene
    r = HdmiRenderer(1920, 1080, mode="window", oled_count=0)
    pg = r.pg

    def draw(colour):
        sc = Scene(1920, 1080, measure=r.scene_measure)
        sc.add("panel", Rect(0, 0, 1920, 1080), fill=colour)
        sc.text("a caption", Rect(920, 520, 160, 60), colour=(250, 250, 250))
        r.draw(sc)
        r.present_hdmi()
    r.present([])
    draw((200, 40, 40))
    view = r._scaled
    draw((40, 200, 40))
    assert r.painter.last_dirty is None                 # (the whole HDMI repainted)
    assert r._scaled is view
    want = pg.transform.smoothscale(r.surface, view.get_size())
    assert pg.image.tobytes(view, "RGB") == pg.image.tobytes(want, "RGB")
    r.close()


def test_a_bot_seats_caption_is_not_covered_by_its_seat_light():
    """Play-tester: each bot seat's caption "seat 1 · bot" was cut by its
    seat light circle (the column was only as wide as the caption)."""
    from firmware.ui.sim_window import light_spot
    panels = [SeatPanel(f"seat {i + 1} \u00b7 bot", None, (), light="unlit") for i in range(3)]
    for size in ((1920, 1080), (1280, 720), (800, 480)):
        lay = window_layout(size, (1920, 1080), panels, _measure)
        for p, box in zip(panels, lay.panels):
            (cx, _cy), r = light_spot(box.caption)
            text_right = box.caption[0] + _measure(p.caption, lay.text_px)[0]
            assert text_right + 2 <= cx - r, (size, p.caption, text_right, cx - r)


def test_the_hdmi_shown_first_then_the_panels_is_the_window_a_whole_paint_gives():
    """Issue 36: the HDMI view is shown before the seats' OLED frames are
    built (:meth:`HdmiRenderer.present_hdmi`), the seats' panels after
    (:meth:`HdmiRenderer.present_panels`); after both, the window is pixel
    for pixel the one a whole paint of the same HDMI view and panels gives
    (notice, captions, lights and a bot's panel included)."""
    import os
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import numpy as np
    from firmware.ui.kit import Rect, Scene
    r = HdmiRenderer(1920, 1080, mode="window", oled_count=3, bots={1})
    pg = r.pg

    def draw(colour):
        sc = Scene(1920, 1080, measure=r.scene_measure)
        sc.add("panel", Rect(100, 100, 600, 300), fill=(40, 60, 90))
        sc.add("panel", Rect(900, 500, 200, 120), fill=colour)
        r.draw(sc)

    def frame(x):
        img = Image.new("1", (128, 64), 0)
        img.paste(1, (x, 10, x + 20, 30))
        return img

    def panels(x, lights):
        return dict(oled_images=[frame(x), frame(0), frame(x + 30)], labels=["seat 1", "seat 2 bot", "seat 3"],
                    bots={1}, legends=[LEGEND, (), LEGEND], lights=lights)

    def same_as_a_whole_paint(seats):
        shown = pg.surfarray.array3d(r.window).copy()
        r.present(**seats)                   # (the view is not scaled again: nothing was drawn since)
        assert np.array_equal(shown, pg.surfarray.array3d(r.window))

    try:
        steps = [((200, 40, 40), panels(5, ["lit", "unlit", "unlit"]), "", []),
                 ((40, 200, 40), panels(5, ["lit", "unlit", "unlit"]), "", []),       # the HDMI only
                 ((40, 200, 40), panels(60, ["unlit", "unlit", "lit"]), "Esc again", []),  # panels and notice
                 ((90, 90, 200), panels(60, ["unlit", "unlit", "lit"]), "", ["\u266a race start"])]
        for colour, seats, notice, captions in steps:
            draw(colour)
            r.notice, r.captions = notice, captions
            r.present_hdmi()
            r.present_panels(**seats)
            same_as_a_whole_paint(seats)
    finally:
        r.close()
