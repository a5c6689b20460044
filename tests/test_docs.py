"""The build guide tells the truth (issue 22, docs): the calibration check
names the file the command writes, and its picture shows every die read,
as its caption says (the pin table is checked in test_install.py)."""
from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import cv2

from firmware.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
GUIDE = (ROOT / "docs" / "build-guide.md").read_text()


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
