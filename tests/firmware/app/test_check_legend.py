"""PT56 (Ginza in the simulator's window): while seat 1's OLED held the
camera's reading for its check ("common dice 4 2 5, press: dice ok, hold:
wrong, nudge"), the keys under it still said "Space: button, Left/Right:
choose, Down: cancel, Left held: take back": nothing said the check was
the seat's to answer, nor what its press would do.  Under a check the
legend says what the button does there (CAB-6); under a hand entry, what
each key does in it."""
from __future__ import annotations

from firmware.app.session import Session, SessionOptions
from firmware.runtime import config
from firmware.runtime.dice_table import COMMON


def _session(tmp_path):
    cfg = config.load(None)
    cfg["cabinet"]["state_dir"] = str(tmp_path / "state")
    opts = SessionOptions(headless=True, size=(800, 480), bots={1})
    return Session.new(cfg, "ginza", 2, 3, None, tmp_path / "g.jsonl", opts, model=None)


def test_under_a_check_of_its_own_or_the_common_dice_the_keys_say_what_the_press_does(tmp_path):
    s = _session(tmp_path)
    dice = s.runtime.dice
    for key in (0, COMMON):
        dice.held.clear()
        dice.held[key] = {"action": {}, "values": [4, 2, 5], "frame_t": 0, "until": 4_000_000, "down": False,
                          "checker": 0, "wrong": False}
        legend = s._legends()[0]
        assert legend == [("Space", "dice ok"), ("Space held", "wrong"), ("Left+Right held", "pause")], (key, legend)
    dice.held.clear()
    assert ("Left/Right", "choose") in s._legends()[0]


def test_under_a_hand_entry_the_keys_say_how_to_set_the_dice(tmp_path):
    s = _session(tmp_path)
    s.runtime.dice.entries[0] = {"seat": 0, "values": [4, 2, 5], "cursor": 0}
    legend = dict(s._legends()[0])
    assert legend.get("Left/Right") == "change the die" and legend.get("Space") == "next die / ok", legend
