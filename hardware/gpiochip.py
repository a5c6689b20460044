"""Finding the gpiochip of the 40-pin header by its label, not its number.

On a Pi 5 the header's GPIOs belong to the RP1's controller, labelled
``pinctrl-rp1``.  Its chip number changed with the kernel: ``gpiochip4``
before 6.6.45, ``gpiochip0`` after (raspberrypi/linux PR #6144), and gpiozero
2.0.1 from the package index hard-codes 4 on a Pi 5 and ignores its ``chip``
argument (gpiozero #1162, #1166; fixed by PR #1181, which only Debian's
``python3-gpiozero`` carries).  So the cabinet looks the chip up by label:

1. each ``/dev/gpiochipN`` (symlinks such as Pi OS's ``gpiochip4 ->
   gpiochip0`` skipped) is asked for its label with the GPIO character
   device's ``GPIO_GET_CHIPINFO_IOCTL`` (what ``gpiodetect`` prints);
2. where that cannot be opened, ``/sys/bus/gpio/devices/gpiochipN`` is
   matched to ``/sys/class/gpio/gpiochipBASE/label`` through the parent
   device both link to.

On a Pi 4 and earlier the header's chip is labelled ``pinctrl-bcm2711`` /
``pinctrl-bcm2835``; :data:`HEADER_LABELS` lists them in order of preference.
"""
from __future__ import annotations

import fcntl
import os
import re
import struct
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

#: Labels of the gpiochip that drives the 40-pin header, most specific first.
HEADER_LABELS = ("pinctrl-rp1", "pinctrl-bcm2712", "pinctrl-bcm2711", "pinctrl-bcm2835")
#: ``_IOR(0xB4, 0x01, struct gpiochip_info)``: name[32], label[32], u32 lines.
GPIO_GET_CHIPINFO_IOCTL = 0x8044B401
_CHIPINFO = struct.Struct("32s32sI")
#: Where the chips are looked for (module attributes, so tests point them at a fake tree).
DEV_DIR = Path("/dev")
SYS_ROOT = Path("/sys")


@dataclass(frozen=True)
class GpioChip:
    """One gpiochip.

    Attributes:
        index: N of ``/dev/gpiochipN`` (what ``lgpio.gpiochip_open`` takes).
        label: the driver's label, e.g. ``"pinctrl-rp1"``.
        how: where the label was read (``"ioctl"`` or ``"sysfs"``).
    """
    index: int
    label: str
    how: str


def chip_label_ioctl(dev: Path) -> str:
    """The label of ``/dev/gpiochipN`` via ``GPIO_GET_CHIPINFO_IOCTL``.

    Raises:
        OSError: cannot open the device or it is not a gpiochip.
    """
    fd = os.open(str(dev), os.O_RDONLY | os.O_CLOEXEC)
    try:
        buf = fcntl.ioctl(fd, GPIO_GET_CHIPINFO_IOCTL, bytes(_CHIPINFO.size))
    finally:
        os.close(fd)
    _, label, _ = _CHIPINFO.unpack(buf)
    return label.split(b"\0", 1)[0].decode("ascii", "replace")


def _sysfs_labels(sys_root: Path) -> dict[int, str]:
    """``{chip index: label}`` from sysfs: the legacy ``/sys/class/gpio``
    entries carry the label, and share their parent device with
    ``/sys/bus/gpio/devices/gpiochipN``."""
    by_parent: dict[str, str] = {}
    for entry in sorted((sys_root / "class" / "gpio").glob("gpiochip*")):
        try:
            label = (entry / "label").read_text().strip()
            parent = os.path.realpath(entry / "device")
        except OSError:
            continue
        by_parent[parent] = label
    out: dict[int, str] = {}
    for entry in sorted((sys_root / "bus" / "gpio" / "devices").glob("gpiochip*")):
        m = re.fullmatch(r"gpiochip(\d+)", entry.name)
        if not m:
            continue
        parent = os.path.dirname(os.path.realpath(entry))
        if parent in by_parent:
            out[int(m.group(1))] = by_parent[parent]
    return out


def list_chips(dev_dir: Path | str | None = None, sys_root: Path | str | None = None,
               label_of: Callable[[Path], str] | None = None) -> list[GpioChip]:
    """Every gpiochip with its label, in index order (symlinked aliases
    skipped; a chip whose label cannot be read by either way is left out).
    Defaults: :data:`DEV_DIR`, :data:`SYS_ROOT`, :func:`chip_label_ioctl`."""
    dev_dir, sys_root = Path(dev_dir or DEV_DIR), Path(sys_root or SYS_ROOT)
    label_of = label_of or chip_label_ioctl
    sysfs: dict[int, str] | None = None
    chips: list[GpioChip] = []
    indexes = sorted(int(m.group(1)) for p in dev_dir.glob("gpiochip*")
                     if (m := re.fullmatch(r"gpiochip(\d+)", p.name)) and not p.is_symlink())
    for n in indexes:
        try:
            chips.append(GpioChip(n, label_of(dev_dir / f"gpiochip{n}"), "ioctl"))
            continue
        except OSError:
            pass
        if sysfs is None:
            sysfs = _sysfs_labels(sys_root)
        if n in sysfs:
            chips.append(GpioChip(n, sysfs[n], "sysfs"))
    if not indexes:   # no /dev entries visible (a container): sysfs alone
        chips = [GpioChip(n, label, "sysfs") for n, label in sorted(_sysfs_labels(sys_root).items())]
    return chips


def find_header_chip(dev_dir: Path | str | None = None, sys_root: Path | str | None = None,
                     label_of: Callable[[Path], str] | None = None,
                     labels: tuple[str, ...] = HEADER_LABELS) -> GpioChip | None:
    """The gpiochip of the 40-pin header: the first chip whose label is in
    ``labels`` (``pinctrl-rp1`` on a Pi 5), by label order; None when no
    chip carries one of them (not a Pi, or no access)."""
    chips = list_chips(dev_dir, sys_root, label_of)
    for want in labels:
        for chip in chips:
            if chip.label == want:
                return chip
    return None
