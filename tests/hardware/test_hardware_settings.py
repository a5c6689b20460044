"""Config validation of the hardware sections (issue "Hardware layer":
`cabinet hardware check` validates the map: duplicates, pins reserved for
I2C/SPI, pins that do not exist) and the default wiring (ruling CAB-2)."""
from __future__ import annotations

import pytest

from firmware.runtime.config import ConfigError, validate
from hardware.settings import (DEFAULT_SEATS, HEADER_PINS, PIN_KEYS, check, effective_seats,
                               free_pins)


def seat(**kw):
    base = {"button": 4, "cup": 17}
    base.update(kw)
    return base


def problems(data):
    """check() on the config validate() would fill in (without raising)."""
    from firmware.runtime.config import SCHEMA, _fill
    return check(_fill(data, SCHEMA, ""))


def test_cab2_default_wiring_is_valid_and_has_six_full_seats():
    cfg = validate({})
    assert check(cfg) == []
    seats = effective_seats(cfg)
    assert len(seats) == 6
    for s in seats:
        assert min(s["button"], s["led"], s["cup"], s["nav_a"], s["nav_b"]) >= 0
        assert s["oled"]["driver"] != "none"
        assert s["nav_kind"] == "buttons" and s["nav_via"] == "expander"
    # OLEDs 1-6 on six multiplexer channels (buses 2..7), one address each
    assert [s["oled"]["bus"] for s in seats] == [2, 3, 4, 5, 6, 7]


def test_cab2_default_wiring_keeps_timed_inputs_on_gpio_and_navigation_on_the_expander():
    gpio = [s[k] for s in DEFAULT_SEATS for k in ("button", "led", "cup")]
    assert len(gpio) == len(set(gpio)) == 18
    assert set(gpio) <= set(HEADER_PINS)
    assert not set(gpio) & {0, 1, 2, 3}
    nav = [s[k] for s in DEFAULT_SEATS for k in ("nav_a", "nav_b")]
    assert sorted(nav) == [*range(7), *range(8, 13)]   # GPA0-GPA6, GPB0-GPB4 (GPA7 is output-only)
    assert free_pins(validate({})) == [7, 12, 13, 19, 25, 26]


def test_nav_kind_defaults_to_the_two_buttons_the_default_wiring_uses():
    cfg = validate({"seats": [seat(nav_a=27, nav_b=22)]})
    assert cfg["seats"][0]["nav_kind"] == "buttons"


def test_expander_pins_are_checked_apart_from_bcm_pins():
    # expander pin 4 is not BCM 4 (seat 1's button): no clash
    assert problems({"seats": [seat(nav_via="expander", nav_a=4, nav_b=5)]}) == []
    out = problems({"seats": [seat(nav_via="expander", nav_a=16, nav_b=5),
                              seat(button=5, cup=6, nav_via="expander", nav_a=5, nav_b=6,
                                   oled={"address": 0x3D})]})
    text = "; ".join(f"{p}: {m}" for p, m in out)
    assert "seats[0].nav_a" in text and "pins 0-15" in text
    assert "seats[1].nav_a: expander pin 5 (GPA5) is already used by seats[0].nav_b" in text
    out = problems({"seats": [seat(nav_via="expander", nav_kind="encoder", nav_a=0, nav_b=1)]})
    assert out and out[0][0] == "seats[0].nav_kind"


def test_expander_reserves_the_i2c_pins():
    out = problems({"seats": [seat(button=2, nav_via="expander", nav_a=0, nav_b=1, oled={"driver": "none"})]})
    assert out and "expander" in out[0][1]


def test_effective_seats_are_the_configured_ones_when_given():
    cfg = validate({"seats": [seat(), seat(button=5, cup=6, oled={"address": 0x3D})]})
    assert [s["button"] for s in effective_seats(cfg)] == [4, 5]
    # a copy: editing it does not touch the defaults
    eff = effective_seats(validate({}))
    eff[0]["button"] = 99
    assert DEFAULT_SEATS[0]["button"] == 4


def test_duplicate_pin_is_rejected_naming_both_key_paths():
    with pytest.raises(ConfigError) as exc:
        validate({"seats": [seat(), seat(button=5, cup=4, oled={"address": 0x3D})]})
    msg = str(exc.value)
    assert "seats[1].cup" in msg and "seats[0].button" in msg and "BCM pin 4" in msg


