"""The systemd units of the issue "Run on a real Pi": cabinet.service (user,
groups, console for KMSDRM, no SIGHUP, restart limits, state directory,
hardening, journald) and the pigpio drop-in (ordering after pigpiod), by
parsing them and, where systemd-analyze exists, with `systemd-analyze verify`."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
UNIT = ROOT / "systemd" / "cabinet.service"
DROPIN = ROOT / "systemd" / "cabinet-pigpio.conf"
sys.path.insert(0, str(ROOT / "systemd"))

from cabinet_installer import GROUPS, Options, render_unit  # noqa: E402


def parse_unit(text: str) -> dict[str, dict[str, list[str]]]:
    """systemd unit syntax: [Section] headers, Key=value lines (a key may
    repeat: values collect in order), # and ; comments, no continuation
    lines expected in our files."""
    out: dict[str, dict[str, list[str]]] = {}
    section = None
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        assert not line.endswith("\\"), f"line {n}: continuation lines are not used in the cabinet units"
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1]
            out.setdefault(section, {})
            continue
        assert section is not None and "=" in line, f"line {n}: not Key=value: {raw!r}"
        key, _, value = line.partition("=")
        out[section].setdefault(key.strip(), []).append(value.strip())
    return out


@pytest.fixture(scope="module")
def unit():
    return parse_unit(UNIT.read_text())


@pytest.fixture(scope="module")
def dropin():
    return parse_unit(DROPIN.read_text())


def one(unit, section, key):
    values = unit[section].get(key)
    assert values, f"[{section}] {key}= missing"
    assert len(values) == 1, f"[{section}] {key}= set {len(values)} times"
    return values[0]


def words(unit, section, key) -> list[str]:
    return [w for v in unit[section].get(key, []) for w in v.split()]


def test_unprivileged_user_with_device_groups(unit):
    """Issue: runs `cabinet` as an unprivileged user with gpio, video,
    render, input, i2c, spi, audio."""
    assert one(unit, "Service", "User") == "cabinet"
    assert one(unit, "Service", "Group") == "cabinet"
    assert set(words(unit, "Service", "SupplementaryGroups")) == set(GROUPS) == {
        "gpio", "video", "render", "input", "i2c", "spi", "audio"}
    assert one(unit, "Service", "ExecStart") == "/opt/cabinet/venv/bin/cabinet"  # no command = the menu


def test_full_screen_on_the_console_via_kmsdrm(unit):
    """Issue: full screen on HDMI via KMSDRM without a desktop; the console
    it needs is set (and the login prompt on it is stopped first)."""
    env = unit["Service"]["Environment"]
    assert "SDL_VIDEODRIVER=kmsdrm" in env
    assert "CABINET_CONFIG=/etc/cabinet/cabinet.toml" in env
    assert one(unit, "Service", "TTYPath") == "/dev/tty1"
    assert one(unit, "Service", "StandardInput") in ("tty", "tty-force")
    assert "getty@tty1.service" in words(unit, "Unit", "Conflicts")
    assert "getty@tty1.service" in words(unit, "Unit", "After")
    assert one(unit, "Install", "WantedBy") == "multi-user.target"


def test_no_sighup_when_run_from_systemd(unit):
    """Issue: no SIGHUP when run from systemd: the tty is not hung up, stop
    sends SIGTERM only, SIGPIPE is ignored."""
    assert one(unit, "Service", "SendSIGHUP") == "no"
    assert one(unit, "Service", "TTYVHangup") == "no"
    assert one(unit, "Service", "KillSignal") == "SIGTERM"
    assert one(unit, "Service", "IgnoreSIGPIPE") == "yes"


def test_restart_on_failure_with_a_start_limit(unit):
    """Issue: restart on failure with a start limit so a broken config shows
    one clear error instead of a loop: the limit must trip (burst restarts
    fit inside the interval) and live in [Unit] where systemd reads it."""
    assert one(unit, "Service", "Restart") == "on-failure"
    assert "StartLimitIntervalSec" not in unit["Service"] and "StartLimitBurst" not in unit["Service"]
    interval = int(one(unit, "Unit", "StartLimitIntervalSec"))
    burst = int(one(unit, "Unit", "StartLimitBurst"))
    restart_s = float(one(unit, "Service", "RestartSec"))
    assert 1 <= burst <= 5
    assert restart_s > 0 and burst * restart_s < interval
    assert "2" in words(unit, "Service", "RestartPreventExitStatus")  # usage error: restarting cannot help


def test_state_directory_for_journals_and_calibration(unit):
    """Issue: a state directory for journals and calibration
    ($STATE_DIRECTORY, read by firmware.runtime.places.state_dir)."""
    assert one(unit, "Service", "StateDirectory") == "cabinet"
    assert one(unit, "Service", "WorkingDirectory") == "/var/lib/cabinet"
    # the only writable places under ProtectSystem=strict are systemd-managed folders
    env = dict(e.split("=", 1) for e in unit["Service"]["Environment"])
    assert env["XDG_CACHE_HOME"] == "/var/cache/cabinet" and one(unit, "Service", "CacheDirectory") == "cabinet"
    assert env["XDG_RUNTIME_DIR"] == "/run/cabinet" and one(unit, "Service", "RuntimeDirectory") == "cabinet"
    assert env["LG_WD"] == "/run/cabinet"  # lgpio's notification pipes need a writable folder


def test_hardening_keys(unit):
    """Issue: NoNewPrivileges, ProtectSystem=strict, ProtectHome, PrivateTmp,
    no network (IPAddressDeny=any, no AF_INET in the allowed families; only
    AF_UNIX and AF_NETLINK for udev), no capabilities."""
    s = "Service"
    assert one(unit, s, "NoNewPrivileges") == "yes"
    assert one(unit, s, "ProtectSystem") == "strict"
    assert one(unit, s, "ProtectHome") == "yes"
    assert one(unit, s, "PrivateTmp") == "yes"
    assert one(unit, s, "IPAddressDeny") == "any"
    assert "IPAddressAllow" not in unit[s]
    assert set(words(unit, s, "RestrictAddressFamilies")) == {"AF_UNIX", "AF_NETLINK"}
    assert one(unit, s, "CapabilityBoundingSet") == ""
    # the devices are the point of the cabinet: never hide /dev
    assert unit[s].get("PrivateDevices", ["no"]) == ["no"]
    assert "ProtectClock" not in unit[s] and "DeviceAllow" not in unit[s]


def test_logs_go_to_journald(unit):
    """Issue: logs to journald (stdin is the tty, so stdout must be set)."""
    assert one(unit, "Service", "StandardOutput") == "journal"
    assert one(unit, "Service", "StandardError") == "journal"
    assert one(unit, "Service", "SyslogIdentifier") == "cabinet"


def test_base_unit_does_not_need_pigpiod(unit):
    """Pi 5 (lgpio): the base unit must start without pigpiod."""
    text = UNIT.read_text()
    for key in ("After", "Requires", "Wants", "BindsTo"):
        assert "pigpiod.service" not in words(unit, "Unit", key)
    assert "IPAddressAllow" not in text


def test_pigpio_dropin_orders_after_pigpiod_and_opens_localhost_only(dropin):
    """Issue: ordered after the pin daemon when the pigpio backend is
    configured (After=/Requires=); pigpio's client needs TCP to localhost."""
    assert words(dropin, "Unit", "Requires") == ["pigpiod.service"]
    assert words(dropin, "Unit", "After") == ["pigpiod.service"]
    assert set(words(dropin, "Service", "RestrictAddressFamilies")) == {"AF_INET", "AF_INET6"}
    assert words(dropin, "Service", "IPAddressAllow") == ["localhost"]
    assert set(dropin) == {"Unit", "Service"}


