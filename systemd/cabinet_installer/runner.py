"""The one door through which the installer changes a machine.

Every system change (a command, a file written or removed, a folder made)
goes through a :class:`Runner`; read-only questions go through
:mod:`cabinet_installer.probe`.  :class:`DryRunner` has the same methods but
only prints what it would do, so ``--dry-run`` cannot change anything: it
never calls ``subprocess`` and never opens a file for writing.

All paths are absolute paths on the target system; ``root`` prefixes them
(``/`` on the Pi; a temporary folder in tests).
"""
from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence


class InstallError(RuntimeError):
    """A step failed or cannot be done; the message names the step, what
    went wrong and the fix."""


@dataclass
class Change:
    """One step the runner did (or, dry, would do): ``kind`` is ``run``,
    ``write``, ``mkdir``, ``remove``, ``remove_tree`` or ``symlink``;
    ``what`` the command line or path."""

    title: str
    kind: str
    what: str


def _shell_words(argv: Sequence[str]) -> str:
    import shlex
    return " ".join(shlex.quote(a) for a in argv)


@dataclass
class Runner:
    """Does the changes on the system under ``root`` and prints each one.

    Args:
        root: target root folder (``/`` on the Pi).
        out: print-like function for the step lines.
        exec_fn: ``subprocess.run``-like callable for commands (tests pass
            a fake that edits files under ``root``).
    """

    root: Path = Path("/")
    out: Callable[..., None] = print
    exec_fn: Callable[..., subprocess.CompletedProcess] = subprocess.run
    changes: list[Change] = field(default_factory=list)
    done: list[str] = field(default_factory=list)
    dry: bool = False

    def path(self, p: str | os.PathLike) -> Path:
        """``p`` (absolute on the target) under :attr:`root`."""
        p = Path(p)
        return self.root / p.relative_to("/") if p.is_absolute() else self.root / p

    # -- reporting -------------------------------------------------------
    def _say(self, title: str, kind: str, what: str) -> None:
        self.changes.append(Change(title, kind, what))
        prefix = "would " if self.dry else ""
        self.out(f"  [{prefix}{kind}] {title}: {what}")

    def ok(self, title: str) -> None:
        """Report a step whose goal is already met (nothing to do)."""
        self.done.append(title)
        self.out(f"  [ok] {title} (already done)")

    def note(self, text: str) -> None:
        """Print an informational line (no change)."""
        self.out(f"  [note] {text}")

    # -- changes -----------------------------------------------------------
    def run(self, title: str, argv: Sequence[str], env: dict[str, str] | None = None) -> None:
        """Run a command; raise :class:`InstallError` (with its stderr tail)
        if it fails or cannot start."""
        self._say(title, "run", _shell_words(argv))
        if self.dry:
            return
        full_env = None
        if env:
            full_env = dict(os.environ)
            full_env.update(env)
        try:
            res = self.exec_fn(list(argv), capture_output=True, text=True, env=full_env)
        except OSError as exc:
            raise InstallError(f"{title}: cannot run {argv[0]} ({exc.strerror or exc})") from exc
        if res.returncode != 0:
            tail = ((res.stderr or "") + (res.stdout or "")).strip().splitlines()[-5:]
            raise InstallError(f"{title}: `{_shell_words(argv)}` exited with {res.returncode}: "
                               + (" / ".join(tail) or "no output"))

    def write(self, title: str, path: str, text: str, mode: int = 0o644) -> None:
        """Write ``text`` to ``path`` atomically (temp file + rename), with
        ``mode``; parent folders are created."""
        self._say(title, "write", f"{path} (mode {mode:o}, {len(text.encode())} bytes)")
        if self.dry:
            return
        target = self.path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_name(f".{target.name}.cabinet-new")
        tmp.write_text(text, encoding="utf-8")
        os.chmod(tmp, mode)
        os.replace(tmp, target)

    def mkdir(self, title: str, path: str, mode: int = 0o755) -> None:
        """Create folder ``path`` (and parents) with ``mode``."""
        self._say(title, "mkdir", f"{path} (mode {mode:o})")
        if self.dry:
            return
        target = self.path(path)
        target.mkdir(parents=True, exist_ok=True)
        os.chmod(target, mode)

    def remove(self, title: str, path: str) -> None:
        """Remove a file or symlink (missing is fine)."""
        self._say(title, "remove", path)
        if self.dry:
            return
        self.path(path).unlink(missing_ok=True)

    def remove_tree(self, title: str, path: str) -> None:
        """Remove a folder and everything in it (missing is fine)."""
        self._say(title, "remove_tree", path)
        if self.dry:
            return
        target = self.path(path)
        if target.exists():
            shutil.rmtree(target)


def DryRunner(root: Path | str = "/", out: Callable[..., None] = print) -> Runner:
    """A :class:`Runner` that only prints ("would ...") and records the
    steps; it never runs a command nor writes, removes or creates anything
    (``--dry-run``)."""

    def refuse(*_a, **_k):  # pragma: no cover - a dry runner never executes
        raise AssertionError("a dry run must not execute commands")

    return Runner(root=Path(root), out=out, exec_fn=refuse, dry=True)
