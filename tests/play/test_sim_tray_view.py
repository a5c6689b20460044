"""The simulator's window shows each person's tray (PT34, a fresh
play-tester as seat 1 against bots with camera dice: "in the simulator you
can't see the real dice, so there's nothing to check a reading against").

At a cabinet a seat checks the camera's reading (CAB-6) against the dice
in its tray; in the simulator the tray is a picture of the simulated
table, so the window shows it under the person's keys: the dice as they
lie, the throw's own picture (no camera noise), never for a bot's seat."""
from __future__ import annotations

from types import SimpleNamespace

from PIL import Image

import numpy as np

from firmware.app.session_panels import TRAY_VIEW_ROOM, tray_view
from firmware.runtime.dice_table import MARGIN
from firmware.ui.sim_tray import TRAY_ASPECT


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


# PT36: "The tray view is small: each die is about 20 px on a 1920-wide screen"; PT35: "dark dice with red
# pips need a closer look".  Under the tray's overview each die lies close up, cut from the tray's own picture,
# in the order the seat's OLED lists the reading's values (else left to right, and the words say which).

def _lying(*dice):
    """Drawn dice (:class:`vision.synth.DieSpec`) lying at ``(value, x, y)`` of a tray's picture."""
    from vision.synth import DieSpec
    return [DieSpec(v, "red", (float(x), float(y)), 0.0, 40.0) for v, x, y in dice]


def test_the_close_ups_follow_the_readings_order_and_show_a_misread_die_as_it_lies():
    from firmware.app.tray_closeups import left_to_right, reading_order
    lying = _lying((3, 300, 60), (5, 80, 200), (6, 200, 120))
    # the camera reads top to bottom; the OLED lists the reading in its places (a reroll's kept 6 first)
    read = [(3, (301.0, 61.0)), (6, (199.0, 121.0)), (5, (81.0, 199.0))]
    assert reading_order([6, 3, 5], read, lying) == [2, 0, 1]
    # the 5 misread as a 4: the close-up under the OLED's 4 is that die, its 5 in view
    misread = [(3, (301.0, 61.0)), (6, (199.0, 121.0)), (4, (81.0, 199.0))]
    assert reading_order([4, 6, 3], misread, lying) == [1, 2, 0]
    # a reading of other dice (a value the camera did not read, a die not lying there): no order known
    assert reading_order([6, 3, 2], read, lying) is None
    assert reading_order([6, 3, 5], [(3, (301.0, 61.0)), (6, (199.0, 121.0)), (5, (400.0, 30.0))], lying) is None
    assert left_to_right(lying) == [1, 2, 0]


