"""The installer of the issue "Run on a real Pi": `--dry-run` prints the
full plan and changes nothing (on a fake Pi root and on this machine), a
real run on a fake Pi root does every step through the runner, a second run
finds everything done (idempotent), the GPIO backend decides the pigpio
drop-in, the config file is never overwritten, uninstall keeps save files
unless --purge."""
from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "systemd"))

import cabinet_installer as ci  # noqa: E402
from cabinet_installer import bootcfg  # noqa: E402
from firmware.cli import install as cmd_install  # noqa: E402
from firmware.runtime import config as config_mod  # noqa: E402

PI4 = "Raspberry Pi 4 Model B Rev 1.4"
PI5 = "Raspberry Pi 5 Model B Rev 1.0"
CONFIG_TXT = """# For more options and information see http://rptl.io/configtxt
#dtparam=i2c_arm=on
#dtparam=i2s=on
dtparam=spi=on
dtparam=audio=on
camera_auto_detect=1
display_auto_detect=1
auto_initramfs=1
dtoverlay=vc4-kms-v3d
max_framebuffers=2
arm_64bit=1

[cm4]
otg_mode=1
"""
CMDLINE = "console=serial0,115200 console=tty1 root=PARTUUID=1234-02 rootfstype=ext4 fsck.repair=yes rootwait\n"


def dpkg_entry(name: str, version: str) -> str:
    return f"Package: {name}\nStatus: install ok installed\nVersion: {version}\n\n"


def make_pi_root(root: Path, model: str = PI4) -> Path:
    """A fresh Raspberry Pi OS Bookworm as files: accounts (no i2c/spi
    groups yet), a few packages, device tree model, boot files, desktop as
    the default target, the pigpiod unit shipped by Debian."""
    (root / "etc").mkdir(parents=True)
    (root / "etc/passwd").write_text("root:x:0:0:root:/root:/bin/bash\npi:x:1000:1000:,,,:/home/pi:/bin/bash\n")
    (root / "etc/group").write_text("root:x:0:\naudio:x:29:pi\nvideo:x:44:pi\ngpio:x:997:pi\n"
                                    "input:x:105:pi\nrender:x:106:pi\npi:x:1000:\n")
    (root / "var/lib/dpkg").mkdir(parents=True)
    (root / "var/lib/dpkg/status").write_text(dpkg_entry("python3", "3.11.2-1+b1")
                                              + dpkg_entry("python3-numpy", "1:1.24.2-1+deb12u1"))
    (root / "proc/device-tree").mkdir(parents=True)
    (root / "proc/device-tree/model").write_bytes(model.encode() + b"\x00")
    (root / "boot/firmware").mkdir(parents=True)
    (root / "boot/firmware/config.txt").write_text(CONFIG_TXT)
    (root / "boot/firmware/cmdline.txt").write_text(CMDLINE)
    lib = root / "lib/systemd/system"
    lib.mkdir(parents=True)
    (lib / "pigpiod.service").write_text("[Service]\nExecStart=/usr/bin/pigpiod -l\n")
    (lib / "graphical.target").write_text("[Unit]\n")
    (lib / "default.target").symlink_to("graphical.target")
    (root / "etc/systemd/system/getty.target.wants").mkdir(parents=True)
    (root / "etc/systemd/system/getty.target.wants/getty@tty1.service").symlink_to("/lib/systemd/system/getty@.service")
    return root


