"""The simulator's window shows the common dice while a person checks them
(PT52, a fresh play-tester of Ginza: "the tray photos show the seat's own
dice during the common dice's check", so the common reading had nothing to
be checked against).

At a cabinet every seat sees the common dice lying in their area; in the
simulator the person's panel shows the tray whose reading its OLED checks
(ruling CAB-6): its own, else the common dice, under words saying which."""
from __future__ import annotations

import numpy as np
from PIL import Image

from firmware.app.session_panels import tray_view
from firmware.runtime.dice_table import COMMON
from firmware.ui.sim_tray import COMMON_TRAY_WORDS, TRAY_WORDS
from test_dice_check_one_meaning import _to_common_check, _tray


def _shown(t, seat: int, want: np.ndarray) -> float:
    """Mean difference (grey levels) between ``seat``'s panel tray and
    the picture ``want`` (H x W x 3 RGB) as the window draws it."""
    x, y, w, h = t.panel_box(seat).tray
    k = min(w / want.shape[1], h / want.shape[0])
    tw, th = int(want.shape[1] * k), int(want.shape[0] * k)
    tx, ty = x + (w - tw) // 2, y + (h - th) // 2
    got = np.asarray(t.window_image().crop((tx, ty, tx + tw, ty + th)), np.float32)
    scaled = np.asarray(Image.fromarray(np.ascontiguousarray(want)).resize((tw, th), Image.BILINEAR), np.float32)
    return float(np.abs(got - scaled).mean())


def test_a_person_checking_the_common_dice_sees_them_in_its_panel(table):
    t = table("ginza", 3, bots={1, 2}, seed=11)
    s = t.session
    _to_common_check(t)
    t.step(2)
    table_ = s.dice.table
    assert _tray(t) == COMMON
    look = s._trays()[0]
    assert look is not None and look.title == COMMON_TRAY_WORDS, "the panel says it shows the common dice"
    common = tray_view(table_.trays[COMMON].image, table_, COMMON)[:, :, ::-1]
    assert _shown(t, 0, common) < 3.0, "the common dice's picture, not the seat's own tray"
    assert look.dice == len(s.dice.table.trays[COMMON].values)
    t.step(ms=1500)
    t.press(0, "button")                      # "dice ok": the common check is over
    t.run_until(lambda t: COMMON not in s.dice.held, max_passes=200)
    t.step(2)
    look = s._trays()[0]
    assert look is not None and look.title == TRAY_WORDS, "back to the seat's own tray"
    own = np.asarray(look.overview)
    assert _shown(t, 0, own) < 3.0, "the panel draws it"
    assert own.shape != common.shape or float(np.abs(own.astype(np.float32) - common).mean()) > 10, \
        "its own dice as they lay, not the common dice"
