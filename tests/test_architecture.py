"""The owner's layout: imports point one way (firmware -> engines, vision,
hardware); engines use the standard library only."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ["engines", "vision", "hardware"]


def imported_top_levels(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("package", PACKAGES)
def test_core_packages_do_not_import_each_other(package):
    others = {"engines", "vision", "hardware", "firmware"} - {package}
    for path in (ROOT / package).rglob("*.py"):
        bad = imported_top_levels(path) & others
        assert not bad, f"{path.relative_to(ROOT)} imports {bad}"


def test_engines_import_no_device_or_numeric_library():
    code = ("import sys, engines, engines.registry as r\n"
            "for g in r.GAMES: r.is_available(g)\n"
            "bad = [m for m in ('pygame','cv2','gpiozero','luma','picamera2','numpy','PIL') if m in sys.modules]\n"
            "print(','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == ""


def test_bots_use_only_the_engines():
    """Bots play through the engine contract: engines and the standard
    library, never firmware, hardware or vision."""
    for path in (ROOT / "bots").rglob("*.py"):
        bad = imported_top_levels(path) & {"firmware", "vision", "hardware", "pygame", "cv2", "numpy"}
        assert not bad, f"{path.relative_to(ROOT)} imports {bad}"