def test_i2c_pins_are_reserved_when_an_i2c_oled_is_configured():
    assert any(p == "seats[0].button" and "I2C SDA" in m for p, m in problems({"seats": [seat(button=2)]}))
    # without any display, BCM 2/3 are ordinary pins
    assert problems({"seats": [seat(button=2, oled={"driver": "none"})]}) == []


def test_id_eeprom_pins_are_reserved():
    found = problems({"seats": [seat(cup=0)]})
    assert found and found[0][0] == "seats[0].cup" and "EEPROM" in found[0][1]


def test_spi_pins_are_reserved_only_when_an_spi_oled_uses_that_port():
    spi_oled = {"interface": "spi", "bus": 0, "address": 0, "dc": 24, "reset": 25}
    assert problems({"seats": [seat(button=10, oled={"driver": "none"})]}) == []
    found = problems({"seats": [seat(button=10, oled=spi_oled)]})
    assert ("seats[0].button", "BCM pin 10 is reserved for SPI MOSI (seats[0].oled); move this wire to a free pin") in found
    # SPI1 leaves SPI0's pins free
    assert problems({"seats": [seat(button=10, cup=27, oled=dict(spi_oled, bus=1))]}) == []
    # SPI1 with CE0 only (spi1-1cs) leaves CE1/CE2 (BCM 17/16) free
    assert problems({"seats": [seat(button=10, cup=17, oled=dict(spi_oled, bus=1))]}) == []
    found = problems({"seats": [seat(button=10, cup=17, oled=dict(spi_oled, bus=1, address=1))]})
    assert [p for p, _ in found] == ["seats[0].cup"]


def test_spi_oled_needs_dc_and_a_valid_chip_select():
    found = dict(problems({"seats": [seat(oled={"interface": "spi", "bus": 0, "address": 0})]}))
    assert "D/C" in found["seats[0].oled.dc"]
    found = dict(problems({"seats": [seat(oled={"interface": "spi", "bus": 0, "address": 2, "dc": 24})]}))
    assert "chip selects 0..1" in found["seats[0].oled.address"]
    found = dict(problems({"seats": [seat(oled={"interface": "spi", "bus": 3, "address": 0, "dc": 24})]}))
    assert "SPI port 3" in found["seats[0].oled.bus"]


def test_spi_dc_pin_clash_with_an_input_is_a_duplicate():
    found = problems({"seats": [seat(button=24, oled={"interface": "spi", "bus": 0, "address": 0, "dc": 24})]})
    assert any(p == "seats[0].oled.dc" and "already used by seats[0].button" in m for p, m in found)


def test_two_oleds_on_the_same_i2c_bus_and_address_clash():
    found = problems({"seats": [seat(), seat(button=5, cup=6)]})  # both default to bus 1, 0x3C
    assert any(p == "seats[1].oled" and "0x3c" in m and "seats[0].oled" in m for p, m in found)
    assert problems({"seats": [seat(), seat(button=5, cup=6, oled={"address": 0x3D})]}) == []


def test_nonexistent_pin_is_rejected():
    with pytest.raises(ConfigError, match=r"seats\[0\].button: 28 is above the maximum 27"):
        validate({"seats": [seat(button=28)]})
    # check() itself also refuses pins off the header (e.g. a schema edited to allow more)
    cfg = validate({"seats": [seat()]})
    cfg["seats"][0]["nav_push"] = 40
    assert any(p == "seats[0].nav_push" and "not on the 40-pin header" in m for p, m in check(cfg))


def test_cab2_every_seat_needs_its_button():
    found = problems({"seats": [{"cup": 17}]})
    assert ("seats[0].button" in dict(found)) and "CAB-2" in dict(found)["seats[0].button"]


def test_encoder_needs_both_phases():
    found = problems({"seats": [seat(nav_a=5, nav_kind="encoder")]})
    assert any(p == "seats[0].nav_a" and "both" in m for p, m in found)
    assert problems({"seats": [seat(nav_a=5, nav_kind="buttons")]}) == []
