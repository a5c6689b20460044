"""``cabinet install`` / ``cabinet uninstall``: put the cabinet on a fresh
Raspberry Pi OS (Bookworm, Pi 4 and Pi 5) as a boot service, or take it off.

The steps live in the checkout's ``systemd/cabinet_installer`` package (see
its docstring); this module is their command line, used both by the
``cabinet`` console script and, before anything is installed, by
``sudo systemd/install.sh`` (``python3 -m firmware.cli.install``, system
python3: this module and the config modules need the standard library only).

``--dry-run`` prints every step ("would ...") and changes nothing; it needs
no root.  Every step is idempotent: a second run reports ``[ok]`` for what
is already in place.
"""
from __future__ import annotations

import argparse
import importlib
import os
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, Callable

DEFAULT_PREFIX = "/opt/cabinet"
DEFAULT_USER = "cabinet"
SERVICE_CONFIG = "/etc/cabinet/cabinet.toml"


def _add_common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--dry-run", action="store_true", help="print every step, change nothing (no root needed)")
    p.add_argument("--source", metavar="DIR", help="the cabinet checkout (default: the one this command "
                   "runs from, else the current folder)")
    p.add_argument("--prefix", default=DEFAULT_PREFIX, help=f"install folder, venv in PREFIX/venv "
                   f"(default {DEFAULT_PREFIX})")
    p.add_argument("--user", default=DEFAULT_USER, help=f"service account (default {DEFAULT_USER})")
    p.add_argument("--root", default="/", help="target root folder (only with --dry-run; for tests)")


def add_parser(subparsers: Any) -> None:
    """Add ``install`` and ``uninstall`` to the ``cabinet`` command line;
    both set ``func`` = :func:`run`."""
    p = subparsers.add_parser("install", help="install the cabinet as a boot service on Raspberry Pi OS "
                              "(sudo; --dry-run prints the plan)")
    _add_common(p)
    p.add_argument("--start", action="store_true", help="(re)start the service at the end")
    p.add_argument("--force", action="store_true", help="install even though this is not a Raspberry Pi")
    p.add_argument("--skip-apt", action="store_true", help="do not install Debian packages")
    p.add_argument("--skip-pip", action="store_true", help="do not (re)install the cabinet into the venv")
    p.add_argument("--read-only-root", action="store_true", help="optional: the root filesystem read-only "
                   "under a RAM overlay (raspi-config's overlayfs) and journald logs in RAM, so power cuts "
                   "cannot damage the SD card; see docs/build-guide.md")
    p.add_argument("--state-partition", metavar="DEVICE", help="with --read-only-root: a formatted ext4 "
                   "partition mounted at /var/lib/cabinet for the saves and calibration (e.g. /dev/mmcblk0p3)")
    p.set_defaults(func=run, install_action="install", purge=False)
    q = subparsers.add_parser("uninstall", help="remove the cabinet service and venv (sudo; --dry-run)")
    _add_common(q)
    q.add_argument("--purge", action="store_true", help="also delete /etc/cabinet, the save files in "
                   "/var/lib/cabinet and the user")
    q.set_defaults(func=run, install_action="uninstall", start=False, skip_apt=False, skip_pip=False)


def find_source(arg: str | None) -> Path:
    """The checkout holding ``systemd/cabinet_installer``: ``arg``, else the
    checkout this module is in, else the current folder.

    Raises:
        RuntimeError: none of them is a cabinet checkout (names the fix).
    """
    candidates = [Path(arg)] if arg else [Path(__file__).resolve().parents[1], Path.cwd()]
    for c in candidates:
        if (c / "systemd" / "cabinet_installer" / "__init__.py").is_file() and (c / "pyproject.toml").is_file():
            return c.resolve()
    where = arg or f"{candidates[0]} or {candidates[1]}"
    raise RuntimeError(f"no cabinet checkout at {where} (systemd/cabinet_installer missing); run from the "
                       "checkout or pass --source DIR")


def load_installer(source: Path) -> ModuleType:
    """Import ``cabinet_installer`` from ``source/systemd``."""
    folder = str(source / "systemd")
    mod = sys.modules.get("cabinet_installer")
    if mod is not None and not str(Path(mod.__file__).resolve()).startswith(folder):
        for name in [n for n in sys.modules if n == "cabinet_installer" or n.startswith("cabinet_installer.")]:
            del sys.modules[name]
    if folder not in sys.path:
        sys.path.insert(0, folder)
    return importlib.import_module("cabinet_installer")


