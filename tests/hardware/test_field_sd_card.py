"""Field problem 7 (issue 37): SD card damage on power loss beyond the save
files (raspberrypi/bookworm-feedback #137).  The installer offers (does not
force) a read-only root under overlayroot with a writable state partition and
journald in RAM; the menu has "Shut down" (a clean power-off)."""
from __future__ import annotations

import pytest

from test_install import FakeSystem, ci, make_pi_root, run_installer


def _with_state_partition(root):
    (root / "dev/disk/by-partuuid").mkdir(parents=True)
    (root / "dev/mmcblk0p3").write_text("")
    (root / "dev/disk/by-partuuid/1234-03").symlink_to("../../mmcblk0p3")
    (root / "etc/fstab").write_text("proc /proc proc defaults 0 0\nPARTUUID=1234-02 / ext4 defaults,noatime 0 1\n")


def test_read_only_root_is_offered_not_forced(tmp_path):
    root = make_pi_root(tmp_path / "pi")
    fake = FakeSystem(root)
    _, lines = run_installer(root, fake=fake)
    assert not any(c[0] == "raspi-config" for c in fake.calls)
    assert "overlayroot" not in (root / "boot/firmware/cmdline.txt").read_text()
    assert not (root / "etc/systemd/journald.conf.d/cabinet.conf").exists()
    assert any("--read-only-root" in ln for ln in lines)                 # offered
    rule = (root / "etc/polkit-1/rules.d/50-cabinet-poweroff.rules").read_text()
    assert 'subject.user == "cabinet"' in rule and "login1.power-off" in rule


def test_read_only_root_with_a_state_partition_and_logs_in_ram(tmp_path):
    root = make_pi_root(tmp_path / "pi")
    _with_state_partition(root)
    fake = FakeSystem(root)
    _, lines = run_installer(root, fake=fake, read_only=True, state_partition="/dev/mmcblk0p3")
    assert ["raspi-config", "nonint", "do_overlayfs", "0"] in fake.calls
    cmdline = (root / "boot/firmware/cmdline.txt").read_text()
    assert "overlayroot=tmpfs:recurse=0" in cmdline.split() and "rootwait" in cmdline
    fstab = (root / "etc/fstab").read_text().splitlines()
    assert fstab[-1].split()[:3] == ["PARTUUID=1234-03", "/var/lib/cabinet", "ext4"]
    assert "Storage=volatile" in (root / "etc/systemd/journald.conf.d/cabinet.conf").read_text()
    assert any("reboot to apply" in ln for ln in lines)
    fake2 = FakeSystem(root)                                          # a second run: all in place
    runner, _ = run_installer(root, fake=fake2, read_only=True, state_partition="/dev/mmcblk0p3", skip_pip=True)
    assert runner.changes == [] and not any(c[0] == "raspi-config" for c in fake2.calls)


def test_missing_state_partition_and_an_install_under_the_overlay_are_refused(tmp_path):
    root = make_pi_root(tmp_path / "pi")
    with pytest.raises(ci.InstallError, match="no such device"):
        run_installer(root, read_only=True, state_partition="/dev/mmcblk0p3")
    (root / "proc/mounts").write_text("overlayroot / overlay rw,relatime 0 0\n")
    with pytest.raises(ci.InstallError, match="do_overlayfs 1"):
        run_installer(root)


def test_menu_has_shut_down_and_it_powers_off_the_cabinet_only():
    from firmware.app.menu import Menu
    from firmware.runtime.power_off import power_off
    menu = Menu()
    labels = [label for label, _ in menu.rows()]
    menu.focus = labels.index("Shut down")
    assert labels[-1] == "Shut down" and menu.press() is None      # arms first (issue 34)
    assert menu.press() == ("shutdown", None)
    calls = []
    assert power_off(simulated=True, run=lambda argv, **kw: calls.append(argv)) is None and calls == []

    class Done:
        returncode, stderr = 0, ""
    assert power_off(simulated=False, run=lambda argv, **kw: calls.append(argv) or Done()) is None
    assert calls == [["systemctl", "poweroff"]]

    class Refused:
        returncode, stderr = 1, "Access denied"
    msg = power_off(simulated=False, run=lambda argv, **kw: Refused())
    assert "Access denied" in msg and "install.sh" in msg