class FakeSystem:
    """Stands in for subprocess.run: records each command and applies its
    effect to the files under ``root`` (what apt-get, groupadd, useradd,
    usermod, python3 -m venv, systemctl do), so the installer's probes see
    the result and a second run can be checked for idempotence."""

    def __init__(self, root: Path, fail_on: str | None = None):
        self.root = root
        self.calls: list[list[str]] = []
        self.fail_on = fail_on

    def _append(self, rel: str, text: str) -> None:
        with open(self.root / rel, "a", encoding="utf-8") as f:
            f.write(text)

    def __call__(self, argv, capture_output=True, text=True, env=None):
        self.calls.append(list(argv))
        if self.fail_on and self.fail_on in argv:
            return subprocess.CompletedProcess(argv, 100, "", "E: Unable to locate package python3-picamera2\n")
        cmd = argv[0]
        if cmd == "apt-get" and argv[1] == "install":
            assert env and env.get("DEBIAN_FRONTEND") == "noninteractive"
            for pkg in argv[2:]:
                if not pkg.startswith("-"):
                    self._append("var/lib/dpkg/status", dpkg_entry(pkg, "1.0-1"))
        elif cmd == "groupadd":
            self._append("etc/group", f"{argv[-1]}:x:990:\n")
        elif cmd == "useradd":
            name = argv[-1]
            groups = argv[argv.index("--groups") + 1].split(",")
            home = argv[argv.index("--home-dir") + 1]
            self._append("etc/passwd", f"{name}:x:990:990::{home}:/usr/sbin/nologin\n")
            self._add_members(name, groups)
            self._append("etc/group", f"{name}:x:990:\n")
        elif cmd == "usermod":
            self._add_members(argv[-1], argv[argv.index("--groups") + 1].split(","))
        elif cmd == "userdel":
            lines = (self.root / "etc/passwd").read_text().splitlines()
            (self.root / "etc/passwd").write_text("".join(l + "\n" for l in lines if not l.startswith(argv[-1] + ":")))
        elif cmd == "python3" and argv[1:3] == ["-m", "venv"]:
            venv = self.root / argv[-1].lstrip("/")
            (venv / "bin").mkdir(parents=True, exist_ok=True)
            (venv / "bin/python").write_text("")
            system = "true" if "--system-site-packages" in argv else "false"
            (venv / "pyvenv.cfg").write_text(f"home = /usr/bin\ninclude-system-site-packages = {system}\n")
        elif cmd == "systemctl":
            self._systemctl(argv[1:])
        return subprocess.CompletedProcess(argv, 0, "", "")

    def _add_members(self, user: str, groups: list[str]) -> None:
        out = []
        for line in (self.root / "etc/group").read_text().splitlines():
            parts = line.split(":")
            if parts[0] in groups:
                members = [m for m in parts[3].split(",") if m] + [user]
                parts[3] = ",".join(members)
            out.append(":".join(parts))
        (self.root / "etc/group").write_text("\n".join(out) + "\n")

    def _systemctl(self, args: list[str]) -> None:
        target = "getty.target" if args[-1].startswith("getty@") else "multi-user.target"
        wants = self.root / f"etc/systemd/system/{target}.wants"
        if args[0] == "enable":
            wants.mkdir(parents=True, exist_ok=True)
            link = wants / args[1]
            if not link.is_symlink():
                link.symlink_to(f"/lib/systemd/system/{args[1]}")
        elif args[0] == "disable":
            unit = args[-1]
            (wants / unit).unlink(missing_ok=True)
        elif args[0] == "set-default":
            link = self.root / "etc/systemd/system/default.target"
            link.unlink(missing_ok=True)
            link.symlink_to(f"/lib/systemd/system/{args[1]}")


def snapshot(root: Path) -> dict[str, str]:
    """Every path under root -> its content hash, symlink target or 'dir', plus mode."""
    out = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            p = Path(dirpath) / name
            rel = str(p.relative_to(root))
            if p.is_symlink():
                out[rel] = "link:" + os.readlink(p)
            elif p.is_dir():
                out[rel] = f"dir:{p.stat().st_mode:o}"
            else:
                out[rel] = f"{p.stat().st_mode:o}:" + hashlib.sha256(p.read_bytes()).hexdigest()
    return out


def args_for(action: str = "install", **kw) -> argparse.Namespace:
    base = dict(install_action=action, dry_run=False, source=str(ROOT), prefix="/opt/cabinet", user="cabinet",
                root="/", start=False, skip_apt=False, skip_pip=False, purge=False, config=None)
    base.update(kw)
    return argparse.Namespace(**base)


