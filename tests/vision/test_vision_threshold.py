"""The dice reader's value threshold (``vision.min_value_p``): a die is read
only when its averaged readings give its value at that probability; the
setting is validated and reaches the reader from config and from
``cabinet dice``'s option."""
from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest

from fake_models import stub_reader
from firmware.runtime import config as config_mod
from firmware.runtime.reader import reader_from_config
from vision.die import VisionInputError
from vision.netreader import Candidate
from vision.reader import DEFAULT_MIN_VALUE_P, DiceReader
from vision.synth import DieSpec, render_frame


def _read_with_readings(p_value: float, min_value_p: float = DEFAULT_MIN_VALUE_P, heat: float = 0.9,
                        not_a_die: float | None = None):
    """read_dice at ``min_value_p`` on one candidate of detector ``heat``
    (0.9: sure) whose every reading (both nets, all turns) gives a 4 with
    probability ``p_value`` and "not a die" with ``not_a_die`` (None: the
    rest shared evenly by the other six classes)."""
    frame = render_frame((200, 200), [DieSpec(4, "red", (100, 100), 10, 48)], seed=3)

    def faces(windows, expert=False):
        p = np.full((len(windows), 7), (1 - p_value) / 6, np.float32)
        if not_a_die is not None:
            p[:, :6] = (1 - p_value - not_a_die) / 5
            p[:, 6] = not_a_die
        p[:, 3] = p_value
        return p
    return stub_reader(faces, [Candidate(100.0, 100.0, 48.0, heat)], min_value_p=min_value_p).read_dice(frame)


def test_a_die_read_at_0_65_is_unread_at_the_default_0_7():
    """Readings that agree on a 4 at p 0.65: unread (the nudge flow takes
    it) at the default 0.7 (0.8 before the expert that starts from
    ImageNet, 0.87 before issue 40's game), read at 0.6; at 0.72 read."""
    assert DiceReader().min_value_p == 0.7
    assert [d.value for d in _read_with_readings(0.65)] == [None]
    assert [d.value for d in _read_with_readings(0.72)] == [4]
    assert [d.value for d in _read_with_readings(0.8, 0.6)] == [4]
    assert [d.value for d in _read_with_readings(0.5, 0.6)] == [None]


def test_a_faint_find_needs_a_clear_face_0_95_where_a_sure_one_needs_0_7():
    """A find the detector was never sure of (heat below 0.57) is given a
    value only at p >= 0.95 (``faint_min_value_p``), and else dropped; at a
    threshold above 0.95 (a calibration's) the threshold holds for both."""
    doubt = 0.1         # "not a die" at 0.1: the nets are not sure it is a die (a drawn hand: 0.054-0.28)
    assert [d.value for d in _read_with_readings(0.85, heat=0.5, not_a_die=doubt)] == []
    assert [d.value for d in _read_with_readings(0.85, heat=0.6, not_a_die=doubt)] == [4]
    assert [d.value for d in _read_with_readings(0.96, heat=0.5, not_a_die=0.02)] == [4]
    assert [d.value for d in _read_with_readings(0.96, 0.97, heat=0.5, not_a_die=0.02)] == []
    reader = DiceReader()
    assert (reader.value_bar(0.56), reader.value_bar(0.6), reader.value_bar(0.3, 0.97)) == (0.95, 0.7, 0.97)


def test_a_faint_find_the_nets_surely_see_as_a_die_is_read_at_the_threshold():
    """Issue 40: on the odd scenes, 68 faint finds (heat below 0.57) had
    readings agreeing at p 0.7-0.95, all but one right; roboflow's small
    dice are most of them.  The drawn hands the faint bar is for put "not
    a die" at 0.054-0.28 in every look (100 seeds, five noisy frames),
    those dice mostly below 0.01.  A faint find whose readings put "not a
    die" below 0.03 (``faint_clear_not_a_die_p``) needs only the
    threshold; at 0.03 or more, or unknown, p 0.95."""
    assert [d.value for d in _read_with_readings(0.85, heat=0.5, not_a_die=0.01)] == [4]
    assert [d.value for d in _read_with_readings(0.85, heat=0.5, not_a_die=0.035)] == []
    assert [d.value for d in _read_with_readings(0.85, heat=0.5, not_a_die=0.054)] == []
    assert [d.value for d in _read_with_readings(0.65, heat=0.5, not_a_die=0.01)] == []
    reader = DiceReader()
    assert (reader.value_bar(0.5, not_a_die=0.01), reader.value_bar(0.5, not_a_die=0.05),
            reader.value_bar(0.5)) == (0.7, 0.95, 0.95)


