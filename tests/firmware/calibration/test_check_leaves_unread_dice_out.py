"""PT29, a fresh play-tester of the guided calibration's free rolls: a seat
checking a roll was forced to guess the values of the "?" dice it could
not see in the small tray picture, and those guesses counted as truth.

(a) OK accepts a reading with "?" dice: each is left out of the check
(neither right nor wrong, not among the dice of the figures), said on the
screens before the press; a roll whose every die is left out gives no
evidence, and rolls that give none end in words, not a crash; the tray
picture takes as much of the seat's card as the layout allows.
(b) The seat sees what the camera read for the die under its cursor, and
what its next press does.
(c) The calibration window's seat panels show each seat's keys, as the
game's do.
"""
from __future__ import annotations

import numpy as np

from firmware.calibration import screens as cs
from firmware.calibration.flow import GuidedCalibration
from firmware.calibration.gallery import gallery_flow
from firmware.calibration.model import Reading

from screen_checks import scene_problems


def _checking(read, cursor=0, seats=(0, 1)):
    """A flow in its first free roll, seat 0 checking a reading of ``read``."""
    flow = GuidedCalibration(list(seats), lambda: None, None, rolls=1)
    flow.step, flow.heads, flow.roll = len(flow.faces), {}, 1
    s = flow.seats[0]
    s.status, s.cursor = "checking", cursor
    dice = [(20.0 + 30 * i, 20.0, 20.0) for i in range(len(read))]
    s.reading = Reading(0, np.zeros((40, 40 + 30 * len(read), 3), np.uint8), dice, list(read), list(read))
    return flow, s


class _Die:
    def __init__(self, x, y, value):
        self.center, self.value = (x, y), value


class _Reader:
    """Reads every frame as ``values`` at the dice's places (a stub reader)."""
    min_value_p_without_calibration = 0.9

    def __init__(self, values):
        self.values = values

    def read_dice(self, frame):
        return [_Die(20.0 + 30 * i, 20.0, v) for i, v in enumerate(self.values)]

    def with_heads(self, *a):
        return self

    with_prototypes = with_window = at = with_heads


class _Zones:
    def seat_of(self, x, y):
        return 0


# ------------------------------------------------------------------ (a)
def test_ok_accepts_a_reading_with_unread_dice_and_leaves_them_out():
    """PT29: OK was refused until every "?" was set ("set the ? dice
    first"), so the owner guessed.  Now OK confirms; the "?" stays."""
    flow, s = _checking([3, None, 6])
    flow.press(0)
    assert s.status == "confirmed" and s.problem == ""
    assert flow.confirmed == [s.reading] and s.reading.values == [3, None, 6]


def test_a_die_left_out_counts_neither_right_nor_wrong_nor_among_the_dice():
    """The confirmed "?" die is no truth: a reader that gives it any value is
    neither right nor wrong there, and the figures' "of N dice" leave it out;
    a die the seat marked x (not a die) still counts a value on it as wrong."""
    flow, s = _checking([3, None, 6, 2])
    flow.zones = _Zones()
    s.reading.values[3] = 0              # the seat says: not a die
    flow.press(0)
    flow.press(0)                        # sure (it changed a value the camera read)
    counts = flow._read_rolls(_Reader([3, 5, 6, 2]))
    assert counts == {"dice": 2, "right": 2, "wrong": 1, "unread": 0, "extra": 1}
    counts = flow._read_rolls(_Reader([3, None, 1, None]))
    assert counts == {"dice": 2, "right": 1, "wrong": 1, "unread": 0, "extra": 0}


def test_a_roll_whose_every_die_is_left_out_gives_no_evidence_and_the_flow_ends_in_words():
    """Every die "?": the seat's OK is taken (it moves on), the roll is not
    kept as evidence, and a calibration whose rolls gave none is refused
    saying the dice were left out (the calibration in use is kept)."""
    flow, s = _checking([None, None, None], seats=(0,))
    flow.zones, flow.reader = _Zones(), _Reader([4, 4, 4])
    flow.press(0)
    assert s.status == "confirmed" and flow.confirmed == []
    assert flow.outcome is not None and flow.outcome[0] == "refused"
    assert "left out" in flow.outcome[1] and flow.left_out_dice == 3
    for size in ((1920, 1080), (800, 480)):
        scene = cs.screen(flow, size)
        assert scene_problems(scene) == [] and any("left out" in t for t in scene.texts()), size


def test_the_screens_say_before_the_press_that_ok_leaves_the_unread_dice_out():
    """Cursor on OK with a "?" die: the HDMI card and the OLED say that OK
    leaves it out; no word asks to set it first."""
    flow, s = _checking([3, None, 6])
    for size in ((1920, 1080), (800, 480)):
        words = cs.screen(flow, size).facts["seats"][0]
        assert "leaves" in words and "? dice out" in words, (size, words)
    texts = " | ".join(t[0] if isinstance(t, tuple) else t for t in cs.oled_frame(flow, 0).texts)
    assert "? dice out" in texts and "set ? dice" not in texts
    flow.seats[0].reading.values[1] = 4      # no "?" left: nothing is said about leaving dice out
    assert "out" not in cs.screen(flow, (1920, 1080)).facts["seats"][0]


