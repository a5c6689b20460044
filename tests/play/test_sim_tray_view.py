"""The simulator's window shows each person's tray (PT34, a fresh
play-tester as seat 1 against bots with camera dice: "in the simulator you
can't see the real dice, so there's nothing to check a reading against").

At a cabinet a seat checks the camera's reading (CAB-6) against the dice
in its tray; in the simulator the tray is a picture of the simulated
table, so the window shows it under the person's keys: the dice as they
lie, the throw's own picture (no camera noise), never for a bot's seat."""
from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from firmware.app.session_panels import TRAY_VIEW_ROOM, tray_view
from firmware.runtime.dice_table import MARGIN
from firmware.ui.sim_window import TRAY_ASPECT


def test_a_persons_panel_shows_its_tray_as_the_dice_lie_and_a_bots_none(table):
    t = table("retrograde", 3, bots={1, 2}, seed=11)
    s = t.session
    t.run_until(lambda t: 0 in s.dice.held, max_passes=3000)     # seat 1's reading to check
    t.step(2)
    tray = s.dice.table.trays[0]
    box = t.panel_box(0)
    assert box.tray is not None, "a person's panel has its tray"
    assert t.panel_box(1).tray is None and t.panel_box(2).tray is None, "a bot's tray is not shown"
    x, y, w, h = box.tray
    px, py, pw, ph = box.panel
    assert px <= x and x + w <= px + pw and py <= y and y + h <= py + ph, "inside the seat's panel"
    assert abs(h / w - TRAY_ASPECT) < 0.02
    # the window shows the throw's own picture (around its dice), scaled into the tray's place
    want = tray_view(tray.image, s.dice.table, 0)[:, :, ::-1]
    k = min(w / want.shape[1], h / want.shape[0])
    tw, th = int(want.shape[1] * k), int(want.shape[0] * k)
    tx, ty = x + (w - tw) // 2, y + (h - th) // 2
    got = np.asarray(t.window_image().crop((tx, ty, tx + tw, ty + th)), np.float32)
    from PIL import Image
    scaled = np.asarray(Image.fromarray(np.ascontiguousarray(want)).resize((tw, th), Image.BILINEAR), np.float32)
    assert float(np.abs(got - scaled).mean()) < 3.0, "the tray's picture, not another"
    assert float(got.std()) > 10, "dice on it, not a blank"


def _table(placed, cell=(480, 0)):
    tray = SimpleNamespace(placed=placed)
    return SimpleNamespace(trays={0: tray}, cells={0: (cell[0], cell[1], 480, 270)})


def test_the_trays_view_holds_every_die_and_draws_dice_lying_close_larger():
    image = np.zeros((254, 464, 3), np.uint8)
    ox, oy = 480 + MARGIN, MARGIN                  # the tray's picture in the whole table's px
    near = [(3, ox + 200, oy + 120), (5, ox + 240, oy + 130), (6, ox + 220, oy + 100)]
    view = tray_view(image, _table(near), 0)
    h, w = view.shape[:2]
    assert w < 464 and h < 254, "dice lying close: a closer view"
    assert abs(h / w - TRAY_ASPECT) < 0.02
    far = [(1, ox + 10, oy + 10), (2, ox + 450, oy + 240)]
    assert tray_view(image, _table(far), 0).shape == image.shape, "spread over the tray: all of it"
    assert tray_view(image, _table([]), 0).shape == image.shape


