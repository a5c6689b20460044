"""Field problem 2 (issue 37): MCP23017 GPA7/GPB7 are outputs only (Microchip
datasheet DS20001952 rev D; used as inputs they can corrupt SDA: Adafruit_
CircuitPython_MCP230xx #57, RobTillaart/MCP23017_RT #40).  The pin check
refuses them as inputs, naming the key and the fix, and the default wiring
keeps off them."""
from __future__ import annotations

from firmware.runtime.config import ConfigError, validate
from hardware.settings import DEFAULT_SEATS, OUTPUT_ONLY_EXPANDER_PINS, check, refused_expander_pins

import pytest


def _seat(**kw):
    s = {"button": 4, "cup": 17, "nav_via": "expander", "nav_a": 6, "nav_b": 7,
         "oled": {"driver": "none"}}
    s.update(kw)
    return s


def test_expander_config_using_gpa7_is_refused_naming_the_key_and_the_fix():
    with pytest.raises(ConfigError) as err:
        validate({"seats": [_seat()]})
    text = str(err.value)
    assert "seats[0].nav_b" in text and "GPA7" in text and "output" in text and "GPA0-GPA6" in text


def test_gpb7_is_refused_too_and_other_pins_pass():
    problems = check(_filled({"seats": [_seat(nav_a=15, nav_b=14)]}))
    assert [p for p, _ in problems] == ["seats[0].nav_a"]
    assert "GPB7" in problems[0][1]
    assert check(_filled({"seats": [_seat(nav_a=6, nav_b=12)]})) == []


def test_default_wiring_uses_no_output_only_expander_pin():
    nav = {s[k] for s in DEFAULT_SEATS for k in ("nav_a", "nav_b", "nav_push") if s[k] >= 0}
    assert not nav & set(OUTPUT_ONLY_EXPANDER_PINS)
    assert refused_expander_pins(validate({})) == []
    assert refused_expander_pins(_filled({"seats": [_seat()]})) == [("seats[0].nav_b", 7)]


def _filled(raw):
    """A config filled with defaults but not checked (to call check() on it)."""
    from firmware.runtime.config import SCHEMA, _fill
    return _fill(raw, SCHEMA, "")
