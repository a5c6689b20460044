"""Keeping the SD card whole through power cuts (issue 37, field problem 7;
raspberrypi/bookworm-feedback #137): the saves are crash-safe, the OS is not.

Always installed: a polkit rule that lets the service user power the Pi off,
so the menu's "Shut down" item is a clean power-off (``systemctl poweroff``).

Offered, not forced (``cabinet install --read-only-root``):

* the root filesystem read-only under a RAM overlay: ``raspi-config nonint
  do_overlayfs 0`` (Raspberry Pi OS's overlayroot), with
  ``overlayroot=tmpfs:recurse=0`` in ``cmdline.txt`` so that other
  partitions stay writable;
* the save files and calibration on a separate writable partition
  (``--state-partition /dev/mmcblk0p3``, made and formatted by the owner as the
  build guide shows), mounted at ``/var/lib/cabinet`` by its PARTUUID;
* journald's logs in RAM (``Storage=volatile``), not on the SD card's root.

Without ``--read-only-root`` the installer says how to turn it on.  With the
overlay on, changes to the root are lost at the next boot, so the installer
refuses to run then and names the way out (build guide, "Updating with the
read-only root").
"""
from __future__ import annotations

from .probe import Probe
from .runner import InstallError, Runner

POLKIT_RULE = "/etc/polkit-1/rules.d/50-cabinet-poweroff.rules"
JOURNALD_DROPIN = "/etc/systemd/journald.conf.d/cabinet.conf"
JOURNALD_TEXT = ("# written by the cabinet installer (--read-only-root): logs in RAM, not on the SD card\n"
                 "[Journal]\nStorage=volatile\nRuntimeMaxUse=32M\n")
OVERLAY_ARG = "overlayroot=tmpfs:recurse=0"
UPDATE_DOC = "docs/build-guide.md, 'Updating with the read-only root'"


def polkit_rule(user: str) -> str:
    """The polkit rule that lets ``user`` power off (and nothing else)."""
    return f"""// written by the cabinet installer: the menu's "Shut down" powers the Pi off safely
polkit.addRule(function(action, subject) {{
    if ((action.id == "org.freedesktop.login1.power-off" ||
         action.id == "org.freedesktop.login1.power-off-multiple-sessions") &&
        subject.user == "{user}") {{
        return polkit.Result.YES;
    }}
}});
"""


def overlay_active(p: Probe) -> bool:
    """True when the running root filesystem is an overlay (overlayroot on)."""
    for line in (p.read("/proc/mounts") or "").splitlines():
        parts = line.split()
        if len(parts) >= 3 and parts[1] == "/" and parts[2] == "overlay":
            return True
    return False


def refuse_under_overlay(p: Probe) -> None:
    """Raise when the root is the RAM overlay: an install would be lost.

    Raises:
        InstallError: names the way to update (turn the overlay off, reboot,
            install, turn it on again).
    """
    if overlay_active(p):
        raise InstallError("the root filesystem is read-only under a RAM overlay (overlayroot): whatever is "
                           "installed now is lost at the next boot; turn it off first: sudo raspi-config nonint "
                           f"do_overlayfs 1 && sudo reboot, install, then turn it on again (see {UPDATE_DOC})")


def _partuuid(p: Probe, device: str) -> str | None:
    folder = p.path("/dev/disk/by-partuuid")
    if not folder.is_dir():
        return None
    name = device.rsplit("/", 1)[-1]
    for link in folder.iterdir():
        try:
            if link.is_symlink() and link.readlink().name == name:
                return link.name
        except OSError:
            continue
    return None


def step_poweroff(r: Runner, p: Probe, user: str) -> None:
    """The polkit rule for the menu's "Shut down"."""
    text = polkit_rule(user)
    if p.read(POLKIT_RULE) == text:
        r.ok(f'"Shut down" in the menu may power off (polkit rule for {user})')
    else:
        r.write(f'let {user} power the Pi off (the menu\'s "Shut down")', POLKIT_RULE, text, 0o644)


def step_state_partition(r: Runner, p: Probe, device: str, state_dir: str) -> bool:
    """Mount ``device`` at ``state_dir`` by PARTUUID (fstab); True if fstab changed.

    Raises:
        InstallError: the device does not exist (names how to make it).
    """
    if not p.exists(device):
        raise InstallError(f"--state-partition {device}: no such device; make and format the partition first "
                           "(build guide, 'Read-only root and a state partition'), check with lsblk")
    uuid = _partuuid(p, device)
    source = f"PARTUUID={uuid}" if uuid else device
    line = f"{source}  {state_dir}  ext4  defaults,noatime,commit=5,nofail,x-systemd.device-timeout=10s  0  2"
    fstab = p.read("/etc/fstab") or ""
    mounts = [ln for ln in fstab.splitlines() if ln.split()[1:2] == [state_dir] and not ln.lstrip().startswith("#")]
    if mounts == [line]:
        r.ok(f"state partition {source} mounted at {state_dir}")
        return False
    if mounts:
        r.note(f"/etc/fstab already mounts {state_dir} ({mounts[0].split()[0]}): kept as it is")
        return False
    r.write(f"mount the state partition {device} at {state_dir} (saves and calibration stay writable)",
            "/etc/fstab", fstab + ("" if fstab.endswith("\n") or not fstab else "\n") + line + "\n")
    r.note(f"copy the saves there before rebooting if you have any: sudo mount {device} /mnt && sudo cp -a "
           f"{state_dir}/. /mnt/ && sudo umount /mnt")
    return True


def step_read_only(r: Runner, p: Probe, read_only: bool, state_partition: str | None, state_dir: str) -> bool:
    """The read-only root, offered; returns True when a reboot is needed."""
    if not read_only:
        if state_partition:
            raise InstallError("--state-partition goes with --read-only-root")
        cmd_path = p.boot_file("cmdline.txt")
        if cmd_path and "overlayroot=" in (p.read(cmd_path) or ""):
            r.ok("read-only root (overlay) is on")
        else:
            r.note("optional: a read-only root keeps the SD card whole through power cuts: cabinet install "
                   "--read-only-root [--state-partition DEVICE] (build guide, 'Read-only root')")
        return False
    reboot = False
    if state_partition:
        reboot |= step_state_partition(r, p, state_partition, state_dir)
    else:
        r.note(f"no --state-partition: with the overlay on, {state_dir} (saves, calibration) is in RAM and "
               "lost at power-off; give a state partition to keep them")
    if p.read(JOURNALD_DROPIN) == JOURNALD_TEXT:
        r.ok("journald keeps its logs in RAM")
    else:
        r.write("journald: logs in RAM (Storage=volatile), not on the SD card", JOURNALD_DROPIN, JOURNALD_TEXT)
    cmd_path = p.boot_file("cmdline.txt")
    if cmd_path is None:
        raise InstallError("--read-only-root needs Raspberry Pi OS (no /boot/firmware/cmdline.txt)")
    old = p.read(cmd_path) or ""
    if "overlayroot=" not in old:
        r.run("read-only root under a RAM overlay (raspi-config)", ["raspi-config", "nonint", "do_overlayfs", "0"])
        old = p.read(cmd_path) or old
    words = [w for w in old.split() if not w.startswith("overlayroot=")] + [OVERLAY_ARG]
    new = " ".join(words) + "\n"
    if old.split() == new.split():
        r.ok(f"read-only root with {OVERLAY_ARG} (other partitions writable)")
    else:
        r.write(f"keep other partitions writable ({OVERLAY_ARG})", cmd_path, new)
        reboot = True
    return reboot
