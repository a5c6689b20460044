"""The simulator window fits the desktop (issue 22): at --size 1920x1080
the HDMI view and the seats' OLEDs were 2196 px wide, cut off on a 1080p
desktop; now the whole desk is scaled down to fit, and every seat's OLED
(six of them) is shown, in columns."""
from __future__ import annotations

from PIL import Image

from firmware.ui.hdmi import OLED_SLOT_H, OLED_SLOT_W, HdmiRenderer, fit_window, oled_slots


def test_a_1920x1080_desk_with_six_oleds_is_scaled_to_fit_a_1080p_desktop():
    slots = oled_slots(6, 1080, 1920)
    desk = (max(x for x, _ in slots) + OLED_SLOT_W - 10, 1080)
    assert desk == (2196, 1080)                       # the width the issue measured
    w, h = fit_window(desk, (1920, 1080))
    assert w <= 1920 - 40 and h <= 1080 - 100
    assert abs(w / h - desk[0] / desk[1]) < 0.01      # aspect kept


def test_a_desk_that_fits_is_never_scaled_up():
    assert fit_window((1076, 480), (2560, 1440)) == (1076, 480)
    assert fit_window((1076, 480), None) == (1076, 480)


def test_six_oleds_at_800x480_stand_in_two_columns_inside_the_window():
    slots = oled_slots(6, 480, 800)
    assert len({x for x, _ in slots}) == 2
    assert all(y + OLED_SLOT_H <= 480 for _, y in slots)


def test_the_window_shows_every_oled_within_the_desktop(monkeypatch):
    # SDL's dummy video driver stands in for a desktop here
    r = HdmiRenderer(1920, 1080, "window", oled_count=6)
    try:
        desktop = r.pg.display.get_desktop_sizes()[0]
        ww, wh = r.window.get_size()
        assert ww <= max(desktop[0], 320) and wh <= max(desktop[1], 240)
        frames = [Image.new("1", (128, 64), 1) for _ in range(6)]
        r.present(frames, [f"seat {i + 1}" for i in range(6)])
        desk = r.desk if r.desk is not None else r.window
        for x, y in r.slots:                          # each OLED drawn (white) on the desk
            assert desk.get_at((x + 5, y + 16 + 5))[:3] == (255, 255, 255)
    finally:
        r.close()