def test_the_trays_view_keeps_room_around_each_die():
    """Each die's centre lies in the view with room around it (as much of
    :data:`TRAY_VIEW_ROOM` as the tray's edge leaves)."""
    image = np.zeros((254, 464, 3), np.uint8)
    ox, oy = 480 + MARGIN, MARGIN
    placed = [(4, ox + 60, oy + 200), (2, ox + 120, oy + 180)]
    for _, x, y in placed:
        image[y - oy, x - ox] = 255                    # each die's centre marked
    view = tray_view(image, _table(placed), 0)
    ys, xs = np.nonzero(view[:, :, 0])
    assert len(xs) == 2, "every die in the view"
    h, w = view.shape[:2]
    for (_, x, y), vx, vy in zip(sorted(placed, key=lambda d: d[2]), xs[np.argsort(ys)], np.sort(ys)):
        px, py = x - ox, y - oy
        assert vx >= min(TRAY_VIEW_ROOM, px) - 1 and w - vx >= min(TRAY_VIEW_ROOM, 464 - px) - 1
        assert vy >= min(TRAY_VIEW_ROOM, py) - 1 and h - vy >= min(TRAY_VIEW_ROOM, 254 - py) - 1


def test_tumbling_dice_show_an_empty_tray_and_dice_taken_by_the_game_stay_in_view():
    from firmware.app.session_panels import SessionPanels
    now = SimpleNamespace(runtime=SimpleNamespace(now_us=1_000_000))
    picture = np.zeros((254, 464, 3), np.uint8)
    tumbling = SimpleNamespace(values=[3, 4], image=picture, moving_until_us=1_200_000)
    assert SessionPanels._tray_look(now, tumbling) is tumbling, "in the air: no dice to see"
    still = SimpleNamespace(values=[3, 4], image=picture, moving_until_us=900_000)
    assert SessionPanels._tray_look(now, still) is picture
    drawing = SimpleNamespace(values=[3, 4], image=None, moving_until_us=900_000)
    assert SessionPanels._tray_look(now, drawing) is drawing
    taken = SimpleNamespace(values=[], image=None, moving_until_us=900_000)
    assert SessionPanels._tray_look(now, taken) is None, "the last look stays"


def test_no_dice_in_view_while_the_rounds_summary_or_its_countdown_stands():
    """PT35: the tray showed the next round's dice during "next roll in
    5 s" and the 3-2-1, up to 8 s before anyone could roll."""
    from firmware.app.session_panels import SessionPanels
    picture = np.zeros((254, 464, 3), np.uint8)
    still = SimpleNamespace(values=[3, 4], image=picture, moving_until_us=900_000)
    for banner, shown in (("next 5", False), ("3", False), ("1", False), ("roll!", True), ("", True)):
        at = SimpleNamespace(runtime=SimpleNamespace(now_us=1_000_000), countdown=banner)
        assert (SessionPanels._tray_look(at, still) is picture) == shown, banner


def test_a_rerolls_kept_dice_stay_in_view_while_the_others_tumble():
    """PT35: with "keep 6 6 6" the tray went empty while the other dice
    rolled, though the kept dice never left it."""
    from firmware.app.session_panels import kept_lying
    from firmware.runtime.dice_table import SimTable
    table = SimTable(2, seed=3, camera_noise=False)
    table.roll(0, 6, 6, None, 0)
    table.cell_frame(0, 10_000_000)                   # at rest: its picture planned and drawn
    before = {(v, round(x), round(y)) for v, x, y in table.trays[0].placed}
    keep = [v for v, _, _ in table.trays[0].placed[:2]]
    table.roll(0, 6, 6, None, 20_000_000, keep=keep)  # a reroll keeping two
    for when in ("thrown", "planned"):
        if when == "planned":
            table.cell_frame(0, 20_000_001)           # still tumbling, its picture planned
        view = kept_lying(table, 0).astype(np.int16)
        empty = kept_lying(SimTable(2, seed=3, camera_noise=False), 0).astype(np.int16)
        ox, oy = table.cells[0][0] + MARGIN, table.cells[0][1] + MARGIN
        seen = [(v, x, y) for v, x, y in before
                if np.abs(view[y - oy - 3:y - oy + 4, x - ox - 3:x - ox + 4] - empty[0, 0]).max() > 40]
        assert sorted(v for v, _, _ in seen) == sorted(keep), (when, seen, keep)