def test_the_result_says_how_many_dice_were_left_out():
    """The figures leave the "?" dice out, and the result says how many, at
    both sizes (a note in small print would be dropped at 800 x 480)."""
    flow = gallery_flow("stored")
    flow.left_out_dice = 3
    for size in ((1920, 1080), (800, 480)):
        scene = cs.screen(flow, size)
        assert scene_problems(scene) == [] and any("3 dice you left as ?: not counted" in t for t in scene.texts()), size


def _pictures(scene):
    return [n for n in scene.nodes if n.kind == "picture"]


def _trays(scene):
    return [n for n in scene.nodes if n.kind == "panel" and n.props.get("fill") == (18, 20, 26)]


def test_the_tray_picture_takes_most_of_the_seats_tray_at_both_sizes():
    """PT29: the tray picture (about 170 x 100 px in the window) was too
    small to see dark dice.  It now takes at least 60 % of the tray's room
    (a third before), at 1920 x 1080 and at 800 x 480, and the values are
    still drawn."""
    for size in ((1920, 1080), (800, 480)):
        scene = cs.screen(gallery_flow("check"), size)
        trays = {(t.rect.x, t.rect.y): t.rect for t in _trays(scene)}
        pics = _pictures(scene)
        assert len(pics) == 3
        for p in pics:
            tray = next(r for r in trays.values() if r.x <= p.rect.x < r.x + r.w and r.y <= p.rect.y < r.y + r.h)
            assert p.rect.w * p.rect.h >= 0.6 * tray.w * tray.h, (size, p.rect, tray)
            assert p.props["w"] <= p.rect.w and p.props["h"] <= p.rect.h
        assert scene.facts["dice"][0] == [3, 5, 4, 2, 6]


# ------------------------------------------------------------------ (b)
def test_a_press_steps_a_die_through_the_values_then_x_then_unread():
    """1 ... 6, x (not a die), ? (left out), 1 again: a die set by mistake
    can be left out again."""
    flow, s = _checking([6, None], cursor=1)
    seen = []
    for _ in range(8):
        flow.press(0)
        seen.append(s.reading.values[0])
    assert seen == [0, None, 1, 2, 3, 4, 5, 6]


def _oled(flow, seat=0):
    return [t[0] if isinstance(t, tuple) else t for t in cs.oled_frame(flow, seat).texts]


def test_the_seat_sees_what_the_camera_read_for_the_die_under_its_cursor():
    """PT29: nothing showed the camera's reading once a value was changed.
    The OLED and the HDMI card say it for the die under the cursor
    ("camera: 4", "camera: ?"), whatever the seat set since."""
    flow, s = _checking([4, None, 2], cursor=1)
    flow.press(0)                                  # 4 -> 5: the camera still read 4
    assert s.reading.values[0] == 5
    assert "camera: 4" in " ".join(_oled(flow))
    assert "camera read 4" in cs.screen(flow, (1920, 1080)).facts["seats"][0]
    flow.nav(0, 1)                                 # the die the camera did not read
    assert "camera: ?" in " ".join(_oled(flow))
    assert "camera: ?" in cs.screen(flow, (800, 480)).facts["seats"][0] or \
        "could not read" in cs.screen(flow, (800, 480)).facts["seats"][0]


def test_the_words_say_what_the_next_press_does_and_it_does_that():
    """On every die the OLED names the value the next press gives it
    ("press: 5", "press: x", "press: ?") and the press gives that value;
    on OK it says "press: ok"."""
    flow, s = _checking([6, None, 3, 1])
    texts = " ".join(_oled(flow))
    assert "press: ok" in texts
    for cursor in (1, 2, 3, 4):
        flow.nav(0, 1)
        for _ in range(3):
            said = [t for t in _oled(flow) if "press: " in t]
            assert len(said) == 1, _oled(flow)
            want = said[0].split("press: ")[1].split()[0]
            flow.press(0)
            got = s.reading.values[cursor - 1]
            assert want == {None: "?", 0: "x"}.get(got, str(got)), (cursor, said, got)
            assert not any("set ? dice" in t for t in _oled(flow))


# ------------------------------------------------------------------ (c)
class _Renderer:
    width, height = 1280, 720

    def __init__(self):
        from firmware.screens.draw import default_measure
        self.scene_measure, self.presented, self.drawn = default_measure(), [], []

    def draw(self, scene):
        self.drawn.append(scene)

    def present(self, images, labels, **kw):
        self.presented.append((labels, kw))


