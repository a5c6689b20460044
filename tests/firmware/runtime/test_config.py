"""Config validation: unknown keys, wrong types, duplicate pins, bad TOML
all fail naming the key path."""
from __future__ import annotations

import pytest

from firmware.runtime import config


def write(tmp_path, text):
    p = tmp_path / "cabinet.toml"
    p.write_text(text, encoding="utf-8")
    return p


def test_defaults_validate():
    cfg = config.defaults()
    assert cfg["gpio"]["backend"] == "auto"
    assert config.validate({}) == cfg


def test_unknown_key_names_path_and_fix(tmp_path):
    p = write(tmp_path, "[gpio]\nbackned = 'mock'\n")
    with pytest.raises(config.ConfigError, match=r"gpio\.backned: unknown key.*backend"):
        config.load(p)


def test_unknown_section(tmp_path):
    with pytest.raises(config.ConfigError, match="nonsense: unknown key"):
        config.load(write(tmp_path, "[nonsense]\nx = 1\n"))


def test_wrong_type_names_path(tmp_path):
    p = write(tmp_path, "[[seats]]\nbutton = 'seventeen'\n")
    with pytest.raises(config.ConfigError, match=r"seats\[0\]\.button: must be int"):
        config.load(p)


def test_bool_is_not_an_int(tmp_path):
    with pytest.raises(config.ConfigError, match="fps: must be int"):
        config.load(write(tmp_path, "[cabinet]\nfps = true\n"))


def test_choice_and_range(tmp_path):
    with pytest.raises(config.ConfigError, match="gpio.backend: 'wiringpi' is not one of"):
        config.load(write(tmp_path, "[gpio]\nbackend = 'wiringpi'\n"))
    with pytest.raises(config.ConfigError, match="cabinet.fps: 1000 is above the maximum"):
        config.load(write(tmp_path, "[cabinet]\nfps = 1000\n"))


def test_duplicate_pins_fail_with_both_paths(tmp_path):
    p = write(tmp_path, "[[seats]]\nbutton = 17\n[[seats]]\ncup = 17\n")
    with pytest.raises(config.ConfigError, match=r"seats\[1\]\.cup: BCM pin 17 is already used by seats\[0\]\.button"):
        config.load(p)


def test_not_toml(tmp_path):
    with pytest.raises(config.ConfigError, match="not valid TOML"):
        config.load(write(tmp_path, "[gpio\n"))


def test_missing_file_named(tmp_path):
    with pytest.raises(config.ConfigError, match="cannot read"):
        config.load(tmp_path / "nope.toml")


def test_show_round_trips(tmp_path):
    import tomllib
    cfg = config.defaults()
    assert config.validate(tomllib.loads(config.to_toml(cfg))) == cfg


def test_env_default_location(tmp_path, monkeypatch):
    p = write(tmp_path, "[cabinet]\nfps = 20\n")
    monkeypatch.setenv("CABINET_CONFIG", str(p))
    assert config.load()["cabinet"]["fps"] == 20