def test_a_die_the_camera_noise_leaves_just_under_0_6_is_read_at_the_threshold():
    """Issue 40, the game: on the simulated camera's noisy frames one die in
    a hundred was found at heat 0.55-0.60, its experts agreeing on its
    value at p 0.7-0.93 (right, 44 of 44 in seeds 1-6), and was dropped as
    a screw (a faint find needed p 0.95): "2 dice seen, 3 wanted", a
    nudge.  The drawn hands that bar stops are found at heat 0.43-0.55
    (100 seeds); from 0.57 a find's value needs the threshold only.  Still
    dropped without a value below 0.6 (a screw, a print)."""
    doubt = 0.1         # (a faint find the nets are sure is a die reads at the threshold at any heat)
    assert [d.value for d in _read_with_readings(0.85, heat=0.58, not_a_die=doubt)] == [4]
    assert [d.value for d in _read_with_readings(0.85, heat=0.56, not_a_die=doubt)] == []
    assert [d.value for d in _read_with_readings(0.6, heat=0.58)] == []
    assert [d.value for d in _read_with_readings(0.6, heat=0.6)] == [None]


@pytest.mark.parametrize("bad", [0.3, 1.0, 2, -1, True, "0.9", float("nan")])
@pytest.mark.parametrize("source", ["config", "calibration", "option"])
def test_a_bad_threshold_is_refused_and_the_old_one_kept(bad, source):
    r = DiceReader().with_min_value_p(0.7, source)
    with pytest.raises(VisionInputError, match="min_value_p must be a probability from 0.5 to 0.99"):
        r.with_min_value_p(bad, source)
    assert r.min_value_p == 0.7


def test_config_key_sets_the_reader(tmp_path):
    f = tmp_path / "cabinet.toml"
    f.write_text("[vision]\nmin_value_p = 0.75\n")
    assert reader_from_config(config_mod.load(f)).min_value_p == 0.75
    assert reader_from_config(config_mod.load(f), 0.95).min_value_p == 0.95  # a command's option wins
    assert reader_from_config(None).min_value_p == 0.7  # no config: the default


def test_a_calibration_threshold_wins_over_config_and_an_option_over_both():
    r = DiceReader().with_min_value_p(0.8, "config").with_min_value_p(0.95, "calibration")
    assert r.min_value_p == 0.95 and r.min_value_p_without_calibration == 0.8
    r = r.with_min_value_p(0.7, "option")
    assert r.min_value_p == 0.7 and r.min_value_p_without_calibration == 0.7
    r = r.with_min_value_p(None, "option").with_min_value_p(None, "calibration")
    assert r.min_value_p == 0.8
    assert r.at(0.6).min_value_p == 0.6 and r.at(0.6).min_value_p_without_calibration == 0.8
    with pytest.raises(VisionInputError, match="source"):
        r.with_min_value_p(0.8, "seat")


def test_two_readers_keep_their_own_thresholds():
    """Settings are per reader: making or changing one leaves every other as it was."""
    a = DiceReader()
    b = a.with_min_value_p(0.6, "config").with_min_value_p(0.95, "calibration")
    assert (a.min_value_p, b.min_value_p, DiceReader().min_value_p) == (0.7, 0.95, 0.7)
    assert [d.value for d in _read_with_readings(0.65)] == [None]  # a reader made now reads at 0.7


def test_config_key_out_of_range_names_the_key(tmp_path):
    f = tmp_path / "cabinet.toml"
    f.write_text("[vision]\nmin_value_p = 1.5\n")
    with pytest.raises(config_mod.ConfigError, match="vision.min_value_p"):
        config_mod.load(f)


