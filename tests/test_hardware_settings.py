"""Config validation of the hardware sections (issue "Hardware layer":
`cabinet hardware check` validates the map: duplicates, pins reserved for
I2C/SPI, pins that do not exist) and the default wiring (ruling CAB-2)."""
from __future__ import annotations

import pytest

from firmware.config import ConfigError, validate
from hardware.settings import (DEFAULT_SEATS, HEADER_PINS, PIN_KEYS, check, effective_seats,
                               free_pins)


def seat(**kw):
    base = {"button": 4, "cup": 17}
    base.update(kw)
    return base


def problems(data):
    """check() on the config validate() would fill in (without raising)."""
    from firmware.config import SCHEMA, _fill
    return check(_fill(data, SCHEMA, ""))


def test_cab2_default_wiring_is_valid_and_has_six_seats():
    cfg = validate({})
    assert check(cfg) == []
    seats = effective_seats(cfg)
    assert len(seats) == 6
    full = seats[:4]
    for s in full:
        assert min(s["button"], s["led"], s["cup"], s["nav_a"], s["nav_b"]) >= 0
        assert s["oled"]["driver"] != "none"
    for s in seats[4:]:
        assert s["button"] >= 0 and s["cup"] >= 0
        assert s["led"] == s["nav_a"] == s["nav_b"] == -1 and s["oled"]["driver"] == "none"


def test_cab2_default_wiring_uses_each_header_pin_once_and_spares_i2c_and_id_eeprom():
    pins = [s[k] for s in DEFAULT_SEATS for k in PIN_KEYS if s[k] >= 0]
    assert len(pins) == len(set(pins)) == 24
    assert set(pins) <= set(HEADER_PINS)
    assert not set(pins) & {0, 1, 2, 3}
    assert free_pins(validate({})) == []


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
    found = problems({"seats": [seat(nav_a=5)]})
    assert any(p == "seats[0].nav_a" and "both" in m for p, m in found)
    assert problems({"seats": [seat(nav_a=5, nav_kind="buttons")]}) == []
