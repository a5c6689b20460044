"""Read-only questions about the target system, answered from its files
under ``root`` (never by running commands), so a dry run and the tests can
ask them safely: users and groups (``/etc/passwd``, ``/etc/group``),
installed Debian packages (``/var/lib/dpkg/status``), the Pi model
(``/proc/device-tree/model``), the boot config, enabled units (the
``*.wants`` symlinks) and the venv (``pyvenv.cfg``)."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

#: Where Raspberry Pi OS keeps config.txt / cmdline.txt: Bookworm, then older releases.
BOOT_DIRS = ("/boot/firmware", "/boot")
UNIT_DIR = "/etc/systemd/system"


@dataclass
class Probe:
    """Answers about the system under ``root`` (``/`` on the Pi)."""

    root: Path = Path("/")

    def path(self, p: str) -> Path:
        """Absolute target path ``p`` under :attr:`root`."""
        return self.root / Path(p).relative_to("/")

    def read(self, p: str) -> str | None:
        """Text of file ``p`` or None if it does not exist / cannot be read."""
        try:
            return self.path(p).read_text(encoding="utf-8", errors="replace")
        except OSError:
            return None

    def exists(self, p: str) -> bool:
        """Whether ``p`` exists (a dangling symlink counts)."""
        q = self.path(p)
        return q.exists() or q.is_symlink()

    # -- accounts -------------------------------------------------------
    def _table(self, p: str) -> list[list[str]]:
        return [line.split(":") for line in (self.read(p) or "").splitlines() if line and not line.startswith("#")]

    def user_exists(self, name: str) -> bool:
        """Whether ``name`` is in /etc/passwd."""
        return any(row[0] == name for row in self._table("/etc/passwd"))

    def user_home(self, name: str) -> str | None:
        """Home folder of ``name`` from /etc/passwd."""
        for row in self._table("/etc/passwd"):
            if row[0] == name and len(row) > 5:
                return row[5]
        return None

    def group_exists(self, name: str) -> bool:
        """Whether group ``name`` is in /etc/group."""
        return any(row[0] == name for row in self._table("/etc/group"))

    def groups_of(self, user: str) -> set[str]:
        """Supplementary groups listing ``user`` as a member (/etc/group)."""
        return {row[0] for row in self._table("/etc/group")
                if len(row) > 3 and user in row[3].split(",")}

    # -- packages --------------------------------------------------------
    def dpkg_versions(self) -> dict[str, str]:
        """Installed Debian packages -> version, from /var/lib/dpkg/status."""
        out: dict[str, str] = {}
        for block in (self.read("/var/lib/dpkg/status") or "").split("\n\n"):
            fields: dict[str, str] = {}
            for line in block.splitlines():
                if ":" in line and not line.startswith(" "):
                    k, _, v = line.partition(":")
                    fields[k] = v.strip()
            if fields.get("Package") and fields.get("Status", "").endswith(" installed"):
                out[fields["Package"]] = fields.get("Version", "")
        return out

    def system_numpy(self) -> str | None:
        """Upstream version of Debian's python3-numpy (``1:1.24.2-1`` ->
        ``1.24.2``), which python3-picamera2 is built against, or None."""
        v = self.dpkg_versions().get("python3-numpy")
        if not v:
            return None
        v = v.split(":", 1)[-1]
        return v.split("-", 1)[0].split("+", 1)[0] or None

    # -- machine ---------------------------------------------------------
    def pi_model(self) -> str | None:
        """The Raspberry Pi model from the device tree, or None."""
        try:
            text = self.path("/proc/device-tree/model").read_bytes().decode("ascii", "replace").rstrip("\x00\n ")
        except OSError:
            return None
        return text if text.startswith("Raspberry Pi") else None

    def boot_file(self, name: str) -> str | None:
        """Target path of ``config.txt`` / ``cmdline.txt`` (Bookworm's
        /boot/firmware first), or None when neither exists (not Pi OS)."""
        for d in BOOT_DIRS:
            p = f"{d}/{name}"
            if self.path(p).is_file():
                return p
        return None

    # -- systemd ---------------------------------------------------------
    def unit_enabled(self, unit: str, target: str = "multi-user.target", etc_only: bool = False) -> bool:
        """Whether ``unit`` is enabled for ``target`` (its symlink exists in
        /etc or, unless ``etc_only``, /lib/systemd/system)."""
        dirs = (UNIT_DIR,) if etc_only else (UNIT_DIR, "/lib/systemd/system", "/usr/lib/systemd/system")
        return any(self.exists(f"{d}/{target}.wants/{unit}") for d in dirs)

    def unit_installed(self, unit: str) -> bool:
        """Whether a unit file named ``unit`` exists in /etc or /lib."""
        return any(self.exists(f"{d}/{unit}") for d in (UNIT_DIR, "/lib/systemd/system", "/usr/lib/systemd/system"))

    def default_target(self) -> str | None:
        """Name the default.target symlink points at (e.g.
        ``graphical.target``), or None."""
        for d in (UNIT_DIR, "/lib/systemd/system", "/usr/lib/systemd/system"):
            q = self.path(f"{d}/default.target")
            if q.is_symlink():
                return os.path.basename(os.readlink(q))
        return None

    # -- venv ------------------------------------------------------------
    def venv_state(self, venv: str) -> str:
        """``missing``, ``isolated`` (made without --system-site-packages) or
        ``ok`` for the venv folder ``venv``."""
        cfg = self.read(f"{venv}/pyvenv.cfg")
        if cfg is None or not self.exists(f"{venv}/bin/python"):
            return "missing"
        for line in cfg.splitlines():
            k, _, v = line.partition("=")
            if k.strip() == "include-system-site-packages":
                return "ok" if v.strip().lower() == "true" else "isolated"
        return "isolated"
