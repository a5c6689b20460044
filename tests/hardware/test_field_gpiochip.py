"""Field problem 1 (issue 37): a Pi 5 whose header chip (``pinctrl-rp1``)
is not gpiochip4, with gpiozero 2.0.1 from the package index, which ignores
``LGPIOFactory(chip=...)`` (gpiozero #1162, #1166, PR #1181).  The chips are a
fake tree (``/dev/gpiochip*`` + sysfs) and the lgpio module a fake."""
from __future__ import annotations

import os
import sys

import pytest

from hardware import gpiochip
from hardware.backends import open_factory
from test_hardware_backends import FakeLgpio, fresh_modules  # noqa: F401 - fixture

#: the Pi 5 after kernel 6.6.45 (raspberrypi/linux PR #6144): RP1 is chip 0, the SoC's are 10-13
PI5_LABELS = {0: "pinctrl-rp1", 10: "gpio-brcmstb@107d508500", 11: "gpio-brcmstb@107d508520",
              12: "gpio-brcmstb@107d517c00", 13: "gpio-brcmstb@107d517c20"}


def fake_chips(tmp_path, labels, *, alias4=False, sysfs_only=False):
    """A /dev with gpiochipN files and a /sys whose class/gpio entries carry
    the labels (base numbers 512+ as the kernel gives them)."""
    dev, sys_root = tmp_path / "dev", tmp_path / "sys"
    dev.mkdir()
    for n in labels:
        (dev / f"gpiochip{n}").write_text("")
    if alias4:
        os.symlink("gpiochip0", dev / "gpiochip4")
    for i, (n, label) in enumerate(sorted(labels.items())):
        parent = sys_root / "devices" / "platform" / f"ctl{i}.gpio"
        (parent / f"gpiochip{n}").mkdir(parents=True)
        bus = sys_root / "bus" / "gpio" / "devices"
        bus.mkdir(parents=True, exist_ok=True)
        os.symlink(parent / f"gpiochip{n}", bus / f"gpiochip{n}")
        cls = sys_root / "class" / "gpio" / f"gpiochip{512 + 60 * i}"
        cls.mkdir(parents=True)
        (cls / "label").write_text(label + "\n")
        os.symlink(parent, cls / "device")

    def label_of(path):
        if sysfs_only:
            raise PermissionError(13, "Permission denied", str(path))
        return labels[int(path.name[len("gpiochip"):])]
    return dev, sys_root, label_of


def test_rp1_chip_is_found_by_label_at_any_index(tmp_path):
    labels = {0: "gpio-brcmstb@107d508500", 1: "gpio-brcmstb@107d508520", 2: "pinctrl-rp1"}
    dev, sys_root, label_of = fake_chips(tmp_path, labels)
    chip = gpiochip.find_header_chip(dev, sys_root, label_of)
    assert (chip.index, chip.label, chip.how) == (2, "pinctrl-rp1", "ioctl")


def test_rp1_chip_is_found_through_sysfs_when_the_devices_cannot_be_opened(tmp_path):
    dev, sys_root, label_of = fake_chips(tmp_path, PI5_LABELS, alias4=True, sysfs_only=True)
    chip = gpiochip.find_header_chip(dev, sys_root, label_of)
    assert (chip.index, chip.label, chip.how) == (0, "pinctrl-rp1", "sysfs")


def test_no_header_chip_off_a_pi(tmp_path):
    dev, sys_root, label_of = fake_chips(tmp_path, {0: "gpio-mockup-A"})
    assert gpiochip.find_header_chip(dev, sys_root, label_of) is None


def _pypi_2_0_1_init(self, chip=None):
    """gpiozero 2.0.1's LGPIOFactory.__init__ as on the package index: the
    chip argument is overwritten (4 on a Pi 5)."""
    import gpiozero.pins.lgpio as gl
    from gpiozero.pins.local import LocalPiFactory
    LocalPiFactory.__init__(self)
    chip = 4 if (self._get_revision() & 0xff0) >> 4 == 0x17 else 0
    self._handle = gl.lgpio.gpiochip_open(chip)
    self._chip = chip
    self.pin_class = gl.LGPIOPin


def test_pi5_with_pypi_gpiozero_opens_the_rp1_chip_found_by_label(fresh_modules, tmp_path):  # noqa: F811
    import gpiozero.pins.local as local
    dev, sys_root, label_of = fake_chips(tmp_path, PI5_LABELS)
    fresh_modules.setattr(gpiochip, "DEV_DIR", dev)
    fresh_modules.setattr(gpiochip, "SYS_ROOT", sys_root)
    fresh_modules.setattr(gpiochip, "chip_label_ioctl", label_of)
    fresh_modules.setitem(sys.modules, "lgpio", FakeLgpio(chips=tuple(PI5_LABELS)))   # no gpiochip4
    fresh_modules.setattr(local, "get_pi_revision", lambda: 0xD04170)                 # Pi 5
    import gpiozero.pins.lgpio as gl
    fresh_modules.setattr(gl.LGPIOFactory, "__init__", _pypi_2_0_1_init)
    f = open_factory("lgpio")
    try:
        assert f.chip == 0
        from gpiozero import Button
        b = Button(4, pin_factory=f)
        assert b.pin.info.name == "GPIO4"
        b.close()
    finally:
        f.close()