def test_render_unit_substitutes_install_paths():
    """The installer's --prefix/--user reach ExecStart, User= and Group=;
    everything else is the repo file."""
    text = UNIT.read_text()
    out = parse_unit(render_unit(text, Options(source=ROOT, prefix="/srv/cab/", user="arcade")))
    base = parse_unit(text)
    assert out["Service"]["ExecStart"] == ["/srv/cab/venv/bin/cabinet"]
    assert out["Service"]["User"] == ["arcade"] and out["Service"]["Group"] == ["arcade"]
    for key in base["Service"]:
        if key not in ("ExecStart", "User", "Group"):
            assert out["Service"][key] == base["Service"][key]


def _verify(folder: Path, name: str) -> subprocess.CompletedProcess:
    return subprocess.run(["systemd-analyze", "verify", f"./{name}"], cwd=folder, capture_output=True,
                          text=True, timeout=60)


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze not installed")
@pytest.mark.parametrize("with_pigpio", [False, True], ids=["lgpio", "pigpio-dropin"])
def test_systemd_analyze_verify(tmp_path, with_pigpio):
    """`systemd-analyze verify` accepts the unit (and the drop-in) with no
    warning about them; ExecStart is pointed at this venv's real `cabinet`
    (verify checks that it is executable) and a stand-in pigpiod.service
    is provided for the drop-in's Requires=."""
    exe = Path(sys.executable).parent / "cabinet"
    if not exe.exists():
        pytest.skip(f"{exe} missing (project not installed in this venv)")
    text = UNIT.read_text().replace("ExecStart=/opt/cabinet/venv/bin/cabinet", f"ExecStart={exe}")
    assert str(exe) in text
    (tmp_path / "cabinet.service").write_text(text)
    if with_pigpio:
        (tmp_path / "cabinet.service.d").mkdir()
        (tmp_path / "cabinet.service.d" / "pigpio.conf").write_text(DROPIN.read_text())
        (tmp_path / "pigpiod.service").write_text("[Unit]\nDescription=stand-in\n[Service]\nExecStart=/bin/true\n")
    res = _verify(tmp_path, "cabinet.service")
    complaints = [ln for ln in (res.stderr + res.stdout).splitlines()
                  if "cabinet" in ln or "pigpio" in ln or "Unknown" in ln]
    assert res.returncode == 0, res.stderr
    assert complaints == []


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze not installed")
def test_systemd_analyze_verify_catches_a_misspelt_key(tmp_path):
    """The verify test above can fail: a misspelt hardening key is reported."""
    exe = Path(sys.executable).parent / "cabinet"
    if not exe.exists():
        pytest.skip(f"{exe} missing")
    text = UNIT.read_text().replace("ExecStart=/opt/cabinet/venv/bin/cabinet", f"ExecStart={exe}")
    assert str(exe) in text
    (tmp_path / "cabinet.service").write_text(text.replace("NoNewPrivileges=", "NoNewPrivilegs="))
    res = _verify(tmp_path, "cabinet.service")
    assert "NoNewPrivilegs" in res.stderr + res.stdout