def test_a_die_cut_close_up_is_the_die_alone_from_the_trays_own_picture():
    from firmware.app.tray_closeups import die_cut, lifted
    from vision.synth import render_frame
    lying = _lying((4, 100, 100), (2, 200, 100), (6, 20, 20))
    image = render_frame((464, 254), lying, noise=0.0)
    cut = die_cut(image, lying[0])
    h, w = cut.shape[:2]
    assert h == w and 40 <= w <= 50, "about the die's own size: it fills its close-up"
    assert np.array_equal(cut, image[100 - h // 2:100 - h // 2 + h, 100 - w // 2:100 - w // 2 + w])
    corner = die_cut(image, lying[2])
    assert corner.shape == cut.shape, "a die near the picture's edge: the square kept within it"


def test_each_die_lies_close_up_under_the_tray_in_the_order_its_oled_lists_the_reading(table):
    from firmware.app.tray_closeups import die_cut, lifted
    from firmware.ui.sim_tray import CLOSEUP_WANT, ORDER_WORDS
    t = table("retrograde", 2, bots={1}, seed=11)
    t.resize(1920, 1080)
    s = t.session
    t.run_until(lambda t: 0 in s.dice.held, max_passes=3000)     # seat 1's reading to check
    t.step(2)
    tray, box = s.dice.table.trays[0], t.panel_box(0)
    held = s.dice.held[0]["values"]
    assert box.closeups is not None and len(box.tiles) == len(held) == 6
    px, py, pw, ph = box.panel
    for x, y, w, h in box.tiles:
        assert w == h >= CLOSEUP_WANT, "a die big enough to count its pips at a glance"
        assert px <= x and x + w <= px + pw and py <= y and y + h <= py + ph, "inside the seat's panel"
    assert box.closeups[1] > box.tray[1] + box.tray[3], "under the tray's overview"
    # which die each close-up shows: the nearest of every die's own cut, scaled as drawn
    shot = t.window_image()
    seen = []
    for x, y, w, h in box.tiles:
        got = np.asarray(shot.crop((x, y, x + w, y + h)), np.float32)
        cuts = {i: np.asarray(Image.fromarray(np.ascontiguousarray(lifted(die_cut(tray.image, d))[:, :, ::-1]))
                              .resize((w, h), Image.BILINEAR), np.float32) for i, d in enumerate(tray.lying)}
        seen.append(tray.lying[min(cuts, key=lambda i: float(np.abs(cuts[i] - got).mean()))].value)
    assert seen == list(held), "close-up i shows the die the OLED's i-th value was read from"
    assert s._trays()[0].in_order, ORDER_WORDS


def test_close_ups_fit_the_1080p_window_with_two_three_and_four_seats_of_people():
    """Every person's panel, its overview and its close-ups inside the
    window (a panel taller than the window is not drawn), the words at
    the largest size; the dice at least :data:`CLOSEUP_WANT` px with one
    or two people."""
    import os
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from firmware.ui.paint import Fonts
    from firmware.ui.sim_tray import CLOSEUP_WANT, TrayLook, closeup_words
    from firmware.ui.sim_window import TEXT_SIZES, SeatPanel, window_layout
    fonts = Fonts()
    legend = (("Space", "button"), ("Left/Right", "choose"), ("Down", "cancel"))
    look = TrayLook(Image.new("RGB", (464, 254)), tuple(Image.new("RGB", (40, 40)) for _ in range(6)), True, 6)
    for seats, people in ((2, 1), (2, 2), (3, 1), (3, 3), (4, 2), (4, 4)):
        panels = [SeatPanel(f"seat {i + 1}", Image.new("1", (128, 64)), legend, "lit", look) if i < people
                  else SeatPanel(f"seat {i + 1} \u00b7 bot", light="unlit") for i in range(seats)]
        lay = window_layout((1920, 1080), (1920, 1080), panels, fonts.measure)
        assert lay.text_px == TEXT_SIZES[0], (seats, people)
        for box in lay.panels[:people]:
            x, y, w, h = box.panel
            assert x >= 0 and y >= 0 and x + w <= 1920 and y + h <= 1080, (seats, people, box)
            assert box.tray is not None and len(box.tiles) == 6
            for tx, ty, tw, th in box.tiles:
                assert x <= tx and tx + tw <= x + w and y <= ty and ty + th <= y + h
            if people <= 2:
                assert box.tiles[0][2] >= CLOSEUP_WANT, (seats, people, box.tiles[0])
            else:
                assert box.tiles[0][2] >= 40, (seats, people, box.tiles[0])
            # the words over the close-ups within them ("in the order listed a" was cut with two people)
            font = fonts.font(lay.text_px)
            for in_order, taken in ((True, False), (False, False), (True, True)):
                assert font.size(closeup_words(font, in_order, box.closeups[2], taken))[0] <= box.closeups[2], \
                    (seats, people, in_order, taken)


def test_a_dark_die_close_up_shows_its_red_pips_in_a_better_light():
    """PT35: "dark dice with red pips need a closer look"."""
    from firmware.app.tray_closeups import lifted
    cut = np.zeros((8, 8, 3), np.uint8)
    cut[:] = (30, 30, 34)                        # a smoke die's body
    cut[3:5, 3:5] = (40, 40, 140)                # a red pip (BGR)
    lit = lifted(cut).astype(int)
    body, pip = lit[0, 0], lit[3, 3]
    assert body.mean() > 30 and (pip[2] - body[2]) > (140 - 34), "the pip stands out more from the body"
    assert lifted(np.full((2, 2, 3), 200, np.uint8)).min() >= 200, "a grey table stays grey, lighter"


def test_the_close_ups_put_a_nudged_or_rerolled_die_under_the_olds_question_mark():
    """PT53 (Ginza setup, "die rerolled for you"): the OLED listed the
    reading so far ? 4 6 3 2 while the close-ups stood left to right, so
    the "?" stood over another die.  The dice read keep their places; the
    die lying where none was read (it was nudged or rerolled elsewhere)
    stands under the "?"."""
    from firmware.app.tray_closeups import reading_order
    # the failed reading: the 4 and the 6 read, the die between them unread
    read = [(4, (301.0, 61.0)), (None, (199.0, 121.0)), (6, (81.0, 199.0))]
    # ... not moved yet: the unread die where it was read
    lying = _lying((4, 300, 60), (2, 200, 120), (6, 80, 200))
    assert reading_order([None, 4, 6], read, lying) == [1, 0, 2]
    # ... rerolled (or nudged) to another place, the two read lying as they lay
    moved = _lying((4, 300, 60), (6, 80, 200), (5, 400, 220))
    assert reading_order([None, 4, 6], read, moved) == [2, 0, 1]
    assert reading_order([4, None, 6], read, moved) == [0, 2, 1]
    # two dice moved: which is which is not known; a die read moved: no order
    two = [(None, (250.0, 30.0)), (None, (199.0, 121.0)), (6, (81.0, 199.0))]
    assert reading_order([None, None, 6], two, _lying((4, 300, 60), (6, 80, 200), (5, 400, 220))) is None
    assert reading_order([None, 4, 6], [(4, (10.0, 10.0))] + read[1:], moved) is None


def test_the_close_ups_say_in_the_order_they_were_read_once_the_oled_no_longer_lists_the_check(table):
    """PT53: after the check, the OLED showed the action menu while the
    close-ups still stood "in the order listed above"; nothing was listed
    above.  Once the game took the dice, they stay in the order the OLED
    listed them (Retrograde's OLED keeps its dice row so) and say "in the
    order they were read"."""
    from firmware.ui.sim_tray import TAKEN_WORDS, closeup_words
    t = table("retrograde", 2, bots={1}, seed=11)
    s = t.session
    t.run_until(lambda t: 0 in s.dice.held, max_passes=3000)
    t.step(2)
    before = s._trays()[0]
    assert before.in_order and not before.taken
    t.step(ms=1500)
    t.press(0, "button")                      # "dice ok": the game takes the dice
    t.run_until(lambda t: 0 not in s.dice.held, max_passes=200)
    t.step(2)
    look = s._trays()[0]
    assert look is not None and look.taken, "the words say the order they were read in"
    assert look.closeups == before.closeups, "the same close-ups in the same order"
    font = t.pg.font.SysFont(None, 24)
    assert closeup_words(font, look.in_order, 2000, look.taken) == TAKEN_WORDS[0]


def test_the_close_ups_put_a_die_not_seen_under_its_question_mark():
    """PT66: a hand entry after a reading that missed a die; its values in
    the places the seat saw its dice, the die not seen a "?".  The dice
    read stand under their values, the one die left lying under the "?"."""
    from firmware.app.tray_closeups import reading_order
    lying = _lying((4, 300, 60), (2, 200, 120), (6, 80, 200))
    read = [(4, (301.0, 61.0)), (6, (81.0, 199.0))]              # the 2 not seen
    assert reading_order([6, None, 4], read, lying) == [2, 1, 0]
    assert reading_order([6, None, None], read, lying) is None   # two dice left to one "?" place each: not known