def run_installer(root: Path, cfg: dict | None = None, model_root: Path | None = None, action: str = "install",
                  fake: FakeSystem | None = None, **opts) -> tuple[ci.Runner, list[str]]:
    """Run install/uninstall for real on the fake root (commands to ``fake``)."""
    lines: list[str] = []
    runner = ci.Runner(root=root, out=lines.append, exec_fn=fake or FakeSystem(root))
    probe = ci.Probe(root)
    options = ci.Options(source=ROOT, **opts)
    if action == "install":
        needs = ci.needs_for(cfg or config_mod.validate({}), probe.pi_model())
        ci.install(runner, probe, needs, options)
    else:
        ci.uninstall(runner, probe, options)
    return runner, lines


# -- dry run ----------------------------------------------------------------------------------
def test_dry_run_on_a_fake_pi_prints_every_step_and_changes_nothing(tmp_path, capsys):
    """Issue "Done when": --dry-run prints the full plan and changes
    nothing; every planned change is one printed line."""
    root = make_pi_root(tmp_path / "pi")
    before = snapshot(root)
    lines: list[str] = []
    code = cmd_install.run(args_for(dry_run=True, root=str(root)), config_mod.validate({}), out=lines.append)
    assert code == 0
    assert snapshot(root) == before
    would = [ln for ln in lines if ln.lstrip().startswith("[would ")]
    assert len(would) >= 12
    assert lines[-1].startswith(f"{len(would)} change(s) would be made")
    text = "\n".join(lines)
    for expected in ("apt-get install -y --no-install-recommends python3-venv python3-pip pigpio python3-pigpio "
                     "python3-picamera2 i2c-tools", "groupadd --system i2c", "groupadd --system spi",
                     "useradd --system", "python3 -m venv --system-site-packages /opt/cabinet/venv",
                     "/opt/cabinet/constraints.txt", f"{ROOT}[pi]", "/etc/cabinet/cabinet.toml",
                     "/boot/firmware/config.txt", "/boot/firmware/cmdline.txt",
                     "/etc/systemd/system/cabinet.service", "/etc/systemd/system/cabinet.service.d/pigpio.conf",
                     "systemctl daemon-reload", "systemctl enable pigpiod.service",
                     "systemctl enable cabinet.service", "systemctl set-default multi-user.target",
                     "systemctl disable getty@tty1.service",
                     "reboot"):
        assert expected in text, expected


def test_dry_run_plan_is_exactly_what_a_real_run_does(tmp_path):
    """The dry run is the full plan: on two identical fresh Pi roots the
    dry run prints the same steps (titles, kinds, commands/paths) that a
    real run then performs, for install and for uninstall --purge."""
    dry_root, real_root = make_pi_root(tmp_path / "dry"), make_pi_root(tmp_path / "real")
    cfg = config_mod.validate({})
    dry = ci.DryRunner(dry_root, out=lambda *_: None)
    ci.install(dry, ci.Probe(dry_root), ci.needs_for(cfg, PI4), ci.Options(source=ROOT))
    real, _ = run_installer(real_root)

    def plan(runner, root):
        return [(c.title, c.kind, c.what.replace(str(root), "ROOT")) for c in runner.changes]
    assert plan(dry, dry_root) == plan(real, real_root)
    dry_un = ci.DryRunner(real_root, out=lambda *_: None)
    ci.uninstall(dry_un, ci.Probe(real_root), ci.Options(source=ROOT, purge=True))
    real_un, _ = run_installer(real_root, action="uninstall", purge=True)
    assert plan(dry_un, real_root) == plan(real_un, real_root) and len(real_un.changes) >= 6


