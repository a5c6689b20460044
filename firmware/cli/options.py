"""Option parsing shared by the commands: the one-line argparse, game ids,
output folders, ``--options`` JSON."""
from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

from engines import GAMES

from firmware.runtime.errors import UsageError


class Parser(argparse.ArgumentParser):
    """argparse with usage errors on one line (``cabinet play: error:
    argument game: invalid choice ...``) and exit code 2; ``--help``
    still prints the full usage."""

    def error(self, message: str):  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def game_id(text: str) -> str:
    """argparse type of a GAME argument: a known game id.

    Raises:
        argparse.ArgumentTypeError: unknown id (the message lists the ids).
    """
    if text not in GAMES:
        raise argparse.ArgumentTypeError(f"unknown game {text!r}; choose one of {', '.join(GAMES)}")
    return text


def output_folder(option: str, path: str) -> Path:
    """Create the output folder given to ``option`` (``--screens``,
    ``--annotate``), parents included, and return it as a Path.

    Raises:
        UsageError: ``path`` is a file, or the folder cannot be created
            (the option, the folder and the system's reason are named).
    """
    folder = Path(path)
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"{option} {path}: is a file; give a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"{option} {path}: cannot create this folder ({exc.strerror or exc})") from None
    if not os.access(folder, os.W_OK):
        raise UsageError(f"{option} {path}: this folder is not writable")
    return folder


def parse_options(text: str | None) -> dict | None:
    """``--options`` JSON text -> dict (None when absent).

    Raises:
        UsageError: not JSON, or not a JSON object.
    """
    if not text:
        return None
    try:
        options = json.loads(text)
    except ValueError as exc:
        raise UsageError(f"--options is not JSON ({exc}); give an object, e.g. '{{\"difficulty\": \"hard\"}}'") from None
    except RecursionError:
        raise UsageError("--options is nested far too deeply; give a flat object, "
                         "e.g. '{\"difficulty\": \"hard\"}'") from None
    if not isinstance(options, dict):
        raise UsageError("--options must be a JSON object, e.g. '{\"difficulty\": \"hard\"}'")
    return options