def run(args: argparse.Namespace, cfg: dict, out: Callable[..., None] = print,
        exec_fn: Callable | None = None) -> int:
    """Install or uninstall (``args.install_action``) for validated config
    ``cfg``; returns 0.  ``out`` prints the steps; ``exec_fn`` replaces
    ``subprocess.run`` for the real runner (tests).

    Raises:
        ValueError: a --prefix that is not an absolute folder of its own,
            or a --user that is not a valid user name.
        RuntimeError: not root without --dry-run, --root without --dry-run,
            no checkout, a failed step (``InstallError``), or a config that
            cannot work on this Pi (``HardwareUnavailable``).
    """
    if not args.prefix.startswith("/") or args.prefix.rstrip("/") in ("", "/usr", "/etc", "/var", "/home", "/opt"):
        raise ValueError(f"--prefix {args.prefix!r}: give an absolute folder of its own, e.g. {DEFAULT_PREFIX}")
    if not re.fullmatch(r"[a-z_][a-z0-9_-]{0,30}", args.user):
        raise ValueError(f"--user {args.user!r}: a system user name is lower-case letters, digits, _ and -")
    source = find_source(getattr(args, "source", None))
    ci = load_installer(source)
    root = Path(args.root)
    if not args.dry_run:
        if root != Path("/"):
            raise RuntimeError("--root is only for --dry-run (a real install always targets /)")
        if os.geteuid() != 0:
            raise RuntimeError(f"cabinet {args.install_action} changes the system: run it with sudo "
                               f"(or add --dry-run to see the plan)")
    probe = ci.Probe(root)
    if (not args.dry_run and args.install_action == "install" and probe.pi_model() is None
            and not getattr(args, "force", False)):
        raise RuntimeError("this machine is not a Raspberry Pi (no /proc/device-tree/model): the installer "
                           "would change its boot and login setup; use --dry-run to see the plan, or --force")
    config_path = getattr(args, "config", None)
    opts = ci.Options(source=source, prefix=args.prefix, user=args.user, config_path=SERVICE_CONFIG,
                      start=args.start, skip_apt=args.skip_apt, skip_pip=args.skip_pip, purge=args.purge,
                      config_from=str(Path(config_path).resolve()) if config_path else None,
                      read_only=getattr(args, "read_only_root", False),
                      state_partition=getattr(args, "state_partition", None))
    if args.dry_run:
        runner = ci.DryRunner(root, out)
    else:
        runner = ci.Runner(root=root, out=out, **({"exec_fn": exec_fn} if exec_fn else {}))
    mode = " (dry run: nothing is changed)" if args.dry_run else ""
    out(f"cabinet {args.install_action}{mode}: source {source}, prefix {opts.prefix}, user {opts.user}")
    if args.install_action == "install":
        needs = ci.needs_for(cfg, probe.pi_model())
        ci.install(runner, probe, needs, opts)
    else:
        ci.uninstall(runner, probe, opts)
    verb = "would be made" if args.dry_run else "made"
    out(f"{len(runner.changes)} change(s) {verb}, {len(runner.done)} step(s) already done")
    return 0


def main(argv: list[str] | None = None) -> int:
    """``python3 -m firmware.cli.install install|uninstall ...`` (what
    ``systemd/install.sh`` runs before the cabinet is installed)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    config_path = None
    for i, a in enumerate(argv):  # --config may come anywhere (install.sh puts the command first)
        if a == "--config" and i + 1 < len(argv):
            config_path = argv[i + 1]
            del argv[i:i + 2]
            break
        if a.startswith("--config="):
            config_path = a.split("=", 1)[1]
            del argv[i]
            break
    parser = argparse.ArgumentParser(prog="cabinet-installer", description=__doc__.split("\n\n")[0],
                                     epilog="--config PATH: config file (default: $CABINET_CONFIG, "
                                     "/etc/cabinet/cabinet.toml, ~/.config/cabinet/cabinet.toml)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    add_parser(sub)
    args = parser.parse_args(argv)
    args.config = config_path
    from firmware.runtime import config as config_mod
    try:
        cfg = config_mod.load(args.config)
        return run(args, cfg)
    except (config_mod.ConfigError, RuntimeError, OSError) as exc:
        print(f"cabinet {args.command}: error: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