def test_dry_run_on_this_machine_changes_nothing(monkeypatch, capsys):
    """`cabinet install --dry-run` on this machine (root /): the whole plan
    is printed while every way of changing the system is booby-trapped."""
    def trap(*a, **k):
        raise AssertionError(f"dry run tried to change the system: {a!r}")

    watched = [Path("/etc/systemd/system"), Path("/etc/cabinet"), Path("/opt/cabinet"), Path("/var/lib/cabinet"),
               Path("/etc/modules-load.d")]
    before = {str(p): sorted(os.listdir(p)) if p.is_dir() else None for p in watched}
    passwd = Path("/etc/passwd").read_bytes()
    for name in ("run", "Popen", "call", "check_call", "check_output"):
        monkeypatch.setattr(subprocess, name, trap)
    for name in ("replace", "rename", "remove", "unlink", "mkdir", "makedirs", "chmod", "symlink", "rmdir"):
        monkeypatch.setattr(os, name, trap)
    monkeypatch.setattr(shutil, "rmtree", trap)
    monkeypatch.setattr(Path, "write_text", trap)
    monkeypatch.setattr(Path, "write_bytes", trap)
    monkeypatch.setattr(Path, "mkdir", trap)
    from firmware.cli import main as cli
    assert cli.main(["install", "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert cli.main(["uninstall", "--dry-run", "--purge"]) == 0
    out_un = capsys.readouterr().out
    monkeypatch.undo()
    assert {str(p): sorted(os.listdir(p)) if p.is_dir() else None for p in watched} == before
    assert Path("/etc/passwd").read_bytes() == passwd
    assert "dry run: nothing is changed" in out and "would be made" in out
    assert "/etc/systemd/system/cabinet.service" in out and "cabinet.service" in out
    assert "[would " in out or "[ok]" in out
    assert "cabinet uninstall (dry run" in out_un


def test_install_sh_dry_run_runs_on_system_python_without_the_venv(tmp_path):
    """`sudo systemd/install.sh --dry-run` works on a fresh Pi before any
    package is installed: the system python3 (no numpy, cv2, pygame) runs
    the installer; here against a fake Pi root, which stays unchanged."""
    py = shutil.which("python3", path="/usr/bin:/bin")
    if py is None:
        pytest.skip("no system python3")
    if subprocess.run([py, "-c", "import sys; assert sys.version_info >= (3, 11)"]).returncode:
        pytest.skip("system python3 older than 3.11 (tomllib)")
    root = make_pi_root(tmp_path / "pi", PI5)
    before = snapshot(root)
    env = {"PATH": "/usr/bin:/bin", "CABINET_CONFIG": str(ROOT / "systemd" / "cabinet.toml")}
    res = subprocess.run(["sh", str(ROOT / "systemd" / "install.sh"), "--dry-run", "--root", str(root)],
                         capture_output=True, text=True, env=env, timeout=60)
    assert res.returncode == 0, res.stderr
    assert snapshot(root) == before
    assert "python3-lgpio" in res.stdout and "pigpio.conf" not in res.stdout  # Pi 5: lgpio, no drop-in
    assert "would be made" in res.stdout
    res = subprocess.run(["sh", str(ROOT / "systemd" / "uninstall.sh"), "--dry-run", "--root", str(root)],
                         capture_output=True, text=True, env=env, timeout=60)
    assert res.returncode == 0, res.stderr
    assert snapshot(root) == before


# -- real runs on a fake Pi root ----------------------------------------------------------------
def test_install_sets_the_i2c_clock_to_400khz(tmp_path):
    """Issue 36: six OLED frames on one bus at the Pi's default 100 kHz
    take ~0.56 s; the installer sets 400 kHz (~0.14 s) with I2C on."""
    root = make_pi_root(tmp_path / "pi")
    run_installer(root, fake=FakeSystem(root))
    active = bootcfg.active_lines((root / "boot/firmware/config.txt").read_text())
    assert "dtparam=i2c_arm_baudrate=400000" in active
    assert active.index("dtparam=i2c_arm_baudrate=400000") > active.index("dtparam=i2c_arm=on")


def test_install_on_pi4_does_every_step(tmp_path):
    """Pi 4, default config and wiring: packages for pigpio + picamera2,
    device groups and user, venv with system site packages, numpy pinned to
    Pi OS's, pip '.[pi]', config written, boot config for I2C + the
    TCA9548A mux (SPI off: seats use its pins), serial console off, units
    with the pigpio drop-in, pigpiod and cabinet enabled, console boot."""
    root = make_pi_root(tmp_path / "pi")
    fake = FakeSystem(root)
    runner, lines = run_installer(root, fake=fake)
    cmds = [" ".join(c) for c in fake.calls]
    assert any(c.startswith("apt-get install") and "pigpio python3-pigpio python3-picamera2" in c for c in cmds)
    assert "groupadd --system i2c" in cmds and "groupadd --system spi" in cmds
    assert "groupadd --system gpio" not in cmds  # already there
    probe = ci.Probe(root)
    assert probe.user_exists("cabinet") and probe.user_home("cabinet") == "/var/lib/cabinet"
    assert probe.groups_of("cabinet") >= set(ci.GROUPS)
    assert probe.venv_state("/opt/cabinet/venv") == "ok"
    assert (root / "opt/cabinet/constraints.txt").read_text().splitlines()[-1] == "numpy==1.24.2"
    pip = [c for c in fake.calls if "pip" in c]
    assert pip and pip[0][-1] == f"{ROOT}[pi]" and "/opt/cabinet/constraints.txt" in pip[0]
    assert (root / "etc/cabinet/cabinet.toml").read_text() == (ROOT / "systemd/cabinet.toml").read_text()
    config_txt = (root / "boot/firmware/config.txt").read_text()
    active = bootcfg.active_lines(config_txt)
    assert "dtparam=i2c_arm=on" in active and "dtoverlay=i2c-mux,pca9548,addr=0x70" in active
    assert "dtparam=spi=on" not in active and "camera_auto_detect=1" in active
    assert active.index("[all]") > active.index("[cm4]")  # appended lines are not cm4-only
    assert "console=serial0" not in (root / "boot/firmware/cmdline.txt").read_text()
    assert "console=tty1" in (root / "boot/firmware/cmdline.txt").read_text()
    assert (root / "etc/modules-load.d/cabinet.conf").read_text().splitlines()[-1] == "i2c-dev"
    unit = (root / "etc/systemd/system/cabinet.service").read_text()
    assert unit == ci.render_unit((ROOT / "systemd/cabinet.service").read_text(), ci.Options(source=ROOT))
    assert (root / "etc/systemd/system/cabinet.service.d/pigpio.conf").read_text() == \
        (ROOT / "systemd/cabinet-pigpio.conf").read_text()
    assert probe.unit_enabled("pigpiod.service") and probe.unit_enabled("cabinet.service")
    assert probe.default_target() == "multi-user.target"
    assert not probe.unit_enabled("getty@tty1.service", "getty.target")  # tty1 free for the cabinet
    assert cmds.index("systemctl daemon-reload") < cmds.index("systemctl enable cabinet.service")
    assert any("reboot to apply" in ln for ln in lines)
    assert len(runner.changes) == len([ln for ln in lines if ln.lstrip().startswith("[")
                                       and not ln.lstrip().startswith(("[ok]", "[note]"))])


def test_second_install_is_idempotent(tmp_path):
    """A second run finds every goal met: no file changes, only the pip
    (re)install of the checkout, which pip itself keeps idempotent."""
    root = make_pi_root(tmp_path / "pi")
    run_installer(root)
    before = snapshot(root)
    fake = FakeSystem(root)
    runner, lines = run_installer(root, fake=fake)
    assert snapshot(root) == before
    assert [c.kind for c in runner.changes] == ["run"]
    assert fake.calls[0][1:4] == ["-m", "pip", "install"]
    assert not any("reboot to apply" in ln for ln in lines)
    runner, _ = run_installer(root, skip_pip=True)
    assert runner.changes == []


def test_pi5_uses_lgpio_and_drops_the_pigpio_dropin(tmp_path):
    """Pi 5 (pigpiod does not run there): python3-lgpio, no pigpio packages,
    and a drop-in left by a Pi 4 install of the same SD card is removed."""
    root = make_pi_root(tmp_path / "pi", PI4)
    run_installer(root)
    (root / "proc/device-tree/model").write_bytes(PI5.encode() + b"\x00")
    fake = FakeSystem(root)
    run_installer(root, fake=fake)
    assert not (root / "etc/systemd/system/cabinet.service.d/pigpio.conf").exists()
    apt = [c for c in fake.calls if c[:2] == ["apt-get", "install"]]
    assert apt and apt[0][-1] == "python3-lgpio"
    assert ["systemctl", "daemon-reload"] in fake.calls
    fresh = make_pi_root(tmp_path / "pi5", PI5)
    fake = FakeSystem(fresh)
    run_installer(fresh, fake=fake)
    flat = [" ".join(c) for c in fake.calls]
    assert not any("pigpio" in c for c in flat)
    assert not (fresh / "etc/systemd/system/cabinet.service.d").exists()


def test_pigpio_configured_on_a_pi5_is_refused(tmp_path):
    """gpio.backend = "pigpio" on a Pi 5 cannot work: refused before any
    change, naming the fix (lgpio)."""
    root = make_pi_root(tmp_path / "pi", PI5)
    before = snapshot(root)
    cfg = config_mod.validate({"gpio": {"backend": "pigpio"}})
    with pytest.raises(RuntimeError, match="lgpio"):
        cmd_install.run(args_for(dry_run=True, root=str(root)), cfg, out=lambda *_: None)
    assert snapshot(root) == before


def test_existing_config_file_is_never_overwritten(tmp_path):
    """The owner's /etc/cabinet/cabinet.toml is kept as it is."""
    root = make_pi_root(tmp_path / "pi")
    (root / "etc/cabinet").mkdir()
    (root / "etc/cabinet/cabinet.toml").write_text("[gpio]\nbackend = \"lgpio\"\n")
    run_installer(root)
    assert (root / "etc/cabinet/cabinet.toml").read_text() == "[gpio]\nbackend = \"lgpio\"\n"


def test_config_given_with_config_is_installed(tmp_path):
    """`cabinet --config my.toml install`: my.toml becomes the service's
    config when there is none yet."""
    root = make_pi_root(tmp_path / "pi")
    mine = tmp_path / "my.toml"
    mine.write_text("[audio]\nenabled = false\n")
    run_installer(root, config_from=str(mine))
    assert (root / "etc/cabinet/cabinet.toml").read_text() == mine.read_text()


def test_venv_without_system_site_packages_is_recreated(tmp_path):
    """picamera2 comes from Pi OS: a venv made without
    --system-site-packages is recreated with it (--clear)."""
    root = make_pi_root(tmp_path / "pi")
    (root / "opt/cabinet/venv/bin").mkdir(parents=True)
    (root / "opt/cabinet/venv/bin/python").write_text("")
    (root / "opt/cabinet/venv/pyvenv.cfg").write_text("include-system-site-packages = false\n")
    fake = FakeSystem(root)
    run_installer(root, fake=fake)
    venv = [c for c in fake.calls if c[:3] == ["python3", "-m", "venv"]]
    assert venv == [["python3", "-m", "venv", "--system-site-packages", "--clear", "/opt/cabinet/venv"]]
    assert ci.Probe(root).venv_state("/opt/cabinet/venv") == "ok"


def test_existing_user_gets_only_the_missing_groups(tmp_path):
    """An existing cabinet user is not recreated; usermod adds what is missing."""
    root = make_pi_root(tmp_path / "pi")
    with open(root / "etc/passwd", "a") as f:
        f.write("cabinet:x:991:991::/var/lib/cabinet:/usr/sbin/nologin\n")
    fake = FakeSystem(root)
    run_installer(root, fake=fake)
    assert not any(c[0] == "useradd" for c in fake.calls)
    usermod = [c for c in fake.calls if c[0] == "usermod"]
    assert usermod == [["usermod", "--append", "--groups", ",".join(ci.GROUPS), "cabinet"]]


def test_failed_command_stops_with_the_step_and_the_error(tmp_path):
    """A failing command raises InstallError naming the step and the
    command's own error; nothing after it runs."""
    root = make_pi_root(tmp_path / "pi")
    fake = FakeSystem(root, fail_on="install")
    with pytest.raises(ci.InstallError, match=r"install Debian packages .*exited with 100.*Unable to locate"):
        run_installer(root, fake=fake)
    assert not any(c[0] == "useradd" for c in fake.calls)


def test_real_run_needs_root_and_root_folder_needs_dry_run(monkeypatch):
    """Without --dry-run the installer refuses to run unprivileged, and
    refuses --root (a real install always targets /), before any change."""
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    with pytest.raises(RuntimeError, match="sudo"):
        cmd_install.run(args_for(), config_mod.validate({}), out=lambda *_: None,
                        exec_fn=lambda *a, **k: pytest.fail("ran a command"))
    with pytest.raises(RuntimeError, match="only for --dry-run"):
        cmd_install.run(args_for(root="/tmp/x"), config_mod.validate({}), out=lambda *_: None)


@pytest.mark.parametrize("bad", [{"prefix": "opt/cabinet"}, {"prefix": "/usr"}, {"prefix": "/"},
                                 {"user": "Cabinet Pi"}, {"user": "root;rm"}])
def test_bad_prefix_or_user_is_refused_before_anything(bad, tmp_path):
    """A relative or shared --prefix (uninstall would delete it) and an
    invalid --user are refused with the fix, nothing planned."""
    lines: list[str] = []
    with pytest.raises(ValueError, match="--prefix|--user"):
        cmd_install.run(args_for(dry_run=True, root=str(tmp_path), **bad), config_mod.validate({}), out=lines.append)
    assert lines == []


def test_missing_checkout_is_a_clear_error(tmp_path):
    with pytest.raises(RuntimeError, match="--source"):
        cmd_install.find_source(str(tmp_path))


# -- uninstall ----------------------------------------------------------------------------------
def test_uninstall_keeps_save_files_unless_purge(tmp_path):
    """Uninstall stops/disables the service and removes units and venv but
    keeps config, save files and the user; --purge removes them too."""
    root = make_pi_root(tmp_path / "pi")
    run_installer(root)
    (root / "var/lib/cabinet/journals").mkdir(parents=True)
    (root / "var/lib/cabinet/journals/g.jsonl").write_text("{}\n")
    fake = FakeSystem(root)
    run_installer(root, action="uninstall", fake=fake)
    assert ["systemctl", "disable", "--now", "cabinet.service"] in fake.calls
    assert not (root / "etc/systemd/system/cabinet.service").exists()
    assert not (root / "etc/systemd/system/cabinet.service.d").exists()
    assert not (root / "opt/cabinet").exists()
    assert (root / "var/lib/cabinet/journals/g.jsonl").exists() and (root / "etc/cabinet/cabinet.toml").exists()
    assert ci.Probe(root).user_exists("cabinet")
    assert ci.Probe(root).unit_enabled("getty@tty1.service", "getty.target")  # login prompt back
    runner, _ = run_installer(root, action="uninstall")
    assert runner.changes == []  # idempotent
    run_installer(root, action="uninstall", purge=True)
    assert not (root / "var/lib/cabinet").exists() and not (root / "etc/cabinet").exists()
    assert not ci.Probe(root).user_exists("cabinet")


def test_uninstall_leaves_foreign_files_in_the_prefix(tmp_path):
    root = make_pi_root(tmp_path / "pi")
    run_installer(root)
    (root / "opt/cabinet/notes.txt").write_text("mine")
    run_installer(root, action="uninstall")
    assert (root / "opt/cabinet/notes.txt").exists() and not (root / "opt/cabinet/venv").exists()


# -- what the config needs, boot file edits -------------------------------------------------------
def test_needs_of_the_default_wiring():
    """Default wiring (hardware.settings.DEFAULT_SEATS): SSD1306s on mux
    buses 2..5 (I2C + mux), seats 5-6 on the SPI0 pins (SPI stays off),
    seat LEDs on BCM 14/15 (serial console off); pigpio on a Pi 4."""
    n = ci.needs_for(config_mod.validate({}), PI4)
    assert (n.backend, n.i2c, n.i2c_mux, n.spi0, n.spi1_cs) == ("pigpio", True, True, False, 0)
    assert n.spi0_pins_for_seats and n.uart_pins_for_seats and n.camera
    assert ci.needs_for(config_mod.validate({}), PI5).backend == "lgpio"
    off_pi = ci.needs_for(config_mod.validate({}), None)
    assert off_pi.backend == "mock" and not off_pi.camera
    assert off_pi.packages() == ["python3-venv", "python3-pip"]  # nothing Pi-specific off a Pi


def test_needs_of_an_spi_oled_config():
    seats = [{"button": 4, "oled": {"driver": "sh1106", "interface": "spi", "bus": 0, "address": 0, "dc": 24}},
             {"button": 5, "oled": {"driver": "ssd1306", "interface": "spi", "bus": 1, "address": 1, "dc": 25}}]
    n = ci.needs_for(config_mod.validate({"seats": seats, "camera": {"source": "opencv"}}), PI4)
    assert n.spi0 and n.spi1_cs == 2 and not n.i2c and not n.spi0_pins_for_seats and not n.camera


def test_bootcfg_edits():
    text = "dtparam=audio=on\n#dtparam=i2c_arm=on\n[cm4]\notg_mode=1\n"
    assert bootcfg.missing_lines(text, ["dtparam=i2c_arm=on", "dtparam=audio=on"]) == ["dtparam=i2c_arm=on"]
    new = bootcfg.add_lines(text, ["dtparam=i2c_arm=on"])
    assert new.endswith("[all]\n" + bootcfg.MARK + "\ndtparam=i2c_arm=on\n")
    assert bootcfg.add_lines(text, []) == text
    off = bootcfg.disable_line("a=1\ndtparam=spi=on\n", "dtparam=spi=on", "why")
    assert bootcfg.active_lines(off) == ["a=1"]
    assert bootcfg.without_serial_console(CMDLINE).split() == [w for w in CMDLINE.split() if w != "console=serial0,115200"]


def test_default_config_template_is_valid():
    """systemd/cabinet.toml (installed as /etc/cabinet/cabinet.toml) passes
    the config validation and refuses to simulate on the cabinet."""
    cfg = config_mod.load(ROOT / "systemd" / "cabinet.toml")
    assert cfg["cabinet"]["simulate"] == "no" and cfg["gpio"]["backend"] == "auto"


def test_cli_offers_install_and_uninstall():
    from firmware.cli import main as cli
    parser, _ = cli.build_parser()
    args = parser.parse_args(["install", "--dry-run", "--start"])
    assert args.func is cmd_install.run and args.install_action == "install" and args.dry_run and args.start
    args = parser.parse_args(["uninstall", "--purge"])
    assert args.func is cmd_install.run and args.install_action == "uninstall" and args.purge


# -- the docs the installer points to ------------------------------------------------------------
def _pin(bcm: int) -> str:
    from hardware.settings import HEADER_PINS
    return "-" if bcm < 0 else f"BCM {bcm} (pin {HEADER_PINS[bcm]})"


def test_build_guide_pin_map_is_the_default_wiring():
    """docs/build-guide.md's pin table row for each seat equals
    hardware.settings.DEFAULT_SEATS (ruling CAB-2), so the doc cannot drift."""
    from hardware.settings import DEFAULT_SEATS, expander_pin_name
    text = (ROOT / "docs" / "build-guide.md").read_text()
    rows = [ln for ln in text.splitlines() if ln.startswith("| ") and ln.split("|")[1].strip().isdigit()
            and "BCM" in ln]
    assert len(rows) == len(DEFAULT_SEATS)
    for i, (row, seat) in enumerate(zip(rows, DEFAULT_SEATS)):
        cells = [c.strip() for c in row.strip("|").split("|")]
        o = seat["oled"]
        oled = "-" if o["driver"] == "none" else f"{o['driver'].upper()} I2C bus {o['bus']}, 0x{o['address']:02X}"
        nav = [f"{expander_pin_name(seat[k])} ({seat[k]})" if seat["nav_via"] == "expander" else _pin(seat[k])
               for k in ("nav_a", "nav_b")]
        assert cells == [str(i + 1), *(_pin(seat[k]) for k in ("button", "led", "cup")), *nav, oled]


def test_docs_link_existing_pictures_and_pages():
    import re
    for page in ("build-guide.md", "troubleshooting.md"):
        text = (ROOT / "docs" / page).read_text()
        for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text):
            if "://" not in target:
                assert (ROOT / "docs" / target).exists(), f"{page} links {target}"
    assert "wiring.png" in (ROOT / "docs" / "build-guide.md").read_text()


def test_troubleshooting_sh1106_snippet_is_a_valid_config():
    """The [[seats]] example of the SH1106 fix passes config validation."""
    import re
    import tomllib
    text = (ROOT / "docs" / "troubleshooting.md").read_text()
    snippet = re.search(r"```toml\n(.*?)```", text, re.S).group(1)
    cfg = config_mod.validate(tomllib.loads(snippet))
    assert cfg["seats"][0]["oled"]["driver"] == "sh1106"
