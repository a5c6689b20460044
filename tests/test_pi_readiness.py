"""Issue 25: dependency bounds that keep known-broken releases off a Pi, and
the aarch64 smoke script's command line (the script itself needs root and
about an hour; the README says when to run it)."""
from __future__ import annotations

import subprocess
import tomllib
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "pi-smoke.sh"


def requirements(machine: str, extra: str = "") -> dict[str, Requirement]:
    """The project's requirements that apply on ``machine`` (Linux, CPython
    3.11), by name; with ``extra``, that extra's too."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    lines = list(project["dependencies"]) + list(project["optional-dependencies"].get(extra, []))
    env = {"platform_machine": machine, "sys_platform": "linux", "python_version": "3.11", "extra": extra}
    out: dict[str, Requirement] = {}
    for line in lines:
        req = Requirement(line)
        if req.marker is None or req.marker.evaluate(env):
            assert req.name not in out, f"two requirements on {req.name} apply on {machine}"
            out[req.name] = req
    return out


def test_onnxruntime_1_21_0_is_kept_off_aarch64():
    """microsoft/onnxruntime #23957, #24112: SIGILL on import on a Pi 4."""
    spec = requirements("aarch64")["onnxruntime"].specifier
    assert not spec.contains("1.21.0")
    assert spec.contains("1.22.0") and spec.contains("1.32.0") and spec.contains("1.20.1")


def test_onnxruntime_stays_a_dependency_on_x86_64():
    assert requirements("x86_64")["onnxruntime"].specifier.contains("1.32.0")


def test_32_bit_pi_os_has_no_onnxruntime_and_falls_back_to_cv2_dnn():
    assert "onnxruntime" not in requirements("armv7l")


def test_lgpio_placeholder_release_is_kept_out_of_the_pi_extra():
    spec = requirements("aarch64", "pi")["lgpio"].specifier
    assert not spec.contains("0.0.0.2") and spec.contains("0.2.2.0")


def test_each_new_bound_has_its_reason_beside_it():
    text = (ROOT / "pyproject.toml").read_text()
    for needle, reason in [('"onnxruntime>=1.16,!=1.21.0', "#23957"), ('"lgpio>=0.2.2.0', "placeholder")]:
        before = text[: text.index(needle)].rsplit("\n", 6)[-6:]
        assert any(reason in line and line.strip().startswith("#") for line in before), needle


def test_smoke_script_parses_and_refuses_a_bad_argument():
    assert subprocess.run(["bash", "-n", str(SCRIPT)]).returncode == 0
    r = subprocess.run(["bash", str(SCRIPT), "--photos", "many"], capture_output=True, text=True)
    assert r.returncode == 2 and "--photos wants a number" in r.stderr
    r = subprocess.run(["bash", str(SCRIPT), "--help"], capture_output=True, text=True)
    assert r.returncode == 0 and "cortex-a72" in r.stdout and "Usage:" in r.stdout