def test_cli_option_out_of_range_is_a_usage_error(tmp_path):
    out = subprocess.run([sys.executable, "-m", "firmware.cli.main", "dice", "score", str(tmp_path),
                          "--min-value-p", "1.5"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "--min-value-p 1.5: give a probability from 0.5 to 0.99" in out.stderr


def test_cli_peer_with_a_threshold_is_a_usage_error(tmp_path):
    out = subprocess.run([sys.executable, "-m", "firmware.cli.main", "dice", "score", str(tmp_path), "--peer",
                          "--min-value-p", "0.6"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "--peer reader has none" in out.stderr


def test_a_calibration_threshold_does_not_leak_into_the_next_command(tmp_path, monkeypatch):
    """In one process (firmware.cli.main called twice): a calibrated read at
    the calibration's 0.6, then --no-calibration (or another models
    folder, or a bad option) reads at the config's threshold again."""
    import cv2

    from firmware.cli import main as cli
    from vision import calibrate
    from vision.calibration.file import models_fingerprint
    from vision.synth import DieSpec, render_frame
    monkeypatch.setenv("STATE_DIRECTORY", str(tmp_path / "state"))
    from vision.netreader import Models
    calibrate.save(calibrate.Calibration({}, models_fingerprint(Models.shipped()), {}, 0.6),
                   tmp_path / "state" / calibrate.CALIBRATION_FILE)
    img = tmp_path / "a.png"
    cv2.imwrite(str(img), render_frame((200, 200), [DieSpec(3, "red", (100, 100), 0, 44)]))

    def read(*extra) -> tuple[int, float | None]:
        """(exit code, the threshold the command read at, from its --json line)."""
        import contextlib
        import io
        import json
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            code = cli.main(["dice", "read", str(img), "--json", *extra])
        lines = out.getvalue().splitlines()
        return code, json.loads(lines[-1])["min_value_p"] if lines else None
    assert read() == (0, 0.6)
    assert read("--no-calibration") == (0, 0.7)
    assert read("--min-value-p", "0.7") == (0, 0.7)
    assert read("--min-value-p", "7")[0] == 2
    assert read("--no-calibration") == (0, 0.7)


def test_score_json_records_the_threshold(tmp_path):
    import json

    from dice_fixtures import tiny_labelled_set
    tiny_labelled_set(tmp_path)
    out = subprocess.run([sys.executable, "-m", "firmware.cli.main", "dice", "score", str(tmp_path), "--json",
                          "--min-value-p", "0.75"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["min_value_p"] == 0.75


def test_read_json_records_the_threshold(tmp_path):
    import json

    import cv2

    from vision.synth import DieSpec, render_frame
    img = tmp_path / "a.png"
    cv2.imwrite(str(img), render_frame((200, 200), [DieSpec(3, "red", (100, 100), 0, 44)]))
    out = subprocess.run([sys.executable, "-m", "firmware.cli.main", "dice", "read", str(img), "--json",
                          "--min-value-p", "0.8"], capture_output=True, text=True, timeout=60,
                         env={**os.environ, "STATE_DIRECTORY": str(tmp_path / "state")})
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["min_value_p"] == 0.8


@pytest.mark.parametrize("bad", [0.61, -0.1])
def test_a_faint_heat_outside_zero_to_the_drop_heat_is_refused(bad):
    from vision.reader_settings import ReaderSettings
    with pytest.raises(VisionInputError, match="faint_value_heat must be from 0 to unreadable_min_heat"):
        ReaderSettings(faint_value_heat=bad)


@pytest.mark.parametrize("bad", [-0.01, 0.6, True, "0.03"])
def test_a_bad_clear_not_a_die_bar_is_refused_naming_the_key(bad):
    from vision.reader_settings import ReaderSettings
    with pytest.raises(VisionInputError, match="faint_clear_not_a_die_p must be from 0 to max_not_a_die_p"):
        ReaderSettings(faint_clear_not_a_die_p=bad)


def test_over_frames_a_faint_find_reads_at_the_threshold_only_if_every_look_is_sure_it_is_a_die():
    """``MultiLook`` takes the largest "not a die" of a die's looks (never
    the combined one: multiplied over frames a hand's doubt would vanish).
    A faint find (heat 0.5) read as a 4 at p 0.85 in three frames: read
    when every look puts "not a die" at 0.01; unread (dropped: faint, no
    value) when one look puts it at 0.05, though the looks' mean is 0.02."""
    from vision.multilook import MultiLook
    frame = render_frame((200, 200), [DieSpec(4, "red", (100, 100), 10, 48)], seed=3)
    for doubts, want in (((0.01, 0.01, 0.01), [4]), ((0.005, 0.05, 0.005), [])):
        seen = [0]

        def faces(windows, expert=False, doubts=doubts, seen=seen):
            nad = doubts[seen[0]]
            p = np.full((len(windows), 7), (1 - 0.85 - nad) / 5, np.float32)
            p[:, 6] = nad
            p[:, 3] = 0.85
            return p
        ml = MultiLook(stub_reader(faces, [Candidate(100.0, 100.0, 48.0, 0.5)]))
        dice = []
        for k in range(3):
            seen[0] = k
            dice = ml.read(frame)
        assert [d.value for d in dice] == want, doubts
