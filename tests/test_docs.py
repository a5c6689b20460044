"""The build guide tells the truth (issue 22, docs): the pin table is the
default wiring, the calibration check names the file the command writes,
and its picture shows every die read, as its caption says."""
from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import cv2

from firmware.cli import main
from hardware.settings import DEFAULT_SEATS, HEADER_PINS, expander_pin_name

ROOT = Path(__file__).resolve().parent.parent
GUIDE = (ROOT / "docs" / "build-guide.md").read_text()


def test_the_pin_table_is_the_default_wiring():
    rows = [ln for ln in GUIDE.splitlines() if re.match(r"\| [1-6] \| BCM", ln)]
    assert len(rows) == 6
    for i, (row, seat) in enumerate(zip(rows, DEFAULT_SEATS)):
        cells = [c.strip() for c in row.strip("|").split("|")]
        assert cells[1] == f"BCM {seat['button']} (pin {HEADER_PINS[seat['button']]})"
        assert cells[2] == f"BCM {seat['led']} (pin {HEADER_PINS[seat['led']]})"
        assert cells[3] == f"BCM {seat['cup']} (pin {HEADER_PINS[seat['cup']]})"
        assert cells[4] == f"{expander_pin_name(seat['nav_a'])} ({seat['nav_a']})"
        assert cells[5] == f"{expander_pin_name(seat['nav_b'])} ({seat['nav_b']})"
        assert cells[6] == f"SSD1306 I2C bus {seat['oled']['bus']}, 0x3C"


def _draw_calibration():
    spec = importlib.util.spec_from_file_location("draw_calibration", ROOT / "docs" / "draw_calibration.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_calibration_check_names_the_file_the_command_writes_and_reads_every_die(tmp_path, capsys):
    m = re.search(r"cabinet dice read ~/tray.jpg --annotate ~/check\s+# writes ~/check/(\S+)", GUIDE)
    assert m, "the guide's check command is missing"
    frame = _draw_calibration().tray_frame()
    cv2.imwrite(str(tmp_path / "tray.jpg"), frame)
    assert main(["dice", "read", str(tmp_path / "tray.jpg"), "--annotate", str(tmp_path / "check")]) == 0
    assert (tmp_path / "check" / m.group(1)).is_file()
    out = capsys.readouterr().out
    assert "8 dice [" in out and "?" not in out.splitlines()[0]     # "all eight dice read", as captioned
