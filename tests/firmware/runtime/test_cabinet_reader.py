"""The cabinet's dice reader (firmware.runtime.reader): built from config
[vision] and this cabinet's calibration, one object passed on; a damaged
calibration leaves it reading as shipped, and the simulated cabinet reads
without one."""
from __future__ import annotations

import numpy as np
import pytest

from firmware.runtime.dice_station import DiceStation
from firmware.runtime.reader import cabinet_reader, reader_from_config, with_calibration
from vision import calibrate
from vision.calibration.file import models_fingerprint
from vision.die import VisionInputError
from vision.netreader import Models, WindowGeometry
from vision.reader import DiceReader
from vision.reader_settings import DEFAULT_MIN_VALUE_P


def _cfg(tmp_path, p=0.8):
    return {"cabinet": {"state_dir": str(tmp_path / "state")}, "vision": {"min_value_p": p}}


def _store(tmp_path, cal):
    return calibrate.save(cal, tmp_path / "state" / calibrate.CALIBRATION_FILE)


def test_the_config_and_an_option_set_the_reader_s_threshold(tmp_path):
    assert reader_from_config(_cfg(tmp_path)).min_value_p == 0.8
    assert reader_from_config(_cfg(tmp_path), 0.95).min_value_p == 0.95
    assert reader_from_config(None).min_value_p == DEFAULT_MIN_VALUE_P
    with pytest.raises(VisionInputError, match="config vision.min_value_p 0.3"):
        reader_from_config(_cfg(tmp_path, 0.3))


def test_the_cabinet_reader_reads_with_this_cabinet_s_calibration(tmp_path):
    fingerprint = models_fingerprint(Models.shipped())
    path = _store(tmp_path, calibrate.Calibration({}, fingerprint, {}, 0.95, WindowGeometry(dy=-0.04)))
    reader, used, why = cabinet_reader(_cfg(tmp_path))
    assert used == str(path) and why is None
    assert reader.window == WindowGeometry(dy=-0.04) and reader.min_value_p == 0.95
    assert reader.min_value_p_without_calibration == 0.8
    plain, used, why = cabinet_reader(_cfg(tmp_path), calibrated=False)   # the simulated cabinet
    assert used is None and plain.window == WindowGeometry() and plain.min_value_p == 0.8


def test_a_damaged_calibration_leaves_the_reader_as_shipped_and_says_why(tmp_path):
    (tmp_path / "state").mkdir()
    (tmp_path / "state" / calibrate.CALIBRATION_FILE).write_bytes(b"not a calibration")
    reader, used, why = cabinet_reader(_cfg(tmp_path))
    assert used is None and "damaged" in why and reader.min_value_p == 0.8 and not reader.heads_in_use
    base = reader_from_config(_cfg(tmp_path))
    with pytest.raises(calibrate.CalibrationError):
        with_calibration(base, _cfg(tmp_path))
    assert base.calibration_p is None                       # the reader given is not changed


def test_no_calibration_file_gives_the_reader_back(tmp_path):
    base = reader_from_config(_cfg(tmp_path))
    assert with_calibration(base, _cfg(tmp_path)) == (base, None)


def test_the_dice_station_reads_with_the_reader_it_is_given():
    from vision.trays import TrayZones
    mine = DiceReader().at(0.6)
    station = DiceStation(2, reader=mine, zones=TrayZones.strips((320, 240), 2))
    assert station.reader is mine
    assert DiceStation(2).reader.min_value_p == DEFAULT_MIN_VALUE_P         # none given: the reader as shipped
    frame = np.zeros((240, 320, 3), np.uint8)
    frame[:, 160:] = 200
    assert station._look((0, frame, [0])) is not None
    assert station.looks[None].reader is mine


