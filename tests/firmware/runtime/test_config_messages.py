"""Clear config messages (issue 23, item 8): deep nesting names the file
and line, integer gains are numbers, non-finite numbers and absurd bus
numbers are refused, tray zones must lie inside the camera frame, and a
game needs a tray for every seat that plays."""
from __future__ import annotations

import pytest

from firmware.runtime import config


def write(tmp_path, text):
    p = tmp_path / "cabinet.toml"
    p.write_text(text, encoding="utf-8")
    return p


def test_deeply_nested_config_names_file_and_line(tmp_path):
    p = write(tmp_path, "[cabinet]\nfps = 30\n\n[vision]\nwhite_balance = " + "[" * 5000 + "]" * 5000 + "\n")
    with pytest.raises(config.ConfigError, match=r"cabinet\.toml: line 5: .*nested"):
        config.load(p)


def test_deeply_nested_inline_tables(tmp_path):
    p = write(tmp_path, "x = " + "{a = " * 3000 + "1" + "}" * 3000 + "\n")
    with pytest.raises(config.ConfigError, match=r"line 1: .*nested"):
        config.load(p)


def test_brackets_in_strings_and_comments_do_not_count(tmp_path):
    p = write(tmp_path, '# ' + "[" * 200 + '\n[cabinet]\nstate_dir = "' + "[" * 200 + '"\n')
    assert config.load(p)["cabinet"]["state_dir"] == "[" * 200


def test_integer_white_balance_gains_are_numbers(tmp_path):
    cfg = config.load(write(tmp_path, "[vision]\nwhite_balance = [1, 1, 1]\n"))
    assert cfg["vision"]["white_balance"] == [1.0, 1.0, 1.0]
    assert all(isinstance(g, float) for g in cfg["vision"]["white_balance"])


@pytest.mark.parametrize("value", ["nan", "inf", "-inf"])
def test_non_finite_volume_is_refused(tmp_path, value):
    with pytest.raises(config.ConfigError, match=r"audio\.volume: .*finite"):
        config.load(write(tmp_path, f"[audio]\nvolume = {value}\n"))


def test_absurd_oled_bus_is_refused(tmp_path):
    with pytest.raises(config.ConfigError, match=r"seats\[0\]\.oled\.bus: .*above the maximum"):
        config.load(write(tmp_path, "[[seats]]\nbutton = 4\n[seats.oled]\nbus = 1000000000\n"))


def test_tray_outside_the_camera_frame_is_refused(tmp_path):
    text = ("[camera]\nwidth = 640\nheight = 480\n"
            "[[vision.trays]]\nseat = 0\npolygon = [[0, 0], [320, 0], [320, 240]]\n"
            "[[vision.trays]]\nseat = 1\npolygon = [[320, 0], [900, 0], [900, 240]]\n")
    with pytest.raises(config.ConfigError, match=r"vision\.trays\[1\]\.polygon: .*outside the 640x480 camera frame"):
        config.load(write(tmp_path, text))


def test_trays_for_fewer_seats_than_play_are_refused():
    from vision.settings import missing_trays
    vision = {"trays": [{"seat": 0, "polygon": [[0, 0], [10, 0], [10, 10]]},
                        {"seat": 1, "polygon": [[10, 0], [20, 0], [20, 10]]}]}
    assert missing_trays(vision, 2) == []
    assert missing_trays(vision, 4) == [2, 3]
    assert missing_trays({"trays": []}, 6) == []        # no trays: the frame is split evenly


def test_session_on_a_real_camera_refuses_missing_trays(tmp_path):
    from engines import new_game
    from firmware.app.session_devices import check_trays
    cfg = config.validate({"vision": {"trays": [{"seat": 0, "polygon": [[0, 0], [10, 0], [10, 10]]}]}})
    with pytest.raises(ValueError, match=r"vision\.trays: .*seats 2, 3.*\[\[vision\.trays\]\]"):
        check_trays(cfg, new_game("cafe-junior", 3, 1))


def test_options_json_nested_too_deeply_is_a_clear_error():
    from firmware.runtime.errors import CliError
    from firmware.cli.options import parse_options
    with pytest.raises(CliError, match="--options"):
        parse_options("[" * 100_000 + "]" * 100_000)
