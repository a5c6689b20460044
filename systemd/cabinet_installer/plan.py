"""Install and uninstall the cabinet on Raspberry Pi OS (Bookworm, Pi 4 and
Pi 5), idempotently: each step first asks the :class:`~.probe.Probe`
whether its goal is met and, if so, reports ``[ok]`` and does nothing;
otherwise it makes the change through the :class:`~.runner.Runner` (which,
for ``--dry-run``, only prints it).

Install steps: Debian packages (venv, GPIO backend, picamera2, i2c-tools),
device groups, the ``cabinet`` system user, the venv (with
``--system-site-packages`` so picamera2 from Pi OS is importable; numpy
pinned to Pi OS's so picamera2's compiled parts keep working), ``pip
install '.[pi]'``, the config file (never overwritten), the boot config
(I2C, multiplexer, SPI, camera, KMS, serial console off), the units
(``cabinet.service`` plus the pigpio drop-in when that backend is used),
enabling them, booting to the console (no desktop holding the screen) and
freeing tty1 (its login prompt disabled; uninstall enables it again).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from . import bootcfg, fieldsafe
from .needs import Needs
from .probe import UNIT_DIR, Probe
from .runner import InstallError, Runner

#: Groups the service runs with (unit SupplementaryGroups=) and the user joins.
GROUPS = ("gpio", "video", "render", "input", "i2c", "spi", "audio")
UNIT = "cabinet.service"
GETTY = "getty@tty1.service"
DROPIN_DIR = f"{UNIT_DIR}/{UNIT}.d"
DROPIN = f"{DROPIN_DIR}/pigpio.conf"
MODULES_FILE = "/etc/modules-load.d/cabinet.conf"
STATE_DIR = "/var/lib/cabinet"
CACHE_DIR = "/var/cache/cabinet"
APT_ENV = {"DEBIAN_FRONTEND": "noninteractive"}


@dataclass(frozen=True)
class Options:
    """Installer options.

    Attributes:
        source: the cabinet checkout (has ``pyproject.toml`` and ``systemd/``).
        prefix: install folder; the venv is ``<prefix>/venv``.
        user: the unprivileged account the service runs as.
        config_path: the config file the service reads (CABINET_CONFIG).
        start: (re)start the service at the end.
        skip_apt / skip_pip: leave packages alone (offline re-runs).
        purge: uninstall only: also delete config, state (save files!),
            cache and the user.
        config_from: the config file given with --config: installed as
            ``config_path`` when that does not exist yet (else the
            commented default ``systemd/cabinet.toml`` is).
    """

    source: Path
    prefix: str = "/opt/cabinet"
    user: str = "cabinet"
    config_path: str = "/etc/cabinet/cabinet.toml"
    start: bool = False
    skip_apt: bool = False
    skip_pip: bool = False
    purge: bool = False
    config_from: str | None = None
    read_only: bool = False
    state_partition: str | None = None

    @property
    def venv(self) -> str:
        return f"{self.prefix.rstrip('/')}/venv"


def render_unit(text: str, opts: Options) -> str:
    """``systemd/cabinet.service`` with the install's venv, user and config
    path substituted (the file in the repo uses the defaults)."""
    out = []
    for line in text.splitlines():
        if line.startswith("ExecStart="):
            line = f"ExecStart={opts.venv}/bin/cabinet"
        elif line.startswith("User="):
            line = f"User={opts.user}"
        elif line.startswith("Group="):
            line = f"Group={opts.user}"
        elif line.startswith("Environment=CABINET_CONFIG="):
            line = f"Environment=CABINET_CONFIG={opts.config_path}"
        out.append(line)
    return "\n".join(out) + "\n"


def _source_file(opts: Options, name: str) -> str:
    path = opts.source / "systemd" / name
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise InstallError(f"cannot read {path} ({exc.strerror or exc}); run from the cabinet checkout "
                           "or pass --source DIR") from exc


def _write_if_changed(r: Runner, p: Probe, title: str, path: str, text: str, mode: int = 0o644) -> bool:
    if p.read(path) == text:
        r.ok(title)
        return False
    r.write(title, path, text, mode)
    return True


# -- install steps ------------------------------------------------------------
def step_packages(r: Runner, p: Probe, needs: Needs, opts: Options) -> None:
    """apt-get the Debian packages the config needs (missing ones only)."""
    wanted = needs.packages()
    if opts.skip_apt:
        r.note(f"--skip-apt: not checking packages {' '.join(wanted)}")
        return
    have = p.dpkg_versions()
    missing = [pkg for pkg in wanted if pkg not in have]
    if not missing:
        r.ok(f"Debian packages {' '.join(wanted)}")
        return
    r.run("refresh the package lists", ["apt-get", "update"], env=APT_ENV)
    r.run(f"install Debian packages {' '.join(missing)}",
          ["apt-get", "install", "-y", "--no-install-recommends", *missing], env=APT_ENV)


def step_account(r: Runner, p: Probe, opts: Options) -> None:
    """The device groups and the unprivileged service user (home = the
    state folder, no login shell) in all of them."""
    for g in GROUPS:
        if p.group_exists(g):
            continue
        r.run(f"create missing device group {g}", ["groupadd", "--system", g])
    if not p.user_exists(opts.user):
        r.run(f"create the service user {opts.user}",
              ["useradd", "--system", "--user-group", "--home-dir", STATE_DIR, "--no-create-home",
               "--shell", "/usr/sbin/nologin", "--comment", "tabletop game cabinet",
               "--groups", ",".join(GROUPS), opts.user])
        return
    lacking = [g for g in GROUPS if g not in p.groups_of(opts.user)]
    if lacking:
        r.run(f"add {opts.user} to the groups {' '.join(lacking)}",
              ["usermod", "--append", "--groups", ",".join(lacking), opts.user])
    else:
        r.ok(f"user {opts.user} in groups {' '.join(GROUPS)}")


def step_venv(r: Runner, p: Probe, needs: Needs, opts: Options) -> None:
    """The venv (``--system-site-packages`` for picamera2), the numpy pin
    and ``pip install '<source>[pi]'``."""
    state = p.venv_state(opts.venv)
    if state == "ok":
        r.ok(f"venv {opts.venv} (with system site packages)")
    else:
        argv = ["python3", "-m", "venv", "--system-site-packages"]
        if state == "isolated":
            argv.append("--clear")  # made without system packages: picamera2 would be invisible
        title = "create the venv" if state == "missing" else "recreate the venv with system site packages"
        r.run(title, [*argv, opts.venv])
    constraints = f"{opts.prefix.rstrip('/')}/constraints.txt"
    numpy = p.system_numpy()
    pin = (f"# numpy pinned to Raspberry Pi OS's python3-numpy: python3-picamera2 and\n"
           f"# simplejpeg are compiled against it (a pip-installed numpy 2 would break them).\n"
           f"numpy=={numpy}\n") if numpy else "# no Debian python3-numpy found: numpy is not pinned\n"
    _write_if_changed(r, p, "pip constraints", constraints, pin)
    if opts.skip_pip:
        r.note("--skip-pip: the cabinet package in the venv is not (re)installed")
        return
    extra = "[pi]" if needs.model else ""
    r.run(f"install the cabinet into the venv from {opts.source}",
          [f"{opts.venv}/bin/python", "-m", "pip", "install", "--upgrade-strategy", "only-if-needed",
           "--constraint", constraints, f"{opts.source}{extra}"])


def step_config(r: Runner, p: Probe, opts: Options) -> None:
    """``/etc/cabinet/cabinet.toml`` from ``systemd/cabinet.toml`` when there
    is none (an existing file is the owner's and is never overwritten)."""
    given = None
    if opts.config_from and opts.config_from != opts.config_path:
        try:
            given = Path(opts.config_from).read_text(encoding="utf-8")
        except OSError as exc:
            raise InstallError(f"cannot read --config {opts.config_from} ({exc.strerror or exc})") from exc
    if p.exists(opts.config_path):
        r.ok(f"config file {opts.config_path} (kept as it is)")
        if given is not None and p.read(opts.config_path) != given:
            r.note(f"{opts.config_path} differs from --config {opts.config_from} and the service reads "
                   f"{opts.config_path}: copy your file there if it should be used")
        return
    if given is not None:
        r.write(f"install the config file from {opts.config_from}", opts.config_path, given, 0o644)
    else:
        r.write("write the default config file", opts.config_path, _source_file(opts, "cabinet.toml"), 0o644)


def step_boot(r: Runner, p: Probe, needs: Needs) -> bool:
    """Boot config for the configured parts; returns True when a reboot is
    needed.  Off Pi OS (no config.txt) the step is skipped."""
    path = p.boot_file("config.txt")
    if path is None:
        r.note("no /boot/firmware/config.txt (not Raspberry Pi OS): I2C, SPI, camera and KMS settings skipped")
        return False
    text = p.read(path) or ""
    wanted = ["dtoverlay=vc4-kms-v3d"]  # the KMS driver SDL's KMSDRM needs
    if needs.camera:
        wanted.append("camera_auto_detect=1")
    if needs.i2c:
        wanted.append("dtparam=i2c_arm=on")
        # 400 kHz: an OLED frame is ~23 ms on the wire, ~93 ms at the default 100 kHz (issue 36)
        wanted.append("dtparam=i2c_arm_baudrate=400000")
    if needs.i2c_mux:
        wanted.append("dtoverlay=i2c-mux,pca9548,addr=0x70")
    if needs.spi0:
        wanted.append("dtparam=spi=on")
    if needs.spi1_cs:
        wanted.append(f"dtoverlay=spi1-{needs.spi1_cs}cs")
    missing = bootcfg.missing_lines(text, wanted)
    new = bootcfg.add_lines(text, missing)
    edits = [f"add {line}" for line in missing]
    if needs.spi0_pins_for_seats and not needs.spi0 and "dtparam=spi=on" in bootcfg.active_lines(new):
        new = bootcfg.disable_line(new, "dtparam=spi=on", "seat buttons use the SPI0 pins (BCM 7-11)")
        edits.append("comment out dtparam=spi=on (seats use the SPI0 pins)")
    title = f"boot config: {'; '.join(edits)}" if edits else f"boot config ({', '.join(wanted)})"
    changed = _write_if_changed(r, p, title, path, new)
    if needs.i2c:
        _write_if_changed(r, p, "load i2c-dev at boot (/dev/i2c-*)", MODULES_FILE,
                          "# written by the cabinet installer: OLEDs on I2C\ni2c-dev\n")
    cmd_path = p.boot_file("cmdline.txt")
    if needs.uart_pins_for_seats and cmd_path:
        old = p.read(cmd_path) or ""
        new_cmd = bootcfg.without_serial_console(old)
        if new_cmd.split() != old.split():
            r.write("serial console off (seat LEDs use BCM 14/15)", cmd_path, new_cmd)
            changed = True
        else:
            r.ok("serial console off (seat LEDs use BCM 14/15)")
    return changed


def step_units(r: Runner, p: Probe, needs: Needs, opts: Options) -> None:
    """Install ``cabinet.service`` (+ the pigpio drop-in when that backend
    is used, removed otherwise), reload systemd, enable pigpiod and the
    cabinet, boot to the console instead of a desktop."""
    changed = _write_if_changed(r, p, f"unit {UNIT}", f"{UNIT_DIR}/{UNIT}",
                                render_unit(_source_file(opts, "cabinet.service"), opts))
    if needs.backend == "pigpio":
        changed |= _write_if_changed(r, p, "pigpio drop-in (After=/Requires=pigpiod, localhost only)", DROPIN,
                                     _source_file(opts, "cabinet-pigpio.conf"))
    elif p.exists(DROPIN):
        r.remove(f"remove the pigpio drop-in (backend is {needs.backend})", DROPIN)
        changed = True
    if changed:
        r.run("reload systemd", ["systemctl", "daemon-reload"])
    if needs.backend == "pigpio":
        if p.unit_enabled("pigpiod.service"):
            r.ok("pigpiod enabled")
        else:
            r.run("enable the pigpio daemon", ["systemctl", "enable", "pigpiod.service"])
    if p.unit_enabled(GETTY, target="getty.target", etc_only=True):
        # Conflicts=getty@tty1 alone leaves two opposite jobs in the boot
        # transaction; with the getty disabled tty1 is free for the cabinet.
        r.run("free tty1: no login prompt there (the cabinet's console)", ["systemctl", "disable", GETTY])
    else:
        r.ok("tty1 free (no login prompt)")
    if p.unit_enabled(UNIT):
        r.ok(f"{UNIT} enabled at boot")
    else:
        r.run(f"enable {UNIT} at boot", ["systemctl", "enable", UNIT])
    if p.default_target() == "graphical.target":
        r.run("boot to the console (a desktop would hold the HDMI screen)",
              ["systemctl", "set-default", "multi-user.target"])
    else:
        r.ok("boots to the console (no desktop)")


def install(r: Runner, p: Probe, needs: Needs, opts: Options) -> bool:
    """Run every install step; returns True when a reboot is needed."""
    if not opts.source.joinpath("pyproject.toml").is_file():
        raise InstallError(f"{opts.source} is not the cabinet checkout (no pyproject.toml); pass --source DIR")
    fieldsafe.refuse_under_overlay(p)
    r.out(f"machine: {needs.backend_reason}")
    step_packages(r, p, needs, opts)
    step_account(r, p, opts)
    step_venv(r, p, needs, opts)
    step_config(r, p, opts)
    reboot = step_boot(r, p, needs)
    step_units(r, p, needs, opts)
    fieldsafe.step_poweroff(r, p, opts.user)
    reboot |= fieldsafe.step_read_only(r, p, opts.read_only, opts.state_partition, STATE_DIR)
    if reboot:
        r.note("the boot config changed: reboot to apply it (sudo reboot); the cabinet starts at boot")
    elif opts.start:
        r.run(f"(re)start {UNIT}", ["systemctl", "restart", UNIT])
    else:
        r.note(f"start it now with: sudo systemctl start {UNIT} (or reboot); logs: journalctl -u cabinet -f")
    return reboot


def uninstall(r: Runner, p: Probe, opts: Options) -> None:
    """Stop and remove the service, drop-in and venv; with ``purge`` also
    the config, state (save files), cache and the user.  Boot config,
    pigpiod and the default target are left as they are (printed)."""
    unit_path = f"{UNIT_DIR}/{UNIT}"
    installed = p.exists(unit_path)
    if p.unit_enabled(UNIT):
        r.run(f"stop and disable {UNIT}", ["systemctl", "disable", "--now", UNIT])
    elif p.exists(unit_path):
        r.run(f"stop {UNIT}", ["systemctl", "stop", UNIT])
    removed = False
    for path, title in ((DROPIN_DIR, "pigpio drop-in"), (unit_path, f"unit {UNIT}")):
        if p.exists(path):
            (r.remove_tree if path == DROPIN_DIR else r.remove)(f"remove the {title}", path)
            removed = True
        else:
            r.ok(f"{title} gone")
    if removed:
        r.run("reload systemd", ["systemctl", "daemon-reload"])
    if installed and not p.unit_enabled(GETTY, target="getty.target", etc_only=True):
        r.run("give tty1 its login prompt back", ["systemctl", "enable", GETTY])
    prefix = opts.prefix.rstrip("/")
    ours = {"venv", "constraints.txt"}
    if p.exists(prefix):
        entries = {q.name for q in p.path(prefix).iterdir()}
        if entries <= ours:
            r.remove_tree(f"remove {prefix} (venv)", prefix)
        else:
            for name in sorted(entries & ours):
                (r.remove_tree if name == "venv" else r.remove)(f"remove {prefix}/{name}", f"{prefix}/{name}")
            r.note(f"{prefix} holds other files ({', '.join(sorted(entries - ours))}): left in place")
    else:
        r.ok(f"{prefix} gone")
    config_dir = str(Path(opts.config_path).parent)
    if opts.purge:
        for path in (config_dir, STATE_DIR, CACHE_DIR, MODULES_FILE):
            if p.exists(path):
                (r.remove_tree if path != MODULES_FILE else r.remove)(f"purge {path}", path)
        if p.user_exists(opts.user):
            r.run(f"delete the user {opts.user}", ["userdel", opts.user])
    else:
        r.note(f"kept {config_dir} (config), {STATE_DIR} (save files, calibration) and the user "
               f"{opts.user}; --purge deletes them")
    r.note("left as they are: boot config lines (I2C, SPI, camera), pigpiod, the default boot target "
           "(sudo systemctl set-default graphical.target brings the desktop back)")
