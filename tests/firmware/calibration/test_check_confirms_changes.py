"""A seat that changed dice the camera read is asked once more before its
corrections count as the truth (PT36: a purple 5 stepped to 6 by mistake
was taken with one press on ok, no word of it, and the result blamed the
camera: "dice read wrong before: 1, now: 1")."""
from __future__ import annotations

from firmware.calibration import screens as cs

from tests.support.calibration_fixtures import checking as _checking


def test_ok_after_changing_a_die_the_camera_read_asks_once_more():
    flow, s = _checking([3, 5, 1])
    flow.nav(0, 1), flow.nav(0, 1)          # die 2
    flow.press(0)                            # 5 -> 6
    flow.nav(0, -1), flow.nav(0, -1)         # back to ok
    assert s.cursor == 0
    flow.press(0)
    assert s.status == "checking" and not flow.confirmed
    scene = cs.screen(flow, (1920, 1080))
    assert "die 2" in scene.facts["seats"][0] and "5" in scene.facts["seats"][0] and "6" in scene.facts["seats"][0]
    oled = " ".join(cs.oled_frame(flow, 0).texts)
    assert "5 to 6" in oled and "again" in oled
    flow.press(0)                            # sure: confirmed as corrected
    assert s.status == "confirmed" and flow.confirmed == [s.reading] and s.reading.values == [3, 6, 1]


def test_ok_without_changes_or_setting_a_die_the_camera_did_not_read_confirms_at_once():
    flow, s = _checking([3, None, 1])
    flow.nav(0, 1), flow.nav(0, 1)
    flow.press(0)                            # ? -> 1: the camera gave no value, nothing to contradict
    flow.nav(0, -1), flow.nav(0, -1)
    flow.press(0)
    assert s.status == "confirmed"