def test_the_expert_decides_an_unsure_die_unless_the_config_asks_both_nets_to_agree(tmp_path):
    """Issue 40's operating point: the expert's turns alone decide a die the
    fast net is unsure of (config vision.agreement = "expert", the default);
    "both" asks the two nets to agree; anything else is refused by name."""
    assert DiceReader().settings.nets_must_agree is False
    assert reader_from_config(None).settings.nets_must_agree is False
    cfg = _cfg(tmp_path)
    cfg["vision"]["agreement"] = "both"
    assert reader_from_config(cfg).settings.nets_must_agree is True
    cfg["vision"]["agreement"] = "vote"
    with pytest.raises(VisionInputError, match="vision.agreement 'vote'"):
        reader_from_config(cfg)


def test_a_config_file_with_another_agreement_is_refused_naming_the_key(tmp_path):
    from firmware.runtime.config import ConfigError, load as load_config
    path = tmp_path / "cabinet.toml"
    path.write_text('[vision]\nagreement = "vote"\n')
    with pytest.raises(ConfigError, match="vision.agreement"):
        load_config(path)


def test_a_calibration_that_tuned_the_nets_says_so_not_nothing_changed():
    """PT47 (a fresh owner): calibration ended "Calibration stored - now
    using: tuned to your camera's light and dice", and `cabinet dice read`
    then said the calibration "reads as shipped: nothing changed".  A
    reader whose face nets are adapted to the camera says so."""
    from dataclasses import replace

    from firmware.runtime.reader import TUNED_SHORT, calibration_parts
    reader = DiceReader()
    assert calibration_parts(reader) == "it reads as shipped: nothing changed"
    tuned = replace(reader, models=replace(reader.models, adaptation=object()))   # (its nets not made here)
    assert TUNED_SHORT in calibration_parts(tuned) and "nothing changed" not in calibration_parts(tuned)


def test_the_config_sets_the_lean_net_s_bar_and_one_turns_it_off(tmp_path):
    """Config ``vision.lean_max_p``: how sure the lean net must be that a
    die leans for it to stay unread (0.5 as shipped).  An owner whose
    camera looks at the trays at a slant, whose flat dice it takes for
    leaning, sets 1.0: the lean net is never asked.  Drawn cocked dice
    (38-52 degrees) the shipped reader leaves unread are then given a
    value; a value out of range is refused naming the key."""
    import random

    from firmware.runtime.config import ConfigError, load as load_config
    from vision.training.cocked import cocked_frame
    assert reader_from_config(None).settings.lean_max_p == 0.5
    cfg = _cfg(tmp_path)
    cfg["vision"]["lean_max_p"] = 1.0
    off = reader_from_config(cfg)
    assert off.settings.lean_max_p == 1.0
    shipped = reader_from_config(_cfg(tmp_path))
    given = {"shipped": 0, "off": 0}
    for seed in range(500, 510):
        image = cocked_frame(random.Random(seed), tilt_deg=(38.0, 52.0)).image
        for name, reader in (("shipped", shipped), ("off", off)):
            given[name] += sum(d.value is not None for d in reader.read_dice(image))
    assert given["off"] >= given["shipped"] + 5, given
    assert off.stats["lean_unread"] == 0
    path = tmp_path / "cabinet.toml"
    path.write_text("[vision]\nlean_max_p = 0.0\n")
    with pytest.raises(ConfigError, match="vision.lean_max_p"):
        load_config(path)


def test_a_calibration_s_lean_bar_is_said_in_an_owner_s_words():
    """A calibration that raised the lean net's bar for its dice says so
    where `cabinet dice read` and a game's report say what it sets."""
    from firmware.runtime.reader import calibration_parts
    assert calibration_parts(DiceReader().with_lean_bar(0.9)) == "a die left unread for leaning only at p >= 0.9"
    assert calibration_parts(DiceReader().with_lean_bar(1.0)) == "no die left unread for leaning"
    with pytest.raises(VisionInputError, match="lean_max_p"):
        DiceReader().with_lean_bar(0.0)