def test_the_calibration_windows_seat_panels_show_each_persons_keys(tmp_path):
    """PT29: the game's window shows each seat's keys under its OLED, the
    calibration window showed none.  Now a person's seat shows its button
    (with what it does now), its arrows and the hold that leaves; a
    simulated seat shows none; and the button's words follow the flow."""
    from hardware.cabinet import build_cabinet

    from firmware.calibration.run import GuidedOptions, GuidedRun
    from firmware.runtime import config
    toml = tmp_path / "cabinet.toml"
    toml.write_text(f'[cabinet]\nsimulate = "yes"\nstate_dir = "{tmp_path}"\n')
    cfg = config.load(toml)
    cab = build_cabinet(cfg, with_camera=False, with_audio=False)
    try:
        renderer = _Renderer()
        run = GuidedRun(cfg, cab, GuidedOptions(seats=[0, 1], bots={1}), tmp_path / "cal.npz", renderer)
        run.render()
        labels, kw = renderer.presented[-1]
        legends = kw["legends"]
        assert len(legends) == 2 and legends[1] == []
        keys = dict(legends[0])
        # capturing a face: the arrows alone do nothing, so they are not named (as a game's legend)
        assert keys == {"Space": "capture", "Left+Right held": "leave"}
        flow = run.flow
        flow.step, flow.heads, flow.roll = len(flow.faces), {}, 1
        s = flow.seats[0]
        s.status, s.cursor = "checking", 1
        s.reading = Reading(0, np.zeros((40, 40, 3), np.uint8), [(20.0, 20.0, 20.0)] * 2, [2, None], [2, None])
        flow._changed()
        run.render()
        keys = dict(renderer.presented[-1][1]["legends"][0])
        assert keys["Space"] == "make it 3" and keys["Left/Right"] == "die / ok"
        flow.nav(0, 1)
        flow.nav(0, 1)
        run.render()
        assert dict(renderer.presented[-1][1]["legends"][0])["Space"] == "ok, ? dice out"
    finally:
        cab.close()


def test_the_figures_add_up_when_a_value_is_read_where_no_die_lies():
    """PT66: the result said "dice read right before: 7 of 8", "wrong
    before: 1", "left to nudge before: 1" (9 of 8), and the terminal "not
    read (to nudge) 0": the wrong value lay where no die was confirmed.
    Such a value still counts against the reader (``wrong``, which the
    refusal rule weighs), and is told apart (``extra``): the dice's own
    figures add up to the dice on both screens."""
    from firmware.cli.dice_calibrate import _rolls_line
    flow, s = _checking([3, 5])
    flow.zones = _Zones()
    flow.press(0)
    before = flow._read_rolls(_Reader([3, None, 4]))     # the 4: a find where no die was confirmed
    assert before == {"dice": 2, "right": 1, "wrong": 1, "unread": 1, "extra": 1}
    after = flow._read_rolls(_Reader([3, 5]))
    lines = cs.figure_lines(before, after)
    assert "dice read right before: 1 of 2, now: 2 of 2" in lines
    assert "dice read wrong before: 0, now: 0" in lines
    assert "dice left to nudge before: 1, now: 0" in lines
    assert "values read where no die lies before: 1, now: 0" in lines
    line = _rolls_line(before, after)
    assert "wrong 0 -> 0" in line and "not read (to nudge) 1 -> 0" in line
    assert "a value where no die lies 1 -> 0" in line


def test_a_roll_with_fewer_dice_seen_than_the_seat_captured_says_so():
    """PT66: a free roll showed 4 dice though the seat threw its 5, and
    nothing said a die was missing.  The check's words on "ok" say how
    many of its dice the camera saw (the most it captured on a face) and
    that the one not seen is not in the check; at both sizes it fits."""
    flow, s = _checking([3, 5, 6, 2])
    s.thrown = 5
    words = cs.screen(flow, (1920, 1080)).facts["seats"][0]
    assert "4 of your 5 dice seen" in words or "4 of 5 dice seen" in words, words
    for size in ((1920, 1080), (800, 480)):
        assert scene_problems(cs.screen(flow, size)) == [], size
    s.thrown = 4                                    # every die seen: nothing said of it
    assert "dice seen" not in cs.screen(flow, (1920, 1080)).facts["seats"][0]


def test_while_the_cabinet_learns_each_seat_is_told_to_wait_not_that_it_is_waiting():
    """PT66, PT67: during "learning your dice" the seat's banner said
    "Seat 1 · waiting", read as the seat holding things up.  It says
    "wait" (the cabinet is the one working), at both sizes."""
    flow = gallery_flow("adapt")
    for size in ((1920, 1080), (800, 480)):
        texts = " | ".join(cs.screen(flow, size).texts())
        assert "waiting" not in texts and "wait" in texts, (size, texts)
